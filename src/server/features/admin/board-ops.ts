import type { AdminBoardDetail, AdminBoardSummary, CreateBoardInput } from '../../../shared/contracts/admin';
import type { ScoreInput, ScorePreview } from '../../../shared/contracts/boards';
import { createAdminListings } from './listings';
import { type Actor, type AdminBoardOpsDeps, createAuditedChanges } from './ops-common';
import { summary } from './present';

/**
 * Admin's changes to boards, each through the boards feature (the AdminBoards port): creating, opening,
 * locking or cancelling one, and its scoring. Every change runs in one transaction with its audit record, so
 * the log never misses a change nor records one that did not happen.
 */
export function createAdminBoardOps(deps: AdminBoardOpsDeps) {
  const { db, repo, clock } = deps;
  const { audited } = createAuditedChanges(deps);
  const detail = (slug: string) =>
    createAdminListings({ repo, clock, liveGame: deps.liveGame, excludedStates: deps.excludedStates }).board(slug);

  return {
    /** Creates a board on an existing game or a new one; the game's next board number is its sequence. */
    async createBoard(actor: Actor, input: CreateBoardInput): Promise<AdminBoardSummary> {
      return audited(actor, 'board.create', input.slug, async (tx) => {
        const { board, game } = await deps.boardsIn(tx).createBoard({ ...input, organizationId: deps.organizationId });
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
