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

  addTrophyItem(input: CreateTrophyItemInput): TrophyItem {
    const item = parseOrThrow(createTrophyItemSchema, input);
    const profile = readLocalFanProfile();
    if (profile.trophyCase.length >= fanProfileLimits.trophies) {
      throw localError(409, codes.limitReached, fanProfileMessages.trophiesFull);
    }
    const created: TrophyItem = { id: newLocalId(), ...item, dateAdded: new Date().toISOString() };
    writeLocalFanProfile({ ...profile, trophyCase: [created, ...profile.trophyCase] });
    return created;
  },

  removeTrophyItem(id: string) {
    const profile = readLocalFanProfile();
    if (!profile.trophyCase.some((t) => t.id === id)) {
      throw localError(404, codes.notFound, fanProfileMessages.trophyNotFound);
    }
    writeLocalFanProfile({ ...profile, trophyCase: profile.trophyCase.filter((t) => t.id !== id) });
  },

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
    const profile = readLocalGamingProfile();
    if (profile.achievements.length >= gamingProfileLimits.achievements) {
      throw localError(409, codes.limitReached, gamingProfileMessages.achievementsFull);
    }
    const created: Achievement = { id: newLocalId(), ...achievement, dateAdded: new Date().toISOString() };
    writeLocalGamingProfile({ ...profile, achievements: [created, ...profile.achievements] });
    return created;
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

  removeAchievement(id: string) {
    const profile = readLocalGamingProfile();
    if (!profile.achievements.some((a) => a.id === id)) {
      throw localError(404, codes.notFound, gamingProfileMessages.achievementNotFound);
    }
    writeLocalGamingProfile({ ...profile, achievements: profile.achievements.filter((a) => a.id !== id) });
  },

  addGamingTrophy(input: CreateGamingTrophyInput): GamingTrophy {
    const trophy = parseOrThrow(createGamingTrophySchema, input);
    checkDateEarned(trophy.dateEarned);
    const profile = readLocalGamingProfile();
    if (profile.trophies.length >= gamingProfileLimits.trophies) {
      throw localError(409, codes.limitReached, gamingProfileMessages.trophiesFull);
    }
    const created: GamingTrophy = { id: newLocalId(), ...trophy, dateAdded: new Date().toISOString() };
    writeLocalGamingProfile({ ...profile, trophies: [created, ...profile.trophies] });
    return created;
  },

  removeGamingTrophy(id: string) {
    const profile = readLocalGamingProfile();
    if (!profile.trophies.some((t) => t.id === id)) {
      throw localError(404, codes.notFound, gamingProfileMessages.trophyNotFound);
    }
    writeLocalGamingProfile({ ...profile, trophies: profile.trophies.filter((t) => t.id !== id) });
  },
} satisfies Immediate<FanCentralStore>;

/** A visitor's Fan Central data in this browser (`localFanCentral`), answering as the account's store does. */
export const localStore = promised<FanCentralStore>(localFanCentral);
