import { queryOptions } from '@tanstack/react-query';
import { donationPaths, paymentPaths, tipPaths } from '../../../shared/contracts/api-paths/payments';
import {
  checkoutStartedResponseSchema,
  donationViewResponseSchema,
  localPaidResponseSchema,
  localSessionResponseSchema,
  tipViewResponseSchema,
} from '../../../shared/contracts/payment-responses';
import type { DonationCheckoutInput } from '../../../shared/contracts/payments';
import { apiGet, apiPost, type ResponseSchema } from '../../lib/api-client';
import { noContent } from '../../lib/no-content';
import { pollWhilePending } from '../../lib/pending-poll';
import { readJson, writeJson } from '../../lib/storage';

export const localSessionQuery = (id: string) =>
  queryOptions({
    queryKey: ['payments', 'local', id],
    queryFn: ({ signal }) => apiGet(paymentPaths.localSession(id), localSessionResponseSchema, { signal }),
  });

/** A payment's view until it settles: polled every 2 s while pending (the webhook may lag the redirect). */
const settlingQuery = <T extends { status: string }>(
  queryKey: readonly string[],
  path: string,
  schema: ResponseSchema<T>,
) => queryOptions({ queryKey, queryFn: ({ signal }) => apiGet(path, schema, { signal }), ...pollWhilePending });

/** A donation by its reference, until its payment settles. */
export const donationQuery = (reference: string) =>
  settlingQuery(['donation', reference], donationPaths.one(reference), donationViewResponseSchema);

/** A donation by the checkout that paid it, until its payment settles. */
export const sessionDonationQuery = (sessionId: string) =>
  settlingQuery(
    ['donation', 'session', sessionId],
    paymentPaths.sessionDonation(sessionId),
    donationViewResponseSchema,
  );

/** A tip by its reference, until its payment settles. */
export const tipQuery = (reference: string) =>
  settlingQuery(['tip', reference], tipPaths.one(reference), tipViewResponseSchema);

/** Opens a donation's checkout; the answer's url is where the donor pays. */
export const startDonation = (input: DonationCheckoutInput) =>
  apiPost(donationPaths.checkout, input, checkoutStartedResponseSchema);

export const payLocal = (
  sessionId: string,
  card: { number: string; expiry: string; cvc: string; name?: string; email?: string },
) => apiPost(paymentPaths.localPay(sessionId), card, localPaidResponseSchema);

export const cancelLocal = (sessionId: string) =>
  apiPost(paymentPaths.localCancel(sessionId), undefined, localPaidResponseSchema);

/** 'pendingDonationSession': the last checkout this browser opened, to find it again. */
const PENDING_KEY = 'fangrid.pendingDonationSession';
export const rememberPendingSession = (sessionId: string) => writeJson(PENDING_KEY, { sessionId });
export const pendingSession = () => (readJson(PENDING_KEY) as { sessionId?: string } | null)?.sessionId ?? null;

/**
 * The monthly gifts' contracts are full zod schemas. They load with the first monthly gift call, so the
 * donation and tip result screens, which share this file, do not load and build them before their first paint.
 */
const monthly = () => import('../../../shared/contracts/payments');

/** The donor's monthly gifts: a donor session (emailed link) or the signed-in account; 401 without either. */
export const monthlyGiftsQuery = queryOptions({
  queryKey: ['donations', 'monthly'],
  queryFn: async ({ signal }) => apiGet(donationPaths.monthly.gifts, (await monthly()).monthlyGiftsSchema, { signal }),
  retry: false,
});

export const monthlyGiftQuery = (id: string) =>
  queryOptions({
    queryKey: ['donations', 'monthly', id],
    queryFn: async ({ signal }) =>
      apiGet(donationPaths.monthly.gift(id), (await monthly()).monthlyGiftSchema, { signal }),
    retry: false,
  });

export const requestDonorLink = async (email: string) =>
  apiPost(donationPaths.monthly.link, { email }, (await monthly()).donorLinkSentSchema);
export const startDonorSession = async (token: string) =>
  apiPost(donationPaths.monthly.session, { token }, (await monthly()).donorSessionSchema);
export const signOutDonor = () => apiPost(donationPaths.monthly.signOut, undefined, noContent);
export const changeGiftAmount = async (id: string, amountCents: number) =>
  apiPost(donationPaths.monthly.amount(id), { amountCents }, (await monthly()).monthlyGiftSchema);
export const giftCardPortal = async (id: string) =>
  apiPost(donationPaths.monthly.card(id), {}, (await monthly()).giftCardPortalSchema);
export const payGiftLocalCard = async (
  id: string,
  card: { number: string; expiry: string; cvc: string; name?: string },
) => apiPost(donationPaths.monthly.localCard(id), card, (await monthly()).monthlyGiftSchema);
export const cancelGift = async (id: string) =>
  apiPost(donationPaths.monthly.cancel(id), {}, (await monthly()).monthlyGiftSchema);
/** The local checkout's test clock (development only): renews the period that ends at `periodEndsAt` now. */
export const renewGiftNow = async (id: string, periodEndsAt: string) =>
  apiPost(donationPaths.monthly.renewNow(id), { periodEndsAt }, (await monthly()).renewedNowSchema);
