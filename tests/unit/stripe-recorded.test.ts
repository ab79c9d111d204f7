import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createStripeProvider, signWebhook, WebhookEventError } from '../../src/server/platform/payments';

const recorded = readFileSync(
  path.join(import.meta.dirname, '../support/recorded/stripe-checkout-session-completed.json'),
  'utf8',
);
const secret = 'whsec_recorded_event_test';
const sentAtMs = 1753539918_000;

describe('a checkout.session.completed event recorded from Stripe', () => {
  it('is read as the completed, paid session it is, with its amount and currency', () => {
    const stripe = createStripeProvider({ secretKey: 'sk_test_recorded', webhookSecret: secret });
    const event = stripe.parseWebhook(recorded, signWebhook(recorded, secret, sentAtMs), sentAtMs + 2_000);
    expect(event).toEqual({
      id: 'evt_1Rp92IE2YllEOQrty5bxSwY3',
      type: 'checkout.session.completed',
      sessionId: 'cs_test_a1QFLXZqOWxmolFgTrTbRywllLMKKCXtFVqWqlmjYNvd5A3sF4UztRNdAA',
      paymentStatus: 'paid',
      amountTotal: 800,
      currency: 'jpy',
      created: 1753539918,
      subscriptionId: null,
      customerId: 'cus_SkQpGfARLDMyiS',
      invoiceId: null,
      metadata: {},
      // The payer's email as Stripe's checkout collected it (customer_details.email): a paid entry's receipt goes there.
      payerEmail: 'customer@example.com',
      object: expect.objectContaining({ object: 'checkout.session', mode: 'payment' }),
    });
  });

  it('a test-mode event is refused by a live-mode account, and a copy with one byte changed fails its signature', () => {
    const live = createStripeProvider({ secretKey: 'sk_live_recorded', webhookSecret: secret });
    expect(() => live.parseWebhook(recorded, signWebhook(recorded, secret, sentAtMs), sentAtMs)).toThrow(
      WebhookEventError,
    );
    const stripe = createStripeProvider({ secretKey: 'sk_test_recorded', webhookSecret: secret });
    const signature = signWebhook(recorded, secret, sentAtMs);
    expect(() =>
      stripe.parseWebhook(recorded.replace('"amount_total": 800', '"amount_total": 900'), signature, sentAtMs),
    ).toThrow(/signature/i);
    // Delivered an hour after it was signed, or dated an hour ahead: outside the 5-minute window either way.
    expect(() => stripe.parseWebhook(recorded, signature, sentAtMs + 3600_000)).toThrow(/tolerance/);
    expect(() => stripe.parseWebhook(recorded, signature, sentAtMs - 3600_000)).toThrow(/future/);
  });
});
