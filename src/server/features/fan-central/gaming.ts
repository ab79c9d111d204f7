import type {
  Achievement,
  CreateAchievement,
  CreateGamingTrophy,
  GamingHandles,
  GamingPageProfile,
  GamingProfile,
  GamingTrophy,
} from '../../../shared/contracts/fan-central';
import { fanCentralErrorCodes as codes } from '../../../shared/contracts/fan-central';
import { gamingProfileMessages, handlesFromPageProfile } from '../../../shared/domain/gaming-profile';
import { AppError } from '../../http/errors';
import {
  achievementView,
  createFanLists,
  type FanCentralDeps,
  fanLists,
  gamingTrophyView,
  handlesOf,
  notFound,
  pageView,
  uuidPattern,
} from './common';
import type { FanCentralQueries } from './repo';

/** The gaming profile (console handles, achievements, trophies) and the gaming hub's page profile. */
export function createGamingRules(deps: Pick<FanCentralDeps, 'repo' | 'clock'>) {
  const { repo, clock } = deps;
  const { checkDateEarned, addCapped, removeOwn } = createFanLists(deps);

  const gamingProfile = async (q: FanCentralQueries, userId: string): Promise<GamingProfile> => {
    const [row, achievements, trophies] = await Promise.all([
      q.gamingProfile(userId),
      q.achievements.list(userId),
      q.gamingTrophies.list(userId),
    ]);
    return {
      ...handlesOf(row),
      achievements: achievements.map(achievementView),
      trophies: trophies.map(gamingTrophyView),
    };
  };

  return {
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
      return addCapped(fanLists.achievements, userId, input);
    },

    async setTrackingLink(userId: string, id: string, trackingLink: string | null): Promise<Achievement> {
      const row = uuidPattern.test(id) ? await repo.setTrackingLink(id, userId, trackingLink) : undefined;
      if (!row) throw notFound(gamingProfileMessages.achievementNotFound);
      return achievementView(row);
    },

    removeAchievement: (userId: string, id: string): Promise<void> => removeOwn(fanLists.achievements, userId, id),

    addGamingTrophy(userId: string, input: CreateGamingTrophy): Promise<GamingTrophy> {
      checkDateEarned(input.dateEarned);
      return addCapped(fanLists.gamingTrophies, userId, input);
    },

    removeGamingTrophy: (userId: string, id: string): Promise<void> => removeOwn(fanLists.gamingTrophies, userId, id),

    pageProfile: async (userId: string) => pageView(await repo.pageProfile(userId)),

    async savePageProfile(userId: string, input: GamingPageProfile): Promise<GamingPageProfile> {
      return pageView(await repo.savePageProfile(userId, input, clock.now()));
    },
  };
}
