import { queryOptions } from '@tanstack/react-query';
import { baseballPaths } from '../../../shared/contracts/api-paths/baseball';
import { boardPaths } from '../../../shared/contracts/api-paths/boards';
import type { CreateCustomEntryInput, CustomEntry } from '../../../shared/contracts/baseball';
import type { BoardView } from '../../../shared/contracts/boards';
import { apiGet, apiPost } from '../../lib/api-client';
import { pageContentQuery } from '../../lib/page-content';

export const baseballPageQuery = pageContentQuery('baseball');

/** A fixture's board: its status and entry rule decide what the join modal accepts. */
export const fixtureBoardQuery = (slug: string) =>
  queryOptions({
    queryKey: ['board', slug],
    queryFn: ({ signal }) => apiGet<BoardView>(boardPaths.board(slug), { signal }),
    staleTime: 30_000,
  });

/** A signed-in fan's custom game entries (a visitor's list is empty: nothing ties them together). */
export const customEntriesQuery = queryOptions({
  queryKey: ['baseball', 'custom-entries'],
  queryFn: ({ signal }) => apiGet<{ entries: CustomEntry[] }>(baseballPaths.customEntries, { signal }),
});

export const createCustomEntry = (input: CreateCustomEntryInput) =>
  apiPost<CustomEntry>(baseballPaths.customEntries, input);
