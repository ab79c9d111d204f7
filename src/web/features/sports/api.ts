import { queryOptions } from '@tanstack/react-query';
import { contentPaths } from '../../../shared/contracts/api-paths/content';
import type { SportsHubContent } from '../../../shared/contracts/content';
import { apiGet } from '../../lib/api-client';

/** The hub's document. The live scores on it are the scores feature's queries (features/scores). */
export const sportsHubQuery = queryOptions({
  queryKey: ['content', 'sports-hub'],
  queryFn: ({ signal }) => apiGet<SportsHubContent>(contentPaths.sportsHub, { signal }),
});
