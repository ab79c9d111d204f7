import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { BoardView, CreateEntryInput, EntryCreated } from '../../../shared/contracts/boards';
import { apiPaths } from '../../../shared/contracts/paths';
import { apiGet, apiPost } from '../../lib/api-client';
import { readJson, writeJson } from '../../lib/storage';

export const boardQuery = (slug: string) =>
  queryOptions({
    queryKey: ['board', slug],
    queryFn: ({ signal }) => apiGet<BoardView>(apiPaths.board(slug), { signal }),
    staleTime: 30_000,
  });

export const createEntry = (slug: string, input: CreateEntryInput) =>
  apiPost<{ entry: EntryCreated }>(apiPaths.boardEntries(slug), input).then((r) => r.entry);

/** The board, kept live: new cells arrive over Server-Sent Events and are merged into the cached view. */
export function useLiveBoard(slug: string) {
  const queryClient = useQueryClient();
  const board = useQuery(boardQuery(slug));
  useEffect(() => {
    const source = new EventSource(`${apiPaths.board(slug)}/events`);
    source.addEventListener('cells', (e) => {
      const { cells, code } = JSON.parse((e as MessageEvent<string>).data) as { cells: number[]; code: string };
      queryClient.setQueryData<BoardView>(boardQuery(slug).queryKey, (prev) => {
        if (!prev) return prev;
        const known = new Set(prev.cells.map((c) => c.cell));
        const added = cells.filter((cell) => !known.has(cell)).map((cell) => ({ cell, code }));
        if (added.length === 0) return prev;
        return { ...prev, cells: [...prev.cells, ...added], entryCount: prev.entryCount + 1 };
      });
    });
    return () => source.close();
  }, [slug, queryClient]);
  return board;
}

/** This browser's own entries (a visitor has no account), so the board can highlight the viewer's cells. */
const MY_ENTRIES_KEY = 'fangrid.entries';
export interface MyEntry extends EntryCreated {
  enteredAt: string;
}

export function myEntries(): MyEntry[] {
  const saved = readJson(MY_ENTRIES_KEY);
  return Array.isArray(saved) ? (saved as MyEntry[]).filter((e) => typeof e?.ticketNumber === 'string') : [];
}

export function rememberEntry(entry: EntryCreated) {
  const all = myEntries().filter((e) => e.ticketNumber !== entry.ticketNumber);
  writeJson(MY_ENTRIES_KEY, [...all, { ...entry, enteredAt: new Date().toISOString() }]);
}
