import { createHash, randomBytes } from 'node:crypto';
import { paymentErrorCodes } from '../../../shared/contracts/payments';
import { cardMessages, testCardProblem, testCards } from '../../../shared/domain/payments';
import type { ClientKey } from '../../http/client-address';
import { AppError, TooManyRequestsError } from '../../http/errors';
import { type MonthlyContext, organizationOf } from './monthly-context';
import { giftChangedEmail, manageLinkEmail } from './monthly-emails';
import type { DonorScope, GiftRow } from './monthly-repo';

/** A manage link works once, within this time; the session it opens lasts this long. */
export const donorLinkTtlMs = 30 * 60_000;
export const donorSessionTtlMs = 60 * 60_000;
/** Manage-link requests: per address (then 429), and per email (then silently no mail). */
export const donorLinkLimits = {
  perAddress: { max: 10, windowMs: 60 * 60_000 },
  perEmail: { max: 3, windowMs: 60 * 60_000 },
};
export const DONOR_COOKIE = 'fg_donor';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/** The donor's page: its manage links and sessions, and the changes a donor makes to a gift. */
export function createGiftManagement(
  ctx: MonthlyContext,
  /** Charges a past-due local gift's open invoice again (monthly-local.ts). */
  chargeLocal: (gift: GiftRow) => Promise<{ applied: boolean }>,
) {
  const { deps, repo, provider, clock, log, manageUrl, send, factsOf, view, giftOf, viewOf } = ctx;

  async function requestLink(emailInput: string, client: ClientKey): Promise<{ sent: true }> {
    const email = emailInput.trim().toLowerCase();
    const now = clock.now();
    const byAddress = await deps.limiter.hit(`donor-link:addr:${client}`, donorLinkLimits.perAddress);
    if (!byAddress.allowed) {
      throw new TooManyRequestsError(
        paymentErrorCodes.rateLimited,
        'Too many requests for a link. Try again later.',
        byAddress.retryAt,
        now,
      );
    }
    // Past the per-email limit the answer is the same; only no mail goes out (nobody learns who gives).
    const byEmail = await deps.limiter.hit(`donor-link:email:${email}`, donorLinkLimits.perEmail);
    if (!byEmail.allowed || !(await repo.hasGifts(email))) return { sent: true };
    const token = newToken();
    await repo.createLink({
      tokenHash: hashToken(token),
      email,
      createdAt: now,
      expiresAt: new Date(now.getTime() + donorLinkTtlMs),
    });
    await send(manageLinkEmail(email, `${manageUrl}/sign-in#token=${token}`, donorLinkTtlMs / 60_000), 'manage link');
    return { sent: true };
  }

  async function openSession(token: string) {
    const now = clock.now();
    const email = await repo.consumeLink(hashToken(token), now);
    if (!email)
      throw new AppError(400, paymentErrorCodes.linkInvalid, 'This link is not valid any more. Ask for a new one.');
    const sessionToken = newToken();
    const expiresAt = new Date(now.getTime() + donorSessionTtlMs);
    await repo.createSession({ tokenHash: hashToken(sessionToken), email, expiresAt });
    return { sessionToken, email, expiresAt };
  }

  /** The donor a request speaks for: a donor session's email, or a signed-in account (or both). */
  async function scopeOf(sessionToken: string | undefined, userId: string | null): Promise<DonorScope | null> {
    const email = sessionToken ? await repo.sessionEmail(hashToken(sessionToken), clock.now()) : undefined;
    if (email) return { email, userId };
    if (userId) return { email: null, userId };
    return null;
  }

  const changeable = (gift: GiftRow) => {
    if (gift.status === 'cancelled' || gift.cancelAtPeriodEnd) {
      throw new AppError(409, paymentErrorCodes.giftCancelled, 'This monthly gift is cancelled.');
    }
  };
  const providerCall = async (what: string, call: () => Promise<unknown>) => {
    try {
      await call();
    } catch (err) {
      log.error({ err }, `${what}: the payment provider refused`);
      throw new AppError(
        502,
        paymentErrorCodes.providerFailed,
        'The payment provider could not make the change. Try again.',
      );
    }
  };

  return {
    requestLink,
    openSession,
    scopeOf,
    endSession: (sessionToken: string) => repo.endSession(hashToken(sessionToken)),

    async gifts(scope: DonorScope) {
      const rows = await repo.giftsInScope(scope);
      const charges = await repo.chargesOf(rows.map((r) => r.gift.id));
      return rows.map((r) => view(r.gift, r.donation, charges));
    },
    gift: viewOf,

    /** Renewals from the next one on charge the new amount; the month already paid stays as it was. */
    async changeAmount(scope: DonorScope, giftId: string, amountCents: number) {
      const { gift, donation } = await giftOf(scope, giftId);
      changeable(gift);
      if (gift.amountCents !== amountCents) {
        const description = `Donation: ${organizationOf(donation)} (monthly)`;
        await providerCall('amount change', () =>
          provider.subscriptions.changeAmount(gift.subscriptionId, amountCents, description),
        );
        await repo.updateGift(gift.id, { amountCents });
        await send(
          giftChangedEmail(factsOf(gift, donation), { kind: 'amount', amountCents, from: gift.currentPeriodEnd }),
          'amount change confirmation',
        );
      }
      return viewOf(scope, giftId);
    },

    /** Where the donor updates the card: Stripe's billing portal, or the local checkout's card page. */
    async cardPortal(scope: DonorScope, giftId: string) {
      const { gift } = await giftOf(scope, giftId);
      if (gift.status === 'cancelled') {
        throw new AppError(409, paymentErrorCodes.giftCancelled, 'This monthly gift is cancelled.');
      }
      if (gift.provider === 'local') return { url: `${manageUrl}/${gift.id}/card`, local: true };
      let url: string | null = null;
      await providerCall('billing portal', async () => {
        if (!gift.customerId) throw new Error('the gift has no customer');
        url = await provider.subscriptions.cardPortalUrl(gift.customerId, manageUrl);
      });
      if (!url) throw new AppError(502, paymentErrorCodes.providerFailed, 'The payment provider has no card page.');
      return { url: url as string, local: false };
    },

    /**
     * The local checkout's card page: a test card replaces the gift's card (a card that declines renewals
     * is accepted, as Stripe would attach it). A past-due gift's open invoice is charged again at once.
     */
    async updateLocalCard(scope: DonorScope, giftId: string, card: { number: string; expiry: string; cvc: string }) {
      const { gift, donation } = await giftOf(scope, giftId);
      if (gift.provider !== 'local' || provider.kind !== 'local') {
        throw new AppError(404, paymentErrorCodes.notFound, 'We could not find that monthly gift.');
      }
      if (gift.status === 'cancelled') {
        throw new AppError(409, paymentErrorCodes.giftCancelled, 'This monthly gift is cancelled.');
      }
      const problem = testCardProblem(card, clock.now());
      if (problem) throw new AppError(402, paymentErrorCodes.cardDeclined, problem);
      const declines = card.number.replace(/[\s-]/g, '') === testCards.declinesOnRenewal;
      const updated = await repo.updateGift(gift.id, { localCard: declines ? 'declines' : 'pays' });
      await send(giftChangedEmail(factsOf(gift, donation), { kind: 'card' }), 'card change confirmation');
      if (updated && updated.status === 'past_due') {
        const retried = await chargeLocal(updated);
        if (!retried.applied && declines)
          throw new AppError(402, paymentErrorCodes.cardDeclined, cardMessages.declined);
      }
      return viewOf(scope, giftId);
    },

    /**
     * Cancels at the end of the period already paid: no further charge; the gift stays active until then
     * and becomes cancelled when the provider's `customer.subscription.deleted` arrives. Cancelling twice
     * answers the same and mails once.
     */
    async cancel(scope: DonorScope, giftId: string) {
      const { gift, donation } = await giftOf(scope, giftId);
      if (gift.status !== 'cancelled' && !gift.cancelAtPeriodEnd) {
        await providerCall('cancel', () => provider.subscriptions.cancelAtPeriodEnd(gift.subscriptionId));
        await repo.updateGift(gift.id, { cancelAtPeriodEnd: true });
        await send(
          giftChangedEmail(factsOf(gift, donation), { kind: 'cancel', endsAt: gift.currentPeriodEnd }),
          'cancel confirmation',
        );
      }
      return viewOf(scope, giftId);
    },
  };
}
