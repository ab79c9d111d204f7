import { queryOptions } from '@tanstack/react-query';
import { contentPaths } from '../../../shared/contracts/api-paths/content';
import { homeContentCheck } from '../../checks/home-content';
import { apiGet } from '../../lib/api-client';

export const homeContentQuery = queryOptions({
  queryKey: ['content', 'home'],
  queryFn: ({ signal }) => apiGet(contentPaths.home, homeContentCheck, { signal }),
});
