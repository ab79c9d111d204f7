import { paymentErrorCodes } from '../../../shared/contracts/payments';
import { AppError } from '../../http/errors';
import type { RecordedEvent } from '../../platform/domain-events';
import { type PaymentEvent, WebhookEventError, WebhookSignatureError } from '../../platform/payments';
import { donationReceiptEmail } from './emails';
import { giftEventTypes, type MonthlyGifts, recipientOf } from './monthly';
import type { PaymentRow } from './repo';
import type { PaymentsDeps, PaymentsShared } from './service';

/** Which status an event moves a payment to (null: it changes nothing). A payment that arrives wins. */
export function nextPaymentStatus(
  event: Pick<PaymentEvent, 'type' | 'paymentStatus'>,
  current: PaymentRow['status'],
): Exclude<PaymentRow['status'], 'refunded'> | null {
  if (current === 'refunded') return null;
  switch (event.type) {
    case 'checkout.session.completed':
      return event.paymentStatus === 'paid' || event.paymentStatus === 'no_payment_required' ? 'paid' : null;
    case 'checkout.session.async_payment_succeeded':
      return 'paid';
    case 'checkout.session.async_payment_failed':
      return current === 'paid' ? null : 'failed';
    case 'checkout.session.expired':
      return current === 'pending' ? 'expired' : null;
    default:
      return null;
  }
}

/**
 * Why an event that would make a payment paid contradicts it (null: it agrees). A checkout that charged
 * another amount or currency than FanGrid asked for (a $0 'no_payment_required' completion, a discount
 * nobody offered) settles nothing: the money FanGrid was to receive did not arrive.
 */
export function paidAmountProblem(
  event: Pick<PaymentEvent, 'amountTotal' | 'currency'>,
  payment: Pick<PaymentRow, 'amountCents'>,
): string | null {
  if (event.amountTotal !== payment.amountCents) {
    return `the checkout charged ${event.amountTotal ?? 'no amount'} instead of ${payment.amountCents} cents`;
  }
  if (event.currency?.toLowerCase() !== 'usd') {
    return `the checkout charged in ${event.currency ?? 'no currency'}, not usd`;
  }
  return null;
}

/** The provider's webhook: each event applied once, then what follows from it (an entry settled, a receipt). */
export function createWebhook(deps: PaymentsDeps, shared: PaymentsShared, monthly: MonthlyGifts) {
  const { repo, provider, clock } = deps;
  const { url, testModeOf } = shared;

  /**
   * The webhook: signature and freshness first (400, nothing changes), then the event applied once.
   * A paid donation gets its receipt after the transaction commits.
   */
  async function receiveWebhook(
    rawBody: string,
    signature: string | undefined,
  ): Promise<{ received: true; applied: boolean }> {
    let event: PaymentEvent;
    try {
      event = provider.parseWebhook(rawBody, signature, clock.now().getTime());
    } catch (err) {
      if (err instanceof WebhookSignatureError) {
        throw new AppError(400, paymentErrorCodes.badSignature, `Webhook refused: ${err.message}`);
      }
      if (err instanceof WebhookEventError) {
        deps.log.warn({ reason: err.message }, 'a signed webhook could not be read; nothing changed');
        throw new AppError(400, paymentErrorCodes.badEvent, `Webhook refused: ${err.message}`);
      }
      throw err;
    }
    // A monthly gift's renewals and state: invoices and subscription events.
    if (giftEventTypes.has(event.type)) {
      return { received: true, applied: (await monthly.applyEvent(event, clock.now())).applied };
    }
    let contradiction: string | null = null;
    const receivedAt = clock.now();
    const announced: RecordedEvent[] = [];
    const result = await repo.applyEvent(
      { ...event, provider: provider.kind, receivedAt },
      (p) => {
        const next = nextPaymentStatus(event, p.status);
        contradiction = next === 'paid' ? paidAmountProblem(event, p) : null;
        return contradiction ? null : next;
      },
      // A paid subscription checkout starts its monthly gift in the same transaction.
      (tx, payment) => monthly.startGift(tx, event, payment, receivedAt),
      async (tx, payment) => {
        if (payment.purpose !== 'entry') return;
        announced.push(
          await deps.events.record(
            tx,
            payment.status === 'paid'
              ? {
                  type: 'entry-payment.settled',
                  paymentId: payment.id,
                  paid: { payerEmail: event.payerEmail, testMode: testModeOf(payment) },
                }
              : { type: 'entry-payment.failed', paymentId: payment.id },
          ),
        );
      },
    );
    // Committed: the entry is settled before the webhook answers (a failed handler is retried by the job).
    await deps.events.deliver(announced);
    if (contradiction) {
      deps.log.error(
        { eventId: event.id, sessionId: event.sessionId, problem: contradiction },
        'a payment event contradicts the payment it names; nothing changed',
      );
    }
    if (result.applied && result.payment?.status === 'paid' && result.payment.purpose === 'donation') {
      const donation = await repo.donationByPayment(result.payment.id);
      if (donation) {
        const view =
          donation.kind === 'wnba'
            ? url(`/wnba-success?donation=${donation.reference}`)
            : url(`/payment-success?session_id=${result.payment.sessionId}`);
        const receipt = donationReceiptEmail(donation, view, {
          testMode: testModeOf(result.payment),
          organization: recipientOf(donation),
          manageUrl: donation.type === 'recurring' ? url('/donations/monthly') : null,
        });
        await deps.mailer.send(receipt, { key: `receipt:donation:${result.payment.id}` }).catch((err: unknown) => {
          deps.log.error({ err, reference: donation.reference }, 'donation receipt could not be sent');
        });
      }
    }
    return { received: true, applied: result.applied };
  }

  return { receiveWebhook };
}
