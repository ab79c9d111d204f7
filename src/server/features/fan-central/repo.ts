import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oneRow } from '../../db/one-row';
import {
  fanLocalImports,
  fanProfiles,
  fanTrophyItems,
  gamingAchievements,
  gamingPageProfiles,
  gamingProfiles,
  gamingTrophies,
} from '../../db/schema';
import { type Tx, withUserListsLock } from '../../db/user-lock';

export type FanProfileRow = typeof fanProfiles.$inferSelect;
export type TrophyItemRow = typeof fanTrophyItems.$inferSelect;
export type GamingProfileRow = typeof gamingProfiles.$inferSelect;
export type AchievementRow = typeof gamingAchievements.$inferSelect;
export type GamingTrophyRow = typeof gamingTrophies.$inferSelect;
export type GamingPageProfileRow = typeof gamingPageProfiles.$inferSelect;
export type FanLocalImportRow = typeof fanLocalImports.$inferSelect;

type ProfileValues = Partial<Omit<FanProfileRow, 'userId' | 'updatedAt'>>;
type HandleValues = Partial<Omit<GamingProfileRow, 'userId' | 'updatedAt'>>;
type PageValues = Partial<Omit<GamingPageProfileRow, 'userId' | 'updatedAt'>>;

/** SQL for Fan Central. Every read and write is scoped to the owner's user id. */
function queries(db: Db) {
  return {
    // ---- fan profile ----
    async profile(userId: string): Promise<FanProfileRow | undefined> {
      const [row] = await db.select().from(fanProfiles).where(eq(fanProfiles.userId, userId));
      return row;
    },

    /** Inserts or updates the fan's profile row with `values`; returns the row after. */
    async saveProfile(userId: string, values: ProfileValues, now: Date): Promise<FanProfileRow> {
      return oneRow(
        await db
          .insert(fanProfiles)
          .values({ userId, ...values, updatedAt: now })
          .onConflictDoUpdate({ target: fanProfiles.userId, set: { ...values, updatedAt: now } })
          .returning(),
        'upsert',
      );
    },

    trophyItems(userId: string): Promise<TrophyItemRow[]> {
      return db
        .select()
        .from(fanTrophyItems)
        .where(eq(fanTrophyItems.userId, userId))
        .orderBy(desc(fanTrophyItems.createdAt), desc(fanTrophyItems.id));
    },

    async countTrophyItems(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(fanTrophyItems).where(eq(fanTrophyItems.userId, userId));
      return row?.n ?? 0;
    },

    async insertTrophyItems(rows: Array<typeof fanTrophyItems.$inferInsert>): Promise<TrophyItemRow[]> {
      return rows.length === 0 ? [] : db.insert(fanTrophyItems).values(rows).returning();
    },

    async removeTrophyItem(id: string, userId: string): Promise<boolean> {
      const rows = await db
        .delete(fanTrophyItems)
        .where(and(eq(fanTrophyItems.id, id), eq(fanTrophyItems.userId, userId)))
        .returning({ id: fanTrophyItems.id });
      return rows.length > 0;
    },

    // ---- gaming profile ----
    async gamingProfile(userId: string): Promise<GamingProfileRow | undefined> {
      const [row] = await db.select().from(gamingProfiles).where(eq(gamingProfiles.userId, userId));
      return row;
    },

    async saveHandles(userId: string, values: HandleValues, now: Date): Promise<GamingProfileRow> {
      return oneRow(
        await db
          .insert(gamingProfiles)
          .values({ userId, ...values, updatedAt: now })
          .onConflictDoUpdate({ target: gamingProfiles.userId, set: { ...values, updatedAt: now } })
          .returning(),
        'upsert',
      );
    },

    achievements(userId: string): Promise<AchievementRow[]> {
      return db
        .select()
        .from(gamingAchievements)
        .where(eq(gamingAchievements.userId, userId))
        .orderBy(desc(gamingAchievements.createdAt), desc(gamingAchievements.id));
    },

    async countAchievements(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(gamingAchievements)
        .where(eq(gamingAchievements.userId, userId));
      return row?.n ?? 0;
    },

    async insertAchievements(rows: Array<typeof gamingAchievements.$inferInsert>): Promise<AchievementRow[]> {
      return rows.length === 0 ? [] : db.insert(gamingAchievements).values(rows).returning();
    },

    async setTrackingLink(
      id: string,
      userId: string,
      trackingLink: string | null,
    ): Promise<AchievementRow | undefined> {
      const [row] = await db
        .update(gamingAchievements)
        .set({ trackingLink })
        .where(and(eq(gamingAchievements.id, id), eq(gamingAchievements.userId, userId)))
        .returning();
      return row;
    },

    async removeAchievement(id: string, userId: string): Promise<boolean> {
      const rows = await db
        .delete(gamingAchievements)
        .where(and(eq(gamingAchievements.id, id), eq(gamingAchievements.userId, userId)))
        .returning({ id: gamingAchievements.id });
      return rows.length > 0;
    },

    gamingTrophies(userId: string): Promise<GamingTrophyRow[]> {
      return db
        .select()
        .from(gamingTrophies)
        .where(eq(gamingTrophies.userId, userId))
        .orderBy(desc(gamingTrophies.createdAt), desc(gamingTrophies.id));
    },

    async countGamingTrophies(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(gamingTrophies).where(eq(gamingTrophies.userId, userId));
      return row?.n ?? 0;
    },

    async insertGamingTrophies(rows: Array<typeof gamingTrophies.$inferInsert>): Promise<GamingTrophyRow[]> {
      return rows.length === 0 ? [] : db.insert(gamingTrophies).values(rows).returning();
    },

    async removeGamingTrophy(id: string, userId: string): Promise<boolean> {
      const rows = await db
        .delete(gamingTrophies)
        .where(and(eq(gamingTrophies.id, id), eq(gamingTrophies.userId, userId)))
        .returning({ id: gamingTrophies.id });
      return rows.length > 0;
    },

    // ---- gaming page profile ----
    async pageProfile(userId: string): Promise<GamingPageProfileRow | undefined> {
      const [row] = await db.select().from(gamingPageProfiles).where(eq(gamingPageProfiles.userId, userId));
      return row;
    },

    async savePageProfile(userId: string, values: PageValues, now: Date): Promise<GamingPageProfileRow> {
      return oneRow(
        await db
          .insert(gamingPageProfiles)
          .values({ userId, ...values, updatedAt: now })
          .onConflictDoUpdate({ target: gamingPageProfiles.userId, set: { ...values, updatedAt: now } })
          .returning(),
        'upsert',
      );
    },

    // ---- the one-time local import ----
    async localImport(userId: string): Promise<FanLocalImportRow | undefined> {
      const [row] = await db.select().from(fanLocalImports).where(eq(fanLocalImports.userId, userId));
      return row;
    },

    async recordLocalImport(row: FanLocalImportRow): Promise<void> {
      await db.insert(fanLocalImports).values(row);
    },
  };
}
export type FanCentralQueries = ReturnType<typeof queries>;

export function createFanCentralRepo(db: Db) {
  return {
    ...queries(db),
    /**
     * Runs `work` in a transaction holding the fan's list lock (db/user-lock.ts), with queries bound to
     * that transaction: read-check-write of a capped list happens one request at a time per account.
     */
    locked<T>(userId: string, work: (q: FanCentralQueries, tx: Tx) => Promise<T>): Promise<T> {
      return withUserListsLock(db, userId, (tx) => work(queries(tx), tx));
    },
  };
}
export type FanCentralRepo = ReturnType<typeof createFanCentralRepo>;
