import {
  type Achievement,
  fanCentralErrorCodes as codes,
  type FanProfile,
  type GamingPageProfile,
  type GamingTrophy,
  type TrophyItem,
} from '../../../shared/contracts/fan-central';
import type { CreateTrackedGame } from '../../../shared/contracts/tracked-games';
import { fanProfileLimits, fanProfileMessages } from '../../../shared/domain/fan-profile';
import { dateEarnedProblem, gamingProfileLimits, gamingProfileMessages } from '../../../shared/domain/gaming-profile';
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

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What Fan Central needs from the tracked-games feature: its import inside our transaction. */
export interface TrackedGamesImport {
  importInto(
    tx: Db,
    userId: string,
    games: ReadonlyArray<CreateTrackedGame & { dateAdded?: string | undefined }>,
  ): Promise<{ added: number; skipped: number }>;
}

/** What the Fan Central service is built from (app.ts wires it). */
export interface FanCentralDeps {
  repo: FanCentralRepo;
  clock: Clock;
  trackedGames: TrackedGamesImport;
}

export function profileView(row: FanProfileRow | undefined, trophies: TrophyItemRow[]): FanProfile {
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

export const trophyView = (row: TrophyItemRow): TrophyItem => ({
  id: row.id,
  type: row.type,
  name: row.name,
  team: row.team,
  dateAdded: row.createdAt.toISOString(),
});

export const handlesOf = (row: GamingProfileRow | undefined) => ({
  psnHandle: row?.psnHandle ?? null,
  xboxHandle: row?.xboxHandle ?? null,
  steamHandle: row?.steamHandle ?? null,
  epicHandle: row?.epicHandle ?? null,
});

export const achievementView = (row: AchievementRow): Achievement => ({
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

export const gamingTrophyView = (row: GamingTrophyRow): GamingTrophy => ({
  id: row.id,
  game: row.game,
  name: row.name,
  type: row.type,
  dateEarned: row.dateEarned,
  platform: row.platform as GamingTrophy['platform'],
  dateAdded: row.createdAt.toISOString(),
});

export const pageView = (row: GamingPageProfileRow | undefined): GamingPageProfile => ({
  playerName: row?.playerName ?? null,
  ...handlesOf(row),
  twitchHandle: row?.twitchHandle ?? null,
  youtubeHandle: row?.youtubeHandle ?? null,
  tiktokHandle: row?.tiktokHandle ?? null,
  instagramHandle: row?.instagramHandle ?? null,
});

export const limitReached = (message: string) => new AppError(409, codes.limitReached, message);
export const notFound = (message: string) => new AppError(404, codes.notFound, message);

/**
 * One of a fan's capped lists: its SQL among a set of queries (the repo's, or a transaction's), how many items
 * it holds at most, what a refusal says (`full`, or `missing` for an item that is not the fan's), and the
 * answer for one row.
 */
export interface FanList<Row, Insert, View> {
  rows(q: FanCentralQueries): {
    count(userId: string): Promise<number>;
    insert(rows: Insert[]): Promise<Row[]>;
    remove(id: string, userId: string): Promise<boolean>;
  };
  limit: number;
  messages: { full: string; missing: string };
  view(row: Row): View;
}
const fanList = <Row, Insert, View>(list: FanList<Row, Insert, View>) => list;

export const fanLists = {
  trophyItems: fanList({
    rows: (q) => q.trophyItems,
    limit: fanProfileLimits.trophies,
    messages: { full: fanProfileMessages.trophiesFull, missing: fanProfileMessages.trophyNotFound },
    view: trophyView,
  }),
  achievements: fanList({
    rows: (q) => q.achievements,
    limit: gamingProfileLimits.achievements,
    messages: { full: gamingProfileMessages.achievementsFull, missing: gamingProfileMessages.achievementNotFound },
    view: achievementView,
  }),
  gamingTrophies: fanList({
    rows: (q) => q.gamingTrophies,
    limit: gamingProfileLimits.trophies,
    messages: { full: gamingProfileMessages.trophiesFull, missing: gamingProfileMessages.trophyNotFound },
    view: gamingTrophyView,
  }),
};

/** What a fan's list row is made of besides its owner and the time it was added. */
type FanListFields<Insert> = Omit<Insert, 'userId' | 'createdAt'>;

/** The checks and writes every capped list of a fan's shares: dates earned, the list's cap, removing one's own. */
export function createFanLists(deps: Pick<FanCentralDeps, 'repo' | 'clock'>) {
  const { repo, clock } = deps;

  /** The last acceptable day for a date earned: tomorrow (UTC), so no fan's time zone is refused. */
  const latestDay = () => new Date(clock.now().getTime() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const checkDateEarned = (dateEarned: string | null) => {
    const problem = dateEarnedProblem(dateEarned, latestDay());
    if (problem) throw new AppError(400, codes.validation, problem, { dateEarned: problem });
  };

  /** Adds one row to a capped list under the fan's list lock; refused (409 `full`) once the list holds `limit`. */
  const addCapped = <Row, Insert, View>(
    list: FanList<Row, Insert, View>,
    userId: string,
    fields: FanListFields<Insert>,
  ): Promise<View> =>
    repo.locked(userId, async (q) => {
      const rows = list.rows(q);
      if ((await rows.count(userId)) >= list.limit) throw limitReached(list.messages.full);
      const inserted = await rows.insert([{ userId, ...fields, createdAt: clock.now() } as Insert]);
      return list.view(oneRow(inserted, 'insert'));
    });

  /** Removes one of the fan's own rows by id; an id that is not one (or not theirs) is a 404 `missing`. */
  const removeOwn = async <Row, Insert, View>(list: FanList<Row, Insert, View>, userId: string, id: string) => {
    if (!uuidPattern.test(id) || !(await list.rows(repo).remove(id, userId))) throw notFound(list.messages.missing);
  };

  return { latestDay, checkDateEarned, addCapped, removeOwn };
}
