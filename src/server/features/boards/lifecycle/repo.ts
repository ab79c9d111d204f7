import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { BoardLockedEvent } from '../../../../shared/contracts/board-events';
import type { Db } from '../../../db/client';
import { oneRow } from '../../../db/one-row';
import { boards, entries, games, user } from '../../../db/schema';
import { updateIf } from '../../../db/update-if';
import { lockOnce } from '../board-reads';
import { publishBoardEvent } from '../events';

/** SQL of a board's life: its game and its making, opening, moving, notices, feed problems and lock. */
export function createLifecycleRepo(db: Db) {
  return {
    /**
     * Opens the board now ('Open now') unless it was opened early already, or locked, settled or cancelled;
     * answers whether this call opened it. Live viewers are told to re-read the board (`resync`), which now
     * takes entries.
     */
    async setOpened(boardId: string, now: Date): Promise<boolean> {
      const notYet = [boards.openedAt, boards.lockedAt, boards.settledAt, boards.cancelledAt].map((at) => isNull(at));
      const opened = await updateIf(db, boards, { openedAt: now }, and(eq(boards.id, boardId), ...notYet));
      if (opened) await publishBoardEvent(db, boardId, 'resync', {});
      return opened;
    },

    async gameById(id: string) {
      return (await db.select().from(games).where(eq(games.id, id)))[0];
    },

    async gameByFeedId(feedId: string) {
      return (await db.select().from(games).where(eq(games.feedId, feedId)).orderBy(asc(games.startsAt)))[0];
    },

    async slugTaken(table: 'boards' | 'games', slug: string) {
      const t = table === 'boards' ? boards : games;
      const [row] = await db.select({ n: count() }).from(t).where(eq(t.slug, slug));
      return (row?.n ?? 0) > 0;
    },

    async insertGame(game: typeof games.$inferInsert) {
      return oneRow(await db.insert(games).values(game).returning(), 'insertGame');
    },

    async nextSequence(gameId: string) {
      const [row] = await db
        .select({ max: sql<number>`coalesce(max(${boards.sequence}), 0)::int` })
        .from(boards)
        .where(eq(boards.gameId, gameId));
      return (row?.max ?? 0) + 1;
    },

    async insertBoard(board: typeof boards.$inferInsert) {
      return oneRow(await db.insert(boards).values(board).returning(), 'insertBoard');
    },

    async setGameStart(gameId: string, startsAt: Date, opensAt: Date | null) {
      await db.update(games).set({ startsAt, opensAt }).where(eq(games.id, gameId));
    },

    /** Sets what the board's entrants are told; answers whether it changed (the same notice is told once). */
    async setNotice(boardId: string, notice: string): Promise<boolean> {
      return updateIf(
        db,
        boards,
        { notice },
        and(eq(boards.id, boardId), sql`${boards.notice} is distinct from ${notice}`),
      );
    },

    async setFeedProblem(boardId: string, problem: string | null) {
      await db
        .update(boards)
        .set({ feedProblem: problem })
        .where(and(eq(boards.id, boardId), sql`${boards.feedProblem} is distinct from ${problem}`));
    },

    async setManualScoring(boardId: string, manual: boolean) {
      await db.update(boards).set({ manualScoring: manual }).where(eq(boards.id, boardId));
    },

    /** The email of each signed-in account holding an entry on the board (each once). */
    async entrantEmails(boardId: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ email: user.email })
        .from(entries)
        .innerJoin(user, eq(entries.userId, user.id))
        .where(and(eq(entries.boardId, boardId), sql`${entries.status} <> 'released'`));
      return rows.map((r) => r.email).filter((e) => e.includes('@'));
    },

    /**
     * Boards whose game has started (by its stored start time) that nobody has locked, cancelled or settled
     * yet, oldest start first, at most `limit`.
     */
    async boardsDueToLock(now: Date, limit: number): Promise<{ slug: string }[]> {
      return db
        .select({ slug: boards.slug })
        .from(boards)
        .innerJoin(games, eq(boards.gameId, games.id))
        .where(
          and(
            sql`${boards.lockedAt} is null`,
            sql`${boards.cancelledAt} is null`,
            sql`${boards.voidedAt} is null`,
            sql`${boards.settledAt} is null`,
            sql`${games.startsAt} <= ${now}`,
          ),
        )
        .orderBy(asc(games.startsAt), asc(boards.slug))
        .limit(limit);
    },

    /** The boards of a game that are not cancelled or voided. */
    async liveBoardsOfGame(gameId: string) {
      return db
        .select({ id: boards.id, slug: boards.slug })
        .from(boards)
        .where(and(eq(boards.gameId, gameId), sql`${boards.cancelledAt} is null`, sql`${boards.voidedAt} is null`))
        .orderBy(asc(boards.slug));
    },

    /** Locks the board (once) and, in the same transaction, tells live viewers its revealed draw. */
    async setLocked(boardId: string, now: Date, draw: BoardLockedEvent) {
      await db.transaction(async (tx) => {
        await lockOnce(tx, boardId, now, draw);
      });
    },
  };
}
export type LifecycleRepo = ReturnType<typeof createLifecycleRepo>;
