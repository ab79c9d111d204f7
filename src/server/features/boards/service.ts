import { randomBytes } from 'node:crypto';
import {
  type AdminAddEntryInput,
  adminErrorCodes,
  type CreateBoardInput,
  type FeedLeague,
} from '../../../shared/contracts/admin';
import { boardTopic } from '../../../shared/contracts/board-events';
import {
  ageTickMessage,
  type BoardLegal,
  type BoardView,
  boardErrorCodes,
  type CreateEntryInput,
  type CreateFreeEntryInput,
  type EntryCreated,
  type EntrySummary,
  type MyEntryView,
  type ScoreInput,
  type ScorePreview,
} from '../../../shared/contracts/boards';
import { errorCodes } from '../../../shared/contracts/errors';
import { type EntryLinksResult, entryLinkMessages } from '../../../shared/contracts/fan-central';
import { CLAIM_WINDOW_DAYS_DEFAULT, type MyEntryPrize } from '../../../shared/contracts/prizes';
import {
  amountProblem,
  awards,
  boardFormats,
  boardOpensAt,
  boardStatus,
  cancelNotices,
  cellIndex,
  codeCandidates,
  drawAxes,
  entryClosure,
  entryMessages,
  postponedNotice,
  type Random,
  seedCommitment,
  ticketNumber,
  undrawnAxes,
  unfilledOutcome,
  winningCell,
} from '../../../shared/domain/boards';
import { feedIdOf } from '../../../shared/domain/feed-games';
import {
  type FeedOutcome,
  type FeedState,
  feedPrizeKeysProblem,
  leagueSports,
} from '../../../shared/domain/feed-periods';
import { FREE_ENTRY_CODE_TTL_MS, freeEntryCodeMessages } from '../../../shared/domain/free-entry';
import {
  type BoardMode,
  defaultExcludedStates,
  FREE_ENTRIES_PER_PERSON_DEFAULT,
  freeEntryOffered,
  legalMessages,
  MINIMUM_AGE_DEFAULT,
  moneyAllowed,
  publishedLegal,
  stateProblem,
} from '../../../shared/domain/legal';
import { scoreInputProblems, scoreSportOf } from '../../../shared/domain/score-limits';
import { SMS_CONSENT_TEXT } from '../../../shared/domain/sms';
import type { Db } from '../../db/client';
import type { ClientKey } from '../../http/client-address';
import { AppError } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import { escapeHtml } from '../../platform/mail/html';
import type { Mailer } from '../../platform/mail/mailer';
import type { EntryPaid } from '../payments';
import { refuseFinishedFeedGame, refuseImpossibleGame, refuseImpossibleSettings } from './board-checks';
import { createBoardEnds, type EntrantNotice } from './ends';
import type { BoardEndsRepo } from './ends-repo';
import type { EntryBudget } from './entry-budget';
import type { ConsumedCode, FreeEntryCodes } from './free-entry-codes';
import { entryReceiptEmail } from './receipt';
import type { BoardRow, BoardsRepo, FreeEntryLimits, GameRow, NewEntry } from './repo';

/** What the board's status needs of its game: its start, and an earlier opening kept through a postponement. */
const gameTimes = (game: { startsAt: Date; opensAt: Date | null }) => ({
  startsAt: game.startsAt,
  opensAt: game.opensAt,
});

export function newDrawSeed(): { seed: string; seedHash: string } {
  const seed = randomBytes(32).toString('hex');
  return { seed, seedHash: seedCommitment(seed) };
}

/** The next board's slug: `<first board's slug>-2`, `-3`, … (a first slug may itself end in a number). */
export function nextSlug(board: Pick<BoardRow, 'slug' | 'sequence'>): string {
  const base = board.sequence === 1 ? board.slug : board.slug.slice(0, -`-${board.sequence}`.length);
  return `${base}-${board.sequence + 1}`;
}

/** Board rules with their transactions: entries, placement, lifecycle and the public board view. */
/** A paid board holds an entry's cells for 15 minutes while its checkout is open. */
export const defaultHoldMs = 15 * 60_000;

/** How many due boards one run of the lock at start takes; the rest wait for the next run. */
const lockDueBatch = 50;

/** Opens the checkout of a paid entry (the payments feature provides it). */
export type EntryCheckout = (input: {
  amountCents: number;
  description: string;
  heldUntil: Date;
  successPath: string;
  cancelPath: string;
}) => Promise<{ url: string; sessionId: string; paymentId: string }>;

/**
 * What boards need of the feed's schedule: one game with where it stands (the feed's state and outcome, so a
 * game already over carries no new board), or a 404 when the feed has no such game.
 */
export interface FeedGames {
  find(
    league: FeedLeague,
    eventId: string,
  ): Promise<{
    league: string;
    eventId: string;
    teamA: string;
    teamB: string;
    startsAt: Date;
    state: FeedState;
    status: FeedOutcome;
  }>;
}

/** Refunds a cancelled board's paid entries (the payments feature provides it); true when it refunded one. */
export interface EntryRefunds {
  refundEntryPayment(paymentId: string): Promise<boolean>;
}

/** Said while the feed's latest read of a game could not be used (failed, or contradicting itself). */
export const waitingForOfficialScore = 'Waiting for the official score';

/** What the boards service asks of the prizes feature (wired in app.ts). */
export interface BoardPrizes {
  /** After a period's awards are saved, in the same transaction: create, re-point or flag prizes; queue texts. */
  afterScoring(
    tx: Db,
    input: { boardId: string; period: string; corrected: boolean; awards: ScoredAward[]; now: Date },
  ): Promise<void>;
  /** After the board locked: texts each consenting entrant the digits of their cells (once per entry). */
  afterLock(boardId: string): Promise<void>;
  /**
   * After the board was cancelled or voided: queues each entrant's text (only with the entry's consent) and
   * email, once per key.
   */
  notifyEntrants(notices: EntrantNotice[]): Promise<void>;
  ofEntries(entryIds: string[]): Promise<Map<string, MyEntryPrize[]>>;
}

/** One scored period's award, as the prizes feature reads it. */
export interface ScoredAward {
  period: string;
  entryId: string | null;
  prizeCents: number;
  teamAScore: number;
  teamBScore: number;
  /** The winning cell (0-99, row by row). */
  cellIndex: number;
  rolledOverCents: number;
}

/** Who scored a period: the scores feed or an organizer. */
export type ResultSource = 'feed' | 'organizer';

/** An organizer's entry: the admin contract's fields without the board. */
export type AdminEntryInput = Omit<AdminAddEntryInput, 'boardSlug'> & { nickname: string };

/** An entry's count against its address's budget, made by its claim (entry-budget.ts counted). */
type EntryBudgetCount = ReturnType<EntryBudget['counted']>;

