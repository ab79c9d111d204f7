import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  CLAIM_CODE_SPACING_MINUTES,
  CLAIM_TRIES_PER_CODE,
  type ClaimCode,
  ORGANIZER_CODE_DIGITS,
  type Prize,
  type PrizeState,
  prizeErrorCodes,
  VENUE_CASH_REFERENCE,
} from '../../../shared/contracts/prizes';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { createRateLimiter, Window } from '../../platform/rate-limit';
import { publishBoardEvent } from '../boards';
import type { PrizeDetail, PrizeRow, PrizesRepo } from './repo';

/**
 * A winner with no phone or email (a cash entry at the venue) is paid in one of two ways
 * (docs/decisions/0024-cash-winners.md):
 * - 'Show claim code': the organizer reads out or prints the prize's claim code with its claim link and QR; the
 *   claim page takes the code in place of a texted one. The code is not stored: it is an HMAC of the prize's id,
 *   version and claim deadline under the app's secret, so it is the same each time it is shown, and a prize
 *   re-pointed to a new winner (a new version and deadline) has a new one. Guesses are bounded like a texted
 *   code's: CLAIM_TRIES_PER_CODE tries per CLAIM_CODE_SPACING_MINUTES from all addresses together, counted before
 *   the comparison, and a wrong one counts against the sender's address (claimLimits.wrongPerAddress).
 * - 'Paid in cash': the organizer hands the prize over and records who received it; from unclaimed or claimed.
 * Both are audited in the transaction that reads the prize under its row lock.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MODULUS = BigInt(10 ** ORGANIZER_CODE_DIGITS);

/** The organizer's claim code tries, from every address together: a winner waits at most the window. */
export const organizerCodeTries: Window = {
  max: CLAIM_TRIES_PER_CODE,
  windowMs: CLAIM_CODE_SPACING_MINUTES * 60_000,
};

type CodedPrize = Pick<PrizeRow, 'id' | 'version' | 'expiresAt'>;

/** The prize's organizer claim code: ORGANIZER_CODE_DIGITS digits from an HMAC of its id, version and deadline. */
export function organizerCodeOf(secret: string, prize: CodedPrize): string {
  const mac = createHmac('sha256', `fangrid-prize-organizer-code:${secret}`)
    .update(`${prize.id}.${prize.version}.${prize.expiresAt.getTime()}`)
    .digest();
  return (mac.readBigUInt64BE(0) % MODULUS).toString().padStart(ORGANIZER_CODE_DIGITS, '0');
}

/** The rate-limit key of a prize version's organizer code tries. */
export const organizerTriesKey = (prize: CodedPrize) => `prize-organizer-code-try:${prize.id}:${prize.version}`;

type Limiter = Pick<ReturnType<typeof createRateLimiter>, 'hit'>;

/**
 * One try of the organizer's code, counted before it is compared: 'match', 'wrong', or 'spent' (past the tries of
 * the window: not compared; `retryAt` says when tries start again).
 */
export async function tryOrganizerCode(
  deps: { secret: string; limiter: Limiter },
  prize: CodedPrize,
  code: string,
): Promise<{ kind: 'match' } | { kind: 'wrong' } | { kind: 'spent'; retryAt: Date }> {
  const tries = await deps.limiter.hit(organizerTriesKey(prize), organizerCodeTries);
  if (!tries.allowed) return { kind: 'spent', retryAt: tries.retryAt };
  const expected = Buffer.from(organizerCodeOf(deps.secret, prize));
  const given = Buffer.from(code);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { kind: 'match' } : { kind: 'wrong' };
}

/** Why a prize in this state has no claim code to show (409 PRIZE_NOT_CLAIMABLE). */
const notClaimable: Record<Exclude<PrizeState, 'unclaimed'>, string> = {
  claimed: 'The winner has already claimed this prize: there is nothing left to claim with a code.',
  paid: 'This prize is already paid: there is nothing left to claim.',
  'given-back': 'The winner gave this prize back to the cause: there is nothing left to claim.',
  expired: 'The time to claim this prize has passed: it can no longer be claimed.',
};

/** Why a prize in this state cannot be paid in cash (409 PRIZE_NOT_PAYABLE). */
const notPayable: Record<'paid' | 'given-back' | 'expired', string> = {
  paid: 'This prize is already paid: it is not paid twice.',
  'given-back': 'The winner gave this prize back to the cause: there is nothing to pay.',
  expired: 'The time to claim this prize has passed: it can no longer be paid.',
};

