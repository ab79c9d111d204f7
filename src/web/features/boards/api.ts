import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { BoardView } from '../../../shared/contracts/boards';
import { apiPaths } from '../../../shared/contracts/paths';
import { apiGet } from '../../lib/api-client';
import { followBoardEvents, withCells, withoutCells } from './live';

export const boardQuery = (slug: string) =>
  queryOptions({
    queryKey: ['board', slug],
    queryFn: ({ signal }) => apiGet<BoardView>(apiPaths.board(slug), { signal }),
    staleTime: 30_000,
  });

/**
 * The board, kept live: new and released cells arrive over Server-Sent Events and are merged into the
 * cached view. Whenever events may have been missed (the stream (re)opened, or the server says `resync`)
 * the board is fetched again; events that arrive while that fetch runs are applied again on top of its
 * result, so a fetch that read the board just before an entry cannot undo it.
 */
export function useLiveBoard(slug: string) {
  const queryClient = useQueryClient();
  const board = useQuery(boardQuery(slug));
  useEffect(() => {
    const { queryKey } = boardQuery(slug);
    type Change = (board: BoardView) => BoardView;
    let replay: Change[] | undefined;
    let generation = 0;
    let stopped = false;
    const apply = (change: Change) => {
      queryClient.setQueryData<BoardView>(queryKey, (prev) => (prev ? change(prev) : prev));
      replay?.push(change);
    };
    const reread = () => {
      const mine = ++generation;
      const log: Change[] = [];
      replay = log;
      // A read already under way (the page's first, too) may have been taken before the stream was
      // listening: cancel it and read again.
      void (async () => {
        await queryClient.cancelQueries({ queryKey, exact: true });
        await queryClient.invalidateQueries({ queryKey, exact: true });
      })().then(() => {
        if (stopped || mine !== generation) return;
        replay = undefined;
        if (log.length > 0) {
          queryClient.setQueryData<BoardView>(queryKey, (prev) => (prev ? log.reduce((b, c) => c(b), prev) : prev));
        }
      });
    };
    const stop = followBoardEvents(`${apiPaths.board(slug)}/events`, {
      cells: (event) => apply((b) => withCells(b, event)),
      release: (event) => apply((b) => withoutCells(b, event)),
      resync: reread,
      // A lock reveals the draw and a score names a winner: the board is simply read again.
      scored: reread,
      locked: reread,
    });
    return () => {
      stopped = true;
      stop();
    };
  }, [slug, queryClient]);
  return board;
}

export { createEntry, type MyEntry, myEntries, rememberEntry } from './board-entries';
