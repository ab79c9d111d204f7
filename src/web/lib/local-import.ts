import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { LocalImportResult } from '../../shared/contracts/fan-central';
import { apiPaths } from '../../shared/contracts/paths';
import { apiGet, apiPost } from './api-client';
import { readLocalFanData } from './local-fan-data';
import { clearLocalFanData, markOffered } from './local-fan-records';

/**
 * On sign-in, FanGrid offers once to import a visitor's local Fan Central data into the account.
 * The server imports at most once per account (a replay answers the first import).
 */

export const localImportStatusQuery = (userId: string) =>
  queryOptions({
    queryKey: ['local-import', userId] as const,
    queryFn: ({ signal }) => apiGet<{ importedAt: string | null }>(apiPaths.localImport, { signal }),
  });

/** Sends this browser's data, then forgets it locally (it now lives in the account) and refreshes the screens. */
export function useImportLocalData(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { payload } = readLocalFanData();
      return apiPost<LocalImportResult>(apiPaths.localImport, payload);
    },
    onSuccess: (result) => {
      // Only a fresh import moved this browser's data into the account; an earlier import (another
      // device) did not bring this data, so it stays here rather than being lost.
      if (!result.alreadyImported) clearLocalFanData();
      markOffered(userId);
      queryClient.setQueryData(localImportStatusQuery(userId).queryKey, { importedAt: result.importedAt });
      for (const key of ['fan-profile', 'gaming-profile', 'gaming-page-profile', 'tracked-games']) {
        void queryClient.invalidateQueries({ queryKey: [key] });
      }
    },
  });
}
