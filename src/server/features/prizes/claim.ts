import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { errorCodes } from '../../../shared/contracts/error-codes';
import type { ClaimView } from '../../../shared/contracts/prize-responses';
import {
  CLAIM_CODE_LOCK_MINUTES,
  CLAIM_CODE_SPACING_MINUTES,
  CLAIM_CODE_WINDOW_HOURS,
  CLAIM_CODES_PER_ADDRESS,
  CLAIM_CODES_PER_PRIZE,
  CLAIM_TRIES_PER_CODE,
  CLAIM_WRONG_CODES_MAX,
  type ClaimBody,
  ORGANIZER_CODE_DIGITS,
  prizeErrorCodes,
} from '../../../shared/contracts/prizes';
import type { Db } from '../../db/client';
import type { ClientKey } from '../../http/client-address';
import { AppError, TooManyRequestsError } from '../../http/errors';
import { createAttemptReservations } from '../../platform/attempt-reservation';
import { labelOf, type PrizesDeps, presentPublic, publishPrize, titleOf } from './common';
import type { PrizeDetail } from './repo';
import { verifyClaimToken } from './token';
import { tryOrganizerCode } from './venue';

const HOUR_MS = 3_600_000;
/** A texted claim code is good for this long. */
const CODE_TTL_MS = 15 * 60_000;
/**
 * The limits on a claim by texted code (docs/security.md, "A claim link locking out its winner"). Whoever holds
 * a claim link may ask for codes and try them, so nothing a stranger does may count against the prize itself
 * in a way the winner cannot get past:
 * - code requests count per client address and prize (a fan who won several prizes claims each); past
 *   CLAIM_CODES_PER_PRIZE a day from all addresses the prize's texts are spaced to one every
 *   CLAIM_CODE_SPACING_MINUTES, never stopped (which bounds the texts to the winner's phone and leaves the winner
 *   a code within that time whatever strangers do); every code goes to the winner's phone;
 * - wrong codes lock the address that sends them, not the prize;
 * - each code takes CLAIM_TRIES_PER_CODE tries from anywhere, counted before it is compared, then is dead: the
 *   guesses at one code are bounded however many addresses guess, and a new code must be asked for.
 */
export const claimLimits = {
  /** The address's last allowed send locks its sends of that prize for the rest of the window. */
  sendsPerAddress: {
    max: CLAIM_CODES_PER_ADDRESS,
    windowMs: CLAIM_CODE_WINDOW_HOURS * HOUR_MS,
    lockMs: CLAIM_CODE_WINDOW_HOURS * HOUR_MS,
  },
  /**
   * Past CLAIM_CODES_PER_PRIZE texts in the window, a prize's texts are spaced, never stopped: one every
   * CLAIM_CODE_SPACING_MINUTES, so strangers asking from many addresses cannot keep its winner from a code.
   */
  sendsPerPrize: {
    max: CLAIM_CODES_PER_PRIZE,
    windowMs: CLAIM_CODE_WINDOW_HOURS * HOUR_MS,
    baseMs: CLAIM_CODE_SPACING_MINUTES * 60_000,
    capMs: CLAIM_CODE_SPACING_MINUTES * 60_000,
  },
  wrongPerAddress: {
    max: CLAIM_WRONG_CODES_MAX,
    windowMs: CLAIM_CODE_LOCK_MINUTES * 60_000,
    lockMs: CLAIM_CODE_LOCK_MINUTES * 60_000,
  },
  /** A code lives CODE_TTL_MS from its text; its tries are counted from the first, so this window outlives it. */
  triesPerCode: { max: CLAIM_TRIES_PER_CODE, windowMs: CODE_TTL_MS },
};
/** The rate_limits key scopes of the claim's per-address limits (`${scope}:${client}`, code sends `:${prizeId}` after). */
export const claimLimitScopes = { sends: 'prize-code-send', wrong: 'prize-code-wrong' } as const;

const hashCode = (prizeId: string, code: string) => createHash('sha256').update(`${prizeId}:${code}`).digest('hex');

/** '•••• ••• 0142': all but the phone's last four digits hidden. */
export function phoneHint(phone: string | null): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 4 ? `•••• ••• ${digits.slice(-4)}` : '••••';
}

/**
 * A winner's claim through the signed link: the claim page's view, a texted code, and the claim itself (proof
 * by the texted code, the organizer's claim code or the signed-in owner's account).
 */
