import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ownedList } from '../../db/owned-rows';
import { trackedGames } from '../../db/schema';
import { withUserListsLock } from '../../db/user-lock';

export type TrackedGameRow = typeof trackedGames.$inferSelect;
export type NewTrackedGame = typeof trackedGames.$inferInsert;

/** The writes that must happen under the fan's list lock (the cap is checked against `count`). */
function lockedOps(db: Db) {
  return {
    count: ownedList(db, trackedGames).count,

    async insert(row: NewTrackedGame): Promise<TrackedGameRow> {
      const [created] = await db.insert(trackedGames).values(row).returning();
      if (!created) throw new Error('insert returned no row');
      return created;
    },

    async insertMany(rows: NewTrackedGame[]): Promise<number> {
      if (rows.length === 0) return 0;
      return (await db.insert(trackedGames).values(rows).returning({ id: trackedGames.id })).length;
    },
  };
}
export type TrackedGamesLockedOps = ReturnType<typeof lockedOps>;

/** SQL for a fan's tracked games. Every read and write is scoped to the owner's user id. */
export function createTrackedGamesRepo(db: Db) {
  const owned = (id: string, userId: string) => and(eq(trackedGames.id, id), eq(trackedGames.userId, userId));
  const games = ownedList(db, trackedGames);
  return {
    /** Runs `work` holding the fan's list lock (see db/user-lock.ts), with writes bound to that transaction. */
    locked<T>(userId: string, work: (ops: TrackedGamesLockedOps) => Promise<T>): Promise<T> {
      return withUserListsLock(db, userId, (tx) => work(lockedOps(tx)));
    },

    /** The same writes inside a caller's transaction that already holds the fan's list lock. */
    within: (tx: Db) => lockedOps(tx),

    /** The fan's games, newest first. */
    list: games.list,

    async find(id: string, userId: string): Promise<TrackedGameRow | undefined> {
      const [row] = await db.select().from(trackedGames).where(owned(id, userId));
      return row;
    },

    async update(
      id: string,
      userId: string,
      change: Pick<TrackedGameRow, 'status' | 'releaseDate'>,
    ): Promise<TrackedGameRow | undefined> {
      const [row] = await db.update(trackedGames).set(change).where(owned(id, userId)).returning();
      return row;
    },

    remove: games.remove,
  };
}
export type TrackedGamesRepo = ReturnType<typeof createTrackedGamesRepo>;
