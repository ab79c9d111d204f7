import {
  type AdminAddEntryInput,
  type AdminBoardDetail,
  type AdminBoardSummary,
  type AdminEntry,
  type AdminMarkCollectedResult,
  adminErrorCodes,
  adminMessages,
  type CreateBoardInput,
  type PaymentState,
} from '../../../shared/contracts/admin';
import type { LiveScore, ScoreInput, ScorePreview } from '../../../shared/contracts/boards';
import { errorCodes } from '../../../shared/contracts/errors';
import type { BoardMode } from '../../../shared/domain/legal';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { BoardsService } from '../boards';
import { createAdminListings } from './listings';
import { type EntryRow, summary, toEntry } from './present';
import type { AdminRepo, Tx } from './repo';

/** Who made an admin change, as the audit log shows it. */
export type Actor = string;

/**
 * What admin needs of the boards feature: only boards writes board entries and cells, takes the claim lock
 * and publishes board events; admin calls it for every such change.
 */
export type AdminBoards = Pick<
  BoardsService,
  | 'addEntry'
  | 'createBoard'
  | 'view'
  | 'lock'
  | 'cancel'
  | 'voidBoard'
  | 'score'
  | 'confirmResult'
  | 'setScoring'
  | 'lockClaims'
  | 'removeEntry'
  | 'markCashReturned'
  | 'markPledgeCollected'
  | 'clearPledgeCollected'
  | 'open'
  | 'previewScore'
>;

/** Why an entry's pledge cannot be marked collected, by its payment state (what the 409 says). */
export const notCollectable: Record<Exclude<PaymentState, 'pledged' | 'collected'>, string> = {
  paid: 'This entry was paid through checkout.',
  'awaiting-payment': 'This entry is still waiting for its checkout; it settles when the payment arrives.',
  none: 'This entry has no pledged amount to collect.',
  refunded: 'This entry’s payment was refunded.',
  cancelled: 'This entry’s board was cancelled: there is nothing to collect.',
  'to-return': 'This entry’s cash is to be returned to the entrant.',
  returned: 'This entry’s cash was returned to the entrant.',
};

/** What the audit log keeps of an entry. */
export const auditedEntry = (e: AdminEntry) => ({
  board: e.boardSlug,
  code: e.code,
  nickname: e.nickname,
  phone: e.phone,
  ticketNumber: e.ticketNumber,
  cells: e.cells,
  amountCents: e.amountCents,
  donationCommitmentCents: e.donationCommitmentCents,
  paymentState: e.paymentState,
  state: e.state,
});

/**
 * What the audit log keeps of an organizer's new entry: the entry, and the eligibility and ways to reach the
 * entrant that the organizer gave for them.
 */
export const auditedAddition = (e: AdminEntry, input: AdminAddEntryInput) => ({
  ...auditedEntry(e),
  email: input.email || null,
  smsConsent: input.smsConsent === true && Boolean(input.phone),
  ageConfirmed: input.ageConfirmed === true,
});

/** What admin's board operations are given (the admin service passes its own deps on). */
export interface AdminBoardOpsDeps {
  db: Db;
  repo: AdminRepo;
  clock: Clock;
  /** The boards rules bound to a transaction, so the audit record commits with the change or not at all. */
  boardsIn: (tx: Tx) => AdminBoards;
  /**
   * What follows a cancellation once its transaction has committed (refunds through the payment provider, and
   * emails): never inside the transaction, which a slow provider would hold open.
   */
  afterCancel?: (slug: string) => Promise<unknown>;
  /** The states each mode excludes (configuration), published with each board's legal settings. */
  excludedStates?: Record<BoardMode, readonly string[]>;
  /**
   * A feed game's live score (the feed feature), shown on the board detail (as on the public board) that an
   * operation answers with.
   */
  liveGame?: (feedId: string) => Promise<LiveScore | null>;
}

/**
 * Admin's changes to boards and entries, each through the boards feature (the AdminBoards port). Every change
 * runs in one transaction with its audit record, so the log never misses a change nor records one that did
 * not happen.
 */
