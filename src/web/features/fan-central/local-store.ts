import {
  type Achievement,
  addFavoriteSchema,
  type CreateAchievementInput,
  type CreateGamingTrophyInput,
  type CreateTrophyItemInput,
  fanCentralErrorCodes as codes,
  createAchievementSchema,
  createGamingTrophySchema,
  createTrophyItemSchema,
  type FanCardInput,
  type FanProfile,
  type FavoritesResponse,
  fanCardSchema,
  type GamingHandlesInput,
  type GamingProfile,
  type GamingTrophy,
  gamingHandlesSchema,
  type TrophyItem,
  updateAchievementSchema,
} from '../../../shared/contracts/fan-central';
import {
  addFavorite,
  type FavoriteList,
  fanProfileLimits,
  fanProfileMessages,
  removeFavorite,
} from '../../../shared/domain/fan-profile';
import { localIsoDate } from '../../../shared/domain/gaming';
import {
  dateEarnedProblem,
  gamingProfileLimits,
  gamingProfileMessages,
  handlesFromPageProfile,
} from '../../../shared/domain/gaming-profile';
import { localError, parseOrThrow } from '../../lib/local-errors';
import {
  newLocalId,
  readLocalFanProfile,
  readLocalGamingPageProfile,
  readLocalGamingProfile,
  writeLocalFanProfile,
  writeLocalGamingProfile,
} from '../../lib/local-fan-data';
import type { FanCentralStore } from './store';

/** A store answered on the spot: each method returns its answer (or throws its refusal) instead of a promise. */
type Immediate<S> = { [K in keyof S]: S[K] extends (...args: infer A) => Promise<infer R> ? (...args: A) => R : S[K] };

/** A store from its on-the-spot form: each answer becomes a promise, each refusal a rejected one. */
function promised<S extends object>(immediate: Immediate<S>): S {
  const methods = Object.entries(immediate as Record<string, (...args: unknown[]) => unknown>);
  return Object.fromEntries(methods.map(([name, run]) => [name, async (...args: unknown[]) => run(...args)])) as S;
}

const fanProfileOf = ({ id: _id, games: _games, ...profile }: ReturnType<typeof readLocalFanProfile>): FanProfile =>
  profile;

const checkDateEarned = (dateEarned: string | null) => {
  const problem = dateEarnedProblem(dateEarned, localIsoDate(new Date()));
  if (problem) throw localError(400, codes.validation, problem, { dateEarned: problem });
};

/**
 * One of a visitor's capped lists (newest first) under `key` of a stored profile: an added item gets its id
 * and the time it was added, refused (409) once the list holds `limit`; removing an id it does not hold is a 404.
 */
function localList<P extends Record<K, Array<{ id: string }>>, K extends keyof P>(
  stored: { read: () => P; write: (profile: P) => void },
  key: K,
  limit: number,
  messages: { full: string; missing: string },
) {
  type Item = P[K][number];
  return {
    add(fields: Omit<Item, 'id' | 'dateAdded'>): Item {
      const profile = stored.read();
      if (profile[key].length >= limit) throw localError(409, codes.limitReached, messages.full);
      const created = { id: newLocalId(), ...fields, dateAdded: new Date().toISOString() } as Item;
      stored.write({ ...profile, [key]: [created, ...profile[key]] });
      return created;
    },
    remove(id: string) {
      const profile = stored.read();
      if (!profile[key].some((item) => item.id === id)) throw localError(404, codes.notFound, messages.missing);
      stored.write({ ...profile, [key]: profile[key].filter((item) => item.id !== id) });
    },
  };
}

const fanProfile = { read: readLocalFanProfile, write: writeLocalFanProfile };
const gamingProfile = { read: readLocalGamingProfile, write: writeLocalGamingProfile };
const trophyCase = localList(fanProfile, 'trophyCase', fanProfileLimits.trophies, {
  full: fanProfileMessages.trophiesFull,
  missing: fanProfileMessages.trophyNotFound,
});
const achievements = localList(gamingProfile, 'achievements', gamingProfileLimits.achievements, {
  full: gamingProfileMessages.achievementsFull,
  missing: gamingProfileMessages.achievementNotFound,
});
const gamingTrophies = localList(gamingProfile, 'trophies', gamingProfileLimits.trophies, {
  full: gamingProfileMessages.trophiesFull,
  missing: gamingProfileMessages.trophyNotFound,
});

