import {
  addFavorite,
  type FavoriteList,
  favoriteLists,
  fanProfileLimits as fl,
  trophyItemTypes,
} from '../domain/fan-profile';
import {
  achievementRarities,
  consoleHandleKeys,
  gamingTrophyTypes,
  gamingProfileLimits as gl,
  type HandleKey,
  handleProblem,
  isSafeHttpUrl,
  normalizeHandle,
  pageProfileKeys,
  platformOf,
} from '../domain/gaming-profile';
import { localFanKeys } from '../domain/local-fan-keys';
import { toSingleLine } from '../domain/text';
import { isCalendarDate, trackedGameLimits as tl, trackedGamesPerFan } from '../domain/tracked-games';
import {
  type Achievement,
  achievementSchema,
  emptyGamingPageProfile,
  type FanProfile,
  fanProfileSchema,
  type GamingPageProfile,
  type GamingProfile,
  type GamingTrophy,
  gamingPageProfileSchema,
  gamingProfileSchema,
  gamingTrophySchema,
  type ImportSummary,
  type LocalImportInput,
  localImportSchema,
  type TrophyItem,
  trophyItemSchema,
} from './fan-central';
import { type TrackedGame, trackedGameSchema } from './tracked-games';

/**
 * A visitor's Fan Central data as kept in the browser under the old app's keys ('fanProfile',
 * 'gamingProfile', 'gamingPageProfile'). Whatever is stored there (this app's own writes, an older app's
 * records with a 'bets' list, hand-edited or corrupt JSON) is cleaned into the server's shapes on read:
 * text trimmed and cut to its limit, unknown kinds mapped to the default, unsafe links and malformed
 * handles and dates dropped, lists de-duplicated and capped, and items missing a required field left out.
 * The result always passes the API's import schema.
 */

export { localFanKeys };

export interface LocalFanProfile extends FanProfile {
  id: string;
  /** The game tracker's games (fanProfile.games; the old 'bets' list). */
  games: TrackedGame[];
}

export interface CleanContext {
  /** A new id for an item that has none. */
  newId: () => string;
  /** ISO timestamp for an item without a readable date added. */
  now: string;
}

export interface Cleaned<T> {
  value: T;
  /** Items left out because a required field was missing or unreadable. */
  dropped: number;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
/** One clean line of at most `max` characters (cleaned again after the cut, which may halve an emoji). */
const text = (v: unknown, max: number) =>
  typeof v === 'string' || typeof v === 'number' ? toSingleLine(toSingleLine(String(v)).slice(0, max)) : '';
const optional = (v: unknown, max: number, min = 1) => {
  const t = text(v, max);
  return t.length >= min ? t : null;
};
const oneOf = <T extends string>(values: readonly T[], v: unknown, fallback: T): T =>
  typeof v === 'string' && (values as readonly string[]).includes(v.trim().toLowerCase())
    ? (v.trim().toLowerCase() as T)
    : fallback;
const date = (v: unknown) => (typeof v === 'string' && isCalendarDate(v.trim()) ? v.trim() : null);
const timestamp = (v: unknown, now: string) => {
  if (typeof v !== 'string' && typeof v !== 'number') return now;
  const t = new Date(v).getTime();
  return Number.isFinite(t) ? new Date(t).toISOString() : now;
};
const id = (v: unknown, ctx: CleanContext) =>
  typeof v === 'string' && v.length > 0 && v.length <= 100 ? v : typeof v === 'number' ? String(v) : ctx.newId();
const handleOf = (key: HandleKey, v: unknown) => {
  if (typeof v !== 'string') return null;
  const h = normalizeHandle(v);
  return h && !handleProblem(key, h) ? h : null;
};
const arrayOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/**
 * Cleans each raw item: its id and date added are kept when readable (else a new id, and now), the rest of its
 * fields are cleaned with `clean`; then it is validated with `schema`, and must have each `required` field
 * (text that is not empty). Keeps unique ids, caps the list.
 */
function cleanList<T extends { id: string }>(
  raw: unknown[],
  list: {
    cap: number;
    ctx: CleanContext;
    schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } };
    required: ReadonlyArray<keyof T>;
  },
  clean: (item: Obj) => object,
): Cleaned<T[]> {
  const { cap, ctx, schema, required } = list;
  const out: T[] = [];
  const ids = new Set<string>();
  let dropped = 0;
  const missing = (data: T) => required.some((field) => data[field] === '');
  for (const item of raw) {
    const parsed = isObj(item)
      ? schema.safeParse({ id: id(item.id, ctx), ...clean(item), dateAdded: timestamp(item.dateAdded, ctx.now) })
      : ({ success: false } as const);
    if (!parsed.success || missing(parsed.data) || ids.has(parsed.data.id) || out.length >= cap) {
      dropped += 1;
      continue;
    }
    ids.add(parsed.data.id);
    out.push(parsed.data);
  }
  return { value: out, dropped };
}

