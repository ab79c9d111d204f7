import { type DataTag, type QueryKey, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FanProfile, FavoritesResponse } from '../../../shared/contracts/fan-central';
import type { FavoriteList } from '../../../shared/domain/fan-profile';
import { type DataOwner, ownerKey } from '../../lib/owner';
import { gamingPageProfileQuery } from '../gaming';
import { accountStore } from './account-api';
import { localStore } from './local-store';
import type { FanCentralStore } from './store';

/**
 * Fan Central's data: a signed-in fan's through /api/me/…, a visitor's in this browser. The queries and
 * mutations take the owner's store once (`storeOf`); the screens do not know which one they talk to.
 */

export { localFanCentral } from './local-store';

export const storeOf = (owner: DataOwner): FanCentralStore => (owner.kind === 'local' ? localStore : accountStore);

// ---- queries ------------------------------------------------------------------------------------------

export const fanProfileQuery = (owner: DataOwner) => {
  const store = storeOf(owner);
  return queryOptions({
    queryKey: ['fan-profile', ownerKey(owner)] as const,
    queryFn: ({ signal }) => store.fanProfile(signal),
  });
};

export const gamingProfileQuery = (owner: DataOwner) => {
  const store = storeOf(owner);
  return queryOptions({
    queryKey: ['gaming-profile', ownerKey(owner)] as const,
    queryFn: ({ signal }) => store.gamingProfile(signal),
  });
};

export { gamingPageProfileQuery };

// ---- mutations ------------------------------------------------------------------------------------------

/** The key of a cached value of type `C` (a query's key from `queryOptions`). */
type KeyOf<C> = DataTag<QueryKey, C, Error>;

/** A mutation whose answer is the whole cached value: it replaces it. */
function useReplacing<C, V>(queryKey: KeyOf<C>, mutationFn: (input: V) => Promise<C>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (value) => queryClient.setQueryData(queryKey, value) });
}

/** A mutation whose answer changes part of the cached value (`change`); the value is fetched again after it. */
function usePatching<C, V, R>(
  queryKey: KeyOf<C>,
  mutationFn: (input: V) => Promise<R>,
  change: (cached: C, answer: R) => C,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer) => queryClient.setQueryData(queryKey, (cached) => (cached ? change(cached, answer) : cached)),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}

/** Removing the item with an id: the mutation answers that id once it is gone. */
const removal = (remove: (id: string) => Promise<void>) => async (id: string) => {
  await remove(id);
  return id;
};

type FavoriteChange = { list: FavoriteList; value: string };
const withFavorites = (p: FanProfile, res: FavoritesResponse): FanProfile => ({ ...p, [res.list]: res.values });

/** The profile card, favorites and trophy case; each updates the cached profile with the answer. */
export function useFanProfileMutations(owner: DataOwner) {
  const store = storeOf(owner);
  const { queryKey } = fanProfileQuery(owner);

  const saveCard = useReplacing(queryKey, store.saveCard);
  const addFavorite = usePatching(
    queryKey,
    ({ list, value }: FavoriteChange) => store.addFavorite(list, value),
    withFavorites,
  );
  const removeFavorite = usePatching(
    queryKey,
    ({ list, value }: FavoriteChange) => store.removeFavorite(list, value),
    withFavorites,
  );
  const addTrophy = usePatching(queryKey, store.addTrophyItem, (p, trophy) => ({
    ...p,
    trophyCase: [trophy, ...p.trophyCase],
  }));
  const removeTrophy = usePatching(queryKey, removal(store.removeTrophyItem), (p, id) => ({
    ...p,
    trophyCase: p.trophyCase.filter((t) => t.id !== id),
  }));
  return { saveCard, addFavorite, removeFavorite, addTrophy, removeTrophy };
}

/** Handles (own edit mode), the copy from the gaming page, achievements and trophies. */
export function useGamingProfileMutations(owner: DataOwner) {
  const store = storeOf(owner);
  const { queryKey } = gamingProfileQuery(owner);

  const saveHandles = useReplacing(queryKey, store.saveHandles);
  const importFromPage = useReplacing(queryKey, () => store.importHandlesFromPage());
  const addAchievement = usePatching(queryKey, store.addAchievement, (p, a) => ({
    ...p,
    achievements: [a, ...p.achievements],
  }));
  const setTrackingLink = usePatching(
    queryKey,
    ({ id, trackingLink }: { id: string; trackingLink: string | null }) => store.setTrackingLink(id, trackingLink),
    (p, a) => ({ ...p, achievements: p.achievements.map((x) => (x.id === a.id ? a : x)) }),
  );
  const removeAchievement = usePatching(queryKey, removal(store.removeAchievement), (p, id) => ({
    ...p,
    achievements: p.achievements.filter((a) => a.id !== id),
  }));
  const addTrophy = usePatching(queryKey, store.addGamingTrophy, (p, t) => ({ ...p, trophies: [t, ...p.trophies] }));
  const removeTrophy = usePatching(queryKey, removal(store.removeGamingTrophy), (p, id) => ({
    ...p,
    trophies: p.trophies.filter((t) => t.id !== id),
  }));
  return { saveHandles, importFromPage, addAchievement, setTrackingLink, removeAchievement, addTrophy, removeTrophy };
}
