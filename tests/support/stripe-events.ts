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
