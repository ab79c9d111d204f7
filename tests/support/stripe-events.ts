import type Stripe from 'stripe';

/**
 * Checkout Session events in the shape Stripe delivers them to a webhook endpoint: the full event envelope
 * and the full `checkout.session` object of the pinned SDK's API version, type-checked against that SDK's
 * own definitions (`Stripe.Checkout.Session`), and serialised as Stripe serialises webhook bodies (JSON
 * indented by two spaces, so a signature is made over that exact text). Values FanGrid reads are
 * parameters; the rest are what a Checkout Session for one priced line item carries.
 */
export function checkoutSession(opts: {
  sessionId: string;
  amountCents: number;
  paymentStatus: Stripe.Checkout.Session.PaymentStatus;
  status?: Stripe.Checkout.Session.Status;
  livemode?: boolean;
  currency?: string;
  paymentId?: string;
  createdSec: number;
}): Stripe.Checkout.Session {
  const paid = opts.paymentStatus === 'paid';
  return {
    id: opts.sessionId,
    object: 'checkout.session',
    adaptive_pricing: { enabled: false },
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: null,
    amount_subtotal: opts.amountCents,
    amount_total: opts.amountCents,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: 'https://fangrid.example/baseball-games',
    client_reference_id: opts.paymentId ?? null,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: opts.createdSec,
    currency: opts.currency ?? 'usd',
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: null,
    customer_account: null,
    customer_creation: 'if_required',
    customer_details: paid
      ? {
          address: {
            city: null,
            country: 'US',
            line1: null,
            line2: null,
            postal_code: '94103',
            state: null,
          },
          business_name: null,
          email: 'vin@example.com',
          individual_name: null,
          name: 'Vin Scully',
          phone: null,
          tax_exempt: 'none',
          tax_ids: [],
        }
      : null,
    customer_email: 'vin@example.com',
    discounts: [],
    expires_at: opts.createdSec + 24 * 3600,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: opts.livemode ?? false,
    locale: null,
    managed_payments: null,
    metadata: opts.paymentId ? { paymentId: opts.paymentId } : {},
    mode: 'payment',
    origin_context: null,
    payment_intent: paid ? 'pi_3QRzYfLkdIwHu7ix0Ds1Kq8H' : null,
    payment_link: null,
    payment_method_collection: 'if_required',
    payment_method_configuration_details: null,
    payment_method_options: { card: { request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    payment_status: opts.paymentStatus,
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: opts.status ?? (paid ? 'complete' : 'open'),
    submit_type: null,
    subscription: null,
    success_url: 'https://fangrid.example/payment-success?session_id={CHECKOUT_SESSION_ID}',
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: paid ? null : `https://checkout.stripe.com/c/pay/${opts.sessionId}`,
    wallet_options: null,
  };
}

type CheckoutEventType =
  | 'checkout.session.completed'
  | 'checkout.session.expired'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed';

/** A webhook body for one Checkout Session event, as the text Stripe posts (what the signature covers). */
export function stripeEventBody(
  type: CheckoutEventType,
  session: Stripe.Checkout.Session,
  opts: { id: string; createdSec: number },
): string {
  // Type-checked as one of the four (they share the envelope and the object); then given its own type.
  const event: Stripe.CheckoutSessionCompletedEvent = {
    id: opts.id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: opts.createdSec,
    data: { object: session },
    livemode: session.livemode,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'checkout.session.completed',
  };
  return JSON.stringify({ ...event, type }, null, 2);
}

/**
 * An `invoice` of a monthly subscription as `invoice.paid` / `invoice.payment_failed` carry it: built to the
 * documented shape of the pinned SDK's API version (not recorded), with the fields a renewal is read by typed
 * against the SDK's `Stripe.Invoice`: the subscription under `parent.subscription_details` (API versions from
 * basil on) or, with `legacy`, as the top-level `subscription` of older versions.
 */
export function subscriptionInvoice(opts: {
  id: string;
  subscriptionId: string;
  customerId: string;
  amountCents: number;
  paid: boolean;
  createdSec: number;
  periodStartSec: number;
  periodEndSec: number;
  billingReason?: 'subscription_cycle' | 'subscription_create';
  metadata?: Record<string, string>;
  legacy?: boolean;
}): Record<string, unknown> {
  const fields: Pick<
    Stripe.Invoice,
    | 'id'
    | 'object'
    | 'account_country'
    | 'amount_due'
    | 'amount_paid'
    | 'amount_remaining'
    | 'attempt_count'
    | 'attempted'
    | 'billing_reason'
    | 'collection_method'
    | 'created'
    | 'currency'
    | 'customer'
    | 'customer_email'
    | 'livemode'
    | 'metadata'
    | 'next_payment_attempt'
    | 'parent'
    | 'period_end'
    | 'period_start'
    | 'status'
    | 'status_transitions'
    | 'subtotal'
    | 'total'
  > = {
    id: opts.id,
    object: 'invoice',
    account_country: 'US',
    amount_due: opts.amountCents,
    amount_paid: opts.paid ? opts.amountCents : 0,
    amount_remaining: opts.paid ? 0 : opts.amountCents,
    attempt_count: 1,
    attempted: true,
    billing_reason: opts.billingReason ?? 'subscription_cycle',
    collection_method: 'charge_automatically',
    created: opts.createdSec,
    currency: 'usd',
    customer: opts.customerId,
    customer_email: 'vin@example.com',
    livemode: false,
    metadata: {},
    next_payment_attempt: opts.paid ? null : opts.createdSec + 3 * 86_400,
    parent: opts.legacy
      ? null
      : {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { metadata: opts.metadata ?? {}, subscription: opts.subscriptionId },
        },
    // An invoice's own period is the one before its line's (Stripe bills the period ahead on the line).
    period_end: opts.periodStartSec,
    period_start: opts.periodStartSec - 30 * 86_400,
    status: opts.paid ? 'paid' : 'open',
    status_transitions: {
      finalized_at: opts.createdSec,
      marked_uncollectible_at: null,
      paid_at: opts.paid ? opts.createdSec : null,
      voided_at: null,
    },
    subtotal: opts.amountCents,
    total: opts.amountCents,
  };
  const line: Pick<Stripe.InvoiceLineItem, 'id' | 'object' | 'amount' | 'currency' | 'description' | 'period'> = {
    id: `il_${opts.id.slice(3)}`,
    object: 'line_item',
    amount: opts.amountCents,
    currency: 'usd',
    description: '1 × Donation (at $15.00 / month)',
    period: { start: opts.periodStartSec, end: opts.periodEndSec },
  };
  return {
    ...fields,
    lines: { object: 'list', data: [line], has_more: false, url: `/v1/invoices/${opts.id}/lines` },
    ...(opts.legacy
      ? { subscription: opts.subscriptionId, subscription_details: { metadata: opts.metadata ?? {} } }
      : {}),
  };
}

/**
 * A `subscription` as `customer.subscription.updated` / `.deleted` carry it, built to the documented shape:
 * the period on its item from basil on; with `legacy`, only at the top level, the item carrying none (as the
 * recorded 2023-10-16 event in tests/support/recorded/stripe/customer.subscription.updated.json has it).
 */
export function subscriptionObject(opts: {
  id: string;
  customerId: string;
  status: Stripe.Subscription.Status;
  amountCents: number;
  cancelAtPeriodEnd?: boolean;
  createdSec: number;
  periodEndSec: number;
  legacy?: boolean;
}): Record<string, unknown> {
  const fields: Pick<
    Stripe.Subscription,
    | 'id'
    | 'object'
    | 'cancel_at'
    | 'cancel_at_period_end'
    | 'canceled_at'
    | 'collection_method'
    | 'created'
    | 'currency'
    | 'customer'
    | 'ended_at'
    | 'livemode'
    | 'metadata'
    | 'start_date'
    | 'status'
  > = {
    id: opts.id,
    object: 'subscription',
    cancel_at: opts.cancelAtPeriodEnd ? opts.periodEndSec : null,
    cancel_at_period_end: opts.cancelAtPeriodEnd ?? false,
    canceled_at: opts.status === 'canceled' ? opts.createdSec : null,
    collection_method: 'charge_automatically',
    created: opts.createdSec,
    currency: 'usd',
    customer: opts.customerId,
    ended_at: opts.status === 'canceled' ? opts.createdSec : null,
    livemode: false,
    metadata: {},
    start_date: opts.createdSec,
    status: opts.status,
  };
  const item = {
    id: `si_${opts.id.slice(4)}`,
    object: 'subscription_item',
    ...(opts.legacy
      ? {}
      : { current_period_end: opts.periodEndSec, current_period_start: opts.periodEndSec - 30 * 86_400 }),
    quantity: 1,
    price: {
      id: 'price_1Donation',
      object: 'price',
      currency: 'usd',
      unit_amount: opts.amountCents,
      recurring: { interval: 'month', interval_count: 1 },
    },
  };
  return {
    ...fields,
    items: { object: 'list', data: [item], has_more: false, url: `/v1/subscription_items?subscription=${opts.id}` },
    ...(opts.legacy
      ? { current_period_end: opts.periodEndSec, current_period_start: opts.periodEndSec - 30 * 86_400 }
      : {}),
  };
}

/** A webhook body for an invoice or subscription event, as the text Stripe posts. */
export function stripeObjectEventBody(
  type: 'invoice.paid' | 'invoice.payment_failed' | 'customer.subscription.updated' | 'customer.subscription.deleted',
  object: Record<string, unknown>,
  opts: { id: string; createdSec: number },
): string {
  return JSON.stringify(
    {
      id: opts.id,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: opts.createdSec,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    },
    null,
    2,
  );
}