function favorites(v: unknown): string[] {
  let list: string[] = [];
  for (const raw of arrayOf(v)) list = addFavorite(list, text(raw, fl.favorite)).list;
  return list;
}

export function cleanLocalFanProfile(raw: unknown, ctx: CleanContext): Cleaned<LocalFanProfile> {
  const p = isObj(raw) ? raw : {};
  const trophies = cleanList<TrophyItem>(
    arrayOf(p.trophyCase),
    { cap: fl.trophies, ctx, schema: trophyItemSchema, required: ['name', 'team'] },
    (t) => ({
      type: oneOf(trophyItemTypes, t.type, 'logo'),
      name: text(t.name, fl.trophyName),
      team: text(t.team, fl.trophyTeam),
    }),
  );
  // The old 'bets' list is migrated to 'games'.
  const games = cleanList<TrackedGame>(
    [...arrayOf(p.games), ...arrayOf(p.bets)],
    { cap: trackedGamesPerFan, ctx, schema: trackedGameSchema, required: ['title', 'description', 'category'] },
    (g) => {
      const status = g.status === 'coming-soon' ? 'coming-soon' : 'available';
      return {
        title: text(g.title, tl.title),
        description: text(g.description, tl.description),
        category: text(g.category, tl.category),
        status,
        releaseDate: status === 'coming-soon' ? date(g.releaseDate) : null,
      };
    },
  );
  const profile: LocalFanProfile = {
    id: typeof p.id === 'string' && p.id ? p.id.slice(0, 100) : ctx.newId(),
    name: optional(p.name, fl.name, fl.nameMin),
    favoriteMascot: optional(p.favoriteMascot, fl.favoriteMascot),
    favoriteCollege: optional(p.favoriteCollege, fl.favoriteCollege),
    favoriteSports: favorites(p.favoriteSports),
    favoriteTeams: favorites(p.favoriteTeams),
    favoriteStars: favorites(p.favoriteStars),
    trophyCase: trophies.value,
    games: games.value,
  };
  fanProfileSchema.parse(profile);
  return { value: profile, dropped: trophies.dropped + games.dropped };
}

/** What an achievement and a gaming trophy both have: the game and a name, when it was earned and on what. */
const gamingItem = (item: Obj) => ({
  game: text(item.game, gl.game),
  name: text(item.name, gl.name),
  dateEarned: date(item.dateEarned),
  platform: platformOf(item.platform),
});

export function cleanLocalGamingProfile(raw: unknown, ctx: CleanContext): Cleaned<GamingProfile> {
  const p = isObj(raw) ? raw : {};
  const achievements = cleanList<Achievement>(
    arrayOf(p.achievements),
    { cap: gl.achievements, ctx, schema: achievementSchema, required: ['game', 'name'] },
    (a) => ({
      ...gamingItem(a),
      description: optional(a.description, gl.description),
      rarity: oneOf(achievementRarities, a.rarity, 'common'),
      trackingLink:
        typeof a.trackingLink === 'string' && isSafeHttpUrl(a.trackingLink.trim()) ? a.trackingLink.trim() : null,
    }),
  );
  const trophies = cleanList<GamingTrophy>(
    arrayOf(p.trophies),
    { cap: gl.trophies, ctx, schema: gamingTrophySchema, required: ['game', 'name'] },
    (t) => ({ ...gamingItem(t), type: oneOf(gamingTrophyTypes, t.type, 'bronze') }),
  );
  const profile = gamingProfileSchema.parse({
    ...Object.fromEntries(consoleHandleKeys.map((k) => [k, handleOf(k, p[k])])),
    achievements: achievements.value,
    trophies: trophies.value,
  });
  return { value: profile, dropped: achievements.dropped + trophies.dropped };
}

