import { queryOptions } from '@tanstack/react-query';
import type { AdminStatus } from '../../../shared/contracts/accounts';
import { apiPaths } from '../../../shared/contracts/paths';
import { apiGet, apiPost } from '../../lib/api-client';

export const adminStatusQuery = queryOptions({
  queryKey: ['admin-gate'],
  queryFn: ({ signal }) => apiGet<AdminStatus>(apiPaths.adminGate.status, { signal }),
  staleTime: 0,
});

export const adminGateApi = {
  passcode: (passcode: string) => apiPost(apiPaths.adminGate.passcode, { passcode }),
  phrase: (phrase: string) => apiPost(apiPaths.adminGate.phrase, { phrase }),
  signOut: () => apiPost(apiPaths.adminGate.signOut),
};
