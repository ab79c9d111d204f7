import { queryOptions } from '@tanstack/react-query';
import type { Me } from '../../shared/contracts/accounts';
import { apiPaths } from '../../shared/contracts/paths';
import { apiGet } from './api-client';

/**
 * The signed-in fan, or null for a visitor. Shared by the account corner and by any screen whose content
 * depends on being signed in (e.g. the gaming hub's game manager), so they read one cached answer.
 */
export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: async ({ signal }): Promise<Me | null> => (await apiGet<{ user: Me | null }>(apiPaths.me, { signal })).user,
  staleTime: 5 * 60_000,
});
