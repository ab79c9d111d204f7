import { trackedGamePaths } from '../../../shared/contracts/api-paths/tracked-games';
import {
  type CreateTrackedGameInput,
  trackedGameListSchema,
  trackedGameResponseSchema,
  type UpdateTrackedGameInput,
} from '../../../shared/contracts/tracked-games';
import { apiDelete, apiGet, apiPatch, apiPost } from '../../lib/api-client';
import { noContent } from '../../lib/no-content';

/** A signed-in fan's tracked games on the server (/api/me/tracked-games); a visitor's live in tracked-games.ts. */
const api = trackedGamePaths;

export const fetchTrackedGames = async (signal?: AbortSignal) =>
  (await apiGet(api.list, trackedGameListSchema, { signal })).games;

export const addTrackedGame = async (input: CreateTrackedGameInput) =>
  (await apiPost(api.list, input, trackedGameResponseSchema)).game;

export const updateTrackedGame = async (id: string, change: UpdateTrackedGameInput) =>
  (await apiPatch(api.one(id), change, trackedGameResponseSchema)).game;

export const removeTrackedGame = (id: string) => apiDelete(api.one(id), noContent);
