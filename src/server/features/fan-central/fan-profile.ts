import type {
  CreateTrophyItem,
  FanCard,
  FanProfile,
  FavoritesResponse,
  TrophyItem,
} from '../../../shared/contracts/fan-central';
import { addFavorite, type FavoriteList, fanProfileMessages, removeFavorite } from '../../../shared/domain/fan-profile';
import { createFanLists, type FanCentralDeps, fanLists, limitReached, profileView } from './common';
import type { FanCentralQueries } from './repo';

/** The fan profile: the card, favorites (empty and duplicate entries ignored, capped per list), the trophy case. */
export function createFanProfileRules(deps: Pick<FanCentralDeps, 'repo' | 'clock'>) {
  const { repo, clock } = deps;
  const { addCapped, removeOwn } = createFanLists(deps);

  const fanProfile = async (q: FanCentralQueries, userId: string): Promise<FanProfile> => {
    const [row, trophies] = await Promise.all([q.profile(userId), q.trophyItems.list(userId)]);
    return profileView(row, trophies);
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

    addTrophyItem: (userId: string, input: CreateTrophyItem): Promise<TrophyItem> =>
      addCapped(fanLists.trophyItems, userId, input),

    removeTrophyItem: (userId: string, id: string): Promise<void> => removeOwn(fanLists.trophyItems, userId, id),
  };
}
