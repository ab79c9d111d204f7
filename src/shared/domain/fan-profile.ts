/**
 * Fan profile rules: the profile card, the three favorites lists, the trophy case and the fan
 * stats. Shared by the API contract (zod), the server's service and the browser's local (visitor) store,
 * so all three say and enforce the same thing.
 */

export const favoriteLists = ['favoriteSports', 'favoriteTeams', 'favoriteStars'] as const;
export type FavoriteList = (typeof favoriteLists)[number];

/** How each list appears in the UI and in messages, and its segment in the API path. */
export const favoriteListInfo: Record<
  FavoriteList,
  { title: string; noun: string; one: string; slug: string; example: string }
> = {
  favoriteSports: {
    title: 'Favorite Sports',
    noun: 'favorite sports',
    one: 'favorite sport',
    slug: 'sports',
    example: 'Basketball',
  },
  favoriteTeams: {
    title: 'Favorite Teams',
    noun: 'favorite teams',
    one: 'favorite team',
    slug: 'teams',
    example: 'Knicks',
  },
  favoriteStars: {
    title: 'Favorite Stars',
    noun: 'favorite stars',
    one: 'favorite star',
    slug: 'stars',
    example: 'Caitlin Clark',
  },
};
export const favoriteListSlugs = ['sports', 'teams', 'stars'] as const;
export type FavoriteListSlug = (typeof favoriteListSlugs)[number];
export const favoriteListOfSlug = (slug: FavoriteListSlug): FavoriteList =>
  favoriteLists.find((list) => favoriteListInfo[list].slug === slug) ?? 'favoriteSports';

export const trophyItemTypes = ['logo', 'bobblehead', 'trophy'] as const;
export type TrophyItemType = (typeof trophyItemTypes)[number];
export const trophyItemTypeLabels: Record<TrophyItemType, string> = {
  logo: 'Logo',
  bobblehead: 'Bobblehead',
  trophy: 'Trophy',
};

export const fanProfileLimits = {
  nameMin: 2,
  name: 50,
  favoriteMascot: 60,
  favoriteCollege: 80,
  /** Characters in one favorite. */
  favorite: 50,
  /** Entries in each favorites list. */
  favoritesPerList: 50,
  trophyName: 80,
  trophyTeam: 60,
  /** Items in the trophy case. */
  trophies: 200,
} as const;

export const fanProfileMessages = {
  nameTooShort: `Name must be at least ${fanProfileLimits.nameMin} characters`,
  tooLong: (label: string, max: number) => `${label} can be at most ${max} characters`,
  favoriteRequired: 'Type a favorite to add',
  favoriteDuplicate: (value: string, list: FavoriteList) =>
    `${value} is already in your ${favoriteListInfo[list].noun}`,
  favoritesFull: (list: FavoriteList) =>
    `You can keep up to ${fanProfileLimits.favoritesPerList} ${favoriteListInfo[list].noun}. Remove one to add another.`,
  trophyNameRequired: 'Trophy name is required',
  trophyTeamRequired: 'Team is required',
  trophiesFull: `Your trophy case holds up to ${fanProfileLimits.trophies} items. Remove one to add another.`,
  trophyNotFound: 'We could not find that item in your trophy case.',
  signInRequired: 'Please sign in to keep your fan profile in your account.',
  /** 'golf' still goes in, with an 8-second message. */
  golf: {
    title: 'Golf is a game, not a sport',
    description: 'Golf is not a sport here, but golf game play will be available soon!',
    durationMs: 8000,
  },
} as const;

/** Unset profile fields read 'Not set' (docs/product.md#fan-central). */
export const notSet = 'Not set';

/** Adding 'golf' (any case, surrounding spaces ignored) to favorite sports shows the golf message. */
export const isGolf = (list: FavoriteList, value: string) =>
  list === 'favoriteSports' && value.trim().toLowerCase() === 'golf';

export type AddFavoriteOutcome = 'added' | 'empty' | 'duplicate' | 'too-long' | 'full';

/** Case-insensitive comparison key of a favorite ('Lakers' and ' lakers ' are the same team). */
export const favoriteKey = (value: string) => value.trim().toLowerCase();

/**
 * Favorites: empty entries and duplicates (any case) are ignored; the list holds at most
 * `favoritesPerList`. Returns the outcome and the list after it (the same array when nothing changed).
 */
export function addFavorite(list: readonly string[], raw: string): { outcome: AddFavoriteOutcome; list: string[] } {
  const value = raw.trim();
  const same = [...list];
  if (value.length === 0) return { outcome: 'empty', list: same };
  if (value.length > fanProfileLimits.favorite) return { outcome: 'too-long', list: same };
  const key = favoriteKey(value);
  if (list.some((v) => favoriteKey(v) === key)) return { outcome: 'duplicate', list: same };
  if (list.length >= fanProfileLimits.favoritesPerList) return { outcome: 'full', list: same };
  return { outcome: 'added', list: [...list, value] };
}

/** Removes a favorite (matched case-insensitively); removing one that is not there changes nothing. */
export function removeFavorite(list: readonly string[], raw: string): string[] {
  const key = favoriteKey(raw);
  return list.filter((v) => favoriteKey(v) !== key);
}

/** Merges `incoming` into `existing` with the add rule; counts what went in and what did not fit. */
export function mergeFavorites(
  existing: readonly string[],
  incoming: readonly string[],
): { list: string[]; added: number; skipped: number } {
  let list = [...existing];
  let added = 0;
  let skipped = 0;
  for (const value of incoming) {
    const result = addFavorite(list, value);
    if (result.outcome === 'added') added += 1;
    else if (result.outcome === 'full' || result.outcome === 'too-long') skipped += 1;
    list = result.list;
  }
  return { list, added, skipped };
}

/** Fan stats: counts of favorite teams, trophy items, available games and favorite stars. */
export function fanStats(
  profile: { favoriteTeams: readonly string[]; favoriteStars: readonly string[]; trophyCase: readonly unknown[] },
  games: ReadonlyArray<{ status: string }>,
) {
  return {
    favoriteTeams: profile.favoriteTeams.length,
    trophyItems: profile.trophyCase.length,
    availableGames: games.filter((g) => g.status === 'available').length,
    favoriteStars: profile.favoriteStars.length,
  };
}

/**
 * Fills the keys that are unset (null) in `current` with the set values of `incoming`; never overwrites.
 * Used when a visitor's local data is imported into an account that may already have its own values.
 */
export function fillUnset<K extends string>(
  current: Record<K, string | null>,
  incoming: Partial<Record<K, string | null>>,
  keys: readonly K[],
): { merged: Record<K, string | null>; filled: number } {
  const merged = { ...current };
  let filled = 0;
  for (const key of keys) {
    const value = incoming[key];
    if (merged[key] === null && typeof value === 'string' && value.length > 0) {
      merged[key] = value;
      filled += 1;
    }
  }
  return { merged, filled };
}
