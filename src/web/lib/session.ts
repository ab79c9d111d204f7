import { queryOptions } from '@tanstack/react-query';
import type { Me } from '../../shared/contracts/accounts';
import { accountPaths, authEndpointPaths } from '../../shared/contracts/api-paths/accounts';
import { meResponseCheck } from '../checks/me-response';
import { signedOutCheck } from '../checks/signed-out';
import { apiGet, apiPost } from './api-client';

/**
 * The signed-in fan, or null for a visitor. Shared by the account corner and by any screen whose content
 * depends on being signed in (e.g. the gaming hub's game manager), so they read one cached answer.
 */
export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: async ({ signal }): Promise<Me | null> => (await apiGet(accountPaths.me, meResponseCheck, { signal })).user,
  staleTime: 5 * 60_000,
});

/**
 * Ends the session (the header's Sign out). Here rather than in the accounts feature's api.ts, whose sign-in
 * calls only the login screen needs: the header is on the first load of every screen.
 */
export const signOut = () => apiPost(authEndpointPaths.signOut, {}, signedOutCheck);
