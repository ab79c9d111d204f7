import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { profilePaths } from '../../../shared/contracts/api-paths/profiles';
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
  favoriteListInfo,
  removeFavorite,
} from '../../../shared/domain/fan-profile';
import { localIsoDate } from '../../../shared/domain/gaming';
import {
  dateEarnedProblem,
  gamingProfileLimits,
  gamingProfileMessages,
  handlesFromPageProfile,
} from '../../../shared/domain/gaming-profile';
import { apiDelete, apiGet, apiPatch, apiPost, apiPut } from '../../lib/api-client';
import { localError, parseOrThrow } from '../../lib/local-errors';
import {
  newLocalId,
  readLocalFanProfile,
  readLocalGamingPageProfile,
  readLocalGamingProfile,
  writeLocalFanProfile,
  writeLocalGamingProfile,
} from '../../lib/local-fan-data';
import { type DataOwner, ownerKey } from '../../lib/owner';
import { gamingPageProfileQuery } from '../gaming';

/**
 * Fan Central's data: a signed-in fan's through /api/me/…, a visitor's in this browser. Both sides use the
 * same contract and rules (shared/contracts/fan-central.ts, shared/domain), so they accept, refuse and
 * word things the same way; the screens do not know which one they talk to.
 */

const fan = profilePaths.fanProfile;
const gaming = profilePaths.gamingProfile;

// ---- the visitor's local store ----------------------------------------------------------------------

const fanProfileOf = ({ id: _id, games: _games, ...profile }: ReturnType<typeof readLocalFanProfile>): FanProfile =>
  profile;

const checkDateEarned = (dateEarned: string | null) => {
  const problem = dateEarnedProblem(dateEarned, localIsoDate(new Date()));
  if (problem) throw localError(400, codes.validation, problem, { dateEarned: problem });
};

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
};

// ---- queries ------------------------------------------------------------------------------------------

export const fanProfileQuery = (owner: DataOwner) =>
  queryOptions({
    queryKey: ['fan-profile', ownerKey(owner)] as const,
    queryFn: async ({ signal }): Promise<FanProfile> =>
      owner.kind === 'local'
        ? localFanCentral.fanProfile()
        : (await apiGet<{ profile: FanProfile }>(fan.profile, { signal })).profile,
  });

export const gamingProfileQuery = (owner: DataOwner) =>
  queryOptions({
    queryKey: ['gaming-profile', ownerKey(owner)] as const,
    queryFn: async ({ signal }): Promise<GamingProfile> =>
      owner.kind === 'local'
        ? localFanCentral.gamingProfile()
        : (await apiGet<{ profile: GamingProfile }>(gaming.profile, { signal })).profile,
  });

export { gamingPageProfileQuery };

// ---- mutations ------------------------------------------------------------------------------------------

/** The profile card, favorites and trophy case; each updates the cached profile with the answer. */
export function useFanProfileMutations(owner: DataOwner) {
  const queryClient = useQueryClient();
  const { queryKey } = fanProfileQuery(owner);
  const local = owner.kind === 'local';
  const patch = (change: (p: FanProfile) => FanProfile) =>
    queryClient.setQueryData<FanProfile>(queryKey, (p) => (p ? change(p) : p));
  const refresh = () => queryClient.invalidateQueries({ queryKey });

  const saveCard = useMutation({
    mutationFn: async (input: FanCardInput) =>
      local ? localFanCentral.saveCard(input) : (await apiPut<{ profile: FanProfile }>(fan.card, input)).profile,
    onSuccess: (profile) => queryClient.setQueryData(queryKey, profile),
  });
  const addFavorite = useMutation({
    mutationFn: async ({ list, value }: { list: FavoriteList; value: string }) =>
      local
        ? localFanCentral.addFavorite(list, value)
        : apiPost<FavoritesResponse>(fan.favorites(favoriteListInfo[list].slug), { value }),
    onSuccess: (res) => patch((p) => ({ ...p, [res.list]: res.values })),
    onSettled: refresh,
  });
  const removeFavoriteMutation = useMutation({
    mutationFn: async ({ list, value }: { list: FavoriteList; value: string }) =>
      local
        ? localFanCentral.removeFavorite(list, value)
        : apiDelete<FavoritesResponse>(fan.favorite(favoriteListInfo[list].slug, value)),
    onSuccess: (res) => patch((p) => ({ ...p, [res.list]: res.values })),
    onSettled: refresh,
  });
  const addTrophy = useMutation({
    mutationFn: async (input: CreateTrophyItemInput) =>
      local
        ? localFanCentral.addTrophyItem(input)
        : (await apiPost<{ trophy: TrophyItem }>(fan.trophies, input)).trophy,
    onSuccess: (trophy) => patch((p) => ({ ...p, trophyCase: [trophy, ...p.trophyCase] })),
    onSettled: refresh,
  });
  const removeTrophy = useMutation({
    mutationFn: async (id: string) => {
      if (local) localFanCentral.removeTrophyItem(id);
      else await apiDelete(fan.trophy(id));
      return id;
    },
    onSuccess: (id) => patch((p) => ({ ...p, trophyCase: p.trophyCase.filter((t) => t.id !== id) })),
    onSettled: refresh,
  });
  return { saveCard, addFavorite, removeFavorite: removeFavoriteMutation, addTrophy, removeTrophy };
}

