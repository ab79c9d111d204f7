import { createHmac, randomInt, randomUUID } from 'node:crypto';
import { boardErrorCodes } from '../../../shared/contracts/boards';
import {
  codeTextBoardName,
  FREE_ENTRY_CODE_MAX_TRIES,
  FREE_ENTRY_CODE_TTL_MS,
  freeEntryCodeMessages,
  freeEntryCodeSendLimits,
  freeEntryCodeText,
} from '../../../shared/domain/free-entry';
import type { Db } from '../../db/client';
import type { ClientKey } from '../../http/client-address';
import { AppError, TooManyRequestsError } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { RateLimiter } from '../../platform/rate-limit';
import type { SmsOutbox } from '../../platform/sms';
import type { FreeEntryCodesRepo } from './free-entry-codes-repo';

/** A consumed code: give it back when the entry it was for was refused, or record the entry it made. */
export interface ConsumedCode {
  kind: 'consumed';
  giveBack(): Promise<void>;
  confirm(entryId: string): Promise<void>;
}

/**
 * The one-time codes a sweepstakes board's free entry needs (domain/free-entry). A code is 6 random digits,
 * kept only as an HMAC bound to the board and the number, good for 10 minutes and 5 wrong tries; sending one
 * is limited per client address (clientKey: an IPv6 client by its /64), per number and per board, in
 * PostgreSQL. The text goes through the sms outbox as a verification code, the only text it sends without
 * consent (still never to a number that replied STOP).
 */
export function createFreeEntryCodes(deps: {
  db: Db;
  repo: FreeEntryCodesRepo;
  clock: Clock;
  limiter: Pick<RateLimiter, 'hit'>;
  outbox: Pick<SmsOutbox, 'enqueue'>;
  secret: string;
}) {
  const { db, repo, clock, limiter, outbox, secret } = deps;
  const hashOf = (boardId: string, phone: string, code: string) =>
    createHmac('sha256', secret).update(`free-entry:${boardId}:${phone}:${code}`).digest('hex');
  const numberKey = (phone: string) => createHmac('sha256', secret).update(`free-entry-number:${phone}`).digest('hex');
  const invalid = (message: string) =>
    new AppError(400, boardErrorCodes.freeEntryCodeInvalid, message, { code: message });

  return {
    /** Texts a new code for this board to `phone` (normalized), after the three send limits. */
    async send(
      board: { id: string; teamA: string; teamB: string },
      phone: string,
      client: ClientKey,
    ): Promise<{ expiresAt: Date }> {
      const limits = [
        [`free-code:address:${client}`, freeEntryCodeSendLimits.perAddress, freeEntryCodeMessages.perAddress],
        // The number itself is not kept in the limits table: its keyed hash is.
        [`free-code:number:${numberKey(phone)}`, freeEntryCodeSendLimits.perNumber, freeEntryCodeMessages.perNumber],
        [`free-code:board:${board.id}`, freeEntryCodeSendLimits.perBoard, freeEntryCodeMessages.perBoard],
      ] as const;
      for (const [key, rule, message] of limits) {
        const hit = await limiter.hit(key, rule);
        if (!hit.allowed) {
          throw new TooManyRequestsError(boardErrorCodes.freeEntryCodeRateLimited, message, hit.retryAt, clock.now(), {
            phone: message,
          });
        }
      }
      const now = clock.now();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const expiresAt = new Date(now.getTime() + FREE_ENTRY_CODE_TTL_MS);
      await db.transaction(async (tx) => {
        await repo.put(tx, {
          boardId: board.id,
          phone,
          codeHash: hashOf(board.id, phone, code),
          expiresAt,
          createdAt: now,
        });
        const queued = await outbox.enqueue(
          {
            key: `free-entry-code:${board.id}:${randomUUID()}`,
            to: phone,
            body: freeEntryCodeText(code, codeTextBoardName(board.teamA, board.teamB)),
            consent: false,
            verificationCode: true,
          },
          tx,
        );
        // Skipped: the number replied STOP (the body always has the code's shape). Nothing is kept.
        if (queued !== 'queued') {
          throw new AppError(409, boardErrorCodes.freeEntryCodeOptedOut, freeEntryCodeMessages.optedOut, {
            phone: freeEntryCodeMessages.optedOut,
          });
        }
      });
      return { expiresAt };
    },

    /**
     * Consumes the board's code for `phone`, once (atomic: one request of many at once, on any instance).
     * A wrong code counts a try (the fifth kills it); each refusal is a 400 on `code`. A code already used
     * answers `used` with the entry it made, so the caller may answer a replayed request with that entry.
     */
    async consume(
      boardId: string,
      phone: string,
      code: string,
    ): Promise<ConsumedCode | { kind: 'used'; entryId: string | null }> {
      const now = clock.now();
      const hash = hashOf(boardId, phone, code);
      const tried = await repo.attempt(boardId, phone, hash, now, FREE_ENTRY_CODE_MAX_TRIES);
      if (!tried) {
        // Nothing to try: no code for this number here, or it was used, or it is dead.
        const row = await repo.find(boardId, phone);
        if (!row) throw invalid(freeEntryCodeMessages.none);
        if (row.consumedAt) {
          if (row.codeHash === hash) return { kind: 'used', entryId: row.entryId };
          throw invalid(freeEntryCodeMessages.none);
        }
        throw invalid(freeEntryCodeMessages.dead);
      }
      if (!tried.matched) {
        throw invalid(
          tried.attempts >= FREE_ENTRY_CODE_MAX_TRIES ? freeEntryCodeMessages.dead : freeEntryCodeMessages.wrong,
        );
      }
      if (!tried.consumed) throw invalid(freeEntryCodeMessages.expired);
      const id = tried.id;
      return {
        kind: 'consumed',
        giveBack: () => repo.giveBack(id, hash, now),
        confirm: (entryId) => repo.confirm(id, hash, entryId),
      };
    },
  };
}
export type FreeEntryCodes = ReturnType<typeof createFreeEntryCodes>;
