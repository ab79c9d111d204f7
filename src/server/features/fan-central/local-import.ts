import {
  fanCardKeys,
  type ImportSummary,
  type LocalImport,
  type LocalImportResult,
} from '../../../shared/contracts/fan-central';
import { type FavoriteList, favoriteLists, fillUnset, mergeFavorites } from '../../../shared/domain/fan-profile';
import { consoleHandleKeys, dateEarnedProblem, pageProfileKeys } from '../../../shared/domain/gaming-profile';
import { createFanLists, type FanCentralDeps, type FanList, fanLists, handlesOf, pageView } from './common';

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
        /** Adds imported items to one of the fan's lists as far as its room allows; the rest count as skipped. */
        const addAsRoomAllows = async <Row, Insert, View>(
          list: FanList<Row, Insert, View>,
          items: Array<Omit<Insert, 'userId'>>,
        ) => {
          const rows = list.rows(q);
          const room = Math.max(0, list.limit - (await rows.count(userId)));
          const added = await rows.insert(items.slice(0, room).map((item) => ({ userId, ...item }) as Insert));
          summary.skipped += items.length - added.length;
          return added.length;
        };
        /** An imported achievement or trophy: a date earned after the latest day is dropped. */
        const earnedItem = <T extends { dateAdded?: string | undefined; dateEarned: string | null }>({
          dateAdded,
          ...item
        }: T) => ({ ...item, dateEarned: earned(item.dateEarned), createdAt: when(dateAdded) });

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

          summary.trophyItems += await addAsRoomAllows(
            fanLists.trophyItems,
            f.trophyCase.map((t) => ({ type: t.type, name: t.name, team: t.team, createdAt: when(t.dateAdded) })),
          );

          const games = await trackedGames.importInto(tx, userId, f.games);
          summary.games += games.added;
          summary.skipped += games.skipped;
        }

        if (data.gamingProfile) {
          const g = data.gamingProfile;
          const handles = fillUnset(handlesOf(await q.gamingProfile(userId)), g, consoleHandleKeys);
          summary.profileFields += handles.filled;
          if (handles.filled > 0) await q.saveHandles(userId, handles.merged, now);

          summary.achievements += await addAsRoomAllows(fanLists.achievements, g.achievements.map(earnedItem));
          summary.gamingTrophies += await addAsRoomAllows(fanLists.gamingTrophies, g.trophies.map(earnedItem));
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