export function createVenuePayouts(deps: {
  db: Db;
  repo: PrizesRepo;
  clock: Clock;
  secret: string;
  claimUrl: (prize: Pick<PrizeRow, 'id' | 'expiresAt'>) => string;
  present: (d: PrizeDetail) => Prize;
  audit: (
    q: Db,
    event: { actor: string; action: string; target: string; before: unknown; after: unknown },
  ) => Promise<void>;
  /** The claim link as a QR code (an SVG document), drawn off the event loop. */
  qr: (link: string) => Promise<string>;
}) {
  const { db, repo, clock } = deps;

  /** The prize under its row lock, in `q`'s transaction, with what describes it; 404 when there is none. */
  async function lockedPrize(q: Db, id: string): Promise<PrizeDetail> {
    const found = UUID.test(id) ? await repo.detail(id, q) : undefined;
    const row = found ? await repo.forPeriod(q, found.board.id, found.prize.period, found.prize.kind) : undefined;
    if (!found || !row || row.id !== found.prize.id) {
      throw new AppError(404, prizeErrorCodes.prizeNotFound, 'We could not find that prize.');
    }
    return { ...found, prize: row };
  }

  /** An unclaimed prize past its deadline is expired, whether or not the expiry job has run yet. */
  const stateAt = (prize: PrizeRow, now: Date): PrizeState =>
    prize.state === 'unclaimed' && prize.expiresAt <= now ? 'expired' : prize.state;

  async function fresh(id: string): Promise<Prize> {
    const d = await repo.detail(id);
    if (!d) throw new Error(`prize ${id} vanished`);
    return deps.present(d);
  }

  return {
    /** Admin: the organizer's claim code of an unclaimed prize, its claim link and QR; audited, the code never. */
    async showClaimCode(actor: string, id: string): Promise<ClaimCode> {
      const now = clock.now();
      const d = await db.transaction(async (tx) => {
        const q = tx as unknown as Db;
        const found = await lockedPrize(q, id);
        const state = stateAt(found.prize, now);
        if (state !== 'unclaimed') throw new AppError(409, prizeErrorCodes.notClaimable, notClaimable[state]);
        await deps.audit(q, {
          actor,
          action: 'prize.claim-code-shown',
          target: `${found.board.slug}/${found.prize.period}`,
          before: null,
          after: { state, version: found.prize.version, winner: found.entry.code },
        });
        return found;
      });
      const claimUrl = deps.claimUrl(d.prize);
      return {
        prize: await fresh(d.prize.id),
        code: organizerCodeOf(deps.secret, d.prize),
        claimUrl,
        qrSvg: await deps.qr(claimUrl),
      };
    },

    /**
     * Admin: the prize was paid in cash at the venue to `receivedBy`: from unclaimed or claimed it becomes paid
     * (method pickup, reference VENUE_CASH_REFERENCE, paid now), audited. Paid, given back, expired or flagged by
     * a re-scoring: 409, nothing changed.
     */
    async payInCash(actor: string, id: string, receivedBy: string): Promise<{ prize: Prize }> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const q = tx as unknown as Db;
        const found = await lockedPrize(q, id);
        const state = stateAt(found.prize, now);
        if (state === 'paid' || state === 'given-back' || state === 'expired') {
          throw new AppError(409, prizeErrorCodes.notPayable, notPayable[state]);
        }
        if (found.prize.reviewNote !== null) {
          throw new AppError(
            409,
            prizeErrorCodes.needsReview,
            'A re-scoring moved this win after it was claimed: check it and mark it reviewed before paying.',
          );
        }
        const paid = await repo.update(
          q,
          found.prize.id,
          {
            state: 'paid',
            method: 'pickup',
            paidAt: now,
            paidReference: VENUE_CASH_REFERENCE,
            receivedBy,
            // Handed over in person: that is its claim, when the winner had not claimed it before.
            claimedAt: found.prize.claimedAt ?? now,
            codeHash: null,
            codeExpiresAt: null,
          },
          [state],
        );
        if (!paid) throw new Error(`prize ${found.prize.id} changed under its row lock`);
        await deps.audit(q, {
          actor,
          action: 'prize.paid-in-cash',
          target: `${found.board.slug}/${found.prize.period}`,
          before: { state, method: found.prize.method },
          after: { state: 'paid', method: 'pickup', reference: VENUE_CASH_REFERENCE, receivedBy },
        });
        await publishBoardEvent(q, found.board.id, 'prize', { period: found.prize.period, state: 'paid' });
      });
      return { prize: await fresh(id) };
    },
  };
}
