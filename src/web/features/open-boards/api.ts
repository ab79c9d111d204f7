import { queryOptions } from '@tanstack/react-query';
import { openBoardPaths } from '../../../shared/contracts/api-paths/open-boards';
import { openBoardsCheck } from '../../checks/open-boards';
import { apiGet } from '../../lib/api-client';

/** The boards taking entries now, soonest game first; read again each minute while a list is on screen. */
export const openBoardsQuery = queryOptions({
  queryKey: ['boards', 'open'],
  queryFn: ({ signal }) => apiGet(openBoardPaths.openBoards, openBoardsCheck, { signal }),
  staleTime: 15_000,
  refetchInterval: 60_000,
});
