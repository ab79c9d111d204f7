import { createHmac, randomBytes } from 'node:crypto';
import Stripe from 'stripe';

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
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export interface PaymentProvider {
  readonly kind: 'stripe' | 'local';
  createCheckout(req: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** Checks the signature over the raw body and its timestamp (at most 5 minutes old), then reads the event. */
  parseWebhook(rawBody: string, signature: string | undefined, nowMs: number): PaymentEvent;
  /** Refunds a paid checkout in full. */
  refund(sessionId: string): Promise<void>;
  /** The longest a checkout may stay open from now (Stripe: 24 h), and the shortest (Stripe: 30 min). */
  readonly minCheckoutMs: number;
}

/** Spec issue 6: a timestamp older than 5 minutes is refused. */
export const webhookToleranceSeconds = 300;

function readEvent(stripe: Stripe, raw: string, signature: string | undefined, secret: string, nowMs: number) {
  if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header.');
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(raw, signature, secret, webhookToleranceSeconds, undefined, nowMs);
  } catch (err) {
    throw new WebhookSignatureError((err as Error).message.split('\n')[0] ?? 'Bad signature.');
  }
  const object = (event.data?.object ?? {}) as { object?: string; id?: string; payment_status?: string };
  return {
    id: event.id,
    type: event.type,
    sessionId: object.object === 'checkout.session' && typeof object.id === 'string' ? object.id : null,
    paymentStatus: typeof object.payment_status === 'string' ? object.payment_status : null,
  };
}

export function createStripeProvider(opts: {
  secretKey: string;
  webhookSecret: string;
  /** For tests against a local fake of the Stripe API. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}): PaymentProvider {
  const stripe = new Stripe(opts.secretKey, { maxNetworkRetries: 2, timeout: 10_000, ...(opts.api ?? {}) });
  return {
    kind: 'stripe',
    async createCheckout(req) {
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
          expires_at: Math.floor(req.expiresAt.getTime() / 1000),
          ...(req.customerEmail ? { customer_email: req.customerEmail } : {}),
        },
        { idempotencyKey: `checkout-${req.paymentId}` },
      );
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { sessionId: session.id, url: session.url };
    },
    parseWebhook: (raw, signature, nowMs) => readEvent(stripe, raw, signature, opts.webhookSecret, nowMs),
    async refund(sessionId) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!intent) throw new Error(`checkout ${sessionId} has no payment to refund`);
      await stripe.refunds.create({ payment_intent: intent }, { idempotencyKey: `refund-${sessionId}` });
    },
    minCheckoutMs: 30 * 60_000,
  };
}

export interface LocalPaymentProvider extends PaymentProvider {
  readonly kind: 'local';
  /** Signs an event body the way the provider signs its webhooks. */
  sign(rawBody: string, nowMs: number): string;
}

/** FanGrid's local test checkout: sessions live in FanGrid's own database; events are signed locally. */
export function createLocalProvider(opts: { publicUrl: string; secret: string }): LocalPaymentProvider {
  const stripe = new Stripe('sk_local_checkout_never_sent');
  // A webhook secret of its own, derived from the app secret (never the app secret itself).
  const webhookSecret = `whsec_${createHmac('sha256', opts.secret).update('fangrid-local-checkout').digest('hex')}`;
  return {
    kind: 'local',
    async createCheckout() {
      const sessionId = `cs_local_${randomBytes(24).toString('base64url')}`;
      return { sessionId, url: `${opts.publicUrl}/checkout/${sessionId}` };
    },
    parseWebhook: (raw, signature, nowMs) => readEvent(stripe, raw, signature, webhookSecret, nowMs),
    // Test money: nothing to send back; the payment is marked refunded by the caller.
    refund: async () => {},
    minCheckoutMs: 0,
    sign: (rawBody, nowMs) =>
      stripe.webhooks.generateTestHeaderString({
        payload: rawBody,
        secret: webhookSecret,
        timestamp: Math.floor(nowMs / 1000),
      }),
  };
}
