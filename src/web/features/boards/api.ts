import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { BoardView } from '../../../shared/contracts/boards';
import { apiPaths } from '../../../shared/contracts/paths';
import { apiGet } from '../../lib/api-client';

export const boardQuery = (slug: string) =>
  queryOptions({
    queryKey: ['board', slug],
    queryFn: ({ signal }) => apiGet<BoardView>(apiPaths.board(slug), { signal }),
    staleTime: 30_000,
  });

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
    // A paid board's unpaid hold ended: its cells are free again.
    source.addEventListener('release', (e) => {
      const { released } = JSON.parse((e as MessageEvent<string>).data) as { released: number[] };
      queryClient.setQueryData<BoardView>(boardQuery(slug).queryKey, (prev) => {
        if (!prev) return prev;
        const freed = new Set(released);
        const cells = prev.cells.filter((c) => !freed.has(c.cell));
        if (cells.length === prev.cells.length) return prev;
        const perEntry = prev.format === '1v49' ? 2 : 1;
        return { ...prev, cells, entryCount: Math.max(0, prev.entryCount - Math.round(released.length / perEntry)) };
      });
    });
    return () => source.close();
  }, [slug, queryClient]);
  return board;
}

export { createEntry, type MyEntry, myEntries, rememberEntry } from '../../lib/board-entries';
