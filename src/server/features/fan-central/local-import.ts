import {
  fanCardKeys,
  type ImportSummary,
  type LocalImport,
  type LocalImportResult,
} from '../../../shared/contracts/fan-central';
import {
  type FavoriteList,
  fanProfileLimits,
  favoriteLists,
  fillUnset,
  mergeFavorites,
} from '../../../shared/domain/fan-profile';
import {
  consoleHandleKeys,
  dateEarnedProblem,
  gamingProfileLimits,
  pageProfileKeys,
} from '../../../shared/domain/gaming-profile';
import { createFanLists, type FanCentralDeps, handlesOf, pageView } from './common';

/** The one-time import of a visitor's local data into their new account, and whether it happened. */
export function createLocalImport(deps: FanCentralDeps) {
  const { repo, clock, trackedGames } = deps;
  const { latestDay } = createFanLists(deps);

  return {
    async importStatus(userId: string): Promise<{ importedAt: string | null }> {
      return { importedAt: (await repo.localImport(userId))?.importedAt.toISOString() ?? null };
    },

    /**
     * The visitor's local data, once per account: unset fields are filled (never overwritten), favorites
     * merged without duplicates, items added as far as the limits allow. A second call (a replay, another
     * tab) imports nothing and answers the first import's summary.
     */
    importLocal(userId: string, data: LocalImport): Promise<LocalImportResult> {
      return repo.locked(userId, async (q, tx) => {
        const earlier = await q.localImport(userId);
        if (earlier) {
          return { alreadyImported: true, importedAt: earlier.importedAt.toISOString(), summary: earlier.summary };
        }
        const now = clock.now();
        const when = (dateAdded: string | undefined) => {
          const t = dateAdded ? new Date(dateAdded) : now;
          return t.getTime() > now.getTime() ? now : t;
        };
        const latest = latestDay();
        const earned = (d: string | null) => (dateEarnedProblem(d, latest) ? null : d);
        const summary: ImportSummary = {
          profileFields: 0,
          favorites: 0,
          trophyItems: 0,
          games: 0,
          achievements: 0,
          gamingTrophies: 0,
          skipped: 0,
        };

        if (data.fanProfile) {
          const f = data.fanProfile;
          const row = await q.profile(userId);
          const card = fillUnset(
            {
              name: row?.name ?? null,
              favoriteMascot: row?.favoriteMascot ?? null,
              favoriteCollege: row?.favoriteCollege ?? null,
            },
            f,
            fanCardKeys,
          );
          summary.profileFields += card.filled;
          const lists: Partial<Record<FavoriteList, string[]>> = {};
          for (const list of favoriteLists) {
            const merged = mergeFavorites(row?.[list] ?? [], f[list]);
            lists[list] = merged.list;
            summary.favorites += merged.added;
            summary.skipped += merged.skipped;
          }
          await q.saveProfile(userId, { ...card.merged, ...lists }, now);

          const room = Math.max(0, fanProfileLimits.trophies - (await q.countTrophyItems(userId)));
          const trophies = await q.insertTrophyItems(
            f.trophyCase
              .slice(0, room)
              .map((t) => ({ userId, type: t.type, name: t.name, team: t.team, createdAt: when(t.dateAdded) })),
          );
          summary.trophyItems += trophies.length;
          summary.skipped += f.trophyCase.length - trophies.length;

          const games = await trackedGames.importInto(tx, userId, f.games);
          summary.games += games.added;
          summary.skipped += games.skipped;
        }

        if (data.gamingProfile) {
          const g = data.gamingProfile;
          const handles = fillUnset(handlesOf(await q.gamingProfile(userId)), g, consoleHandleKeys);
          summary.profileFields += handles.filled;
          if (handles.filled > 0) await q.saveHandles(userId, handles.merged, now);

          const achievementRoom = Math.max(0, gamingProfileLimits.achievements - (await q.countAchievements(userId)));
          const achievements = await q.insertAchievements(
            g.achievements.slice(0, achievementRoom).map(({ dateAdded, ...a }) => ({
              userId,
              ...a,
              dateEarned: earned(a.dateEarned),
              createdAt: when(dateAdded),
            })),
          );
          summary.achievements += achievements.length;
          summary.skipped += g.achievements.length - achievements.length;

          const trophyRoom = Math.max(0, gamingProfileLimits.trophies - (await q.countGamingTrophies(userId)));
          const trophies = await q.insertGamingTrophies(
            g.trophies.slice(0, trophyRoom).map(({ dateAdded, ...t }) => ({
              userId,
              ...t,
              dateEarned: earned(t.dateEarned),
              createdAt: when(dateAdded),
            })),
          );
          summary.gamingTrophies += trophies.length;
          summary.skipped += g.trophies.length - trophies.length;
        }

        if (data.gamingPageProfile) {
          const current = pageView(await q.pageProfile(userId));
          const page = fillUnset(current, data.gamingPageProfile, ['playerName', ...pageProfileKeys]);
          summary.profileFields += page.filled;
          if (page.filled > 0) await q.savePageProfile(userId, page.merged, now);
        }

        await q.recordLocalImport({ userId, importedAt: now, summary });
        return { alreadyImported: false, importedAt: now.toISOString(), summary };
      });
    },
  };
}
