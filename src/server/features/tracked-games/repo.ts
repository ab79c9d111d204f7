import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { trackedGames } from '../../db/schema';

export type TrackedGameRow = typeof trackedGames.$inferSelect;
export type NewTrackedGame = typeof trackedGames.$inferInsert;

/** SQL for a fan's tracked games. Every read and write is scoped to the owner's user id. */
export function createTrackedGamesRepo(db: Db) {
  const owned = (id: string, userId: string) => and(eq(trackedGames.id, id), eq(trackedGames.userId, userId));
  return {
    /** The fan's games, newest first. */
    list(userId: string): Promise<TrackedGameRow[]> {
      return db
        .select()
        .from(trackedGames)
        .where(eq(trackedGames.userId, userId))
        .orderBy(desc(trackedGames.createdAt), desc(trackedGames.id));
    },

    async insert(row: NewTrackedGame): Promise<TrackedGameRow> {
      const [created] = await db.insert(trackedGames).values(row).returning();
      if (!created) throw new Error('insert returned no row');
      return created;
    },

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

    async remove(id: string, userId: string): Promise<boolean> {
      const rows = await db.delete(trackedGames).where(owned(id, userId)).returning({ id: trackedGames.id });
      return rows.length > 0;
    },
  };
}
export type TrackedGamesRepo = ReturnType<typeof createTrackedGamesRepo>;
