import type {
  Achievement,
  CreateAchievementInput,
  CreateGamingTrophyInput,
  CreateTrophyItemInput,
  FanCardInput,
  FanProfile,
  FavoritesResponse,
  GamingHandlesInput,
  GamingProfile,
  GamingTrophy,
  TrophyItem,
} from '../../../shared/contracts/fan-central';
import type { FavoriteList } from '../../../shared/domain/fan-profile';

/**
 * Where one owner's Fan Central data lives: a signed-in fan's account (account-api.ts) or this browser, for a
 * visitor (local-store.ts). Both apply the same contract and rules (shared/contracts/fan-central.ts,
 * shared/domain), so they accept, refuse and word things the same way; a refusal rejects with an
 * ApiClientError either way. Every answer is the one the account's route gives.
 */
export interface FanCentralStore {
  fanProfile(signal?: AbortSignal): Promise<FanProfile>;
  saveCard(input: FanCardInput): Promise<FanProfile>;
  addFavorite(list: FavoriteList, value: string): Promise<FavoritesResponse>;
  removeFavorite(list: FavoriteList, value: string): Promise<FavoritesResponse>;
  addTrophyItem(input: CreateTrophyItemInput): Promise<TrophyItem>;
  removeTrophyItem(id: string): Promise<void>;

  gamingProfile(signal?: AbortSignal): Promise<GamingProfile>;
  saveHandles(input: GamingHandlesInput): Promise<GamingProfile>;
  /** Copies the console handles from the gaming page profile (404 NO_GAMING_PAGE_PROFILE when there is none). */
  importHandlesFromPage(): Promise<GamingProfile>;
  addAchievement(input: CreateAchievementInput): Promise<Achievement>;
  setTrackingLink(id: string, trackingLink: string | null): Promise<Achievement>;
  removeAchievement(id: string): Promise<void>;
  addGamingTrophy(input: CreateGamingTrophyInput): Promise<GamingTrophy>;
  removeGamingTrophy(id: string): Promise<void>;
}
