import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CreateTrackedGameInput,
  createTrackedGameSchema,
  type TrackedGame,
  trackedGameErrorCodes,
  type UpdateTrackedGameInput,
  updateTrackedGameSchema,
} from '../../../shared/contracts/tracked-games';
import { applyStatusChange, trackedGameMessages, trackedGamesPerFan } from '../../../shared/domain/tracked-games';
import { localError, parseOrThrow } from '../../lib/local-errors';
import { newLocalId, readLocalFanProfile, writeLocalFanProfile } from '../../lib/local-fan-data';
import { type DataOwner, ownerKey } from '../../lib/owner';
import { addTrackedGame, fetchTrackedGames, removeTrackedGame, updateTrackedGame } from './api';

/**
 * Tracked games (docs/product.md#fan-central), shared by the gaming hub's game manager and Fan Central's game tracker: a
 * signed-in fan's on the server (/api/me/tracked-games), a visitor's in this browser (fanProfile.games),
 * with the same contract, rules and messages.
 */

const notFound = () => localError(404, trackedGameErrorCodes.notFound, trackedGameMessages.notFound);

/** A visitor's games in this browser, kept in the 'fanProfile' record as the old app had it. */
export const localTrackedGames = {
  list: (): TrackedGame[] => readLocalFanProfile().games,
  add(input: CreateTrackedGameInput): TrackedGame {
    const game = parseOrThrow(createTrackedGameSchema, input);
    const profile = readLocalFanProfile();
    if (profile.games.length >= trackedGamesPerFan) {
      throw localError(409, trackedGameErrorCodes.limitReached, trackedGameMessages.listFull);
    }
    const created: TrackedGame = {
      id: newLocalId(),
      title: game.title,
      description: game.description,
      category: game.category,
      status: game.status,
      releaseDate: game.status === 'coming-soon' ? (game.releaseDate ?? null) : null,
      dateAdded: new Date().toISOString(),
    };
    writeLocalFanProfile({ ...profile, games: [created, ...profile.games] });
    return created;
  },
  update(id: string, input: UpdateTrackedGameInput): TrackedGame {
    const change = parseOrThrow(updateTrackedGameSchema, input);
    const profile = readLocalFanProfile();
    const current = profile.games.find((g) => g.id === id);
    if (!current) throw notFound();
    const next = applyStatusChange(current, change);
    if (!next) {
      throw localError(400, trackedGameErrorCodes.validation, trackedGameMessages.releaseDateOnlyComingSoon, {
        releaseDate: trackedGameMessages.releaseDateOnlyComingSoon,
      });
    }
    const updated = { ...current, ...next };
    writeLocalFanProfile({ ...profile, games: profile.games.map((g) => (g.id === id ? updated : g)) });
    return updated;
  },
  remove(id: string) {
    const profile = readLocalFanProfile();
    if (!profile.games.some((g) => g.id === id)) throw notFound();
    writeLocalFanProfile({ ...profile, games: profile.games.filter((g) => g.id !== id) });
  },
};

/** The owner's tracked games, newest first. */
export const trackedGamesQuery = (owner: DataOwner) =>
  queryOptions({
    queryKey: ['tracked-games', ownerKey(owner)] as const,
    queryFn: async ({ signal }) => (owner.kind === 'local' ? localTrackedGames.list() : fetchTrackedGames(signal)),
  });

/** Add, change and remove tracked games; each refreshes the list when it settles. */
export function useTrackedGameMutations(owner: DataOwner) {
  const queryClient = useQueryClient();
  const { queryKey } = trackedGamesQuery(owner);
  const local = owner.kind === 'local';
  const refresh = () => queryClient.invalidateQueries({ queryKey });
  const add = useMutation({
    mutationFn: async (input: CreateTrackedGameInput) => (local ? localTrackedGames.add(input) : addTrackedGame(input)),
    onSuccess: (game) => queryClient.setQueryData(queryKey, (list: TrackedGame[] = []) => [game, ...list]),
    onSettled: refresh,
  });
  const update = useMutation({
    mutationFn: async ({ id, change }: { id: string; change: UpdateTrackedGameInput }) =>
      local ? localTrackedGames.update(id, change) : updateTrackedGame(id, change),
    onSuccess: (game) =>
      queryClient.setQueryData(queryKey, (list: TrackedGame[] = []) => list.map((g) => (g.id === game.id ? game : g))),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: async (id: string) => {
      if (local) localTrackedGames.remove(id);
      else await removeTrackedGame(id);
      return id;
    },
    onSuccess: (id) =>
      queryClient.setQueryData(queryKey, (list: TrackedGame[] = []) => list.filter((g) => g.id !== id)),
    onSettled: refresh,
  });
  return { add, update, remove };
}
