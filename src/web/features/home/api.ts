import { queryOptions } from '@tanstack/react-query';
import type { HomeContent } from '../../../shared/contracts/content';
import { apiPaths } from '../../../shared/contracts/paths';
import { apiGet } from '../../lib/api-client';

export const homeContentQuery = queryOptions({
  queryKey: ['content', 'home'],
  queryFn: ({ signal }) => apiGet<HomeContent>(apiPaths.content.home, { signal }),
});
