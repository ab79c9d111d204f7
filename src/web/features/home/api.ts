import { queryOptions } from '@tanstack/react-query';
import { contentPaths } from '../../../shared/contracts/api-paths/content';
import type { HomeContent } from '../../../shared/contracts/content';
import { apiGet } from '../../lib/api-client';

export const homeContentQuery = queryOptions({
  queryKey: ['content', 'home'],
  queryFn: ({ signal }) => apiGet<HomeContent>(contentPaths.home, { signal }),
});