/** Handles (own edit mode), the copy from the gaming page, achievements and trophies. */
export function useGamingProfileMutations(owner: DataOwner) {
  const queryClient = useQueryClient();
  const { queryKey } = gamingProfileQuery(owner);
  const local = owner.kind === 'local';
  const patch = (change: (p: GamingProfile) => GamingProfile) =>
    queryClient.setQueryData<GamingProfile>(queryKey, (p) => (p ? change(p) : p));
  const refresh = () => queryClient.invalidateQueries({ queryKey });

  const saveHandles = useMutation({
    mutationFn: async (input: GamingHandlesInput) =>
      local
        ? localFanCentral.saveHandles(input)
        : (await apiPut<{ profile: GamingProfile }>(gaming.handles, input)).profile,
    onSuccess: (profile) => queryClient.setQueryData(queryKey, profile),
  });
  const importFromPage = useMutation({
    mutationFn: async () =>
      local
        ? localFanCentral.importHandlesFromPage()
        : (await apiPost<{ profile: GamingProfile }>(gaming.importFromPage)).profile,
    onSuccess: (profile) => queryClient.setQueryData(queryKey, profile),
  });
  const addAchievement = useMutation({
    mutationFn: async (input: CreateAchievementInput) =>
      local
        ? localFanCentral.addAchievement(input)
        : (await apiPost<{ achievement: Achievement }>(gaming.achievements, input)).achievement,
    onSuccess: (a) => patch((p) => ({ ...p, achievements: [a, ...p.achievements] })),
    onSettled: refresh,
  });
  const setTrackingLink = useMutation({
    mutationFn: async ({ id, trackingLink }: { id: string; trackingLink: string | null }) =>
      local
        ? localFanCentral.setTrackingLink(id, trackingLink)
        : (await apiPatch<{ achievement: Achievement }>(gaming.achievement(id), { trackingLink })).achievement,
    onSuccess: (a) => patch((p) => ({ ...p, achievements: p.achievements.map((x) => (x.id === a.id ? a : x)) })),
    onSettled: refresh,
  });
  const removeAchievement = useMutation({
    mutationFn: async (id: string) => {
      if (local) localFanCentral.removeAchievement(id);
      else await apiDelete(gaming.achievement(id));
      return id;
    },
    onSuccess: (id) => patch((p) => ({ ...p, achievements: p.achievements.filter((a) => a.id !== id) })),
    onSettled: refresh,
  });
  const addTrophy = useMutation({
    mutationFn: async (input: CreateGamingTrophyInput) =>
      local
        ? localFanCentral.addGamingTrophy(input)
        : (await apiPost<{ trophy: GamingTrophy }>(gaming.trophies, input)).trophy,
    onSuccess: (t) => patch((p) => ({ ...p, trophies: [t, ...p.trophies] })),
    onSettled: refresh,
  });
  const removeTrophy = useMutation({
    mutationFn: async (id: string) => {
      if (local) localFanCentral.removeGamingTrophy(id);
      else await apiDelete(gaming.trophy(id));
      return id;
    },
    onSuccess: (id) => patch((p) => ({ ...p, trophies: p.trophies.filter((t) => t.id !== id) })),
    onSettled: refresh,
  });
  return { saveHandles, importFromPage, addAchievement, setTrackingLink, removeAchievement, addTrophy, removeTrophy };
}
