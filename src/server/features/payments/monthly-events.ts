import type { PaymentEvent } from '../../platform/payments';
import { addMonth, type MonthlyContext, type Tx } from './monthly-context';
import { renewalFailedEmail, renewalReceiptEmail } from './monthly-emails';
import type { PaymentRow } from './repo';
import { readInvoice, readSubscription } from './stripe-objects';

/** A monthly gift's start (its paid subscription checkout) and the provider events that renew or end it. */
export function createGiftEvents(ctx: MonthlyContext) {
  const { repo, provider, log, send, factsOf } = ctx;

  /**
   * Starts the monthly gift of a subscription checkout that was just paid, in the transaction that records
   * the payment: its first charge is the checkout's payment (its invoice, so that invoice's own `invoice.paid`
   * records nothing more).
   */
  async function startGift(tx: Tx, event: PaymentEvent, payment: PaymentRow, receivedAt: Date) {
    if (payment.purpose !== 'donation' || payment.mode !== 'subscription') return;
    const donation = await repo.donationByPaymentTx(tx, payment.id);
    if (!donation) return;
    const local = payment.provider === 'local';
    const subscriptionId = event.subscriptionId ?? (local ? `sub_local_${payment.id}` : null);
    if (!subscriptionId) {
      log.error({ eventId: event.id, paymentId: payment.id }, 'a paid subscription checkout names no subscription');
      return;
    }
    const created = event.created !== null ? new Date(event.created * 1000) : receivedAt;
    await repo.createGift(
      tx,
      {
        donationId: donation.id,
        provider: payment.provider,
        subscriptionId,
        customerId: event.customerId ?? (local ? `cus_local_${payment.id}` : null),
        status: 'active',
        amountCents: payment.amountCents,
        donorEmail: donation.donorEmail.toLowerCase(),
        currentPeriodEnd: addMonth(receivedAt),
        stateEventAt: created,
        localCard: local ? (event.metadata.localCard === 'declines' ? 'declines' : 'pays') : null,
        createdAt: receivedAt,
      },
      {
        invoiceId: event.invoiceId ?? `first_${payment.sessionId ?? payment.id}`,
        status: 'paid',
        reference: donation.reference,
        amountCents: payment.amountCents,
        at: receivedAt,
      },
    );
  }

  /**
   * Applies one invoice or subscription event to its gift, once per event id (recorded in the same
   * transaction). The state follows the newest event by the provider's `created`: an older one arriving
   * late changes no state, a cancelled gift stays cancelled, and a paid invoice is recorded once whatever
   * its event ids. Mails go out after the transaction commits.
   */
  async function applyEvent(event: PaymentEvent, receivedAt: Date): Promise<{ applied: boolean }> {
    const createdAt = event.created !== null ? new Date(event.created * 1000) : receivedAt;
    let mailAfter: (() => Promise<void>) | null = null;
    const outcome = await repo.onceForEvent({ id: event.id, type: event.type, receivedAt }, async (tx) => {
      if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
        const inv = readInvoice(event.object);
        if (!inv) {
          log.warn({ eventId: event.id }, 'an invoice event without an invoice FanGrid can read; nothing changed');
          return false;
        }
        const gift = await repo.lockGift(tx, inv);
        if (!gift || gift.provider !== provider.kind || inv.firstOfSubscription) return false;
        const found = await repo.donationOfGift(gift.id, tx);
        if (!found) return false;
        const { donation } = found;
        const number = (await repo.paidChargeCount(tx, gift.id)) + 1;
        const newer = gift.status !== 'cancelled' && createdAt >= gift.stateEventAt;
        /** The invoice's charge on the gift, its reference the donation's numbered by the paid charges. */
        const recordCharge = (status: 'paid' | 'failed', amountCents: number) =>
          repo.recordCharge(tx, {
            giftId: gift.id,
            invoiceId: inv.invoiceId,
            status,
            reference: `${donation.reference}-${number}`,
            amountCents,
            at: inv.at,
          });
        if (event.type === 'invoice.paid') {
          if (inv.currency.toLowerCase() !== 'usd' || inv.amountPaidCents <= 0) {
            log.error({ eventId: event.id, invoice: inv.invoiceId }, 'a renewal paid no usd amount; nothing changed');
            return false;
          }
          const charge = await recordCharge('paid', inv.amountPaidCents);
          if (!charge) return false;
          await repo.updateGift(
            gift.id,
            {
              ...(inv.periodEnd && inv.periodEnd > gift.currentPeriodEnd ? { currentPeriodEnd: inv.periodEnd } : {}),
              ...(newer ? { status: 'active', stateEventAt: createdAt } : {}),
            },
            tx,
          );
          mailAfter = () => send(renewalReceiptEmail(factsOf(gift, donation), charge), 'renewal receipt');
          return true;
        }
        // A failure of an invoice already paid (a late event) changes nothing.
        if (await repo.invoicePaid(tx, inv.invoiceId)) return false;
        const charge = await recordCharge('failed', inv.amountDueCents);
        if (newer) await repo.updateGift(gift.id, { status: 'past_due', stateEventAt: createdAt }, tx);
        if (charge) {
          mailAfter = () => send(renewalFailedEmail(factsOf(gift, donation), charge), 'renewal failure email');
        }
        return Boolean(charge) || newer;
      }
      const sub = readSubscription(event.object);
      if (!sub) {
        log.warn({ eventId: event.id }, 'a subscription event without a subscription FanGrid can read');
        return false;
      }
      const gift = await repo.lockGift(tx, sub);
      if (!gift || gift.provider !== provider.kind || gift.status === 'cancelled') return false;
      if (event.type === 'customer.subscription.deleted' || sub.state === 'cancelled') {
        await repo.updateGift(
          gift.id,
          {
            status: 'cancelled',
            cancelledAt: createdAt,
            stateEventAt: createdAt > gift.stateEventAt ? createdAt : gift.stateEventAt,
          },
          tx,
        );
        return true;
      }
      if (createdAt < gift.stateEventAt) return false;
      await repo.updateGift(
        gift.id,
        {
          status: sub.state,
          cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
          stateEventAt: createdAt,
          ...(sub.amountCents !== null && sub.amountCents > 0 ? { amountCents: sub.amountCents } : {}),
          ...(sub.periodEnd ? { currentPeriodEnd: sub.periodEnd } : {}),
        },
        tx,
      );
      return true;
    });
    if (mailAfter) await (mailAfter as () => Promise<void>)();
    return { applied: outcome.applied && outcome.result };
  }

  return { startGift, applyEvent };
}
