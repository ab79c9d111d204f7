import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { localImportPaths } from '../../shared/contracts/api-paths/local-import';
import {
  type EntryLinksResult,
  entryLinksResultSchema,
  type LocalImportResult,
  localImportResultSchema,
  localImportStatusSchema,
} from '../../shared/contracts/fan-central';
import { entriesToImport, markEntriesInAccount } from '../features/boards';
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
    queryFn: ({ signal }) => apiGet(localImportPaths.localImport, localImportStatusSchema, { signal }),
  });

/** The import's answer, with what became of this browser's board entries (null: it holds none). */
export type LocalImportOutcome = LocalImportResult & { entries: EntryLinksResult | null };

/**
 * Sends this browser's data, then forgets it locally (it now lives in the account) and refreshes the
 * screens. This browser's board entries are linked to the account by their tickets (also after an earlier
 * import: linking is per entry and repeatable); the browser keeps their tickets for the board's highlights.
 */
export function useImportLocalData(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<LocalImportOutcome> => {
      const { payload } = readLocalFanData();
      const result = await apiPost(localImportPaths.localImport, payload, localImportResultSchema);
      const tickets = entriesToImport().map((e) => e.ticketNumber);
      const entries =
        tickets.length > 0 ? await apiPost(localImportPaths.entryLinks, { tickets }, entryLinksResultSchema) : null;
      if (entries) markEntriesInAccount(entries.linked);
      return { ...result, entries };
    },
    onSuccess: (result) => {
      // Only a fresh import moved this browser's data into the account; an earlier import (another
      // device) did not bring this data, so it stays here rather than being lost.
      if (!result.alreadyImported) clearLocalFanData();
      markOffered(userId);
      queryClient.setQueryData(localImportStatusQuery(userId).queryKey, { importedAt: result.importedAt });
      for (const key of ['fan-profile', 'gaming-profile', 'gaming-page-profile', 'tracked-games', 'my-entries']) {
        void queryClient.invalidateQueries({ queryKey: [key] });
      }
    },
  });
}
