import { randomInt, randomUUID } from 'node:crypto';
import { errorCodes } from '../../../shared/contracts/error-codes';
import type { CheckoutStarted } from '../../../shared/contracts/payment-responses';
import type { DonationCheckoutInput, TipCheckoutInput } from '../../../shared/contracts/payments';
import { paymentErrorCodes } from '../../../shared/contracts/payments';
import { paymentMessages, tipFee } from '../../../shared/domain/payments';
import { AppError } from '../../http/errors';
import type { PaymentRow } from './repo';
import type { PaymentsDeps, PaymentsShared } from './service';

/** How long a checkout stays open. Stripe's minimum is 30 minutes. */
const checkoutTtlMs = 30 * 60_000;

const upperAlnum = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const token = (n: number) => Array.from({ length: n }, () => upperAlnum[randomInt(upperAlnum.length)]).join('');

/** Checkouts: a donation's, a tip's and a paid board entry's, each recorded before the provider opens it. */
export function createCheckouts(deps: PaymentsDeps, shared: PaymentsShared) {
  const { repo, provider, clock } = deps;
  const { url } = shared;

  async function openCheckout(
    payment: PaymentRow,
    email: string | undefined,
    reference: string,
  ): Promise<CheckoutStarted> {
    try {
      const session = await provider.createCheckout({
        paymentId: payment.id,
        amountCents: payment.amountCents,
        mode: payment.mode,
        description: payment.description,
        customerEmail: email,
        successUrl: payment.successUrl,
        cancelUrl: payment.cancelUrl,
        expiresAt: payment.expiresAt,
      });
      await repo.setSession(payment.id, session.sessionId);
      return { url: session.url, sessionId: session.sessionId, reference };
    } catch (err) {
      deps.log.error({ err, paymentId: payment.id }, 'checkout could not be created');
      await repo.abandon(payment.id);
      throw new AppError(502, paymentErrorCodes.providerFailed, paymentMessages.paymentError);
    }
  }

  /** The organization a gift names, taking gifts; a refusal names the field (400). */
  async function recipientNamed(slug: string) {
    const refuse = (message: string) => new AppError(400, errorCodes.validation, message, { organization: message });
    const org = await repo.organizationBySlug(slug);
    if (!org) throw refuse(paymentMessages.unknownOrganization);
    if (org.status === 'suspended') throw refuse(paymentMessages.suspendedOrganization);
    return org;
  }

  return {
    /**
     * A donation checkout, recorded first so the webhook finds what it pays for. A gift to an organization is
     * stored with it, and its game data names the organization as the receipt and every renewal do.
     */
    async startDonation(input: DonationCheckoutInput, userId: string | null): Promise<CheckoutStarted> {
      const org = input.organization ? await recipientNamed(input.organization) : null;
      const gameData = org ? { ...input.gameData, organization: org.name } : input.gameData;
      const now = clock.now();
      const reference = input.kind === 'wnba' ? `WNBA-${now.getTime()}-${token(4)}` : `DON-${token(10)}`;
      const success =
        input.kind === 'wnba'
          ? url(`/wnba-success?donation=${reference}`)
          : url('/payment-success?session_id={CHECKOUT_SESSION_ID}');
      const cancel = url(
        input.organization ? `/o/${input.organization}` : input.kind === 'wnba' ? '/wnba-games' : '/baseball-games',
      );
      const { payment } = await repo.createDonation(
        {
          provider: provider.kind,
          purpose: 'donation',
          mode: input.type === 'recurring' ? 'subscription' : 'payment',
          amountCents: input.amountCents,
          description: `Donation: ${gameData.title}${input.type === 'recurring' ? ' (monthly)' : ''}`,
          successUrl: success,
          cancelUrl: cancel,
          createdAt: now,
          expiresAt: new Date(now.getTime() + checkoutTtlMs),
        },
        {
          reference,
          kind: input.kind,
          type: input.type,
          amountCents: input.amountCents,
          donorName: input.donorName,
          donorEmail: input.donorEmail,
          donorPhone: input.donorPhone || null,
          message: input.message || null,
          gameData,
          organizationId: org?.id ?? null,
          userId,
          createdAt: now,
        },
      );
      return openCheckout(payment, input.donorEmail, reference);
    },

    async startTip(input: TipCheckoutInput, userId: string | null): Promise<CheckoutStarted & { feeCents: number }> {
      const now = clock.now();
      const { feeCents } = tipFee(input.amountCents);
      const tipId = randomUUID();
      const { payment } = await repo.createTip(
        {
          provider: provider.kind,
          purpose: 'tip',
          mode: 'payment',
          amountCents: input.amountCents,
          description: `Tip for ${input.streamer}`,
          successUrl: url(`/tips/${tipId}`),
          cancelUrl: url('/gaming'),
          createdAt: now,
          expiresAt: new Date(now.getTime() + checkoutTtlMs),
        },
        {
          id: tipId,
          streamer: input.streamer,
          amountCents: input.amountCents,
          feeCents,
          message: input.message || null,
          userId,
          createdAt: now,
        },
      );
      return { ...(await openCheckout(payment, undefined, tipId)), feeCents };
    },

    /**
     * A paid board entry's checkout: open while its cells are held (the provider may need it open longer;
     * the hold still ends on time and a later payment follows the board's rule).
     */
    async startEntryCheckout(input: {
      amountCents: number;
      description: string;
      heldUntil: Date;
      successPath: string;
      cancelPath: string;
    }): Promise<{ url: string; sessionId: string; paymentId: string }> {
      const now = clock.now();
      const expiresAt = new Date(Math.max(input.heldUntil.getTime(), now.getTime() + provider.minCheckoutMs));
      const payment = await repo.createPayment({
        provider: provider.kind,
        purpose: 'entry',
        mode: 'payment',
        amountCents: input.amountCents,
        description: input.description,
        // The screen it returns to reads the checkout back by its id (the provider fills the placeholder in).
        successUrl: url(
          `${input.successPath}${input.successPath.includes('?') ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`,
        ),
        cancelUrl: url(input.cancelPath),
        createdAt: now,
        expiresAt,
      });
      const started = await openCheckout(payment, undefined, payment.id);
      return { url: started.url, sessionId: started.sessionId, paymentId: payment.id };
    },
  };
}