export function createAdminBoardOps(deps: AdminBoardOpsDeps) {
  const { db, repo, clock } = deps;
  const detail = (slug: string) =>
    createAdminListings({ repo, clock, liveGame: deps.liveGame, excludedStates: deps.excludedStates }).board(slug);

  /** Runs a change and its audit record in one transaction. */
  function audited<T>(
    actor: Actor,
    action: string,
    target: string,
    change: (tx: Tx) => Promise<{ result: T; before: unknown; after: unknown } | { result: T; unchanged: true }>,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      const outcome = await change(tx);
      if (!('unchanged' in outcome)) {
        await repo.audit(tx, { at: clock.now(), actor, action, target, before: outcome.before, after: outcome.after });
      }
      return outcome.result;
    });
  }

  async function entryOr404(id: string, q?: Tx) {
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await repo.entryById(id, q) : undefined;
    if (!row)
      throw new AppError(404, adminErrorCodes.entryNotFound, 'That entry does not exist (it may have been deleted).');
    return row;
  }

  /**
   * Marks one entry's pledge collected in `tx`, audited: 'marked' (this call changed it), 'already' (it was
   * collected: nothing changes, nothing is logged) or 'refused' (nothing to collect, with why).
   */
  async function markOne(
    tx: Tx,
    actor: Actor,
    row: EntryRow,
  ): Promise<
    | { kind: 'marked'; entry: AdminEntry }
    | { kind: 'already'; entry: AdminEntry }
    | { kind: 'refused'; entry: AdminEntry; message: string }
  > {
    const now = clock.now();
    const entry = toEntry(row, now);
    if (entry.paymentState === 'collected') return { kind: 'already', entry };
    if (entry.paymentState !== 'pledged') {
      return { kind: 'refused', entry, message: notCollectable[entry.paymentState] };
    }
    // Conditional in the database: of two marks at once, one changes the entry and is audited.
    if (!(await deps.boardsIn(tx).markPledgeCollected(row.entry.id, now))) {
      return { kind: 'already', entry: toEntry({ ...row, entry: { ...row.entry, pledgeCollectedAt: now } }, now) };
    }
    const after = toEntry({ ...row, entry: { ...row.entry, pledgeCollectedAt: now } }, now);
    await repo.audit(tx, {
      at: now,
      actor,
      action: 'entry.mark-paid',
      target: entry.boardSlug,
      before: auditedEntry(entry),
      after: auditedEntry(after),
    });
    return { kind: 'marked', entry: after };
  }

  return {
    /** Entry add: a board (the "team") and a nickname are required. */
    async addEntry(actor: Actor, input: AdminAddEntryInput): Promise<AdminEntry> {
      const boardSlug = input.boardSlug?.trim() ?? '';
      const nickname = input.nickname?.trim() ?? '';
      if (!boardSlug || !nickname) {
        throw new AppError(400, errorCodes.validation, adminMessages.entryRequired, {
          ...(boardSlug ? {} : { boardSlug: 'Choose a game board' }),
          ...(nickname ? {} : { nickname: 'Nickname is required' }),
        });
      }
      return audited(actor, 'entry.add', boardSlug, async (tx) => {
        const created = await deps.boardsIn(tx).addEntry(boardSlug, { ...input, nickname });
        const row = await entryOr404(created.id, tx);
        const entry = toEntry(row, clock.now());
        // A replayed submission returns the entry it made the first time, and is not a second change.
        if (created.replayed) return { result: entry, unchanged: true as const };
        return { result: entry, before: null, after: auditedAddition(entry, input) };
      });
    },

    /** Marks an entry's pledge as collected (cash, transfer…); marking it again changes nothing. */
    async markPaid(actor: Actor, id: string): Promise<AdminEntry> {
      return db.transaction(async (tx) => {
        const row = await entryOr404(id, tx);
        const outcome = await markOne(tx, actor, row);
        if (outcome.kind === 'refused') {
          throw new AppError(409, adminErrorCodes.noPledge, outcome.message);
        }
        return outcome.entry;
      });
    },

    /**
     * Marks many entries' pledges collected at once (1 to 200 ids; an id named twice counts once), in one
     * transaction, each change audited as a single 'Mark collected' is. Entries with nothing to collect, already
     * collected or not found change nothing and are answered with why.
     */
    async markPaidMany(actor: Actor, ids: readonly string[]): Promise<AdminMarkCollectedResult> {
      const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
      return db.transaction(async (tx) => {
        const rows = new Map((await repo.entriesByIds(unique, tx)).map((r) => [r.entry.id, r]));
        const result: AdminMarkCollectedResult = { changed: [], unchanged: [] };
        for (const id of unique) {
          const row = rows.get(id);
          if (!row) {
            result.unchanged.push({
              id,
              reason: 'not-found',
              message: 'That entry does not exist (it may have been deleted).',
            });
            continue;
          }
          const outcome = await markOne(tx, actor, row);
          if (outcome.kind === 'marked') result.changed.push(outcome.entry);
          else if (outcome.kind === 'already') {
            result.unchanged.push({ id, reason: 'collected', message: 'This pledge is already marked collected.' });
          } else result.unchanged.push({ id, reason: 'not-pledged', message: outcome.message });
        }
        return result;
      });
    },

    /**
     * Undoes 'Mark collected' (marked by mistake): the pledge is outstanding again, audited with before and
     * after. 409 when the entry's pledge is not marked collected.
     */
    async unmarkPaid(actor: Actor, id: string): Promise<AdminEntry> {
      return db.transaction(async (tx) => {
        const row = await entryOr404(id, tx);
        const entry = toEntry(row, clock.now());
        // Cash owed back (to return, or returned) stays collected: that is its story.
        const notCollected = () =>
          new AppError(
            409,
            adminErrorCodes.notCollected,
            entry.paymentState === 'to-return' || entry.paymentState === 'returned'
              ? notCollectable[entry.paymentState]
              : 'This entry’s pledge is not marked collected.',
          );
        if (entry.paymentState !== 'collected') throw notCollected();
        // Conditional in the database: of two undos at once, one changes the entry and is audited.
        if (!(await deps.boardsIn(tx).clearPledgeCollected(row.entry.id))) throw notCollected();
        const after = toEntry({ ...row, entry: { ...row.entry, pledgeCollectedAt: null } }, clock.now());
        await repo.audit(tx, {
          at: clock.now(),
          actor,
          action: 'entry.unmark-paid',
          target: entry.boardSlug,
          before: auditedEntry(entry),
          after: auditedEntry(after),
        });
        return after;
      });
    },

    /** Creates a board on an existing game or a new one; the game's next board number is its sequence. */
    async createBoard(actor: Actor, input: CreateBoardInput): Promise<AdminBoardSummary> {
      return audited(actor, 'board.create', input.slug, async (tx) => {
        const { board, game } = await deps.boardsIn(tx).createBoard(input);
        const created = summary(board, game, 0, clock.now(), deps.excludedStates);
        const { seed: _secret, ...publicBoard } = board;
        return {
          result: created,
          before: null,
          after: { ...publicBoard, game: created.game, status: created.status },
        };
      });
    },

    /**
     * Cancel or lock a board; doing it again changes nothing and is not logged twice. A lock follows the
     * board's unfilled policy (it may cancel the board); a cancelled board's paid entries are then refunded and
     * its entrants told.
     */
    async setBoardState(actor: Actor, slug: string, action: 'lock' | 'cancel'): Promise<AdminBoardSummary> {
      let cancelledNow = false;
      const result = await audited(actor, `board.${action}`, slug, async (tx) => {
        const boardsTx = deps.boardsIn(tx);
        const beforeView = await boardsTx.view(slug);
        if (action === 'lock') await boardsTx.lock(slug);
        else await boardsTx.cancel(slug);
        const afterView = await boardsTx.view(slug);
        const [found] = await repo.boardList({ slug }, tx);
        if (!found) throw new Error(`board ${slug} vanished in its own transaction`);
        const result = summary(found.board, found.game, found.entryCount, clock.now(), deps.excludedStates);
        if (beforeView.status === afterView.status) return { result, unchanged: true as const };
        cancelledNow = afterView.status === 'cancelled';
        return { result, before: { status: beforeView.status }, after: { status: afterView.status } };
      });
      // Refunds and emails once, when this call cancelled the board (a repeat cancels nothing).
      if (cancelledNow) await deps.afterCancel?.(slug);
      return result;
    },

    /**
     * 'Open now': opens a scheduled board at once (squares can then be sold for days before the game), audited
     * with the status before and after. 409 when the board is not scheduled.
     */
    async openBoard(actor: Actor, slug: string): Promise<AdminBoardSummary> {
      return audited(actor, 'board.open', slug, async (tx) => {
        const { openedAt } = await deps.boardsIn(tx).open(slug);
        const [found] = await repo.boardList({ slug }, tx);
        if (!found) throw new Error(`board ${slug} vanished in its own transaction`);
        const result = summary(found.board, found.game, found.entryCount, clock.now(), deps.excludedStates);
        return {
          result,
          before: { status: 'scheduled', openedAt: null },
          after: { status: result.status, openedAt: openedAt.toISOString() },
        };
      });
    },

    /** What entering a period's score would change (old and new winner), without changing anything. */
    async previewScore(slug: string, input: ScoreInput): Promise<ScorePreview> {
      return db.transaction(async (tx) => deps.boardsIn(tx).previewScore(slug, input));
    },

    /** Confirms a period's score as it stands (the feed no longer changes it); audited once. */
    async confirmResult(actor: Actor, slug: string, period: string): Promise<AdminBoardDetail> {
      await audited(actor, 'board.confirm', slug, async (tx) => {
        const boardsTx = deps.boardsIn(tx);
        const confirmed = await boardsTx.confirmResult(slug, period);
        if (!confirmed) return { result: undefined, unchanged: true as const };
        const scored = (await boardsTx.view(slug)).results.find((r) => r.period === period);
        return {
          result: undefined,
          before: { period, confirmedAt: null },
          after: {
            period,
            teamAScore: scored?.teamAScore,
            teamBScore: scored?.teamBScore,
            source: scored?.source,
            confirmedAt: scored?.confirmedAt,
          },
        };
      });
      return detail(slug);
    },

    /** Switches a board between feed and manual scoring; audited when it changes. */
    async setScoring(actor: Actor, slug: string, scoring: 'feed' | 'manual'): Promise<AdminBoardSummary> {
      return audited(actor, 'board.scoring', slug, async (tx) => {
        const { before } = await deps.boardsIn(tx).setScoring(slug, scoring);
        const [found] = await repo.boardList({ slug }, tx);
        if (!found) throw new Error(`board ${slug} vanished in its own transaction`);
        const result = summary(found.board, found.game, found.entryCount, clock.now(), deps.excludedStates);
        if (before === scoring) return { result, unchanged: true as const };
        return { result, before: { scoring: before }, after: { scoring } };
      });
    },

    /** A change made by the app itself (the scores feed), audited under `actor`. */
    async recordChange(
      actor: Actor,
      change: { action: string; target: string; before: unknown; after: unknown },
    ): Promise<void> {
      await repo.audit(db, { at: clock.now(), actor, ...change });
    },

    /** Enters or corrects a period's statistics; the winners are recomputed and the change logged. */
    async score(actor: Actor, slug: string, input: ScoreInput) {
      return audited(actor, 'board.score', slug, async (tx) => {
        const boardsTx = deps.boardsIn(tx);
        const { before, changed } = await boardsTx.score(slug, input);
        const view = await boardsTx.view(slug);
        if (!changed) return { result: view, unchanged: true as const };
        const awarded = view.results.find((r) => r.period === input.period);
        return {
          result: view,
          before: before ? { period: input.period, ...before } : null,
          after: {
            period: input.period,
            teamAScore: input.teamAScore,
            teamBScore: input.teamBScore,
            winningCode: awarded?.code ?? null,
            prizeCents: awarded?.prizeCents ?? 0,
            status: view.status,
          },
        };
      });
    },
  };
}
