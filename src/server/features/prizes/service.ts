import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { errorCodes } from '../../../shared/contracts/error-codes';
import {
  CLAIM_CODE_LOCK_MINUTES,
  CLAIM_CODE_SPACING_MINUTES,
  CLAIM_CODE_WINDOW_HOURS,
  CLAIM_CODES_PER_ADDRESS,
  CLAIM_CODES_PER_PRIZE,
  CLAIM_TRIES_PER_CODE,
  CLAIM_WRONG_CODES_MAX,
  type ClaimBody,
  type ClaimView,
  type MyEntryPrize,
  ORGANIZER_CODE_DIGITS,
  type PayoutsQuery,
  type Prize,
  type PrizeState,
  type PublicPrize,
  prizeErrorCodes,
} from '../../../shared/contracts/prizes';
import { drawAxes, type Random } from '../../../shared/domain/boards';
import { describeCell, scoreDigits } from '../../../shared/domain/cells';
import { lockTextBody } from '../../../shared/domain/lock-text';
import { formatCents } from '../../../shared/domain/money';
import { isTaxReportable } from '../../../shared/domain/prizes';
import type { Db } from '../../db/client';
import type { ClientKey } from '../../http/client-address';
import { AppError, TooManyRequestsError } from '../../http/errors';
import { createAttemptReservations } from '../../platform/attempt-reservation';
import type { Clock } from '../../platform/clock';
import type { MailNotifications } from '../../platform/mail/notifications';
import type { createRateLimiter } from '../../platform/rate-limit';
import type { Job } from '../../platform/scheduler';
import type { SmsOutbox } from '../../platform/sms';
import { type BoardPrizes, publishBoardEvent, qrSvg, type ScoredAward } from '../boards';
import type { PrizeDetail, PrizeRow, PrizesRepo } from './repo';
import { signClaimToken, verifyClaimToken } from './token';
import { createVenuePayouts, tryOrganizerCode } from './venue';

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
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

/** How often the expiry job looks for prizes whose claim window has ended. */
export const prizeExpiryEveryMs = 60_000;

type Limiter = Pick<ReturnType<typeof createRateLimiter>, 'hit' | 'recordFailure' | 'lockedUntil'>;

export type AuditPort = (
  q: Db,
  event: { actor: string; action: string; target: string; before: unknown; after: unknown },
) => Promise<void>;

const titleOf = (game: { teamA: string; teamB: string }) => `${game.teamA} vs ${game.teamB}`;
const labelOf = (table: { key: string; label: string }[], period: string) =>
  table.find((p) => p.key === period)?.label ?? period;
const hashCode = (prizeId: string, code: string) => createHash('sha256').update(`${prizeId}:${code}`).digest('hex');

/** '•••• ••• 0142': all but the phone's last four digits hidden. */
export function phoneHint(phone: string | null): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 4 ? `•••• ••• ${digits.slice(-4)}` : '••••';
}

/**
 * Prizes (docs/product.md#prizes-and-claims): made when a period is scored with a winner, kept in step with
 * corrections, claimed through a signed link, paid out by an organizer, expired by the scheduler. Every text
 * goes through the sms outbox under a key unique per entry and event, so each is sent once.
 */
