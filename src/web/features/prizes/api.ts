import { queryOptions } from '@tanstack/react-query';
import { prizePaths } from '../../../shared/contracts/api-paths/prizes';
import {
  claimCodeSentResponseSchema,
  claimResultResponseSchema,
  claimViewResponseSchema,
} from '../../../shared/contracts/prize-responses';
import type { ClaimBody } from '../../../shared/contracts/prizes';
import { apiGet, apiPost } from '../../lib/api-client';

/** The prizes feature's calls to FanGrid's API: a winner's claim, by the token of its claim link. */
export const claimQuery = (token: string) =>
  queryOptions({
    queryKey: ['claim', token],
    queryFn: ({ signal }) => apiGet(prizePaths.claim(token), claimViewResponseSchema, { signal }).then((r) => r.claim),
    // An invalid, expired or used link stays so: asking again changes nothing.
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Texts a 6-digit code to the winning entry's phone. */
export const requestClaimCode = (token: string) =>
  apiPost(prizePaths.claimCode(token), {}, claimCodeSentResponseSchema);

/** Claims the prize: the proof (unless signed in as the entry's owner) and how to receive it. */
export const submitClaim = (token: string, input: ClaimBody) =>
  apiPost(prizePaths.claim(token), input, claimResultResponseSchema).then((r) => r.prize);
