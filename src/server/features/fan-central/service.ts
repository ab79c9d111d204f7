import {
  type Achievement,
  type CreateAchievement,
  type CreateGamingTrophy,
  type CreateTrophyItem,
  fanCentralErrorCodes as codes,
  type FanCard,
  type FanProfile,
  type FavoritesResponse,
  fanCardKeys,
  type GamingHandles,
  type GamingPageProfile,
  type GamingProfile,
  type GamingTrophy,
  type ImportSummary,
  type LocalImport,
  type LocalImportResult,
  type TrophyItem,
} from '../../../shared/contracts/fan-central';
import type { CreateTrackedGame } from '../../../shared/contracts/tracked-games';
import {
  addFavorite,
  type FavoriteList,
  fanProfileLimits,
  fanProfileMessages,
  favoriteLists,
  fillUnset,
  mergeFavorites,
  removeFavorite,
} from '../../../shared/domain/fan-profile';
import {
  consoleHandleKeys,
  dateEarnedProblem,
  gamingProfileLimits,
  gamingProfileMessages,
  handlesFromPageProfile,
  pageProfileKeys,
} from '../../../shared/domain/gaming-profile';
import type { Db } from '../../db/client';
import { oneRow } from '../../db/one-row';
import { AppError } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type {
  AchievementRow,
  FanCentralQueries,
  FanCentralRepo,
  FanProfileRow,
  GamingPageProfileRow,
  GamingProfileRow,
  GamingTrophyRow,
  TrophyItemRow,
} from './repo';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What Fan Central needs from the tracked-games feature: its import inside our transaction. */
export interface TrackedGamesImport {
  importInto(
    tx: Db,
    userId: string,
    games: ReadonlyArray<CreateTrackedGame & { dateAdded?: string | undefined }>,
  ): Promise<{ added: number; skipped: number }>;
}

function profileView(row: FanProfileRow | undefined, trophies: TrophyItemRow[]): FanProfile {
  return {
    name: row?.name ?? null,
    favoriteMascot: row?.favoriteMascot ?? null,
    favoriteCollege: row?.favoriteCollege ?? null,
    favoriteSports: row?.favoriteSports ?? [],
    favoriteTeams: row?.favoriteTeams ?? [],
    favoriteStars: row?.favoriteStars ?? [],
    trophyCase: trophies.map(trophyView),
  };
}

const trophyView = (row: TrophyItemRow): TrophyItem => ({
  id: row.id,
  type: row.type,
  name: row.name,
  team: row.team,
  dateAdded: row.createdAt.toISOString(),
});

const handlesOf = (row: GamingProfileRow | undefined) => ({
  psnHandle: row?.psnHandle ?? null,
  xboxHandle: row?.xboxHandle ?? null,
  steamHandle: row?.steamHandle ?? null,
  epicHandle: row?.epicHandle ?? null,
});

const achievementView = (row: AchievementRow): Achievement => ({
  id: row.id,
  game: row.game,
  name: row.name,
  description: row.description,
  dateEarned: row.dateEarned,
  platform: row.platform as Achievement['platform'],
  rarity: row.rarity,
  trackingLink: row.trackingLink,
  dateAdded: row.createdAt.toISOString(),
});

const gamingTrophyView = (row: GamingTrophyRow): GamingTrophy => ({
  id: row.id,
  game: row.game,
  name: row.name,
  type: row.type,
  dateEarned: row.dateEarned,
  platform: row.platform as GamingTrophy['platform'],
  dateAdded: row.createdAt.toISOString(),
});

const pageView = (row: GamingPageProfileRow | undefined): GamingPageProfile => ({
  playerName: row?.playerName ?? null,
  ...handlesOf(row),
  twitchHandle: row?.twitchHandle ?? null,
  youtubeHandle: row?.youtubeHandle ?? null,
  tiktokHandle: row?.tiktokHandle ?? null,
  instagramHandle: row?.instagramHandle ?? null,
});

const limitReached = (message: string) => new AppError(409, codes.limitReached, message);
const notFound = (message: string) => new AppError(404, codes.notFound, message);

/**
 * Fan Central rules for a signed-in fan's own data: the profile card, favorites (empty and
 * duplicate entries ignored, capped per list), the trophy case, the gaming profile with achievements and
 * trophies, the gaming hub's page profile, and the one-time import of a visitor's local data.
 * Capped lists are read, checked and written under the fan's list lock.
 */
