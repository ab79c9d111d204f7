import { z } from 'zod';

/**
 * The parts of Stripe's `invoice` and `subscription` objects a monthly gift reads, in the shapes of both the
 * API versions since `2025-03-31.basil` and the ones before it: what moved is read from either place.
 *  - invoice's subscription: `parent.subscription_details.subscription` (basil on), `subscription` (before);
 *    its metadata: `parent.subscription_details.metadata` (basil on), `subscription_details.metadata` (before).
 *  - subscription's period end: `items.data[0].current_period_end` (basil on), `current_period_end` (before).
 * The local checkout's renewals post the same shapes (see local-renewals.ts).
 */
const expandable = z.union([z.string().max(255), z.object({ id: z.string().max(255) })]);
const idOf = (v: z.infer<typeof expandable> | null | undefined) =>
  v == null ? null : typeof v === 'string' ? v : v.id;
const metadata = z.record(z.string(), z.string()).nullish();

const invoiceSchema = z.object({
  object: z.literal('invoice'),
  id: z.string().min(1).max(255),
  amount_paid: z.number().int().nonnegative(),
  amount_due: z.number().int().nonnegative(),
  currency: z.string().max(10),
  customer: expandable.nullish(),
  billing_reason: z.string().max(64).nullish(),
  created: z.number().int(),
  subscription: expandable.nullish(),
  subscription_details: z.object({ metadata }).nullish(),
  parent: z
    .object({
      subscription_details: z.object({ subscription: expandable.nullish(), metadata }).nullish(),
    })
    .nullish(),
  lines: z
    .object({
      data: z.array(z.object({ period: z.object({ start: z.number().int(), end: z.number().int() }).nullish() })),
    })
    .nullish(),
  status_transitions: z.object({ paid_at: z.number().int().nullish() }).nullish(),
});

export interface InvoiceFacts {
  invoiceId: string;
  subscriptionId: string | null;
  /** FanGrid's payment id the subscription was opened for (its metadata), to find a gift not yet linked. */
  paymentId: string | null;
  customerId: string | null;
  /** The first invoice of a subscription: the checkout itself records that payment. */
  firstOfSubscription: boolean;
  amountPaidCents: number;
  amountDueCents: number;
  currency: string;
  /** When it was paid (or, unpaid, created), and the end of the period it pays for (the next renewal). */
  at: Date;
  periodEnd: Date | null;
}

export function readInvoice(object: Record<string, unknown>): InvoiceFacts | null {
  const parsed = invoiceSchema.safeParse(object);
  if (!parsed.success) return null;
  const inv = parsed.data;
  const details = inv.parent?.subscription_details;
  const meta = details?.metadata ?? inv.subscription_details?.metadata ?? {};
  const periodEnd = inv.lines?.data[0]?.period?.end;
  const paidAt = inv.status_transitions?.paid_at;
  return {
    invoiceId: inv.id,
    subscriptionId: idOf(details?.subscription) ?? idOf(inv.subscription),
    paymentId: meta.paymentId ?? null,
    customerId: idOf(inv.customer),
    firstOfSubscription: inv.billing_reason === 'subscription_create',
    amountPaidCents: inv.amount_paid,
    amountDueCents: inv.amount_due,
    currency: inv.currency,
    at: new Date((paidAt ?? inv.created) * 1000),
    periodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
  };
}

const subscriptionSchema = z.object({
  object: z.literal('subscription'),
  id: z.string().min(1).max(255),
  status: z.string().max(64),
  customer: expandable.nullish(),
  cancel_at_period_end: z.boolean().nullish(),
  current_period_end: z.number().int().nullish(),
  metadata,
  items: z
    .object({
      data: z.array(
        z.object({
          current_period_end: z.number().int().nullish(),
          quantity: z.number().int().nullish(),
          price: z.object({ unit_amount: z.number().int().nullish() }).nullish(),
        }),
      ),
    })
    .nullish(),
});

export interface SubscriptionFacts {
  subscriptionId: string;
  paymentId: string | null;
  /** Stripe's status read as a gift's: active/trialing → active; past_due/unpaid/incomplete → past_due. */
  state: 'active' | 'past_due' | 'cancelled';
  cancelAtPeriodEnd: boolean;
  amountCents: number | null;
  periodEnd: Date | null;
}

const stateOf = (status: string): SubscriptionFacts['state'] => {
  if (status === 'active' || status === 'trialing') return 'active';
  if (status === 'canceled' || status === 'incomplete_expired') return 'cancelled';
  return 'past_due';
};

export function readSubscription(object: Record<string, unknown>): SubscriptionFacts | null {
  const parsed = subscriptionSchema.safeParse(object);
  if (!parsed.success) return null;
  const sub = parsed.data;
  const item = sub.items?.data[0];
  const periodEnd = item?.current_period_end ?? sub.current_period_end;
  const unit = item?.price?.unit_amount;
  return {
    subscriptionId: sub.id,
    paymentId: sub.metadata?.paymentId ?? null,
    state: stateOf(sub.status),
    cancelAtPeriodEnd: sub.cancel_at_period_end ?? false,
    amountCents: unit == null ? null : unit * (item?.quantity ?? 1),
    periodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
  };
}