export function createPrizeClaims(
  deps: Pick<PrizesDeps, 'db' | 'repo' | 'clock' | 'random' | 'secret' | 'outbox' | 'limiter' | 'audit'>,
) {
  const { db, repo, clock, random, secret, outbox, limiter, audit } = deps;
  const reservations = createAttemptReservations(db, clock);

  const rateLimited = (until: Date) =>
    new TooManyRequestsError(
      prizeErrorCodes.rateLimited,
      'Too many tries. Please wait and try again.',
      until,
      clock.now(),
    );

  /** Loads the prize a claim token names, or the error the contract gives for it. */
  async function fromToken(token: string, opts: { forClaim: boolean }): Promise<PrizeDetail> {
    const verified = verifyClaimToken(secret, token);
    if (!verified) throw new AppError(404, prizeErrorCodes.invalid, 'This claim link is not valid.');
    const found = await repo.detail(verified.prizeId);
    if (!found || found.prize.expiresAt.getTime() !== verified.expiresAt.getTime()) {
      throw new AppError(404, prizeErrorCodes.invalid, 'This claim link is not valid.');
    }
    const now = clock.now();
    if (found.prize.state === 'expired' || (found.prize.state === 'unclaimed' && found.prize.expiresAt <= now)) {
      throw new AppError(410, prizeErrorCodes.expired, 'The time to claim this prize has passed.');
    }
    if (found.prize.state !== 'unclaimed' && opts.forClaim) {
      throw new AppError(409, prizeErrorCodes.used, 'This prize has already been claimed.');
    }
    return found;
  }

  const isOwner = (d: PrizeDetail, userId: string | null) => Boolean(userId && d.entry.userId === userId);
  /** How a claim proved its entry, as the audit log says it. */
  const proofOf = (d: PrizeDetail, userId: string | null, code: string | undefined) =>
    isOwner(d, userId) ? 'account' : code?.length === ORGANIZER_CODE_DIGITS ? 'organizer code' : 'texted code';

  const usedUp = () =>
    new AppError(403, prizeErrorCodes.codeUsedUp, 'This code has had too many tries. Ask for a new code.', {
      code: 'Ask for a new code',
    });

  /**
   * The texted code's proof (claimLimits): refused while the client's address is locked; each try takes one of
   * the code's tries before it is compared (so concurrent guesses cannot pass the bound), and a wrong one counts
   * against the address, not the prize.
   */
  async function checkCode(d: PrizeDetail, code: string | undefined, client: ClientKey): Promise<void> {
    const addressKey = `${claimLimitScopes.wrong}:${client}`;
    const locked = await limiter.lockedUntil(addressKey);
    if (locked) throw rateLimited(locked);
    if (!code) {
      throw new AppError(400, errorCodes.validation, 'Enter the code we texted you.', {
        code: 'Enter the 6-digit code',
      });
    }
    if (code.length === ORGANIZER_CODE_DIGITS) return checkOrganizerCode(d, code, addressKey);
    const live =
      d.prize.codeHash !== null && d.prize.codeExpiresAt !== null && d.prize.codeExpiresAt > clock.now()
        ? d.prize.codeHash
        : null;
    // A code is named by part of its hash, so a new code (even at the same instant) starts with all its tries.
    const tries = live
      ? await limiter.hit(`prize-code-try:${d.prize.id}:${live.slice(0, 16)}`, claimLimits.triesPerCode)
      : null;
    // A try past the code's bound is not compared at all; like a wrong code, it counts against the address.
    const compared = tries === null || tries.allowed;
    if (live && compared && timingSafeEqual(Buffer.from(live), Buffer.from(hashCode(d.prize.id, code)))) return;
    const until = await limiter.recordFailure(addressKey, claimLimits.wrongPerAddress);
    if (until) throw rateLimited(until);
    if (tries && tries.count >= claimLimits.triesPerCode.max) throw usedUp();
    throw new AppError(403, prizeErrorCodes.codeWrong, 'That code does not match the one we texted.', {
      code: 'That code does not match',
    });
  }

  /**
   * The organizer's claim code in place of a texted one (venue.ts): its tries are counted before it is compared,
   * and a wrong one counts against the address, as a texted code's do.
   */
  async function checkOrganizerCode(d: PrizeDetail, code: string, addressKey: string): Promise<void> {
    const tried = await tryOrganizerCode({ secret, limiter }, d.prize, code);
    if (tried.kind === 'match') return;
    const until = await limiter.recordFailure(addressKey, claimLimits.wrongPerAddress);
    if (until) throw rateLimited(until);
    if (tried.kind === 'spent') {
      throw new TooManyRequestsError(
        prizeErrorCodes.rateLimited,
        `This claim code has had too many tries: try again after ${tried.retryAt.toISOString().slice(11, 16)} UTC.`,
        tried.retryAt,
        clock.now(),
      );
    }
    throw new AppError(403, prizeErrorCodes.codeWrong, 'That code does not match the organizer’s claim code.', {
      code: 'That code does not match',
    });
  }

  return {
    async claimView(token: string, userId: string | null): Promise<ClaimView> {
      const d = await fromToken(token, { forClaim: true });
      return {
        claim: {
          boardSlug: d.board.slug,
          boardTitle: titleOf(d.game),
          period: d.prize.period,
          periodLabel: labelOf(d.board.prizeTable, d.prize.period),
          prizeCents: d.prize.prizeCents,
          code: d.entry.code,
          state: d.prize.state,
          methods: d.board.payoutMethods as ClaimView['claim']['methods'],
          expiresAt: d.prize.expiresAt.toISOString(),
          phoneHint: phoneHint(d.entry.phone),
          textable: Boolean(d.entry.phone),
          signedInOwner: isOwner(d, userId),
        },
      };
    },

    /**
     * Texts a new 6-digit claim code to the winning entry's phone (the previous code stops working): at most
     * CLAIM_CODES_PER_ADDRESS a day per client address; past CLAIM_CODES_PER_PRIZE a day per prize, one every
     * CLAIM_CODE_SPACING_MINUTES (claimLimits).
     */
    async sendCode(token: string, client: ClientKey): Promise<void> {
      const d = await fromToken(token, { forClaim: true });
      if (!d.entry.phone) {
        throw new AppError(409, prizeErrorCodes.invalid, 'This entry has no phone number to text a code to.');
      }
      // One statement counts the send against the address and the prize, or refuses it and counts nothing, so
      // concurrent requests get no more texts than sequential ones.
      const taken = await reservations.reserve(
        { key: `${claimLimitScopes.sends}:${client}:${d.prize.id}`, rule: claimLimits.sendsPerAddress },
        { key: `prize-codes:${d.prize.id}`, rule: claimLimits.sendsPerPrize },
      );
      if (!taken.admitted && taken.refusedBy === 'backoff') {
        throw new TooManyRequestsError(
          prizeErrorCodes.rateLimited,
          `A code was texted to the winner's phone a moment ago: use that one, or ask again after ${taken.until.toISOString().slice(11, 16)} UTC.`,
          taken.until,
          clock.now(),
        );
      }
      if (!taken.admitted) throw rateLimited(taken.until);
      const code = String(Math.floor(random() * 1_000_000)).padStart(6, '0');
      const now = clock.now();
      await db.transaction(async (tx) => {
        const q = tx as unknown as Db;
        await repo.update(q, d.prize.id, {
          codeHash: hashCode(d.prize.id, code),
          codeExpiresAt: new Date(now.getTime() + CODE_TTL_MS),
        });
        // Asked for just now by the person holding the link: sent without the board consent (STOP still applies).
        await outbox.enqueue(
          {
            key: `claim-code:${d.prize.id}:${randomUUID()}`,
            to: d.entry.phone ?? '',
            body: `FanGrid: your prize claim code is ${code}. It works for 15 minutes.`,
            consent: true,
          },
          q,
        );
      });
    },

    /**
     * Claims the prize once: proof by the texted code or the signed-in owner's account, then the method. The
     * state moves from unclaimed only once (a second claim, or one racing it, gets 409).
     */
    async claim(
      token: string,
      body: ClaimBody & { method: NonNullable<ClaimBody['method']> },
      userId: string | null,
      client: ClientKey,
    ) {
      const d = await fromToken(token, { forClaim: true });
      if (!isOwner(d, userId)) await checkCode(d, body.code, client);
      if (body.method !== 'give-back' && !d.board.payoutMethods.includes(body.method)) {
        throw new AppError(400, prizeErrorCodes.methodNotOffered, 'This board does not offer that payout method.', {
          method: `One of: ${[...d.board.payoutMethods, 'give-back'].join(', ')}`,
        });
      }
      const now = clock.now();
      const updated = await db.transaction(async (tx) => {
        const q = tx as unknown as Db;
        const row = await repo.update(
          q,
          d.prize.id,
          {
            state: body.method === 'give-back' ? 'given-back' : 'claimed',
            method: body.method,
            handle: body.method === 'check' || body.method === 'handle' ? (body.handle ?? null) : null,
            claimedAt: now,
            codeHash: null,
            codeExpiresAt: null,
          },
          ['unclaimed'],
        );
        if (row) {
          // The winner's choice is on the record beside the organizer's actions; the payment handle is not.
          await audit(q, {
            actor: 'winner',
            action: row.state === 'given-back' ? 'prize.given-back' : 'prize.claimed',
            target: `${d.board.slug}/${row.period}`,
            before: { state: 'unclaimed' },
            after: { state: row.state, method: row.method, proof: proofOf(d, userId, body.code) },
          });
          await publishPrize(q, d.board.id, row.period, row.state);
        }
        return row;
      });
      if (!updated) throw new AppError(409, prizeErrorCodes.used, 'This prize has already been claimed.');
      const fresh = await repo.detail(updated.id);
      if (!fresh) throw new Error('claimed prize vanished');
      return { prize: presentPublic(fresh) };
    },
  };
}
