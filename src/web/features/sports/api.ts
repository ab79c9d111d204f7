import { queryOptions } from '@tanstack/react-query';
import { contentPaths } from '../../../shared/contracts/api-paths/content';
import { apiGet, lazySchema } from '../../lib/api-client';

/**
 * The hub's document (its check loads beside it: the route table asks for it). The live scores on it are the
 * scores feature's queries (features/scores).
 */
export const sportsHubQuery = queryOptions({
  queryKey: ['content', 'sports-hub'],
  queryFn: ({ signal }) =>
    apiGet(
      contentPaths.sportsHub,
      lazySchema(() => import('../../checks/sports-hub-content').then((m) => m.sportsHubContentCheck)),
      { signal },
    ),
});
