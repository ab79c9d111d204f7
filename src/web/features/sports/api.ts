import { queryOptions } from '@tanstack/react-query';
import type { SportsHubContent } from '../../../shared/contracts/content';
import { apiPaths } from '../../../shared/contracts/paths';
import { apiGet } from '../../lib/api-client';

export const sportsHubQuery = queryOptions({
  queryKey: ['content', 'sports-hub'],
  queryFn: ({ signal }) => apiGet<SportsHubContent>(apiPaths.content.sportsHub, { signal }),
});
