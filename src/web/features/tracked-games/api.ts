import { trackedGamePaths } from '../../../shared/contracts/api-paths/tracked-games';
import type {
  CreateTrackedGameInput,
  TrackedGame,
  TrackedGameList,
  UpdateTrackedGameInput,
} from '../../../shared/contracts/tracked-games';
import { apiDelete, apiGet, apiPatch, apiPost } from '../../lib/api-client';

/** A signed-in fan's tracked games on the server (/api/me/tracked-games); a visitor's live in tracked-games.ts. */
const api = trackedGamePaths;

export const fetchTrackedGames = async (signal?: AbortSignal) =>
  (await apiGet<TrackedGameList>(api.list, { signal })).games;

export const addTrackedGame = async (input: CreateTrackedGameInput) =>
  (await apiPost<{ game: TrackedGame }>(api.list, input)).game;

export const updateTrackedGame = async (id: string, change: UpdateTrackedGameInput) =>
  (await apiPatch<{ game: TrackedGame }>(api.one(id), change)).game;

export const removeTrackedGame = (id: string) => apiDelete(api.one(id));