export function cleanLocalGamingPageProfile(raw: unknown): GamingPageProfile {
  const p = isObj(raw) ? raw : {};
  return gamingPageProfileSchema.parse({
    ...emptyGamingPageProfile,
    playerName: optional(p.playerName, gl.playerName, gl.playerNameMin),
    ...Object.fromEntries(pageProfileKeys.map((k) => [k, handleOf(k, p[k])])),
  });
}

export interface LocalFanData {
  fanProfile: LocalFanProfile;
  gamingProfile: GamingProfile;
  gamingPageProfile: GamingPageProfile;
}

/** How much a visitor has kept locally (what an import would bring), by kind. */
export function localDataCounts(data: LocalFanData) {
  const { fanProfile: f, gamingProfile: g, gamingPageProfile: page } = data;
  const filled = <T extends object>(o: T, keys: ReadonlyArray<keyof T>) => keys.filter((k) => o[k]).length;
  return {
    profileFields:
      filled(f, ['name', 'favoriteMascot', 'favoriteCollege']) +
      filled(g, consoleHandleKeys) +
      filled(page, ['playerName', ...pageProfileKeys] as const),
    favorites: favoriteLists.reduce((n, list: FavoriteList) => n + f[list].length, 0),
    trophyItems: f.trophyCase.length,
    games: f.games.length,
    achievements: g.achievements.length,
    gamingTrophies: g.trophies.length,
  };
}

/** True when there is anything worth importing. */
export const hasAnyLocalData = (data: LocalFanData) => Object.values(localDataCounts(data)).some((n) => n > 0);

/** The import request for a visitor's cleaned local data (ids are the server's to make). */
export function localImportPayload(data: LocalFanData): LocalImportInput {
  const { fanProfile: f, gamingProfile: g, gamingPageProfile: page } = data;
  const payload: LocalImportInput = {
    fanProfile: {
      name: f.name,
      favoriteMascot: f.favoriteMascot,
      favoriteCollege: f.favoriteCollege,
      favoriteSports: f.favoriteSports,
      favoriteTeams: f.favoriteTeams,
      favoriteStars: f.favoriteStars,
      trophyCase: f.trophyCase.map(({ id: _id, ...t }) => t),
      games: f.games.map(({ id: _id, ...game }) => game),
    },
    gamingProfile: {
      psnHandle: g.psnHandle,
      xboxHandle: g.xboxHandle,
      steamHandle: g.steamHandle,
      epicHandle: g.epicHandle,
      achievements: g.achievements.map(({ id: _id, ...a }) => a),
      trophies: g.trophies.map(({ id: _id, ...t }) => t),
    },
    gamingPageProfile: page,
  };
  // Cleaned data always fits the contract; a failure here is a bug, not bad input.
  localImportSchema.parse(payload);
  return payload;
}

/** The three local records cleaned together, with the import request they make. */
export function cleanLocalFanData(
  raw: { fanProfile?: unknown; gamingProfile?: unknown; gamingPageProfile?: unknown },
  ctx: CleanContext,
): { data: LocalFanData; payload: LocalImportInput; dropped: number } {
  const fanProfile = cleanLocalFanProfile(raw.fanProfile, ctx);
  const gamingProfile = cleanLocalGamingProfile(raw.gamingProfile, ctx);
  const data = {
    fanProfile: fanProfile.value,
    gamingProfile: gamingProfile.value,
    gamingPageProfile: cleanLocalGamingPageProfile(raw.gamingPageProfile),
  };
  return { data, payload: localImportPayload(data), dropped: fanProfile.dropped + gamingProfile.dropped };
}

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What an import brought (or would bring), in words: '2 favorites, 1 trophy case item and 3 profile details'. */
export function describeImport(summary: Omit<ImportSummary, 'skipped'> & { entries?: number }): string {
  const parts = [
    summary.entries && counted(summary.entries, 'board entry', 'board entries'),
    summary.favorites && counted(summary.favorites, 'favorite', 'favorites'),
    summary.trophyItems && counted(summary.trophyItems, 'trophy case item', 'trophy case items'),
    summary.games && counted(summary.games, 'tracked game', 'tracked games'),
    summary.achievements && counted(summary.achievements, 'achievement', 'achievements'),
    summary.gamingTrophies && counted(summary.gamingTrophies, 'gaming trophy', 'gaming trophies'),
    summary.profileFields && counted(summary.profileFields, 'profile detail', 'profile details'),
  ].filter((p): p is string => Boolean(p));
  if (parts.length === 0) return 'nothing new';
  if (parts.length === 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
