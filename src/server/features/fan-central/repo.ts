import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ownedList, ownedRow } from '../../db/owned-rows';
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

/** SQL for Fan Central. Every read and write is scoped to the owner's user id. */
function queries(db: Db) {
  const profile = ownedRow(db, fanProfiles);
  const handles = ownedRow(db, gamingProfiles);
  const pageProfile = ownedRow(db, gamingPageProfiles);
  return {
    // ---- fan profile ----
    profile: profile.get,
    /** Inserts or updates the fan's profile row with `values`; returns the row after. */
    saveProfile: profile.save,

    /** The trophy case (common.ts `fanLists` holds each list's cap and messages). */
    trophyItems: ownedList(db, fanTrophyItems),

    // ---- gaming profile ----
    gamingProfile: handles.get,
    saveHandles: handles.save,

    achievements: ownedList(db, gamingAchievements),

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

    gamingTrophies: ownedList(db, gamingTrophies),

    // ---- gaming page profile ----
    pageProfile: pageProfile.get,
    savePageProfile: pageProfile.save,

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
