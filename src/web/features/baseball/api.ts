import { queryOptions } from '@tanstack/react-query';
import { baseballPaths } from '../../../shared/contracts/api-paths/baseball';
import { boardPaths } from '../../../shared/contracts/api-paths/boards';
import type { CreateCustomEntryInput } from '../../../shared/contracts/baseball';
import { boardViewResponseSchema } from '../../../shared/contracts/board-responses';
import { customEntriesSchema, customEntrySchema } from '../../../shared/contracts/custom-entries';
import { apiGet, apiPost } from '../../lib/api-client';
import { pageContentQuery } from '../../lib/page-content';
import { localCustomEntries, mergeCustomEntries, rememberCustomEntry } from './custom-entries';

export const baseballPageQuery = pageContentQuery('baseball');

/** A fixture's board: its status and entry rule decide what the join modal accepts. */
export const fixtureBoardQuery = (slug: string) =>
  queryOptions({
    queryKey: ['board', slug],
    queryFn: ({ signal }) => apiGet(boardPaths.board(slug), boardViewResponseSchema, { signal }),
    staleTime: 30_000,
  });

/**
 * The fan's custom game entries: this browser's (kept for a visitor too) and, signed in, the account's (the
 * server lists none for a visitor: nothing ties a visitor's entries together).
 */
export const customEntriesQuery = queryOptions({
  queryKey: ['baseball', 'custom-entries'],
  queryFn: async ({ signal }) => {
    const server = await apiGet(baseballPaths.customEntries, customEntriesSchema, { signal });
    return { entries: mergeCustomEntries(localCustomEntries(), server.entries) };
  },
});

/** Makes a custom entry and keeps it in this browser, so it stays after a reload and shows on /entered. */
export const createCustomEntry = async (input: CreateCustomEntryInput) => {
  const entry = await apiPost(baseballPaths.customEntries, input, customEntrySchema);
  rememberCustomEntry(entry);
  return entry;
};
