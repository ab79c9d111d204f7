import { queryOptions } from '@tanstack/react-query';
import {
  adminPasscodeAcceptedSchema,
  adminPhraseAcceptedSchema,
  adminSignedOutSchema,
  adminStatusSchema,
} from '../../../shared/contracts/accounts';
import { adminGatePaths } from '../../../shared/contracts/api-paths/admin';
import { apiGet, apiPost } from '../../lib/api-client';

// The admin gate's calls, apart from the admin API (api.ts): the gate and each screen's heading need only the
// gate's own small contracts, not the admin API's.

/**
 * Where the visitor stands at the admin gate. Read as an admin route matches (its loader) and kept 30 s, so the
 * gate does not ask again as it mounts or on each move between admin screens; a session that ended is still
 * noticed at once, by the 401 of the next admin call (`admin` below), and signing in or out re-reads it.
 */
export const adminStatusQuery = queryOptions({
  queryKey: ['admin-gate'],
  queryFn: ({ signal }) => apiGet(adminGatePaths.status, adminStatusSchema, { signal }),
  staleTime: 30_000,
});

export const adminGateApi = {
  passcode: (passcode: string) => apiPost(adminGatePaths.passcode, { passcode }, adminPasscodeAcceptedSchema),
  phrase: (phrase: string) => apiPost(adminGatePaths.phrase, { phrase }, adminPhraseAcceptedSchema),
  signOut: () => apiPost(adminGatePaths.signOut, {}, adminSignedOutSchema),
};