export function createFanCentralService(deps: {
  repo: FanCentralRepo;
  clock: Clock;
  trackedGames: TrackedGamesImport;
}) {
  const { repo, clock, trackedGames } = deps;

  /** The last acceptable day for a date earned: tomorrow (UTC), so no fan's time zone is refused. */
  const latestDay = () => new Date(clock.now().getTime() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const checkDateEarned = (dateEarned: string | null) => {
    const problem = dateEarnedProblem(dateEarned, latestDay());
    if (problem) throw new AppError(400, codes.validation, problem, { dateEarned: problem });
  };

  /** Adds one row to a capped list under the fan's list lock; refused (409 `full`) once the list holds `limit`. */
  const addCapped = <Row, View>(
    userId: string,
    list: {
      limit: number;
      full: string;
      count(q: FanCentralQueries): Promise<number>;
      insert(q: FanCentralQueries, createdAt: Date): Promise<Row[]>;
      view(row: Row): View;
    },
  ): Promise<View> =>
    repo.locked(userId, async (q) => {
      if ((await list.count(q)) >= list.limit) throw limitReached(list.full);
      return list.view(oneRow(await list.insert(q, clock.now()), 'insert'));
    });

  /** Removes one of the fan's own rows by id; an id that is not one (or not theirs) is a 404 `missing`. */
  const removeOwn = async (id: string, remove: (id: string) => Promise<boolean>, missing: string) => {
    if (!uuidPattern.test(id) || !(await remove(id))) throw notFound(missing);
  };

  const fanProfile = async (q: FanCentralQueries, userId: string): Promise<FanProfile> => {
    const [row, trophies] = await Promise.all([q.profile(userId), q.trophyItems(userId)]);
    return profileView(row, trophies);
  };

  const gamingProfile = async (q: FanCentralQueries, userId: string): Promise<GamingProfile> => {
    const [row, achievements, trophies] = await Promise.all([
      q.gamingProfile(userId),
      q.achievements(userId),
      q.gamingTrophies(userId),
    ]);
    return {
      ...handlesOf(row),
      achievements: achievements.map(achievementView),
      trophies: trophies.map(gamingTrophyView),
    };
  };

  return {
    fanProfile: (userId: string) => fanProfile(repo, userId),

    async saveCard(userId: string, card: FanCard): Promise<FanProfile> {
      await repo.saveProfile(userId, card, clock.now());
      return fanProfile(repo, userId);
    },

    /** Empty entries are refused by the contract; a duplicate (any case) is ignored (`added: false`). */
    addFavorite(userId: string, list: FavoriteList, value: string): Promise<FavoritesResponse> {
      return repo.locked(userId, async (q) => {
        const current = (await q.profile(userId))?.[list] ?? [];
        const result = addFavorite(current, value);
        if (result.outcome === 'full') throw limitReached(fanProfileMessages.favoritesFull(list));
        if (result.outcome !== 'added') return { list, values: current, added: false };
        await q.saveProfile(userId, { [list]: result.list }, clock.now());
        return { list, values: result.list, added: true };
      });
    },

    /** Removing a favorite that is not there changes nothing (a replayed delete is harmless). */
    removeFavorite(userId: string, list: FavoriteList, value: string): Promise<FavoritesResponse> {
      return repo.locked(userId, async (q) => {
        const current = (await q.profile(userId))?.[list] ?? [];
        const values = removeFavorite(current, value);
        if (values.length !== current.length) await q.saveProfile(userId, { [list]: values }, clock.now());
        return { list, values, added: false };
      });
    },

    addTrophyItem(userId: string, input: CreateTrophyItem): Promise<TrophyItem> {
      return addCapped(userId, {
        limit: fanProfileLimits.trophies,
        full: fanProfileMessages.trophiesFull,
        count: (q) => q.countTrophyItems(userId),
        insert: (q, createdAt) => q.insertTrophyItems([{ userId, ...input, createdAt }]),
        view: trophyView,
      });
    },

    removeTrophyItem: (userId: string, id: string): Promise<void> =>
      removeOwn(id, (x) => repo.removeTrophyItem(x, userId), fanProfileMessages.trophyNotFound),

    gamingProfile: (userId: string) => gamingProfile(repo, userId),

    async saveHandles(userId: string, handles: GamingHandles): Promise<GamingProfile> {
      await repo.saveHandles(userId, handles, clock.now());
      return gamingProfile(repo, userId);
    },

    /** Copy the console handles from the gaming page profile, or 'No Gaming Profile Found'. */
    async importHandlesFromPage(userId: string): Promise<GamingProfile> {
      const [page, current] = await Promise.all([repo.pageProfile(userId), repo.gamingProfile(userId)]);
      const handles = handlesFromPageProfile(handlesOf(current), page);
      if (!handles) {
        throw new AppError(404, codes.noPageProfile, gamingProfileMessages.noPageProfile.description);
      }
      await repo.saveHandles(userId, handles, clock.now());
      return gamingProfile(repo, userId);
    },

    addAchievement(userId: string, input: CreateAchievement): Promise<Achievement> {
      checkDateEarned(input.dateEarned);
      return addCapped(userId, {
        limit: gamingProfileLimits.achievements,
        full: gamingProfileMessages.achievementsFull,
        count: (q) => q.countAchievements(userId),
        insert: (q, createdAt) => q.insertAchievements([{ userId, ...input, createdAt }]),
        view: achievementView,
      });
    },

    async setTrackingLink(userId: string, id: string, trackingLink: string | null): Promise<Achievement> {
      const row = uuidPattern.test(id) ? await repo.setTrackingLink(id, userId, trackingLink) : undefined;
      if (!row) throw notFound(gamingProfileMessages.achievementNotFound);
      return achievementView(row);
    },

    removeAchievement: (userId: string, id: string): Promise<void> =>
      removeOwn(id, (x) => repo.removeAchievement(x, userId), gamingProfileMessages.achievementNotFound),

    addGamingTrophy(userId: string, input: CreateGamingTrophy): Promise<GamingTrophy> {
      checkDateEarned(input.dateEarned);
      return addCapped(userId, {
        limit: gamingProfileLimits.trophies,
        full: gamingProfileMessages.trophiesFull,
        count: (q) => q.countGamingTrophies(userId),
        insert: (q, createdAt) => q.insertGamingTrophies([{ userId, ...input, createdAt }]),
        view: gamingTrophyView,
      });
    },

    removeGamingTrophy: (userId: string, id: string): Promise<void> =>
      removeOwn(id, (x) => repo.removeGamingTrophy(x, userId), gamingProfileMessages.trophyNotFound),

    pageProfile: async (userId: string) => pageView(await repo.pageProfile(userId)),

    async savePageProfile(userId: string, input: GamingPageProfile): Promise<GamingPageProfile> {
      return pageView(await repo.savePageProfile(userId, input, clock.now()));
    },

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
export type FanCentralService = ReturnType<typeof createFanCentralService>;
