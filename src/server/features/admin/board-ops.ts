import {
  type AdminAddEntryInput,
  type AdminBoardSummary,
  type AdminEntry,
  adminErrorCodes,
  adminMessages,
  type CreateBoardInput,
} from '../../../shared/contracts/admin';
import type { ScoreInput } from '../../../shared/contracts/boards';
import { errorCodes } from '../../../shared/contracts/errors';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { BoardsService } from '../boards';
import { summary, toEntry } from './present';
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
  | 'score'
  | 'lockClaims'
  | 'deleteEntry'
  | 'markPledgeCollected'
>;

/** What the audit log keeps of an entry. */
const auditedEntry = (e: AdminEntry) => ({
  board: e.boardSlug,
  code: e.code,
  nickname: e.nickname,
  phone: e.phone,
  ticketNumber: e.ticketNumber,
  cells: e.cells,
  amountCents: e.amountCents,
  donationCommitmentCents: e.donationCommitmentCents,
  paymentState: e.paymentState,
});

/**
 * Admin's changes to boards and entries, each through the boards feature (the AdminBoards port). Every change
 * runs in one transaction with its audit record, so the log never misses a change nor records one that did
 * not happen.
 */
export function createAdminBoardOps(deps: {
  db: Db;
  repo: AdminRepo;
  clock: Clock;
  /** The boards rules bound to a transaction, so the audit record commits with the change or not at all. */
  boardsIn: (tx: Tx) => AdminBoards;
}) {
  const { db, repo, clock } = deps;

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
        return { result: entry, before: null, after: auditedEntry(entry) };
      });
    },

    /** Deletes an entry before its board locks; its cells are free again at once. */
    async deleteEntry(actor: Actor, id: string): Promise<void> {
      const found = await entryOr404(id);
      await audited(actor, 'entry.delete', found.board.slug, async (tx) => {
        // The board's claim lock: a delete never interleaves with a claim, on any server instance.
        const boardsTx = deps.boardsIn(tx);
        await boardsTx.lockClaims(found.entry.boardId);
        const row = await entryOr404(id, tx);
        const entry = toEntry(row, clock.now());
        if (!entry.deletable) {
          throw new AppError(
            409,
            adminErrorCodes.entryLocked,
            'This board is locked: its entries stay as drawn. Cancel the board to void it.',
          );
        }
        await boardsTx.deleteEntry({ id: row.entry.id, boardId: row.entry.boardId });
        return { result: undefined, before: auditedEntry(entry), after: null };
      });
    },

    /** Marks an entry's pledge as collected (cash, transfer…); marking it again changes nothing. */
    async markPaid(actor: Actor, id: string): Promise<AdminEntry> {
      return db.transaction(async (tx) => {
        const row = await entryOr404(id, tx);
        const entry = toEntry(row, clock.now());
        if (entry.paymentState === 'collected') return entry;
        const refuse = {
          paid: 'This entry was paid through checkout.',
          'awaiting-payment': 'This entry is still waiting for its checkout; it settles when the payment arrives.',
          none: 'This entry has no pledged amount to collect.',
        } as const;
        if (entry.paymentState !== 'pledged') {
          throw new AppError(409, adminErrorCodes.noPledge, refuse[entry.paymentState]);
        }
        const now = clock.now();
        await deps.boardsIn(tx).markPledgeCollected(id, now);
        const after = { ...entry, paymentState: 'collected' as const };
        await repo.audit(tx, {
          at: now,
          actor,
          action: 'entry.mark-paid',
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
        const created = summary(board, game, 0, clock.now());
        const { seed: _secret, ...publicBoard } = board;
        return {
          result: created,
          before: null,
          after: { ...publicBoard, game: created.game, status: created.status },
        };
      });
    },

    /** Cancel or lock a board; doing it again changes nothing and is not logged twice. */
    async setBoardState(actor: Actor, slug: string, action: 'lock' | 'cancel'): Promise<AdminBoardSummary> {
      return audited(actor, `board.${action}`, slug, async (tx) => {
        const boardsTx = deps.boardsIn(tx);
        const beforeView = await boardsTx.view(slug);
        if (action === 'lock') await boardsTx.lock(slug);
        else await boardsTx.cancel(slug);
        const afterView = await boardsTx.view(slug);
        const [found] = await repo.boardList({ slug }, tx);
        if (!found) throw new Error(`board ${slug} vanished in its own transaction`);
        const result = summary(found.board, found.game, found.entryCount, clock.now());
        if (beforeView.status === afterView.status) return { result, unchanged: true as const };
        return { result, before: { status: beforeView.status }, after: { status: afterView.status } };
      });
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
