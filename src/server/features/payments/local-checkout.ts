import type { LocalSession } from '../../../shared/contracts/payment-responses';
import { paymentErrorCodes } from '../../../shared/contracts/payments';
import { testCardProblem } from '../../../shared/domain/payments';
import { AppError } from '../../http/errors';
import type { LocalPaymentProvider } from '../../platform/payments';
import type { PaymentsDeps } from './service';

/** The id of the event that closes a local checkout, paid or expired: one per session, so it closes once. */
export const localClosingEventId = (sessionId: string) => `evt_local_close_${sessionId}`;

/** The local test checkout: its page's session, its test cards, and the signed events that close it. */
export function createLocalCheckout(deps: PaymentsDeps) {
  const { repo, provider, clock } = deps;

  return {
    // The local test checkout (only when the provider is local, and only for checkouts it opened itself).
    async localSession(sessionId: string): Promise<LocalSession & { successUrl: string }> {
      const p = provider.kind === 'local' ? await repo.paymentBySession(sessionId) : undefined;
      if (p?.provider !== 'local') {
        throw new AppError(404, paymentErrorCodes.notFound, 'This checkout does not exist.');
      }
      return {
        sessionId,
        description: p.description,
        amountCents: p.amountCents,
        mode: p.mode,
        status: p.status === 'pending' && p.expiresAt <= clock.now() ? 'expired' : p.status,
        expiresAt: p.expiresAt.toISOString(),
        cancelUrl: p.cancelUrl,
        testMode: true,
        asksEmail: p.purpose === 'entry',
        successUrl: p.successUrl.replace('{CHECKOUT_SESSION_ID}', sessionId),
      };
    },

    /** Checks a test card like the provider would; throws the provider's message when it does not pay. */
    checkTestCard(card: { number: string; expiry: string; cvc: string }) {
      const problem = testCardProblem(card, clock.now());
      if (problem) throw new AppError(402, paymentErrorCodes.cardDeclined, problem);
    },

    /**
     * The provider-shaped event that closes a local checkout (paid, or expired: by time or cancelled),
     * signed like the provider signs its webhooks. Both kinds share one event id per session, and the
     * webhook records an event id once (a unique key, in the transaction that changes the payment): of
     * any number of concurrent pays and cancels, on any number of instances, exactly one applies.
     */
    localClosingEvent(
      kind: 'completed' | 'expired',
      session: { sessionId: string; amountCents: number },
      /** The checkout's metadata: a subscription paid with a card that declines renewals says so here. */
      metadata: Record<string, string> = {},
      /** The email the payer gave for the receipt, sent as Stripe sends it (customer_details.email). */
      payerEmail?: string,
    ): { raw: string; signature: string } {
      if (provider.kind !== 'local') throw new Error('only the local provider signs its own events');
      const nowMs = clock.now().getTime();
      const raw = JSON.stringify({
        id: localClosingEventId(session.sessionId),
        object: 'event',
        type: `checkout.session.${kind}`,
        livemode: false,
        created: Math.floor(nowMs / 1000),
        data: {
          object: {
            id: session.sessionId,
            object: 'checkout.session',
            payment_status: kind === 'completed' ? 'paid' : 'unpaid',
            amount_total: session.amountCents,
            currency: 'usd',
            metadata,
            ...(payerEmail ? { customer_details: { email: payerEmail } } : {}),
          },
        },
      });
      return { raw, signature: (provider as LocalPaymentProvider).sign(raw, nowMs) };
    },

    expiredLocalSessions: () => repo.expiredLocalSessions(clock.now()),
  };
}