export function createPrizesService(deps: {
  db: Db;
  repo: PrizesRepo;
  clock: Clock;
  random: Random;
  secret: string;
  publicUrl: string;
  outbox: Pick<SmsOutbox, 'enqueue' | 'enqueueMany'>;
  limiter: Limiter;
  audit: AuditPort;
  /** Board emails to entries that belong to an account or that an organizer gave an email (once per key). */
  mail?: Pick<MailNotifications, 'enqueue' | 'enqueueMany'>;
  /** A link as a QR code (an SVG document), for the organizer's claim code slip; drawn here when omitted. */
  qr?: (link: string) => Promise<string>;
}) {
  const { db, repo, clock, random, secret, publicUrl, outbox, limiter, audit } = deps;
  const reservations = createAttemptReservations(db, clock);

  const rateLimited = (until: Date) =>
    new TooManyRequestsError(
      prizeErrorCodes.rateLimited,
      'Too many tries. Please wait and try again.',
      until,
      clock.now(),
    );

  const claimUrl = (prize: Pick<PrizeRow, 'id' | 'expiresAt'>) =>
    `${publicUrl.replace(/\/$/, '')}/claim/${signClaimToken(secret, prize.id, prize.expiresAt)}`;

  function present(d: PrizeDetail): Prize {
    const p = d.prize;
    return {
      id: p.id,
      boardSlug: d.board.slug,
      boardTitle: titleOf(d.game),
      period: p.period,
      periodLabel: labelOf(d.board.prizeTable, p.period),
      prizeCents: p.prizeCents,
      state: p.state,
      method: p.method,
      handle: p.handle,
      code: d.entry.code,
      winnerNickname: d.entry.nickname,
      claimedAt: p.claimedAt?.toISOString() ?? null,
      paidAt: p.paidAt?.toISOString() ?? null,
      paidReference: p.paidReference,
      receivedBy: p.receivedBy,
      expiresAt: p.expiresAt.toISOString(),
      createdAt: p.createdAt.toISOString(),
      reviewNote: p.reviewNote,
      needsReview: p.reviewNote !== null,
      taxReportable: isTaxReportable(p.prizeCents, d.entry.amountCents),
    };
  }
  const presentPublic = (d: PrizeDetail): PublicPrize => {
    const { handle: _handle, reviewNote: _note, needsReview: _review, taxReportable: _tax, ...rest } = present(d);
    return rest;
  };

  const publishPrize = (q: Db, boardId: string, period: string, state: PrizeState) =>
    publishBoardEvent(q, boardId, 'prize', { period, state });

  /**
   * Tells an entry: a text (only with its consent; STOP is honoured by the outbox) and an email, to the account
   * the entry belongs to or else to the email an organizer gave for it, each once per key.
   */
  async function text(
    q: Db,
    key: string,
    entry: { phone: string | null; smsConsent: boolean; userId: string | null; email: string | null },
    body: string,
    subject: string,
  ): Promise<void> {
    if (entry.phone) await outbox.enqueue({ key, to: entry.phone, body, consent: entry.smsConsent }, q);
    if (!deps.mail) return;
    const email = (entry.userId ? await repo.emailOf(q, entry.userId) : undefined) ?? entry.email;
    if (email) await deps.mail.enqueue({ key, to: email, subject, text: body }, q);
  }

  function winText(args: {
    title: string;
    label: string;
    game: { teamA: string; teamB: string };
    award: ScoredAward;
    prize: PrizeRow;
  }) {
    const { award, prize } = args;
    const rolled =
      award.rolledOverCents > 0
        ? ` (includes ${formatCents(award.rolledOverCents)} rolled over from earlier periods)`
        : '';
    return (
      `FanGrid: you won the ${args.label} on ${args.title}! Score ${args.game.teamA} ${award.teamAScore}, ` +
      `${args.game.teamB} ${award.teamBScore}. Prize ${formatCents(prize.prizeCents)}${rolled}. ` +
      `Claim it by ${prize.expiresAt.toISOString().slice(0, 10)}: ${claimUrl(prize)}`
    );
  }

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

  /** The ledger's prizes a query names (one board or all, a state, a flag), in the list's order. */
  async function matching(filter: PayoutsQuery): Promise<Prize[]> {
    const rows = await repo.list({
      boardSlug: filter.board,
      state: filter.state,
      needsReview: filter.needsReview === 'true',
    });
    return rows.map(present).filter((p) => filter.taxReportable !== 'true' || p.taxReportable);
  }

  /** The ledger's sums by state and its flag counts (of one board, or of all). */
  async function ledgerTotals(boardSlug?: string) {
    const [sums, rows] = await Promise.all([repo.totals({ boardSlug }), repo.list({ boardSlug })]);
    return {
      ...sums,
      needsReviewCount: rows.filter((d) => d.prize.reviewNote !== null).length,
      taxReportableCount: rows.filter((d) => isTaxReportable(d.prize.prizeCents, d.entry.amountCents)).length,
    };
  }

  const isOwner = (d: PrizeDetail, userId: string | null) => Boolean(userId && d.entry.userId === userId);
  /** How a claim proved its entry, as the audit log says it. */
  const proofOf = (d: PrizeDetail, userId: string | null, code: string | undefined) =>
    isOwner(d, userId) ? 'account' : code?.length === ORGANIZER_CODE_DIGITS ? 'organizer code' : 'texted code';

  /** The port the boards service calls, bound to the database handle (or transaction) that service uses. */
  const boardPrizesIn = (qdb: Db): BoardPrizes => ({
    /**
     * Keeps the board's prizes in step with its awards, in the scoring's transaction. A new winner gets a prize
     * and a text. When a correction moves a win, an unclaimed prize is re-pointed to the new winner (a fresh
     * claim window; the earlier winner is told), while a prize already claimed, paid or given back keeps its
     * winner and is flagged for the organizer (audited). A corrected score with the same winner is told too.
     */
    async afterScoring(tx, input) {
      const found = await repo.board(tx, input.boardId);
      if (!found) return;
      const { board, game } = found;
      const title = titleOf(game);
      for (const award of input.awards) {
        const label = labelOf(board.prizeTable, award.period);
        const existing = await repo.forPeriod(tx, board.id, award.period);
        const expiresAt = new Date(input.now.getTime() + board.claimWindowDays * DAY_MS);
        /** Texts the prize's new winner (once per version of the prize), then publishes it as unclaimed. */
        const announceWin = async (prize: Awaited<ReturnType<typeof repo.insert>>, entryId: string) => {
          const entry = await repo.entry(tx, entryId);
          if (prize && entry) {
            await text(
              tx,
              `win:${prize.id}:${prize.version}:${entry.id}`,
              entry,
              winText({ title, label, game, award, prize }),
              `You won the ${label} on ${title}`,
            );
          }
          await publishPrize(tx, board.id, award.period, 'unclaimed');
        };
        if (!existing) {
          if (!award.entryId) continue;
          const made = await repo.insert(tx, {
            boardId: board.id,
            period: award.period,
            entryId: award.entryId,
            prizeCents: award.prizeCents,
            expiresAt,
            createdAt: input.now,
          });
          if (!made) continue;
          await announceWin(made, award.entryId);
          continue;
        }
        const open = existing.state === 'unclaimed' || existing.state === 'expired';
        if (award.entryId === existing.entryId) {
          if (open && award.prizeCents !== existing.prizeCents) {
            await repo.update(tx, existing.id, { prizeCents: award.prizeCents });
          }
          if (input.corrected && award.period === input.period) {
            const entry = await repo.entry(tx, existing.entryId);
            if (entry) {
              await text(
                tx,
                `correction:${existing.id}:${input.now.getTime()}:${entry.id}`,
                entry,
                `FanGrid correction: the ${label} score on ${title} is now ${game.teamA} ${award.teamAScore}, ${game.teamB} ${award.teamBScore}. You still win it.`,
                `Score corrected: ${title}`,
              );
            }
          }
          continue;
        }
        // The win moved (or went to an empty cell, its prize rolling on).
        const before = await repo.entry(tx, existing.entryId);
        if (open) {
          if (before) {
            await text(
              tx,
              `correction:${existing.id}:${input.now.getTime()}:${before.id}`,
              before,
              `FanGrid correction: the ${label} score on ${title} was corrected to ${game.teamA} ${award.teamAScore}, ${game.teamB} ${award.teamBScore}, so your entry no longer wins it. Sorry for the mix-up.`,
              `Score corrected: ${title}`,
            );
          }
          if (!award.entryId) {
            await repo.remove(tx, existing.id);
            continue;
          }
          const moved = await repo.update(tx, existing.id, {
            entryId: award.entryId,
            prizeCents: award.prizeCents,
            state: 'unclaimed',
            expiresAt,
            version: existing.version + 1,
            codeHash: null,
            codeExpiresAt: null,
            reviewNote: null,
          });
          await announceWin(moved, award.entryId);
          continue;
        }
        const holder = award.entryId ? await repo.entry(tx, award.entryId) : undefined;
        const cell = describeCell(game, award.cellIndex, scoreDigits(award.teamAScore, award.teamBScore));
        const note =
          `Re-scored on ${input.now.toISOString().slice(0, 10)} after it was ${existing.state}: the winning cell ` +
          `is now ${cell}, ${holder ? `held by ${holder.code} (${holder.nickname})` : 'an empty cell'}; check before paying.`;
        await repo.update(tx, existing.id, { reviewNote: note });
        await audit(tx, {
          actor: 'prizes',
          action: 'prize.correction-after-claim',
          target: `${board.slug}/${award.period}`,
          before: { entryId: existing.entryId, state: existing.state, prizeCents: existing.prizeCents },
          after: { entryId: award.entryId, prizeCents: award.prizeCents, note },
        });
        if (holder) {
          const entry = holder;
          await text(
            tx,
            `correction:${existing.id}:${input.now.getTime()}:${entry.id}`,
            entry,
            `FanGrid correction: the ${label} score on ${title} was corrected and your entry now holds the winning cell. The organizer will contact you about the prize.`,
            `Score corrected: ${title}`,
          );
        }
      }
    },

    /**
     * At lock each phone is texted once per board, naming all its codes and their digits (key
     * `lock:<board id>:<phone>`), and each account is emailed once likewise (`lock:<board id>:<user id>`).
     * A phone's text lists the entries that consented to texts; a phone none of whose entries consented gets
     * a skipped row (STOP is honoured by the outbox).
     */
    async afterLock(boardId) {
      await qdb.transaction(async (tx) => {
        const q = tx as unknown as Db;
        const found = await repo.board(q, boardId);
        if (!found?.board.lockedAt) return;
        const { board, game } = found;
        const axes = drawAxes(board.seed);
        // A full board locks inside its last entry's request: every text and email is written in one
        // statement each, not one round trip per entrant.
        const seated = await repo.seatedEntries(q, boardId);
        const subject = `${titleOf(game)} is locked: your numbers`;
        const group = <K>(keyOf: (s: (typeof seated)[number]) => K | null) => {
          const by = new Map<K, typeof seated>();
          for (const s of seated) {
            const k = keyOf(s);
            if (k !== null) by.set(k, [...(by.get(k) ?? []), s]);
          }
          return by;
        };
        const bodyOf = (held: typeof seated) =>
          lockTextBody(
            game,
            axes,
            held.map(({ entry, cells }) => ({ code: entry.code, cells })),
          );
        const texts = [...group(({ entry }) => entry.phone ?? null)].map(([phone, held]) => {
          const consenting = held.filter(({ entry }) => entry.smsConsent);
          return {
            key: `lock:${boardId}:${phone}`,
            to: phone,
            body: bodyOf(consenting.length > 0 ? consenting : held),
            consent: consenting.length > 0,
          };
        });
        await outbox.enqueueMany(texts, q);
        const mail = deps.mail;
        if (mail) {
          const byUser = group(({ entry }) => entry.userId ?? null);
          const emails = await repo.emailsOf(q, [...byUser.keys()]);
          await mail.enqueueMany(
            [...byUser].flatMap(([userId, held]) => {
              const to = emails.get(userId);
              return to ? [{ key: `lock:${boardId}:${userId}`, to, subject, text: bodyOf(held) }] : [];
            }),
            q,
          );
        }
      });
    },

    /**
     * The entrants of a cancelled or voided board are told what it means for them (the boards feature words
     * each message): by text only with the entry's consent (STOP is honoured by the outbox) and by email where
     * there is one, each once per key (`cancel:<entry id>`, `void:<entry id>`).
     */
    async notifyEntrants(notices) {
      await qdb.transaction(async (tx) => {
        const q = tx as unknown as Db;
        await outbox.enqueueMany(
          notices.flatMap((n) => (n.phone ? [{ key: n.key, to: n.phone, body: n.text, consent: n.smsConsent }] : [])),
          q,
        );
        if (deps.mail) {
          await deps.mail.enqueueMany(
            notices.flatMap((n) =>
              n.email ? [{ key: n.key, to: n.email, subject: n.subject, text: n.emailText }] : [],
            ),
            q,
          );
        }
      });
    },

    async ofEntries(entryIds) {
      const now = clock.now();
      const map = new Map<string, MyEntryPrize[]>();
      for (const d of await repo.ofEntries(entryIds, qdb)) {
        const list = map.get(d.prize.entryId) ?? [];
        const claimable = d.prize.state === 'unclaimed' && d.prize.expiresAt > now;
        list.push({
          period: d.prize.period,
          periodLabel: labelOf(d.board.prizeTable, d.prize.period),
          prizeCents: d.prize.prizeCents,
          state: d.prize.state === 'unclaimed' && !claimable ? 'expired' : d.prize.state,
          claimUrl: claimable ? claimUrl(d.prize) : null,
        });
        map.set(d.prize.entryId, list);
      }
      return map;
    },
  });

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

  const venue = createVenuePayouts({
    db,
    repo,
    clock,
    secret,
    claimUrl,
    present,
    audit,
    qr: deps.qr ?? (async (link) => (await qrSvg(link)).svg),
  });

  return {
    boardPrizesIn,
    claimUrl,
    ...venue,

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

    async payouts(filter: PayoutsQuery) {
      const [shown, totals] = await Promise.all([matching(filter), ledgerTotals(filter.board)]);
      return { prizes: shown, totals };
    },

    totals: () => ledgerTotals(),

    /** Admin: a claimed prize was paid out, with the organizer's reference; audited in the same transaction. */
    async markPaid(actor: string, id: string, reference: string) {
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const q = tx as unknown as Db;
        const before = UUID.test(id) ? await repo.detail(id, q) : undefined;
        if (!before) throw new AppError(404, prizeErrorCodes.prizeNotFound, 'We could not find that prize.');
        if (before.prize.reviewNote !== null) {
          throw new AppError(
            409,
            prizeErrorCodes.needsReview,
            'A re-scoring moved this win after it was claimed: check it and mark it reviewed before paying.',
          );
        }
        const paid = await repo.update(q, id, { state: 'paid', paidAt: now, paidReference: reference }, ['claimed']);
        if (!paid) {
          throw new AppError(409, prizeErrorCodes.notClaimed, 'Only a claimed prize can be marked paid.');
        }
        await audit(q, {
          actor,
          action: 'prize.paid',
          target: `${before.board.slug}/${before.prize.period}`,
          before: { state: before.prize.state },
          after: { state: 'paid', reference },
        });
        await publishPrize(q, before.board.id, paid.period, 'paid');
        return paid;
      });
      const fresh = await repo.detail(row.id);
      if (!fresh) throw new Error('paid prize vanished');
      return { prize: present(fresh) };
    },

    /**
     * Admin: the organizer checked a prize a re-scoring flagged; the note is cleared, audited in the same
     * transaction. Marking a prize that is not flagged (again, or never) changes nothing and audits nothing.
     */
    async markReviewed(actor: string, id: string) {
      await db.transaction(async (tx) => {
        const q = tx as unknown as Db;
        const before = UUID.test(id) ? await repo.detail(id, q) : undefined;
        if (!before) throw new AppError(404, prizeErrorCodes.prizeNotFound, 'We could not find that prize.');
        const cleared = await repo.clearReview(q, id);
        if (!cleared) return;
        await audit(q, {
          actor,
          action: 'prize.reviewed',
          target: `${before.board.slug}/${before.prize.period}`,
          before: { reviewNote: before.prize.reviewNote },
          after: { reviewNote: null },
        });
      });
      const fresh = await repo.detail(id);
      if (!fresh) throw new Error('reviewed prize vanished');
      return { prize: present(fresh) };
    },

    /** The ledger's rows for the CSV export: exactly the prizes the list shows for the same query. */
    ledger: (filter: PayoutsQuery) => matching(filter),

    /** Unclaimed prizes past their claim window become expired (each audited and announced on its board). */
    async expire(): Promise<number> {
      return db.transaction(async (tx) => {
        const q = tx as unknown as Db;
        const expired = await repo.expireDue(q, clock.now());
        for (const p of expired) {
          await audit(q, {
            actor: 'prizes',
            action: 'prize.expired',
            target: `${p.boardSlug}/${p.period}`,
            before: { state: 'unclaimed' },
            after: { state: 'expired' },
          });
          await publishPrize(q, p.boardId, p.period, 'expired');
        }
        return expired.length;
      });
    },

    job(): Job {
      return { name: 'prizes:expire', intervalMs: prizeExpiryEveryMs, run: () => this.expire() };
    },
  };
}
export type PrizesService = ReturnType<typeof createPrizesService>;
