import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type Stripe from 'stripe';
import { z } from 'zod';

/**
 * The payments platform: one interface, two implementations. `stripe` runs Checkout Sessions at Stripe;
 * `local` is FanGrid's own test checkout (a page on FanGrid with test cards) whose events are signed
 * with the same scheme and posted to the same webhook, so everything after the checkout runs one path.
 */
export interface CheckoutRequest {
  /** FanGrid's payment id: the provider's idempotency key and client reference. */
  paymentId: string;
  amountCents: number;
  mode: 'payment' | 'subscription';
  description: string;
  customerEmail?: string | undefined;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

export interface PaymentEvent {
  id: string;
  type: string;
  sessionId: string | null;
  /** Checkout's payment_status: 'paid' settles a completed session; 'unpaid' waits for async_payment_*. */
  paymentStatus: string | null;
  /** What the checkout charged, in the currency's minor unit, and the currency (null when the event has none). */
  amountTotal: number | null;
  currency: string | null;
  /** When the provider created the event (unix seconds; null when the event has none). */
  created: number | null;
  /** A subscription checkout's subscription, customer and first invoice (null otherwise). */
  subscriptionId: string | null;
  customerId: string | null;
  invoiceId: string | null;
  /** The checkout's metadata (the local checkout notes its test card's renewal behaviour here). */
  metadata: Record<string, string>;
  /** The email the checkout collected from the payer (null when it has none). */
  payerEmail: string | null;
  /** The event's object as sent (an invoice or a subscription), read by the feature that handles its type. */
  object: Record<string, unknown>;
}

/** The provider's calls on a monthly gift's subscription (the local checkout keeps them in FanGrid's database). */
export interface SubscriptionCalls {
  /** Renewals from the next one on charge this amount (no proration: the current month stays as paid). */
  changeAmount(subscriptionId: string, amountCents: number, description: string): Promise<void>;
  /** No renewal after the current period; the subscription ends at its end. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<void>;
  /** A page at the provider where the donor updates the card (Stripe's billing portal); null: FanGrid's own. */
  cardPortalUrl(customerId: string, returnUrl: string): Promise<string | null>;
}

/** The webhook's signature header is missing, garbled, does not match the body, or is out of its time window. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** A correctly signed webhook whose body is not an event FanGrid can read, or is from the other mode. */
export class WebhookEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookEventError';
  }
}

