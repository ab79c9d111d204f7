import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '../../../shared/contracts/paths';
import {
  checkoutStartedResponseSchema,
  donationViewResponseSchema,
  localSessionResponseSchema,
  tipViewResponseSchema,
} from '../../../shared/contracts/payment-responses';
import type { DonationCheckoutInput } from '../../../shared/contracts/payments';
import { apiGet, apiPost } from '../../lib/api-client';
import { readJson, writeJson } from '../../lib/storage';

export const localSessionQuery = (id: string) =>
  queryOptions({
    queryKey: ['payments', 'local', id],
    queryFn: ({ signal }) => apiGet(apiPaths.payments.localSession(id), localSessionResponseSchema, { signal }),
  });

/** A donation until its payment settles: polled every 2 s while pending (the webhook may lag the redirect). */
export const donationQuery = (reference: string) =>
  queryOptions({
    queryKey: ['donation', reference],
    queryFn: ({ signal }) => apiGet(apiPaths.donations.one(reference), donationViewResponseSchema, { signal }),
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 2000 : false),
    retry: false,
  });

export const sessionDonationQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ['donation', 'session', sessionId],
    queryFn: ({ signal }) =>
      apiGet(apiPaths.payments.sessionDonation(sessionId), donationViewResponseSchema, { signal }),
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 2000 : false),
    retry: false,
  });

export const tipQuery = (reference: string) =>
  queryOptions({
    queryKey: ['tip', reference],
    queryFn: ({ signal }) => apiGet(apiPaths.tips.one(reference), tipViewResponseSchema, { signal }),
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 2000 : false),
    retry: false,
  });

/** Opens a donation's checkout; the answer's url is where the donor pays. */
export const startDonation = (input: DonationCheckoutInput) =>
  apiPost(apiPaths.donations.checkout, input, checkoutStartedResponseSchema);

export const payLocal = (sessionId: string, card: { number: string; expiry: string; cvc: string; name?: string }) =>
  apiPost<{ redirectUrl: string }>(apiPaths.payments.localPay(sessionId), card);

export const cancelLocal = (sessionId: string) =>
  apiPost<{ redirectUrl: string }>(apiPaths.payments.localCancel(sessionId));

/** 'pendingDonationSession': the last checkout this browser opened, to find it again. */
const PENDING_KEY = 'fangrid.pendingDonationSession';
export const rememberPendingSession = (sessionId: string) => writeJson(PENDING_KEY, { sessionId });
export const pendingSession = () => (readJson(PENDING_KEY) as { sessionId?: string } | null)?.sessionId ?? null;