export function createBoardsService(deps: {
  repo: BoardsRepo;
  /** A board's end (cancelled or voided) under its lock, and who to tell (ends-repo.ts). */
  endsRepo: BoardEndsRepo;
  clock: Clock;
  random: Random;
  holdMs?: number;
  checkout?: EntryCheckout;
  /** The per-address entry budget every public entry takes from (none: no address limit). */
  entryBudget?: Pick<EntryBudget, 'counted'>;
  /** Entries one phone number may hold on one board (ENTRIES_PER_PHONE_PER_BOARD; none: no limit). */
  entriesPerPhone?: number;
  /** The feed's schedule (the feed feature): a game of it, or a 404 naming it. */
  feedGames?: FeedGames;
  /** The feed's last read of a game (`games.feed_id`), for the live score on the board. */
  liveGame?: (feedId: string) => Promise<BoardView['live']>;
  /** Refunds paid entries of a cancelled board (payments' refund path). */
  refunds?: EntryRefunds;
  /** Tells signed-in entrants by email about a change to their board. */
  mailer?: Mailer;
  /** The site's address, for the board link in those emails. */
  publicUrl?: string;
  log?: { error(obj: object, msg: string): void };
  /**
   * The prizes feature: keeps prizes and winners' texts in step with each scoring (in its transaction), texts
   * entrants their digits at lock, and tells My entries where each prize stands.
   */
  prizes?: BoardPrizes;
  /** The states whose entries each mode refuses (configuration: EXCLUDED_STATES_*; domain/legal defaults). */
  excludedStates?: Record<BoardMode, readonly string[]>;
  /** The texted one-time codes a free entry needs (free-entry-codes.ts); without them no free entry is taken. */
  freeEntryCodes?: FreeEntryCodes;
}) {
  const { repo, clock, random } = deps;
  const holdMs = deps.holdMs ?? defaultHoldMs;
  const entriesPerPhone = deps.entriesPerPhone ?? null;
  const excludedStates = deps.excludedStates ?? defaultExcludedStates;
  const { refunds, prizes } = deps;
  const ends = createBoardEnds({
    repo,
    ends: deps.endsRepo,
    clock,
    load,
    refund: refunds ? (paymentId) => refunds.refundEntryPayment(paymentId) : undefined,
    notify: prizes ? (notices) => prizes.notifyEntrants(notices) : undefined,
    publicUrl: deps.publicUrl,
    log: deps.log,
  });

  /** The legal settings a board publishes (its rules page and entry forms read them). */
  const legalOf = (board: BoardRow): BoardLegal => publishedLegal(board, excludedStates);

  /** Whether a board shows its drawn digits now, as its public view does: while it is locked or settled. */
  const drawnAt = (board: BoardRow, game: GameRow) => {
    const status = boardStatus({ ...board, ...gameTimes(game), now: clock.now() });
    return status === 'locked' || status === 'settled';
  };

  /** Refuses money on a board whose mode takes none (free-to-play): amounts, checkouts and pledges alike. */
  function refuseMoney(board: BoardRow, amountCents: number | null | undefined) {
    if (!moneyAllowed(board.mode) && amountCents) {
      throw new AppError(400, boardErrorCodes.noMoney, legalMessages.noMoney, { amountCents: legalMessages.noMoney });
    }
  }

  /** Refuses an entry whose state the board's mode needs and lacks, or excludes (the refusal names the rule). */
  function refuseState(board: BoardRow, state: string | undefined) {
    const problem = stateProblem(board.mode, excludedStates[board.mode] ?? [], state);
    if (!problem) return;
    if (problem.kind === 'excluded') {
      throw new AppError(403, boardErrorCodes.stateExcluded, problem.message, { state: problem.message });
    }
    throw new AppError(400, boardErrorCodes.stateRequired, problem.message, { state: problem.message });
  }

  /** Refuses a period the board's prize table does not have (400, naming the periods it has). */
  function refusePeriod(board: BoardRow, period: string) {
    if (!board.prizeTable.some((p) => p.key === period)) {
      throw new AppError(400, boardErrorCodes.unknownPeriod, `This board has no period "${period}".`, {
        period: `One of: ${board.prizeTable.map((p) => p.key).join(', ')}`,
      });
    }
  }

  /** Refuses typed scores outside the board's sport's range (domain/score-limits), with each field's message. */
  function refuseScores(board: BoardRow, game: GameRow, input: ScoreInput) {
    const sport = scoreSportOf({ league: game.league, prizeKeys: board.prizeTable.map((p) => p.key) });
    const problems = scoreInputProblems(input, sport);
    const [first] = Object.values(problems);
    if (first) throw new AppError(400, errorCodes.validation, first, problems);
  }

  async function load(slug: string) {
    const found = await repo.findBoard(slug);
    if (!found) throw new AppError(404, boardErrorCodes.notFound, 'We could not find that game board.');
    return found;
  }

  /** The board and its game, with the time now and the board's status at that time. */
  async function loadWithStatus(slug: string) {
    const { board, game } = await load(slug);
    const now = clock.now();
    return { board, game, now, status: boardStatus({ ...board, ...gameTimes(game), now }) };
  }

  /**
   * Emails the board's notice to each signed-in entrant with an email (a failed send is reported, not retried:
   * the notice stays on the board).
   */
  async function emailEntrants(board: BoardRow, game: GameRow, notice: string): Promise<void> {
    if (!deps.mailer) return;
    const link = `${deps.publicUrl ?? ''}/boards/${board.slug}`;
    const subject = `${game.teamA} vs ${game.teamB}: ${notice.split(':')[0]}`;
    for (const to of await repo.entrantEmails(board.id)) {
      const text = `${notice}\n\nYour board: ${link}\n\nFanGrid`;
      const html = `<p>${escapeHtml(notice)}</p><p><a href="${escapeHtml(link)}">Your board</a></p><p>FanGrid</p>`;
      await deps.mailer.send({ to, subject, text, html }).catch((err: unknown) => {
        deps.log?.error({ err, board: board.slug }, 'board notice email failed');
      });
    }
  }

  /**
   * Emails a paid entry's receipt once its payment confirmed it (each payment settles once): to the account the
   * entry belongs to, else to the email the payer gave the checkout; nobody when there is neither. A failed
   * send is logged and never undoes the payment.
   */
  async function sendEntryReceipt(paymentId: string, paid: EntryPaid): Promise<void> {
    if (!deps.mailer) return;
    const entry = await repo.entryByPayment(paymentId);
    const found = entry ? await repo.findBoardById(entry.boardId) : undefined;
    if (!entry || !found) return;
    const to = (entry.userId ? await repo.accountEmail(entry.userId) : undefined) ?? paid.payerEmail;
    if (!to) return;
    const { board, game } = found;
    const site = deps.publicUrl ?? '';
    const receipt = entryReceiptEmail({
      to,
      boardTitle: `${game.teamA} vs ${game.teamB}`,
      organizer: board.legalName || board.organization || 'FanGrid',
      mode: board.mode,
      code: entry.code,
      ticketNumber: entry.ticketNumber,
      cells: await repo.cellsOfEntry(entry.id),
      teams: game,
      axes: drawnAt(board, game) ? drawAxes(board.seed) : null,
      amountCents: entry.amountCents ?? 0,
      paidAt: clock.now(),
      testMode: paid.testMode,
      boardUrl: `${site}/boards/${board.slug}`,
      rulesUrl: `${site}/boards/${board.slug}/rules`,
    });
    await deps.mailer.send(receipt).catch((err: unknown) => {
      deps.log?.error({ err, board: board.slug, paymentId }, 'entry receipt could not be sent');
    });
  }

  /** A paid entry is seated: its payer's checkout email is kept (ends.ts) and its receipt sent. */
  async function afterPaid(paymentId: string, paid: EntryPaid): Promise<void> {
    await ends.keepPayerEmail(paymentId, paid.payerEmail);
    await sendEntryReceipt(paymentId, paid);
  }

  /**
   * Places an entry on random free cells in one `fangrid_claim` call (retrying the rare code clash),
   * opens the game's next board when this one fills, and starts the checkout when `opts.checkout`.
   */
  async function place(
    board: BoardRow,
    game: GameRow,
    entry: Omit<NewEntry, 'code'> & { nickname: string; createdAt: Date; ticketNumber: string },
    opts: {
      checkout: boolean;
      phoneLimit: number | null;
      free?: FreeEntryLimits | null;
      /** Counted against its address's budget by the claim itself (a fan's entry; an organizer's is not). */
      budget?: EntryBudgetCount;
      /** Past the budget: the entry an earlier request with this key made, if any, else the 429 to answer. */
      overBudget?: (windowStart: Date) => Promise<EntryCreated>;
    },
  ): Promise<EntryCreated & { replayed?: true }> {
    const { entries: capacity, cellsPerEntry } = boardFormats[board.format];
    const now = entry.createdAt;
    const paid = opts.checkout;
    if (paid && !deps.checkout) throw new Error('a paid board needs the payments feature');
    const heldUntil = paid ? new Date(now.getTime() + holdMs) : null;
    // A paid board full of holds opens the next board but stays open: unpaid holds free their cells.
    const openNext = async () => {
      const { seed, seedHash } = newDrawSeed();
      const draw = board.paymentRequired ? null : { axes: drawAxes(board.seed) };
      await repo.lockAndOpenNext(board, now, seed, seedHash, nextSlug(board), draw);
      if (draw && deps.prizes) {
        await deps.prizes.afterLock(board.id).catch((err: unknown) => {
          deps.log?.error({ err, slug: board.slug }, 'lock texts not queued');
        });
      }
    };
    // 'Board full' offers the game's next board that still takes entries (none: an empty offer).
    const full = async () =>
      new AppError(409, boardErrorCodes.full, entryMessages.full, {
        nextBoard: (await repo.nextBoardSlug(board)) ?? '',
      });
    // Twelve candidate codes almost never all clash (a board holds at most 100 of 17,576); retry if so.
    for (let attempt = 0; attempt < 5; attempt++) {
      let claimed: Awaited<ReturnType<typeof repo.claim>>;
      try {
        claimed = await repo.claim(
          entry,
          codeCandidates(entry.nickname, random),
          cellsPerEntry,
          capacity,
          heldUntil,
          opts.phoneLimit,
          opts.free ?? null,
          // Counted once: a retry for another code is the same entry.
          attempt === 0 ? (opts.budget?.values ?? null) : null,
        );
      } catch (err) {
        if ((err as { code?: string }).code === 'P0001') throw await full();
        throw err;
      }
      const { result, budgetWindow } = claimed;
      if (!result) {
        if (!opts.overBudget || !budgetWindow) throw new Error('a claim without a budget returned no result');
        return opts.overBudget(budgetWindow);
      }
      // The same request twice at once: the second found the first's entry in the claim; it counts once.
      if (result.status === 'replay' && budgetWindow) await opts.budget?.giveBack(budgetWindow);
      if (result.status === 'no-code') continue;
      if (result.status === 'full') {
        await openNext();
        throw await full();
      }
      if (result.status === 'phone-limit') {
        const message = entryMessages.phoneLimit(result.limit);
        throw new AppError(409, boardErrorCodes.phoneLimit, message, { phone: message });
      }
      if (result.status === 'free-person-limit') {
        const message = legalMessages.freeEntryPersonLimit(result.limit);
        throw new AppError(409, boardErrorCodes.freeEntryPersonLimit, message, { phone: message });
      }
      if (result.status === 'free-board-limit') {
        throw new AppError(409, boardErrorCodes.freeEntryBoardLimit, legalMessages.freeEntryBoardLimit(result.limit));
      }
      if (result.status === 'replay') {
        return {
          id: result.id,
          boardSlug: board.slug,
          code: result.code,
          ticketNumber: result.ticket,
          cells: result.cells,
          amountCents: result.amount,
          replayed: true,
        };
      }
      if (result.count === capacity) await openNext();
      // The claim writes the entry without its text consent (unticked by default); a ticked box is stored
      // next, so an entry never counts as consenting unless this write happened.
      if (entry.smsConsent && entry.smsConsentText && entry.smsConsentedAt) {
        await repo.recordSmsConsent(result.id, entry.smsConsentText, entry.smsConsentedAt);
      }
      const created = {
        id: result.id,
        boardSlug: board.slug,
        code: result.code,
        ticketNumber: entry.ticketNumber,
        cells: result.cells,
        amountCents: entry.amountCents ?? null,
      };
      if (!paid || !deps.checkout || !heldUntil) return created;
      try {
        const checkout = await deps.checkout({
          amountCents: entry.amountCents ?? 0,
          description: `Board entry ${result.code}: ${game.teamA} vs ${game.teamB}`,
          heldUntil,
          successPath: `/boards/${board.slug}`,
          cancelPath: `/boards/${board.slug}`,
        });
        await repo.setEntryPayment({ id: result.id, boardId: board.id, cells: result.cells }, checkout.paymentId);
        return { ...created, checkoutUrl: checkout.url, heldUntil: heldUntil.toISOString() };
      } catch (err) {
        // No checkout, no hold: the cells are free again at once.
        await repo.releaseHolds({ entryId: result.id });
        throw err;
      }
    }
    throw new Error('Could not find a free board code after 5 tries');
  }

  /** Why the board takes no entry now (scheduled, locked, full, closed…), or null while it is open. */
  async function closureOf(board: BoardRow, game: GameRow, now: Date) {
    const { entries: capacity } = boardFormats[board.format];
    const closure = entryClosure({
      ...board,
      ...gameTimes(game),
      now,
      // Only a locked board needs its count: locked because it filled, or by an organizer.
      entryCount: board.lockedAt && now < game.startsAt ? await repo.entryCount(board.id) : 0,
      capacity,
    });
    return closure;
  }

  async function takeEntry(
    slug: string,
    input: CreateEntryInput,
    viewer: { userId: string | null; address: ClientKey },
    free: boolean,
    /** A free entry's texted code (free entries only). */
    code: string | null = null,
  ): Promise<EntryCreated> {
    const { board, game } = await load(slug);
    if (free && !freeEntryOffered(board.mode)) {
      throw new AppError(409, boardErrorCodes.freeEntryNotOffered, legalMessages.freeEntryNotOffered);
    }
    if (free && (!deps.freeEntryCodes || code === null)) throw new Error('a free entry needs the texted codes');
    /** The entry an earlier request with this key made (looked up only when about to refuse). */
    const replayOf = async (): Promise<EntryCreated | null> => {
      const earlier = await repo.entryByKey(board.id, input.idempotencyKey);
      return earlier
        ? {
            id: earlier.id,
            boardSlug: board.slug,
            code: earlier.code,
            ticketNumber: earlier.ticket,
            cells: earlier.cells,
            amountCents: earlier.amount,
          }
        : null;
    };
    const now = clock.now();
    const closure = await closureOf(board, game, now);
    if (closure) {
      const replayed = await replayOf();
      if (replayed) return replayed;
      if (closure === 'full') {
        throw new AppError(409, boardErrorCodes.full, entryMessages.full, {
          nextBoard: (await repo.nextBoardSlug(board)) ?? '',
        });
      }
      if (closure === 'locked') throw new AppError(409, boardErrorCodes.locked, entryMessages.locked);
      throw new AppError(409, boardErrorCodes.notOpen, entryMessages[closure]);
    }
    refuseMoney(board, input.amountCents);
    // A free entry has no amount whatever the board's rule for paid entries.
    const problem = free ? null : amountProblem(board.entryRule, input.amountCents ?? null);
    if (problem) throw new AppError(400, boardErrorCodes.amount, problem, { amountCents: problem });
    refuseState(board, input.state);

    const paid = !free && board.paymentRequired && moneyAllowed(board.mode);
    if (paid && !input.amountCents) {
      throw new AppError(400, boardErrorCodes.amount, 'Choose a support amount.', {
        amountCents: 'Choose a support amount.',
      });
    }
    // A free entry needs the code texted to its number for this board, consumed once (atomic across instances).
    let proof: ConsumedCode | null = null;
    if (free && deps.freeEntryCodes && code !== null) {
      const consumed = await deps.freeEntryCodes.consume(board.id, input.phone, code);
      if (consumed.kind === 'used') {
        // The same request again (its idempotency key) answers with the entry that code made; nothing else.
        const replayed = consumed.entryId ? await replayOf() : null;
        if (replayed && replayed.id === consumed.entryId) return replayed;
        throw new AppError(400, boardErrorCodes.freeEntryCodeInvalid, freeEntryCodeMessages.used, {
          code: freeEntryCodeMessages.used,
        });
      }
      proof = consumed;
    }
    const budget = deps.entryBudget?.counted(viewer.address);
    const placing = place(
      board,
      game,
      {
        boardId: board.id,
        userId: viewer.userId,
        phone: input.phone,
        nickname: input.nickname,
        amountCents: input.amountCents ?? null,
        teamSupport: input.teamSupport || null,
        organization: input.organization || board.organization,
        referralCode: input.referralCode || null,
        gameCode: input.gameCode || null,
        ticketNumber: ticketNumber(random),
        idempotencyKey: input.idempotencyKey,
        createdAt: now,
        // The consent is stored with the wording the fan was shown and when; no text goes out without it.
        smsConsent: input.smsConsent === true,
        smsConsentText: input.smsConsent === true ? SMS_CONSENT_TEXT : null,
        smsConsentedAt: input.smsConsent === true ? now : null,
        // The eligibility ticks (the contract takes only `true`) and the state, stored with when.
        state: input.state ?? null,
        ageConfirmedAt: input.ageConfirmed === true ? now : null,
        rulesAcceptedAt: input.rulesAccepted === true ? now : null,
      },
      {
        checkout: paid,
        phoneLimit: entriesPerPhone,
        free: free ? { perPerson: board.freeEntriesPerPerson, perBoard: board.freeEntriesPerBoard } : null,
        ...(budget && {
          budget,
          // A replay answers with its entry even past the budget; a new entry there is refused.
          overBudget: async (windowStart: Date) => {
            const replayed = await replayOf();
            if (replayed) return replayed;
            throw budget.refusal(windowStart);
          },
        }),
      },
    );
    let created: Awaited<typeof placing>;
    try {
      created = await placing;
    } catch (err) {
      // Refused (a limit, a full board): the code was not spent and may be used again.
      await proof?.giveBack();
      throw err;
    }
    const { replayed, ...entry } = created;
    if (proof) await (replayed ? proof.giveBack() : proof.confirm(entry.id));
    return entry;
  }

  return {
    /** Ends every hold past its time (run on a timer; each instance may run it, it is idempotent). */
    releaseExpiredHolds: () => repo.releaseHolds({ before: clock.now() }),

    /**
     * An entry's payment arrived. A held entry is confirmed. One released because its hold ended is
     * re-seated on free cells while the board is open and has room; otherwise it is refunded (the rule
     * every paid board shows). A cell is never held twice: re-seating takes the board's lock.
     */
    async onEntryPaid(paymentId: string, paid?: EntryPaid): Promise<'confirmed' | 'reseated' | 'refund'> {
      // A board cancelled while the checkout was open seats nobody: the hold ends and the payment is refunded.
      const paying = await repo.entryByPayment(paymentId);
      // The checkout's payer email is kept on the entry, so the fan can be told if it is deleted or refunded.
      if (paying && paid?.payerEmail) await repo.keepPayerEmail(paymentId, paid.payerEmail);
      // An entry an organizer took off its board (its checkout still open) seats nobody: the payment is refunded.
      if (paying?.removedAt) return 'refund';
      if (paying && paying.status !== 'confirmed') {
        const board = await repo.findBoardById(paying.boardId);
        if (board?.board.cancelledAt) {
          await repo.releaseHolds({ paymentId });
          return 'refund';
        }
      }
      if (await repo.confirmHeld(paymentId)) {
        if (paid) await afterPaid(paymentId, paid);
        return 'confirmed';
      }
      const entry = await repo.entryByPayment(paymentId);
      if (entry?.status !== 'released') return 'confirmed';
      const found = await repo.findBoardById(entry.boardId);
      if (!found) return 'refund';
      const open = boardStatus({ ...found.board, ...gameTimes(found.game), now: clock.now() }) === 'open';
      const { entries: capacity, cellsPerEntry } = boardFormats[found.board.format];
      const cells = await repo.reseat(entry.id, entry.boardId, cellsPerEntry, capacity, open);
      if (cells && paid) await afterPaid(paymentId, paid);
      return cells ? 'reseated' : 'refund';
    },

    /** An entry's checkout failed or expired: its cells are released now. */
    async onEntryUnpaid(paymentId: string) {
      await repo.releaseHolds({ paymentId });
    },

    /** The entry a payment pays for: its code, ticket and cells (none once its hold was released). */
    async entryOfPayment(paymentId: string) {
      const entry = await repo.entryByPayment(paymentId);
      if (!entry) return undefined;
      const cells = await repo.cellsOfEntry(entry.id);
      return { code: entry.code, ticketNumber: entry.ticketNumber, cells };
    },

    async view(slug: string): Promise<BoardView> {
      const { board, game } = await load(slug);
      const status = boardStatus({ ...board, ...gameTimes(game), now: clock.now() });
      const drawn = status === 'locked' || status === 'settled' || status === 'voided';
      const feedId = game.feedId && deps.liveGame && !board.manualScoring ? game.feedId : null;
      const [cells, entryCount, nextBoardSlug, resultRows, live] = await repo.readAll([
        () => repo.cells(board.id),
        () => repo.entryCount(board.id),
        () => repo.nextBoardSlug(board),
        () => repo.results(board.id),
        async () => (feedId && deps.liveGame ? deps.liveGame(feedId) : null),
      ]);
      const results = board.prizeTable.flatMap((p) => {
        const found = resultRows.find((r) => r.result.period === p.key);
        if (!found) return [];
        const { result, code } = found;
        return [
          {
            period: p.key,
            label: p.label,
            teamAScore: result.teamAScore,
            teamBScore: result.teamBScore,
            cell: result.cell,
            code: result.entryId ? code : null,
            prizeCents: result.prizeCents,
            source: result.source,
            confirmedAt: result.confirmedAt?.toISOString() ?? null,
            correctedAt: result.correctedAt?.toISOString() ?? null,
          },
        ];
      });
      const axes = drawn ? drawAxes(board.seed) : undrawnAxes;
      return {
        slug: board.slug,
        game: {
          league: game.league,
          teamA: game.teamA,
          teamB: game.teamB,
          startsAt: game.startsAt.toISOString(),
          venue: game.venue,
        },
        format: board.format,
        status,
        closure: entryClosure({
          ...board,
          ...gameTimes(game),
          now: clock.now(),
          entryCount,
          capacity: boardFormats[board.format].entries,
        }),
        entryRule: board.entryRule,
        prizeTable: board.prizeTable,
        organization: board.organization,
        capacity: boardFormats[board.format].entries,
        entryCount,
        paymentRequired: board.paymentRequired,
        holdMinutes: Math.max(1, Math.round(holdMs / 60_000)),
        cells,
        seedHash: board.seedHash,
        seed: drawn ? board.seed : null,
        axes: { ...axes, drawn },
        nextBoardSlug,
        results,
        scoring: game.feedId && !board.manualScoring ? 'feed' : 'manual',
        // A read the feed could not give (failed, timed out, contradicted itself) keeps the last usable score.
        live: live && board.feedProblem ? { ...live, status: waitingForOfficialScore } : live,
        notice: board.notice,
        voidReason: board.voidReason,
        unfilled: { policy: board.unfilledPolicy, minEntries: board.minEntries },
        claimWindowDays: board.claimWindowDays,
        payoutMethods: board.payoutMethods,
        mode: board.mode,
        legal: legalOf(board),
      };
    },

    /**
     * What the board's printable sheet shows, as a fingerprint (two queries, not the whole board: a cached
     * sheet is served on it), and the board's last recorded change, which the sheet prints.
     */
    async sheetState(slug: string): Promise<{ slug: string; fingerprint: string; changedAt: Date }> {
      const { board, game } = await load(slug);
      const status = boardStatus({ ...board, ...gameTimes(game), now: clock.now() });
      const { digest, changedAt } = await repo.sheetDigest(board.id);
      // The seed stays out (secret until the lock): the status says whether the digits are drawn.
      const shown = [board.format, board.prizeTable, board.organization, board.seedHash, status];
      const fingerprint = JSON.stringify([...shown, game.league, game.teamA, game.teamB, game.venue, digest]);
      return { slug: board.slug, fingerprint, changedAt };
    },

    /** The legal settings of a board (admin board responses carry them too). */
    legalOf,

    /**
     * The viewer's entries: Pending until the board locks, In Progress from its lock (the game's start, the feed
     * showing the game under way, or an organizer locking it early), Won or Lost once the board is settled
     * from the real results; Deleted or Refunded once an organizer took it off its board. A paid board's entry
     * is Awaiting payment while its cells are held for its checkout, and Not paid once the hold ended unpaid
     * (the checkout cancelled or expired; Refunded when a late payment was given back).
     */
    async myEntries(filter: { tickets: string[]; userId: string | null }): Promise<MyEntryView[]> {
      const now = clock.now();
      const rows = await repo.entriesFor(filter);
      const prizes = deps.prizes ? await deps.prizes.ofEntries(rows.map((r) => r.entry.id)) : new Map();
      return rows.map(({ entry, board, game, cells, wins, paymentStatus }) => {
        const status: MyEntryView['status'] = entry.removedHow
          ? entry.removedHow === 'deleted'
            ? 'Deleted'
            : 'Refunded'
          : entry.status === 'released'
            ? paymentStatus === 'refunded'
              ? 'Refunded'
              : 'Not paid'
            : board.cancelledAt
              ? 'Cancelled'
              : entry.status === 'held'
                ? 'Awaiting payment'
                : board.settledAt || board.voidedAt
                  ? wins.length > 0
                    ? 'Won'
                    : 'Lost'
                  : boardStatus({ ...gameTimes(game), now, lockedAt: board.lockedAt }) === 'locked'
                    ? 'In Progress'
                    : 'Pending';
        return {
          ticketNumber: entry.ticketNumber,
          code: entry.code,
          boardSlug: board.slug,
          cells: cells.sort((a, b) => a - b),
          axes: drawnAt(board, game) ? drawAxes(board.seed) : null,
          amountCents: entry.amountCents,
          donationCommitmentCents: entry.donationCommitmentCents,
          enteredAt: entry.createdAt.toISOString(),
          game: { league: game.league, teamA: game.teamA, teamB: game.teamB, startsAt: game.startsAt.toISOString() },
          status,
          wins: wins.map((w) => ({
            period: w.period,
            // The period as the board's prize table names it ('2nd quarter', not 'q2').
            label: board.prizeTable.find((p) => p.key === w.period)?.label ?? w.period,
            prizeCents: w.prizeCents,
          })),
          prizes: prizes.get(entry.id) ?? [],
        };
      });
    },

    /**
     * Keeps a visitor's entries in their account: each ticket (only tickets the fan's browser holds) is
     * linked when no account holds it, kept when it is already the fan's, and refused, per entry, when
     * another account holds it or no entry has it. Repeating it changes nothing.
     */
    async linkEntries(input: { tickets: string[]; userId: string }): Promise<EntryLinksResult> {
      const tickets = [...new Set(input.tickets)];
      const owners = await repo.linkEntries(tickets, input.userId);
      const result: EntryLinksResult = { linked: [], refused: [] };
      for (const ticket of tickets) {
        const owner = owners.get(ticket);
        if (owner === input.userId) result.linked.push(ticket);
        else if (owner)
          result.refused.push({ ticket, reason: 'otherAccount', message: entryLinkMessages.otherAccount(ticket) });
        else result.refused.push({ ticket, reason: 'unknown', message: entryLinkMessages.unknown(ticket) });
      }
      return result;
    },

    /**
     * Records a donation commitment on one of the viewer's entries, found by its ticket number or its
     * board code among the viewer's own entries (this browser's tickets or the account's).
     */
    async commit(input: { confirmationCode: string; amountCents: number; tickets: string[]; userId: string | null }) {
      const code = input.confirmationCode.trim().toUpperCase();
      const rows = await repo.entriesFor({ tickets: input.tickets, userId: input.userId });
      const match = rows.find((r) => r.entry.ticketNumber === code) ?? rows.find((r) => r.entry.code === code);
      if (!match) {
        throw new AppError(
          422,
          boardErrorCodes.noMatchingEntry,
          'That confirmation code does not match any of your entries. Use your ticket number or your 3-letter board code.',
          { confirmationCode: 'No matching entry' },
        );
      }
      // A free-to-play board takes no money at any point: no pledge either.
      refuseMoney(match.board, input.amountCents);
      // Cash an organizer collected keeps the amount it was collected for: the gift can no longer change.
      if (!(await repo.setCommitment(match.entry.id, input.amountCents))) {
        throw new AppError(
          409,
          boardErrorCodes.pledgeCollected,
          'The organizer has already collected this entry’s pledge, so its gift can no longer change here.',
        );
      }
      return this.summary(match.entry.ticketNumber);
    },

    /** The Entry Summary for the donation success page, read from the server by ticket number. */
    async summary(ticketNumber: string): Promise<EntrySummary> {
      const row = await repo.entryWithGame(ticketNumber);
      if (!row) throw new AppError(404, boardErrorCodes.noMatchingEntry, 'We could not find that entry.');
      const orNot = (v: string | null) => (v?.trim() ? v : 'Not specified');
      return {
        ticketNumber: row.entry.ticketNumber,
        team: `${row.game.teamA} vs ${row.game.teamB}`,
        donationCommitmentCents: row.entry.donationCommitmentCents,
        organization: orNot(row.entry.organization),
        teamSupport: orNot(row.entry.teamSupport),
        gameCode: orNot(row.entry.gameCode),
        referralCode: orNot(row.entry.referralCode),
        entryDate: row.entry.createdAt.toISOString(),
      };
    },

    /** The board's id for live events, or a 404 for an unknown board. */
    async topicOf(slug: string): Promise<string> {
      return boardTopic((await load(slug)).board.id);
    },

    /** The live-events topic of each of these boards, in order; 404 naming the first slug no board has. */
    async topicsOf(slugs: readonly string[]): Promise<{ slug: string; topic: string }[]> {
      const ids = await repo.boardIdsBySlug(slugs);
      const missing = slugs.find((slug) => !ids.has(slug));
      if (missing !== undefined) {
        throw new AppError(404, boardErrorCodes.notFound, `We could not find the game board "${missing}".`, {
          boards: `No game board "${missing}".`,
        });
      }
      return slugs.map((slug) => ({ slug, topic: boardTopic(ids.get(slug) as string) }));
    },

    // Cancelling and voiding (ends.ts): cancel, voidBoard, end, tellCancelled, tellVoided.
    ...ends,

    /** Tells a board's entrants `notice` (on the board, and by email), once per different notice. */
    async tellEntrants(slug: string, notice: string): Promise<void> {
      const { board, game } = await load(slug);
      if (await repo.setNotice(board.id, notice)) await emailEntrants(board, game, notice);
    },

    /** The scores feed: why its latest read could not be used for this board, or null once one could. */
    async setFeedProblem(slug: string, problem: string | null): Promise<void> {
      const { board } = await load(slug);
      await repo.setFeedProblem(board.id, problem);
    },

    /**
     * Admin: switch a board between the scores feed and manual scoring. Feed scoring needs a game of the feed
     * (409 otherwise). Answers the scoring before and after.
     */
    async setScoring(slug: string, scoring: 'feed' | 'manual'): Promise<{ before: 'feed' | 'manual' }> {
      const { board, game } = await load(slug);
      const before = game.feedId && !board.manualScoring ? 'feed' : 'manual';
      if (scoring === 'feed' && !game.feedId) {
        throw new AppError(
          409,
          adminErrorCodes.noFeedGame,
          'This board’s game is not a game of the scores feed, so it can only be scored by hand.',
        );
      }
      if (before !== scoring) {
        await repo.setManualScoring(board.id, scoring === 'manual');
        if (scoring === 'manual') await repo.setFeedProblem(board.id, null);
      }
      return { before };
    },

    /**
     * Admin: confirms a period's score as it stands (the feed no longer changes it). 404 for a period the
     * board does not have, 409 when the period has no score yet. Answers whether this call confirmed it.
     */
    async confirmResult(slug: string, period: string): Promise<boolean> {
      const { board } = await load(slug);
      if (!board.prizeTable.some((p) => p.key === period)) {
        throw new AppError(404, boardErrorCodes.unknownPeriod, `This board has no period "${period}".`);
      }
      const rows = await repo.results(board.id);
      if (!rows.some((r) => r.result.period === period)) {
        throw new AppError(
          409,
          adminErrorCodes.noResult,
          'This period has no score yet, so there is nothing to confirm.',
        );
      }
      return repo.confirmResult(board.id, period, clock.now());
    },

    /**
     * Admin, on a service bound to a transaction: holds the board's claim lock until the transaction ends, so
     * a change to the board's entries never interleaves with a claim, on any server instance.
     */
    async lockClaims(boardId: string): Promise<void> {
      await repo.holdClaimLock(boardId);
    },

    /**
     * Admin: takes an entry off its board, 'deleted' or 'refunded' (kept, listed as unpaid). Its cells are free
     * again at once and live boards hear so; a pledge marked collected becomes cash to return. Answers the
     * cells freed, or null when the entry was already taken off that way (nothing changed).
     */
    async removeEntry(entry: { id: string; boardId: string }, how: 'deleted' | 'refunded'): Promise<number[] | null> {
      return repo.removeEntry(entry, how, clock.now());
    },

    /** Admin ('Returned'): records that an entry's cash to return was handed back; answers whether this call did. */
    async markCashReturned(entryId: string, at: Date): Promise<boolean> {
      return repo.markCashReturned(entryId, at);
    },

    /**
     * Admin: records that an entry's pledge was collected outside checkout (cash, transfer…); answers whether
     * this call marked it (false: it was marked already, say by a request at the same moment).
     */
    async markPledgeCollected(entryId: string, at: Date): Promise<boolean> {
      return repo.markPledgeCollected(entryId, at);
    },

    /** Admin: undoes 'collected' on an entry's pledge; answers whether this call undid it. */
    async clearPledgeCollected(entryId: string): Promise<boolean> {
      return repo.clearPledgeCollected(entryId);
    },

    /**
     * Admin ('Open now'): opens a scheduled board at once instead of an hour before its game, so squares can be
     * sold for days ahead. Refused (409) unless the board is scheduled. Answers when it opened.
     */
    async open(slug: string): Promise<{ openedAt: Date }> {
      const { board, now, status } = await loadWithStatus(slug);
      const refuse = () =>
        new AppError(
          409,
          adminErrorCodes.notScheduled,
          'Only a scheduled board can be opened early: this one is already open, locked, settled or cancelled.',
        );
      if (status !== 'scheduled') throw refuse();
      if (!(await repo.setOpened(board.id, now))) throw refuse();
      return { openedAt: now };
    },

    /**
     * Admin: creates a board on an existing game or a new one (named after the board, or `<slug>-game` when
     * that is taken); the game's next board number is its sequence and it gets a fresh draw seed.
     */
    async createBoard(input: CreateBoardInput): Promise<{ board: BoardRow; game: GameRow }> {
      refuseImpossibleSettings(input);
      const now = clock.now();
      if (await repo.slugTaken('boards', input.slug)) {
        throw new AppError(409, adminErrorCodes.slugTaken, 'A board with this address already exists.', {
          slug: 'Already taken: choose another address',
        });
      }
      let game: GameRow | undefined;
      if (input.gameId) {
        game = await repo.gameById(input.gameId);
        if (!game) {
          throw new AppError(400, adminErrorCodes.gameNotFound, 'That game does not exist.', {
            gameId: 'Choose a game from the list',
          });
        }
        refuseImpossibleGame('gameId', game, now);
      } else if (input.game) {
        const startsAt = new Date(input.game.startsAt);
        refuseImpossibleGame('game.startsAt', { ...input.game, startsAt }, now);
        const gameSlug = (await repo.slugTaken('games', input.slug)) ? `${input.slug}-game` : input.slug;
        game = await repo.insertGame({ ...input.game, slug: gameSlug, startsAt });
      } else if (input.feedGame) {
        // The feed's game: the games row already linked to it, or a new one with the feed's teams and start.
        if (!deps.feedGames) throw new Error('createBoard: boards on feed games need the feed');
        const { league, eventId } = input.feedGame;
        const periodsProblem = feedPrizeKeysProblem(
          leagueSports[league],
          input.prizeTable.map((p) => p.key),
        );
        if (periodsProblem) {
          throw new AppError(400, adminErrorCodes.feedPeriodsUnknown, periodsProblem, { prizeTable: periodsProblem });
        }
        const fed = await deps.feedGames.find(league, eventId);
        refuseFinishedFeedGame(fed);
        const feedId = feedIdOf(league, eventId);
        game = await repo.gameByFeedId(feedId);
        // The board plays by the games row already linked to the feed game, else by the feed's own start.
        refuseImpossibleGame('feedGame', game ?? fed, now);
        if (!game) {
          const gameSlug = (await repo.slugTaken('games', input.slug)) ? `${input.slug}-game` : input.slug;
          game = await repo.insertGame({
            slug: gameSlug,
            league: league.toUpperCase(),
            teamA: fed.teamA,
            teamB: fed.teamB,
            startsAt: fed.startsAt,
            venue: `${fed.teamA} (home)`,
            feedId,
          });
        }
      }
      if (!game) throw new Error('createBoard: no game');
      const { seed, seedHash } = newDrawSeed();
      const board = await repo.insertBoard({
        slug: input.slug,
        gameId: game.id,
        sequence: await repo.nextSequence(game.id),
        format: input.format,
        entryRule: input.entryRule,
        prizeTable: input.prizeTable,
        organization: input.organization,
        paymentRequired: input.paymentRequired,
        unfilledPolicy: input.unfilledPolicy ?? 'play-on',
        minEntries: input.unfilledPolicy === 'cancel-below' ? (input.minEntries ?? null) : null,
        claimWindowDays: input.claimWindowDays ?? CLAIM_WINDOW_DAYS_DEFAULT,
        payoutMethods: input.payoutMethods ?? ['pickup'],
        mode: input.mode,
        legalName: input.legalName ?? null,
        registration: input.registration ?? null,
        beneficiary: input.beneficiary ?? null,
        minimumAge: input.minimumAge ?? MINIMUM_AGE_DEFAULT,
        freeEntriesPerPerson: input.freeEntriesPerPerson ?? FREE_ENTRIES_PER_PERSON_DEFAULT,
        freeEntriesPerBoard: input.freeEntriesPerBoard ?? null,
        seed,
        seedHash,
      });
      return { board, game };
    },

    /**
     * The scores feed: the game was postponed to `startsAt` (its boards open and lock by the new time); each of
     * its boards says so and its entrants are told once.
     */
    /**
     * The feed moved a game (postponed): its boards follow the new start. Boards already open stay open
     * (the game keeps the time they opened), so entrants can still join and nobody is locked out in between.
     */
    async moveGame(gameId: string, startsAt: Date): Promise<void> {
      const game = await repo.gameById(gameId);
      if (!game) return;
      const opened = boardOpensAt(game);
      const keepOpen = clock.now() >= opened && startsAt > game.startsAt;
      await repo.setGameStart(gameId, startsAt, keepOpen ? opened : game.opensAt);
      for (const b of await repo.liveBoardsOfGame(gameId)) await this.tellEntrants(b.slug, postponedNotice(startsAt));
    },

    /**
     * Locks a board (an organizer before the game, or the feed once it is under way); the draw is revealed from
     * then on. The board's unfilled policy applies first: a board with no entries, or a 'cancel-below' board
     * under its minimum, is cancelled instead (its refunds and emails follow through `tellCancelled`).
     */
    async lock(slug: string): Promise<'locked' | 'cancelled'> {
      const { board } = await load(slug);
      if (board.cancelledAt) return 'cancelled';
      if (board.voidedAt) return 'locked';
      if (!board.lockedAt) {
        const outcome = unfilledOutcome(board.unfilledPolicy, board.minEntries, await repo.entryCount(board.id));
        if (outcome !== 'play') {
          const notice = outcome === 'cancel-empty' ? cancelNotices.empty : cancelNotices.below(board.minEntries ?? 1);
          // Once a period is scored the board plays on whatever its policy: its scored prizes stand.
          if (await ends.cancelUnplayed(slug, notice)) return 'cancelled';
        }
      }
      await repo.setLocked(board.id, clock.now(), { axes: drawAxes(board.seed) });
      // The digits texts are queued once per entry (by key); a failure to queue them never undoes the lock.
      if (deps.prizes) {
        await deps.prizes.afterLock(board.id).catch((err: unknown) => {
          deps.log?.error({ err, slug }, 'lock texts not queued');
        });
      }
      return 'locked';
    },

    /**
     * The lock at the game's start: every board whose game has started and that no organizer or feed has
     * locked is locked now, as any lock is (the draw revealed and pushed live, the unfilled policy applied,
     * the digits texted); a board the policy cancels is refunded and its entrants told. One board that fails
     * is reported and retried at the next run, never holding up the others. Answers how many it handled.
     */
    async lockDueBoards(): Promise<number> {
      let handled = 0;
      for (const { slug } of await repo.boardsDueToLock(clock.now(), lockDueBatch)) {
        try {
          if ((await this.lock(slug)) === 'cancelled') await ends.tellCancelled(slug);
          handled++;
        } catch (err) {
          deps.log?.error({ err, slug }, 'board not locked at its start');
        }
      }
      return handled;
    },

    /**
     * Admin (or the scores feed): record a period's statistics. Winners are recomputed for every scored
     * period, since an empty cell's prize rolls into the next one; the same score again changes nothing;
     * a different score replaces the winner and is logged. An organizer's score for a period wins over the
     * feed's: feed data for a period an organizer scored (or confirmed) changes nothing.
     */
    async score(
      slug: string,
      input: ScoreInput,
      source: ResultSource = 'organizer',
    ): Promise<{ before: { teamAScore: number; teamBScore: number } | null; changed: boolean }> {
      const { board, game, now, status } = await loadWithStatus(slug);
      ends.refuseScoring(status);
      if (status !== 'locked' && status !== 'settled') {
        throw new AppError(409, boardErrorCodes.notLocked, 'Scores are entered once the board is locked.');
      }
      refusePeriod(board, input.period);
      // An organizer's typed score is checked against the sport's range; the feed's data is taken as it reads.
      if (source === 'organizer') refuseScores(board, game, input);
      return repo.withBoardLock(board.id, async (tx) => {
        // Again under the lock: a board cancelled or voided on another instance meanwhile awards nothing.
        await ends.refuseScoringUnder(tx, board.id);
        const existing = await repo.resultRows(tx, board.id);
        const previous = existing.find((r) => r.period === input.period);
        const before = previous ? { teamAScore: previous.teamAScore, teamBScore: previous.teamBScore } : null;
        // The organizer is in charge: feed data never changes a period an organizer scored or confirmed.
        if (previous && source === 'feed' && (previous.source === 'organizer' || previous.confirmedAt)) {
          return { before, changed: false };
        }
        if (previous && previous.teamAScore === input.teamAScore && previous.teamBScore === input.teamBScore) {
          // An organizer entering the feed's score confirms it: from now on it is the organizer's.
          if (source === 'organizer' && previous.source === 'feed') {
            await repo.setResultSource(tx, board.id, input.period, 'organizer');
          }
          return { before, changed: false };
        }
        const results = [
          ...existing.filter((r) => r.period !== input.period),
          { period: input.period, teamAScore: input.teamAScore, teamBScore: input.teamBScore, source },
        ].map((r) => ({ key: r.period, teamAScore: r.teamAScore, teamBScore: r.teamBScore, source: r.source }));
        const holders = await repo.holders(tx, board.id);
        const computed = awards(drawAxes(board.seed), board.prizeTable, results, (cell) => holders.get(cell) ?? null);
        await repo.saveResults(
          tx,
          computed.map((a) => {
            const r = results.find((x) => x.key === a.period);
            return {
              boardId: board.id,
              period: a.period,
              teamAScore: r?.teamAScore ?? 0,
              teamBScore: r?.teamBScore ?? 0,
              cell: a.cellIndex,
              entryId: a.entryId,
              prizeCents: a.prizeCents,
              recordedAt: now,
              source: r?.source ?? source,
            };
          }),
        );
        if (previous) await repo.markCorrected(tx, board.id, input.period, now);
        const index = board.prizeTable.findIndex((p) => p.key === input.period);
        const award = computed.find((a) => a.period === input.period);
        // Scored after a period still unscored, it waits for that one (as the awards do) and announces nothing yet.
        if (award) {
          await repo.publishScored(tx, board.id, {
            period: input.period,
            label: board.prizeTable[index]?.label ?? input.period,
            index,
            teamAScore: input.teamAScore,
            teamBScore: input.teamBScore,
            cell: award.cellIndex,
            code: award.entryId ? await repo.codeOf(tx, award.entryId) : null,
          });
        }
        await repo.logResultChange(tx, {
          boardId: board.id,
          period: input.period,
          before,
          after: { teamAScore: input.teamAScore, teamBScore: input.teamBScore },
          at: now,
          source,
        });
        const allScored = board.prizeTable.every((p) => computed.some((a) => a.period === p.key));
        await repo.setSettled(tx, board.id, allScored ? now : null);
        if (deps.prizes) {
          await deps.prizes.afterScoring(tx as unknown as Db, {
            boardId: board.id,
            period: input.period,
            corrected: Boolean(previous),
            now,
            awards: computed.map((a) => {
              const r = results.find((x) => x.key === a.period);
              const base = board.prizeTable.find((p) => p.key === a.period)?.prizeCents ?? 0;
              return {
                period: a.period,
                entryId: a.entryId,
                prizeCents: a.prizeCents,
                teamAScore: r?.teamAScore ?? 0,
                teamBScore: r?.teamBScore ?? 0,
                cellIndex: a.cellIndex,
                rolledOverCents: a.entryId ? Math.max(0, a.prizeCents - base) : 0,
              };
            }),
          });
        }
        return { before, changed: true };
      });
    },

    /**
     * Admin: what entering this score for a period would do, without saving anything: the period's score and
     * the code on its winning cell as they stand (null while unscored) and as they would be. The same checks as
     * scoring (the board is locked or settled, the period is the board's, the scores fit the sport).
     */
    async previewScore(slug: string, input: ScoreInput): Promise<ScorePreview> {
      const { board, game } = await load(slug);
      const status = boardStatus({ ...board, ...gameTimes(game), now: clock.now() });
      if (status !== 'locked' && status !== 'settled') {
        throw new AppError(409, boardErrorCodes.notLocked, 'Scores are entered once the board is locked.');
      }
      refusePeriod(board, input.period);
      refuseScores(board, game, input);
      const axes = drawAxes(board.seed);
      const [cells, results] = await repo.readAll([() => repo.cells(board.id), () => repo.results(board.id)]);
      const holderOf = new Map(cells.map((c) => [c.cell, c.code]));
      const { row, column } = winningCell(axes, input.teamAScore, input.teamBScore);
      const cell = cellIndex(row, column);
      const found = results.find((r) => r.result.period === input.period);
      return {
        period: input.period,
        current: found
          ? {
              teamA: found.result.teamAScore,
              teamB: found.result.teamBScore,
              cell: found.result.cell,
              winnerCode: found.result.entryId ? found.code : null,
            }
          : null,
        next: { teamA: input.teamAScore, teamB: input.teamBScore, cell, winnerCode: holderOf.get(cell) ?? null },
      };
    },

    /**
     * A fan's entry. A replayed request (same idempotency key) answers with the entry it made, also once the
     * board has closed or the address has used its budget, and counts nothing. Otherwise the entry takes one
     * from its address's budget (429 past it) and is refused when its phone number already holds the most
     * entries one number may have on this board (counted in the claim, under the board's lock). The board's
     * mode applies first: no money on a free-to-play board, and the fan's state where the mode restricts states.
     */
    enter(slug: string, input: CreateEntryInput, viewer: { userId: string | null; address: ClientKey }) {
      return takeEntry(slug, input, viewer, false);
    },

    /**
     * A free entry on a sweepstakes board: the same cells at random, the same prizes and claim path as a paid
     * entry, with no amount and no checkout. Limited per phone number and per board as the board's rules say,
     * counted in the claim under the board's lock (two requests at once never both pass a limit).
     */
    freeEnter(slug: string, input: CreateFreeEntryInput, viewer: { userId: string | null; address: ClientKey }) {
      const { code, ...entry } = input;
      return takeEntry(slug, { ...entry, amountCents: null }, viewer, true, code);
    },

    /**
     * Texts the one-time code a free entry on this board needs to `phone` (free-entry-codes.ts): only on a
     * sweepstakes board that takes entries now, and within the send limits per number, address and board.
     */
    async sendFreeEntryCode(slug: string, phone: string, address: ClientKey) {
      const { board, game } = await load(slug);
      if (!freeEntryOffered(board.mode)) {
        throw new AppError(409, boardErrorCodes.freeEntryNotOffered, legalMessages.freeEntryNotOffered);
      }
      if (!deps.freeEntryCodes) throw new Error('free entry codes are not wired');
      const closure = await closureOf(board, game, clock.now());
      if (closure === 'full') {
        throw new AppError(409, boardErrorCodes.full, entryMessages.full, {
          nextBoard: (await repo.nextBoardSlug(board)) ?? '',
        });
      }
      if (closure === 'locked') throw new AppError(409, boardErrorCodes.locked, entryMessages.locked);
      if (closure) throw new AppError(409, boardErrorCodes.notOpen, entryMessages[closure]);
      const { expiresAt } = await deps.freeEntryCodes.send(
        { id: board.id, teamA: game.teamA, teamB: game.teamB },
        phone,
        address,
      );
      return {
        expiresAt: expiresAt.toISOString(),
        message: freeEntryCodeMessages.sent(Math.round(FREE_ENTRY_CODE_TTL_MS / 60_000)),
      };
    },

    /**
     * Admin: an organizer adds an entry for a fan (say, paid in cash at the venue) while the board is scheduled
     * or open. It takes random free cells like any entry, never a checkout. The entrant's eligibility is the
     * board's as for a fan's own entry, with the same messages: the board's amount rule, the state where the
     * mode asks for one (an excluded state refused) and the age tick; a text consent is stored with its wording
     * and time as a fan's is, and an email to tell the entry of a win.
     */
    async addEntry(slug: string, input: AdminEntryInput): Promise<EntryCreated & { replayed?: true }> {
      const { board, game, now, status } = await loadWithStatus(slug);
      if (status !== 'scheduled' && status !== 'open') {
        throw new AppError(409, boardErrorCodes.closed, 'Entries can only be added before the board locks.');
      }
      // The board's amount rule applies as it does to a fan's entry, with the same messages: no money on a board
      // whose mode takes none, and on a board that takes an amount one that fits its rule ($0 or none is
      // refused there: 'Enter an amount of at least $1.', 'Choose a support amount.').
      refuseMoney(board, input.amountCents);
      const problem = amountProblem(board.entryRule, input.amountCents ?? null);
      if (problem) throw new AppError(400, boardErrorCodes.amount, problem, { amountCents: problem });
      refuseState(board, input.state || undefined);
      if (input.ageConfirmed !== true) {
        throw new AppError(400, errorCodes.validation, ageTickMessage, { ageConfirmed: ageTickMessage });
      }
      const amountCents = input.amountCents || null;
      // Consent means a phone to text (the contract refuses one without it).
      const consent = input.smsConsent === true && Boolean(input.phone);
      const created = await place(
        board,
        game,
        {
          boardId: board.id,
          userId: null,
          phone: input.phone || null,
          nickname: input.nickname,
          amountCents,
          teamSupport: input.teamSupport || null,
          organization: input.organization || board.organization,
          referralCode: input.referralCode || null,
          gameCode: input.gameCode || null,
          ticketNumber: ticketNumber(random),
          idempotencyKey: `admin-${input.idempotencyKey ?? `${ticketNumber(random)}${ticketNumber(random)}`}`,
          createdAt: now,
          smsConsent: consent,
          smsConsentText: consent ? SMS_CONSENT_TEXT : null,
          smsConsentedAt: consent ? now : null,
          state: input.state || null,
          ageConfirmedAt: now,
        },
        // An organizer's entry (cash at the venue, say) is not limited per number; it still counts
        // towards that number's entries when the fan enters on their own.
        { checkout: false, phoneLimit: null },
      );
      // A replay keeps what the first request stored.
      if (!created.replayed) await repo.markAddedByAdmin(created.id, input.email || null);
      return created;
    },
  };
}
export type BoardsService = ReturnType<typeof createBoardsService>;
