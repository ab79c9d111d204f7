import { profilePaths } from '../../../shared/contracts/api-paths/profiles';
import {
  achievementResponseSchema,
  fanProfileResponseSchema,
  favoritesResponseSchema,
  gamingProfileResponseSchema,
  gamingTrophyResponseSchema,
  trophyItemResponseSchema,
} from '../../../shared/contracts/fan-central';
import { favoriteListInfo } from '../../../shared/domain/fan-profile';
import { apiDelete, apiGet, apiPatch, apiPost, apiPut } from '../../lib/api-client';
import { noContent } from '../../lib/no-content';
import type { FanCentralStore } from './store';

const { fanProfile: fan, gamingProfile: gaming } = profilePaths;

/** A signed-in fan's Fan Central data, through /api/me/…; each answer parsed with the schema its route declares. */
export const accountStore: FanCentralStore = {
  fanProfile: async (signal) => (await apiGet(fan.profile, fanProfileResponseSchema, { signal })).profile,
  saveCard: async (input) => (await apiPut(fan.card, input, fanProfileResponseSchema)).profile,
  addFavorite: (list, value) => apiPost(fan.favorites(favoriteListInfo[list].slug), { value }, favoritesResponseSchema),
  removeFavorite: (list, value) => apiDelete(fan.favorite(favoriteListInfo[list].slug, value), favoritesResponseSchema),
  addTrophyItem: async (input) => (await apiPost(fan.trophies, input, trophyItemResponseSchema)).trophy,
  removeTrophyItem: (id) => apiDelete(fan.trophy(id), noContent),

  gamingProfile: async (signal) => (await apiGet(gaming.profile, gamingProfileResponseSchema, { signal })).profile,
  saveHandles: async (input) => (await apiPut(gaming.handles, input, gamingProfileResponseSchema)).profile,
  importHandlesFromPage: async () => (await apiPost(gaming.importFromPage, {}, gamingProfileResponseSchema)).profile,
  addAchievement: async (input) => (await apiPost(gaming.achievements, input, achievementResponseSchema)).achievement,
  setTrackingLink: async (id, trackingLink) =>
    (await apiPatch(gaming.achievement(id), { trackingLink }, achievementResponseSchema)).achievement,
  removeAchievement: (id) => apiDelete(gaming.achievement(id), noContent),
  addGamingTrophy: async (input) => (await apiPost(gaming.trophies, input, gamingTrophyResponseSchema)).trophy,
  removeGamingTrophy: (id) => apiDelete(gaming.trophy(id), noContent),
};
