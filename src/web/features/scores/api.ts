import { queryOptions } from '@tanstack/react-query';
import { scoresPaths } from '../../../shared/contracts/api-paths/scores';
import { feedRefreshMs } from '../../../shared/domain/scores';
import { mlbScoresCheck } from '../../checks/mlb-scores';
import { nflPreseasonCheck } from '../../checks/nfl-preseason';
import { tickerCheck } from '../../checks/ticker';
import { apiGet } from '../../lib/api-client';

/** The NFL preseason panel reads the feed through FanGrid every 10 minutes. */
export const nflPreseasonQuery = queryOptions({
  queryKey: ['scores', 'nfl-preseason'],
  queryFn: ({ signal }) => apiGet(scoresPaths.nflPreseason, nflPreseasonCheck, { signal }),
  refetchInterval: feedRefreshMs.nfl,
  staleTime: 60_000,
});

/** The MLB weekend card refreshes every 30 s (the server asks the feed at most every 5 minutes). */
export const mlbScoresQuery = queryOptions({
  queryKey: ['scores', 'mlb'],
  queryFn: ({ signal }) => apiGet(scoresPaths.mlb, mlbScoresCheck, { signal }),
  refetchInterval: 30_000,
  staleTime: 30_000,
});

/** The ticker reads its four feeds on load and every 5 minutes (through FanGrid's API). */
export const tickerQuery = queryOptions({
  queryKey: ['scores', 'ticker'],
  queryFn: ({ signal }) => apiGet(scoresPaths.ticker, tickerCheck, { signal }),
  refetchInterval: feedRefreshMs.nba,
  staleTime: 60_000,
});
