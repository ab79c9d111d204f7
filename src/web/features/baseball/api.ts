import { queryOptions } from '@tanstack/react-query';
import type { CreateCustomEntryInput, CustomEntry } from '../../../shared/contracts/baseball';
import type { BoardView } from '../../../shared/contracts/boards';
import { apiPaths } from '../../../shared/contracts/paths';
import { apiGet, apiPost } from '../../lib/api-client';
import { pageContentQuery } from '../../lib/page-content';

export const baseballPageQuery = pageContentQuery('baseball');

/** A fixture's board: its status and entry rule decide what the join modal accepts. */
export const fixtureBoardQuery = (slug: string) =>
  queryOptions({
    queryKey: ['board', slug],
    queryFn: ({ signal }) => apiGet<BoardView>(apiPaths.board(slug), { signal }),
    staleTime: 30_000,
  });

/** A signed-in fan's custom game entries (a visitor's list is empty: nothing ties them together). */
export const customEntriesQuery = queryOptions({
  queryKey: ['baseball', 'custom-entries'],
  queryFn: ({ signal }) => apiGet<{ entries: CustomEntry[] }>(apiPaths.baseball.customEntries, { signal }),
});

export const createCustomEntry = (input: CreateCustomEntryInput) =>
  apiPost<CustomEntry>(apiPaths.baseball.customEntries, input);
