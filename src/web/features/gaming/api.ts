import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../shared/contracts/paths';
import type {
  CreateTrackedGameInput,
  TrackedGame,
  TrackedGameList,
  UpdateTrackedGameInput,
} from '../../../shared/contracts/tracked-games';
import { apiDelete, apiGet, apiPatch, apiPost } from '../../lib/api-client';

const trackedGames = apiPaths.trackedGames;

/** The signed-in fan's tracked games, newest first (keyed by account so a new sign-in never sees the last one's). */
export const trackedGamesQuery = (userId: string) =>
  queryOptions({
    queryKey: ['tracked-games', userId] as const,
    queryFn: async ({ signal }) => (await apiGet<TrackedGameList>(trackedGames.list, { signal })).games,
  });

/** Add, change and remove tracked games; each refreshes the list from the server when it settles. */
export function useTrackedGameMutations(userId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = trackedGamesQuery(userId);
  const refresh = () => queryClient.invalidateQueries({ queryKey });
  const add = useMutation({
    mutationFn: async (input: CreateTrackedGameInput) =>
      (await apiPost<{ game: TrackedGame }>(trackedGames.list, input)).game,
    onSuccess: (game) => queryClient.setQueryData(queryKey, (list: TrackedGame[] = []) => [game, ...list]),
    onSettled: refresh,
  });
  const update = useMutation({
    mutationFn: async ({ id, change }: { id: string; change: UpdateTrackedGameInput }) =>
      (await apiPatch<{ game: TrackedGame }>(trackedGames.one(id), change)).game,
    onSuccess: (game) =>
      queryClient.setQueryData(queryKey, (list: TrackedGame[] = []) => list.map((g) => (g.id === game.id ? game : g))),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: async (id: string) => {
      await apiDelete(trackedGames.one(id));
      return id;
    },
    onSuccess: (id) =>
      queryClient.setQueryData(queryKey, (list: TrackedGame[] = []) => list.filter((g) => g.id !== id)),
    onSettled: refresh,
  });
  return { add, update, remove };
}