export interface PaymentProvider {
  readonly kind: 'stripe' | 'local';
  /** True when no real money moves: the local test checkout, or Stripe with a test key (sk_test_…). */
  readonly testMode: boolean;
  createCheckout(req: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** Checks the signature over the raw body and its timestamp (at most 300 s either side of now), then reads the event. */
  parseWebhook(rawBody: string, signature: string | undefined, nowMs: number): PaymentEvent;
  /** Refunds a paid checkout in full. */
  refund(sessionId: string): Promise<void>;
  /** The longest a checkout may stay open from now (Stripe: 24 h), and the shortest (Stripe: 30 min). */
  readonly minCheckoutMs: number;
  readonly subscriptions: SubscriptionCalls;
}

/** A webhook signed more than 300 s before or after the moment it arrives is refused. */
export const webhookToleranceSeconds = 300;
/** Longer signature headers are refused unread (a real one is about 150 characters, 250 while a secret rolls). */
const maxSignatureHeaderLength = 2048;

const hmacHex = (secret: string, timestamp: number, raw: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${raw}`, 'utf8').digest('hex');

/** Signs a webhook body the way Stripe does: `t=<unix seconds>,v1=<HMAC-SHA256 of "t.body">`. */
export function signWebhook(rawBody: string, secret: string, nowMs: number): string {
  const t = Math.floor(nowMs / 1000);
  return `t=${t},v1=${hmacHex(secret, t, rawBody)}`;
}

/**
 * Verifies a Stripe-Signature header over the raw body, the one check both providers' webhooks pass:
 * exactly one `t=` of digits; at least one `v1=` (several while a secret rolls; any one may match);
 * other schemes (`v0=`) ignored; every part `key=value`. The signature must match, and the timestamp
 * must be within 300 s of now on either side: an old one may be a replay, a future one was never sent
 * by the provider (its clock is the one that signs).
 */
export function verifyWebhookSignature(raw: string, header: string | undefined, secret: string, nowMs: number): void {
  if (header === undefined || header.trim() === '') throw new WebhookSignatureError('Missing Stripe-Signature header.');
  if (header.length > maxSignatureHeaderLength) throw new WebhookSignatureError('Stripe-Signature header too long.');
  let timestamp: number | null = null;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const m = /^\s*([a-z][a-z0-9]*)=([^\s]*)\s*$/.exec(part);
    if (!m) throw new WebhookSignatureError('Malformed Stripe-Signature header.');
    const [, key, value = ''] = m;
    if (key === 't') {
      if (timestamp !== null || !/^\d{1,12}$/.test(value)) {
        throw new WebhookSignatureError('Malformed Stripe-Signature header: one t=<unix seconds> is required.');
      }
      timestamp = Number(value);
    } else if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) {
      signatures.push(Buffer.from(value, 'hex'));
    }
  }
  if (timestamp === null) {
    throw new WebhookSignatureError('Malformed Stripe-Signature header: one t=<unix seconds> is required.');
  }
  if (signatures.length === 0) throw new WebhookSignatureError('No v1 signature in the Stripe-Signature header.');
  const expected = Buffer.from(hmacHex(secret, timestamp, raw), 'hex');
  // Every candidate is compared in constant time; no early exit tells which one matched.
  let matched = false;
  for (const candidate of signatures) matched = timingSafeEqual(candidate, expected) || matched;
  if (!matched) throw new WebhookSignatureError('No signature matches the payload.');
  const skewSeconds = Math.floor(nowMs / 1000) - timestamp;
  if (Math.abs(skewSeconds) > webhookToleranceSeconds) {
    throw new WebhookSignatureError(
      `Timestamp outside the tolerance zone (${skewSeconds > 0 ? `${skewSeconds} s old` : `${-skewSeconds} s in the future`}; at most ${webhookToleranceSeconds} s either side).`,
    );
  }
}

const eventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  livemode: z.boolean().optional(),
  created: z.number().int().nonnegative().optional(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
const checkoutSessionSchema = z.object({
  object: z.literal('checkout.session'),
  id: z.string().min(1).max(255),
  payment_status: z.string().max(64).nullish(),
  amount_total: z.number().int().nullish(),
  currency: z.string().max(10).nullish(),
  subscription: z.union([z.string().max(255), z.object({ id: z.string().max(255) })]).nullish(),
  customer: z.union([z.string().max(255), z.object({ id: z.string().max(255) })]).nullish(),
  invoice: z.union([z.string().max(255), z.object({ id: z.string().max(255) })]).nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  /** Who paid, as the checkout collected it (Stripe asks every payer for an email). */
  customer_details: z.object({ email: z.string().max(254).nullish() }).nullish(),
  customer_email: z.string().max(254).nullish(),
});
/** The payer's email of a checkout, when it has one that reads as an address. */
function payerEmailOf(session: {
  customer_details?: { email?: string | null } | null;
  customer_email?: string | null;
}) {
  const email = (session.customer_details?.email ?? session.customer_email ?? '').trim();
  return z.email().safeParse(email).success ? email : null;
}
/** An expandable field: its id, whether Stripe sent the id or the object. */
const idOf = (v: string | { id: string } | null | undefined) => (v == null ? null : typeof v === 'string' ? v : v.id);

/**
 * The one place both providers read a webhook: signature and time window first, then the body as an
 * event (what does not parse changes nothing), and its mode must be the key's (a test-mode event never
 * reaches a live account's state, nor the reverse).
 */
function readEvent(raw: string, signature: string | undefined, secret: string, nowMs: number, testMode: boolean) {
  verifyWebhookSignature(raw, signature, secret, nowMs);
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new WebhookEventError('The body is not JSON.');
  }
  const parsed = eventSchema.safeParse(body);
  if (!parsed.success) throw new WebhookEventError('The body is not a provider event.');
  const event = parsed.data;
  if (event.livemode !== undefined && event.livemode === testMode) {
    throw new WebhookEventError(
      event.livemode ? 'A live-mode event on a test-mode account.' : 'A test-mode event on a live-mode account.',
    );
  }
  const session = checkoutSessionSchema.safeParse(event.data.object);
  return {
    id: event.id,
    type: event.type,
    sessionId: session.success ? session.data.id : null,
    paymentStatus: session.success ? (session.data.payment_status ?? null) : null,
    amountTotal: session.success ? (session.data.amount_total ?? null) : null,
    currency: session.success ? (session.data.currency ?? null) : null,
    created: event.created ?? null,
    subscriptionId: session.success ? idOf(session.data.subscription) : null,
    customerId: session.success ? idOf(session.data.customer) : null,
    invoiceId: session.success ? idOf(session.data.invoice) : null,
    metadata: session.success ? (session.data.metadata ?? {}) : {},
    payerEmail: session.success ? payerEmailOf(session.data) : null,
    object: event.data.object,
  };
}

const refundSchema = z.object({
  object: z.literal('refund'),
  id: z.string().min(1).max(255),
  amount: z.number().int(),
  status: z.string().max(64).nullish(),
});

/**
 * Why Stripe's answer to a full refund is not one (null: it is): not a refund object, a refund that failed or
 * was canceled, or one of another amount than the checkout charged. A pending refund stands (Stripe sends the
 * money back in its own time).
 */
export function refundProblem(answer: unknown, amountTotal: number | null | undefined): string | null {
  const parsed = refundSchema.safeParse(answer);
  if (!parsed.success) return 'the answer is not a refund';
  const { status, amount } = parsed.data;
  if (status === 'failed' || status === 'canceled') return `the refund ${status}`;
  if (typeof amountTotal === 'number' && amount !== amountTotal) {
    return `the refund is ${amount} cents, the checkout charged ${amountTotal}`;
  }
  return null;
}

/** Stripe's test keys (sk_test_…, rk_test_…) take no real money. */
export const isStripeTestKey = (secretKey: string) => /^(sk|rk)_test_/.test(secretKey);

export function createStripeProvider(opts: {
  secretKey: string;
  webhookSecret: string;
  /** For tests against a local fake of the Stripe API. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}): PaymentProvider {
  // The SDK is loaded on the first call to Stripe, so a server without Stripe keys never loads it.
  let loaded: Promise<Stripe> | undefined;
  const client = () =>
    (loaded ??= import('stripe').then(
      ({ default: Sdk }) => new Sdk(opts.secretKey, { maxNetworkRetries: 2, timeout: 10_000, ...(opts.api ?? {}) }),
    ));
  const testMode = isStripeTestKey(opts.secretKey);
  return {
    kind: 'stripe',
    testMode,
    async createCheckout(req) {
      const stripe = await client();
      const session = await stripe.checkout.sessions.create(
        {
          mode: req.mode,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: req.amountCents,
                product_data: { name: req.description },
                ...(req.mode === 'subscription' ? { recurring: { interval: 'month' as const } } : {}),
              },
            },
          ],
          success_url: req.successUrl,
          cancel_url: req.cancelUrl,
          client_reference_id: req.paymentId,
          metadata: { paymentId: req.paymentId },
          // The subscription carries the payment too, so its invoices name the gift they renew.
          ...(req.mode === 'subscription' ? { subscription_data: { metadata: { paymentId: req.paymentId } } } : {}),
          expires_at: Math.floor(req.expiresAt.getTime() / 1000),
          ...(req.customerEmail ? { customer_email: req.customerEmail } : {}),
        },
        { idempotencyKey: `checkout-${req.paymentId}` },
      );
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { sessionId: session.id, url: session.url };
    },
    parseWebhook: (raw, signature, nowMs) => readEvent(raw, signature, opts.webhookSecret, nowMs, testMode),
    async refund(sessionId) {
      const stripe = await client();
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!intent) throw new Error(`checkout ${sessionId} has no payment to refund`);
      const answer = await stripe.refunds.create({ payment_intent: intent }, { idempotencyKey: `refund-${sessionId}` });
      const problem = refundProblem(answer, session.amount_total);
      if (problem) throw new Error(`refund of checkout ${sessionId}: ${problem}`);
    },
    minCheckoutMs: 30 * 60_000,
    subscriptions: {
      async changeAmount(subscriptionId, amountCents, description) {
        const stripe = await client();
        const sub = await stripe.subscriptions.retrieve(subscriptionId);
        const item = sub.items.data[0];
        if (!item) throw new Error(`subscription ${subscriptionId} has no item`);
        const product = typeof item.price.product === 'string' ? item.price.product : item.price.product.id;
        await stripe.subscriptions.update(
          subscriptionId,
          {
            items: [
              {
                id: item.id,
                price_data: { currency: 'usd', unit_amount: amountCents, product, recurring: { interval: 'month' } },
              },
            ],
            proration_behavior: 'none',
            description,
          },
          { idempotencyKey: `amount-${subscriptionId}-${amountCents}-${item.price.id}` },
        );
      },
      async cancelAtPeriodEnd(subscriptionId) {
        const stripe = await client();
        await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
      },
      async cardPortalUrl(customerId, returnUrl) {
        const stripe = await client();
        const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
        return session.url;
      },
    },
  };
}

export interface LocalPaymentProvider extends PaymentProvider {
  readonly kind: 'local';
  /** Signs an event body the way the provider signs its webhooks. */
  sign(rawBody: string, nowMs: number): string;
}

/** FanGrid's local test checkout: sessions live in FanGrid's own database; events are signed locally. */
export function createLocalProvider(opts: { publicUrl: string; secret: string }): LocalPaymentProvider {
  // A webhook secret of its own, derived from the app secret (never the app secret itself).
  const webhookSecret = `whsec_${createHmac('sha256', opts.secret).update('fangrid-local-checkout').digest('hex')}`;
  return {
    kind: 'local',
    testMode: true,
    async createCheckout() {
      const sessionId = `cs_local_${randomBytes(24).toString('base64url')}`;
      return { sessionId, url: `${opts.publicUrl}/checkout/${sessionId}` };
    },
    parseWebhook: (raw, signature, nowMs) => readEvent(raw, signature, webhookSecret, nowMs, true),
    // Test money: nothing to send back; the payment is marked refunded by the caller.
    refund: async () => {},
    minCheckoutMs: 0,
    // The local checkout's subscriptions live in FanGrid's database: the feature changes them itself.
    subscriptions: {
      changeAmount: async () => {},
      cancelAtPeriodEnd: async () => {},
      cardPortalUrl: async () => null,
    },
    sign: (rawBody, nowMs) => signWebhook(rawBody, webhookSecret, nowMs),
  };
}