/**
 * A visitor's Fan Central data in this browser, answered on the spot: each call returns its answer or throws
 * its refusal (an ApiClientError, as the server would answer).
 */
export const localFanCentral = {
  fanProfile: (): FanProfile => fanProfileOf(readLocalFanProfile()),

  saveCard(input: FanCardInput): FanProfile {
    const card = parseOrThrow(fanCardSchema, input);
    const next = { ...readLocalFanProfile(), ...card };
    writeLocalFanProfile(next);
    return fanProfileOf(next);
  },

  addFavorite(list: FavoriteList, value: string): FavoritesResponse {
    parseOrThrow(addFavoriteSchema, { value });
    const profile = readLocalFanProfile();
    const result = addFavorite(profile[list], value);
    if (result.outcome === 'full') {
      throw localError(409, codes.limitReached, fanProfileMessages.favoritesFull(list));
    }
    if (result.outcome !== 'added') return { list, values: profile[list], added: false };
    writeLocalFanProfile({ ...profile, [list]: result.list });
    return { list, values: result.list, added: true };
  },

  removeFavorite(list: FavoriteList, value: string): FavoritesResponse {
    const profile = readLocalFanProfile();
    const values = removeFavorite(profile[list], value);
    writeLocalFanProfile({ ...profile, [list]: values });
    return { list, values, added: false };
  },

  addTrophyItem: (input: CreateTrophyItemInput): TrophyItem =>
    trophyCase.add(parseOrThrow(createTrophyItemSchema, input)),

  removeTrophyItem: (id: string) => trophyCase.remove(id),

  gamingProfile: (): GamingProfile => readLocalGamingProfile(),

  saveHandles(input: GamingHandlesInput): GamingProfile {
    const handles = parseOrThrow(gamingHandlesSchema, input);
    const next = { ...readLocalGamingProfile(), ...handles };
    writeLocalGamingProfile(next);
    return next;
  },

  importHandlesFromPage(): GamingProfile {
    const current = readLocalGamingProfile();
    const handles = handlesFromPageProfile(current, readLocalGamingPageProfile());
    if (!handles) throw localError(404, codes.noPageProfile, gamingProfileMessages.noPageProfile.description);
    const next = { ...current, ...handles };
    writeLocalGamingProfile(next);
    return next;
  },

  addAchievement(input: CreateAchievementInput): Achievement {
    const achievement = parseOrThrow(createAchievementSchema, input);
    checkDateEarned(achievement.dateEarned);
    return achievements.add(achievement);
  },

  setTrackingLink(id: string, trackingLink: string | null): Achievement {
    const change = parseOrThrow(updateAchievementSchema, { trackingLink });
    const profile = readLocalGamingProfile();
    const current = profile.achievements.find((a) => a.id === id);
    if (!current) throw localError(404, codes.notFound, gamingProfileMessages.achievementNotFound);
    const updated = { ...current, trackingLink: change.trackingLink };
    writeLocalGamingProfile({ ...profile, achievements: profile.achievements.map((a) => (a.id === id ? updated : a)) });
    return updated;
  },

  removeAchievement: (id: string) => achievements.remove(id),

  addGamingTrophy(input: CreateGamingTrophyInput): GamingTrophy {
    const trophy = parseOrThrow(createGamingTrophySchema, input);
    checkDateEarned(trophy.dateEarned);
    return gamingTrophies.add(trophy);
  },

  removeGamingTrophy: (id: string) => gamingTrophies.remove(id),
} satisfies Immediate<FanCentralStore>;

/** A visitor's Fan Central data in this browser (`localFanCentral`), answering as the account's store does. */
export const localStore = promised<FanCentralStore>(localFanCentral);
