import { paymentErrorCodes, type RenewedNow } from '../../../shared/contracts/payments';
import { AppError } from '../../http/errors';
import type { LocalPaymentProvider } from '../../platform/payments';
import { addMonth, type MonthlyContext } from './monthly-context';
import type { DonorScope, GiftRow } from './monthly-repo';

/**
 * The local checkout's subscriptions: renewals on the scheduler, through the webhook, and the test clock
 * that renews a gift now.
 */
export function createLocalRenewals(ctx: MonthlyContext) {
  const { deps, repo, provider, clock, testClock, giftOf, viewOf } = ctx;

  const localProvider = () => {
    if (provider.kind !== 'local') throw new Error('only the local provider signs its own events');
    return provider as LocalPaymentProvider;
  };
  const sec = (d: Date) => Math.floor(d.getTime() / 1000);

  /** A signed event in Stripe's envelope around `object`, delivered to the webhook's handler. */
  async function deliverLocal(id: string, type: string, object: Record<string, unknown>) {
    const nowMs = clock.now().getTime();
    const raw = JSON.stringify({
      id,
      object: 'event',
      api_version: '2025-06-30.basil',
      created: Math.floor(nowMs / 1000),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
    return deps.deliver(raw, localProvider().sign(raw, nowMs));
  }

  /** A local invoice's id: fixed by the gift and the second its period starts. */
  const localInvoiceId = (giftId: string, periodStart: Date) => `in_local_${giftId}_${sec(periodStart)}`;

  /** The invoice of the period that starts at the gift's current period end, in Stripe's (basil) shape. */
  function localInvoice(gift: GiftRow, paid: boolean) {
    const start = gift.currentPeriodEnd;
    const end = addMonth(start);
    const now = sec(clock.now());
    const id = localInvoiceId(gift.id, start);
    return {
      id,
      object: 'invoice',
      amount_due: gift.amountCents,
      amount_paid: paid ? gift.amountCents : 0,
      amount_remaining: paid ? 0 : gift.amountCents,
      attempt_count: 1,
      attempted: true,
      billing_reason: 'subscription_cycle',
      created: now,
      currency: 'usd',
      customer: gift.customerId,
      livemode: false,
      lines: {
        object: 'list',
        data: [
          {
            id: `il_local_${gift.id}_${sec(start)}`,
            object: 'line_item',
            amount: gift.amountCents,
            currency: 'usd',
            period: { start: sec(start), end: sec(end) },
          },
        ],
        has_more: false,
      },
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: {}, subscription: gift.subscriptionId },
      },
      status: paid ? 'paid' : 'open',
      status_transitions: { finalized_at: now, paid_at: paid ? now : null },
    };
  }

  function localSubscription(gift: GiftRow, status: 'active' | 'past_due' | 'canceled') {
    const now = sec(clock.now());
    return {
      id: gift.subscriptionId,
      object: 'subscription',
      status,
      customer: gift.customerId,
      cancel_at_period_end: gift.cancelAtPeriodEnd,
      canceled_at: status === 'canceled' ? now : null,
      ended_at: status === 'canceled' ? now : null,
      livemode: false,
      metadata: {},
      items: {
        object: 'list',
        data: [
          {
            id: `si_local_${gift.id}`,
            object: 'subscription_item',
            current_period_start: sec(addMonth(gift.currentPeriodEnd, -1)),
            current_period_end: sec(gift.currentPeriodEnd),
            quantity: 1,
            price: {
              object: 'price',
              unit_amount: gift.amountCents,
              currency: 'usd',
              recurring: { interval: 'month' },
            },
          },
        ],
      },
    };
  }

  /** Charges the open period's invoice of a local gift: paid, or declined by a card that declines renewals. */
  async function chargeLocal(gift: GiftRow) {
    const paid = gift.localCard !== 'declines';
    const invoice = localInvoice(gift, paid);
    return deliverLocal(
      `evt_local_${invoice.id}_${paid ? 'paid' : 'failed'}`,
      `invoice.${paid ? 'paid' : 'payment_failed'}`,
      invoice,
    );
  }

  /**
   * One local gift whose period has ended: it renews (charging its card), or, cancelled by its donor,
   * ends, through signed events posted to the webhook's handler, exactly as Stripe's would arrive.
   */
  const renewLocalGift = (gift: GiftRow) =>
    gift.cancelAtPeriodEnd
      ? deliverLocal(
          `evt_local_${gift.subscriptionId}_deleted`,
          'customer.subscription.deleted',
          localSubscription(gift, 'canceled'),
        )
      : chargeLocal(gift);

  /**
   * The local checkout's renewal run: each active gift whose period has ended renews (or ends). Event ids
   * are fixed by the gift and the period, so a second instance, or a rerun, changes nothing twice.
   */
  async function renewLocalGifts(): Promise<void> {
    if (provider.kind !== 'local') return;
    // A gift several periods behind renews period by period (bounded: a run never loops for ever).
    for (let round = 0; round < 24; round++) {
      const due = await repo.dueLocalGifts(clock.now());
      let changed = false;
      for (const gift of due) changed ||= (await renewLocalGift(gift)).applied;
      if (!changed) return;
    }
  }

  /**
   * The local checkout's test clock (docs/product.md#monthly-gifts): the gift's period that ends at
   * `periodEndsAt` ends now instead, and that gift goes through the renewal run's own step (renewLocalGift),
   * so its card pays or declines, and a cancelling gift ends, exactly as the job would do it then.
   * The period named is the rule against replays: once it has renewed, the gift's period ends a month on,
   * so the same request again answers `unchanged`; renewing again means naming the new period.
   */
  async function renewNow(scope: DonorScope, giftId: string, periodEndsAt: Date): Promise<RenewedNow> {
    const { gift } = await giftOf(scope, giftId);
    if (!testClock || gift.provider !== 'local') {
      throw new AppError(404, paymentErrorCodes.notFound, 'We could not find that monthly gift.');
    }
    if (gift.status === 'cancelled') {
      throw new AppError(409, paymentErrorCodes.giftCancelled, 'This monthly gift is cancelled.');
    }
    if (gift.status === 'past_due' && !gift.cancelAtPeriodEnd) {
      throw new AppError(
        409,
        paymentErrorCodes.giftPastDue,
        'This gift is past due: it renews again once its card is updated.',
      );
    }
    const unchanged = async () => ({ outcome: 'unchanged' as const, gift: await viewOf(scope, giftId) });
    if (gift.currentPeriodEnd.getTime() !== periodEndsAt.getTime()) return unchanged();
    const now = clock.now();
    // A period starting in the same second as one already charged would reuse that invoice's id.
    if (!gift.cancelAtPeriodEnd && (await repo.hasInvoice(gift.id, localInvoiceId(gift.id, now)))) {
      throw new AppError(
        409,
        paymentErrorCodes.renewedJustNow,
        'This gift renewed less than a second ago. Try again in a moment.',
      );
    }
    const moved = await repo.moveLocalRenewal(gift.id, gift.currentPeriodEnd, now);
    if (!moved) return unchanged();
    const { applied } = await renewLocalGift(moved);
    const outcome = !applied
      ? ('unchanged' as const)
      : moved.cancelAtPeriodEnd
        ? ('ended' as const)
        : moved.localCard === 'declines'
          ? ('declined' as const)
          : ('renewed' as const);
    return { outcome, gift: await viewOf(scope, giftId) };
  }

  return { chargeLocal, renewLocalGifts, renewNow };
}
