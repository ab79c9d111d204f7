import { randomBytes } from 'node:crypto';
import type { AdminAddEntryInput, FeedLeague } from '../../../shared/contracts/admin';
import type { AwardKind } from '../../../shared/contracts/awards';
import { type BoardLegal, type BoardView, boardErrorCodes } from '../../../shared/contracts/boards';
import type { MyEntryPrize } from '../../../shared/contracts/prize-responses';
import { boardStatus, type Random, seedCommitment } from '../../../shared/domain/boards';
import type { FeedOutcome, FeedState } from '../../../shared/domain/feed-periods';
import {
  type BoardMode,
  defaultExcludedStates,
  legalMessages,
  moneyAllowed,
  publishedLegal,
  stateProblem,
} from '../../../shared/domain/legal';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { MailSender } from '../../platform/mail/notifications';
import type { BoardReads, BoardRow, GameRow } from './board-reads';
import type { EntrantNotice } from './ends';
import type { BoardEndsRepo } from './ends-repo';
import type { EntryBudget } from './entry-budget';
import type { FreeEntryCodes } from './free-entry-codes';
import type { BoardsRepo } from './repo';

/** What the board's status needs of its game: its start, and an earlier opening kept through a postponement. */
export const gameTimes = (game: { startsAt: Date; opensAt: Date | null }) => ({
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
  /** Which of the period's awards (contracts/awards); one prize per board, period and kind. */
  kind: AwardKind;
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
export type EntryBudgetCount = ReturnType<EntryBudget['counted']>;

/** What the boards service is made of: its SQL, its clock and randomness, and the features it calls. */
export interface BoardsDeps {
  repo: BoardsRepo;
  /** A board's end (cancelled or voided) under its lock, and who to tell (ends-repo.ts). */
  endsRepo: BoardEndsRepo;
  clock: Clock;
  random: Random;
  /** How long a paid entry's cells are held while its checkout is open (config.ts PAYMENT_HOLD_SECONDS). */
  holdMs: number;
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
  mailer?: MailSender;
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
}

/** What every part of the boards service shares: its settings, the board's loading and the entry rules. */
export function createBoardContext(deps: BoardsDeps, repo: Pick<BoardReads, 'findBoard'>) {
  const { repo: _sql, endsRepo: _endsSql, ...rest } = deps;
  const { clock } = deps;
  const { holdMs } = deps;
  const entriesPerPhone = deps.entriesPerPhone ?? null;
  const excludedStates = deps.excludedStates ?? defaultExcludedStates;

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

  return {
    /** The service's other dependencies (each part has its own SQL). */
    deps: rest,
    clock,
    holdMs,
    entriesPerPhone,
    load,
    loadWithStatus,
    legalOf,
    drawnAt,
    refuseMoney,
    refuseState,
  };
}
export type BoardContext = ReturnType<typeof createBoardContext>;
