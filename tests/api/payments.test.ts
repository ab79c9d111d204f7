import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { affiliateClicks, devOutbox, donations, paymentEvents, payments, tips } from '../../src/server/db/schema';
import { localClosingEventId } from '../../src/server/features/payments/service';
import {
  createLocalProvider,
  createStripeProvider,
  type PaymentProvider,
  signWebhook,
} from '../../src/server/platform/payments';
import { apiPaths } from '../../src/shared/contracts/paths';
import type { CheckoutStarted, DonationView, PaymentView, TipView } from '../../src/shared/contracts/payment-responses';
import { cardMessages, paymentMessages } from '../../src/shared/domain/payments';
import { Client } from '../support/http';
import { checkoutSession, stripeEventBody } from '../support/stripe-events';
import { createTestApp, type TestContext } from '../support/test-app';

const secret = 'test-secret-for-payments-0123456789abcdef';
const provider = createLocalProvider({ publicUrl: 'http://localhost:3000', secret });
let ctx: TestContext;
let fan: Client;

beforeAll(async () => {
  ctx = await createTestApp({ payments: provider, settings: { authSecret: secret } });
  fan = new Client(ctx.app, '10.11.0.1');
});
afterAll(() => ctx.close());

const donation = {
  kind: 'baseball' as const,
  type: 'one-time' as const,
  amountCents: 2500,
  gameData: { id: 'dodgers-giants', title: 'Dodgers vs Giants', organization: 'FanGrid Baseball Community Fund' },
  donorName: 'Vin Scully',
  donorEmail: 'vin@example.com',
};

async function startDonation(body: object = donation) {
  const res = await fan.post(apiPaths.donations.checkout, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CheckoutStarted>();
}
const donationOf = async (reference: string) =>
  (await ctx.app.inject({ method: 'GET', url: apiPaths.donations.one(reference) })).json<DonationView>();
const receiptsTo = async (to: string) =>
  (await ctx.database.db.select().from(devOutbox).where(eq(devOutbox.to, to))).filter((m) =>
    m.subject.includes('Your FanGrid donation receipt'),
  );

let eventSeq = 0;
/**
 * A provider-shaped Checkout Session event (Stripe's full shape, tests/support/stripe-events.ts), signed as
 * the provider signs (optionally at another time). The amount defaults to the test donation's.
 */
function signed(
  type: string,
  sessionId: string,
  opts: {
    id?: string;
    paymentStatus?: 'paid' | 'unpaid' | 'no_payment_required';
    atMs?: number;
    amountCents?: number;
  } = {},
) {
  const createdSec = Math.floor(ctx.clock.now().getTime() / 1000);
  const session = checkoutSession({
    sessionId,
    amountCents: opts.amountCents ?? donation.amountCents,
    paymentStatus: opts.paymentStatus ?? 'paid',
    createdSec,
  });
  const raw = stripeEventBody(type as Parameters<typeof stripeEventBody>[0], session, {
    id: opts.id ?? `evt_test_${++eventSeq}`,
    createdSec,
  });
  return { raw, signature: provider.sign(raw, opts.atMs ?? ctx.clock.now().getTime()) };
}
const postWebhook = (e: { raw: string; signature: string }) =>
  ctx.app.inject({
    method: 'POST',
    url: apiPaths.payments.webhook,
    payload: e.raw,
    headers: { 'content-type': 'application/json', 'stripe-signature': e.signature },
  });

describe('POST /api/donations/checkout', () => {
  it('records a pending donation and opens a checkout on the local test checkout', async () => {
    const started = await startDonation();
    expect(started.url).toBe(`http://localhost:3000/checkout/${started.sessionId}`);
    expect(started.sessionId).toMatch(/^cs_local_[\w-]{32}$/);
    expect(started.reference).toMatch(/^DON-[A-Z0-9]{10}$/);
    expect(await donationOf(started.reference)).toMatchObject({
      status: 'pending',
      amountCents: 2500,
      donorName: 'Vin Scully',
      gameData: donation.gameData,
    });
    const page = await ctx.app.inject({ method: 'GET', url: apiPaths.payments.localSession(started.sessionId) });
    expect(page.json()).toMatchObject({ amountCents: 2500, mode: 'payment', status: 'pending', asksEmail: false });
    // No personal data in the public views.
    expect(JSON.stringify(await donationOf(started.reference))).not.toContain('vin@example.com');
  });

  it('gives WNBA donations a WNBA- reference and a recurring donation a monthly subscription', async () => {
    const wnba = await startDonation({
      ...donation,
      kind: 'wnba',
      type: 'recurring',
      gameData: { title: 'Liberty vs Fever' },
      donorPhone: '+12025550186',
      message: 'Go Liberty!',
    });
    expect(wnba.reference).toMatch(/^WNBA-\d{13}-[A-Z0-9]{4}$/);
    const [p] = await ctx.database.db.select().from(payments).where(eq(payments.sessionId, wnba.sessionId));
    expect(p).toMatchObject({ mode: 'subscription', description: 'Donation: Liberty vs Fever (monthly)' });
    expect(p?.successUrl).toBe(`http://localhost:3000/wnba-success?donation=${wnba.reference}`);
  });

  it.each([
    ['no name', { ...donation, donorName: ' ' }, { donorName: paymentMessages.donorName }],
    ['no email', { ...donation, donorEmail: '' }, { donorEmail: paymentMessages.donorEmail }],
    ['a bad email', { ...donation, donorEmail: 'vin@' }, { donorEmail: paymentMessages.donorEmail }],
    ['an amount under $1', { ...donation, amountCents: 99 }, { amountCents: paymentMessages.donationAmount }],
    ['a fractional amount', { ...donation, amountCents: 12.5 }, { amountCents: 'Amounts are in whole cents' }],
    ['no game data', { ...donation, gameData: undefined }, undefined],
    ['unknown game fields', { ...donation, gameData: { title: 'X', script: '<x>' } }, undefined],
    ['a text amount', { ...donation, amountCents: '25' }, undefined],
  ])('refuses %s, naming the field, and records nothing', async (_name, body, fields) => {
    const [before] = await ctx.database.db.select({ n: count() }).from(donations);
    const res = await fan.post(apiPaths.donations.checkout, body);
    expect(res.statusCode).toBe(400);
    if (fields) expect(res.json().error.fields).toEqual(fields);
    const [after] = await ctx.database.db.select({ n: count() }).from(donations);
    expect(after?.n).toBe(before?.n);
  });
});

describe('the local test checkout', () => {
  it('pays with 4242: the webhook completes the donation and the donor gets one receipt', async () => {
    const started = await startDonation({ ...donation, donorEmail: 'paid@example.com' });
    const res = await fan.post(apiPaths.payments.localPay(started.sessionId), {
      number: '4242 4242 4242 4242',
      expiry: '12/30',
      cvc: '123',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().redirectUrl).toBe(`http://localhost:3000/payment-success?session_id=${started.sessionId}`);
    expect(await donationOf(started.reference)).toMatchObject({
      status: 'completed',
      completedAt: '2025-06-11T16:00:00.000Z',
    });
    const bySession = await ctx.app.inject({
      method: 'GET',
      url: apiPaths.payments.sessionDonation(started.sessionId),
    });
    expect(bySession.json<DonationView>().reference).toBe(started.reference);
    const receipts = await receiptsTo('paid@example.com');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain(started.reference);
    expect(receipts[0]?.text).toContain('$25.00');
    // Paying again is refused: the checkout is closed.
    const again = await fan.post(apiPaths.payments.localPay(started.sessionId), {
      number: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(cardMessages.closed);
  });

  it.each([
    ['4000 0000 0000 0002', cardMessages.declined],
    ['4242 4242 4242', cardMessages.incomplete],
    ['4242 4242 4242 4241', cardMessages.invalid],
  ])('refuses card %s with the provider’s message and leaves the donation pending', async (number, message) => {
    const started = await startDonation();
    const res = await fan.post(apiPaths.payments.localPay(started.sessionId), { number, expiry: '12/30', cvc: '123' });
    expect(res.statusCode).toBe(402);
    expect(res.json().error.message).toBe(message);
    expect((await donationOf(started.reference)).status).toBe('pending');
  });

  it('refuses an expired card and a missing security code', async () => {
    const started = await startDonation();
    const pay = (expiry: string, cvc: string) =>
      fan.post(apiPaths.payments.localPay(started.sessionId), { number: '4242424242424242', expiry, cvc });
    expect((await pay('05/25', '123')).json().error.message).toBe(cardMessages.expired);
    expect((await pay('13/30', '123')).json().error.message).toBe(cardMessages.expiry);
    expect((await pay('12/30', '1')).json().error.message).toBe(cardMessages.cvc);
  });

  it('expires an unpaid checkout after 30 minutes; the donation is expired and can no longer be paid', async () => {
    const started = await startDonation();
    ctx.clock.advance(31 * 60_000);
    const view = await ctx.app.inject({ method: 'GET', url: apiPaths.payments.localSession(started.sessionId) });
    expect(view.json().status).toBe('expired');
    expect((await donationOf(started.reference)).status).toBe('expired');
    const pay = await fan.post(apiPaths.payments.localPay(started.sessionId), {
      number: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
    });
    expect(pay.statusCode).toBe(409);
    ctx.clock.advance(-31 * 60_000);
  });

  it('answers 404 for a checkout that does not exist', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: apiPaths.payments.localSession('cs_local_nope') });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/payments/webhook', () => {
  it('applies a replayed event once: five deliveries, one completed donation, one receipt', async () => {
    const started = await startDonation({ ...donation, donorEmail: 'replay@example.com' });
    const event = signed('checkout.session.completed', started.sessionId, { id: 'evt_replay_1' });
    const answers = await Promise.all(Array.from({ length: 5 }, () => postWebhook(event)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.json().applied)).toHaveLength(1);
    expect((await donationOf(started.reference)).status).toBe('completed');
    expect(await receiptsTo('replay@example.com')).toHaveLength(1);
    const rows = await ctx.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt_replay_1'));
    expect(rows).toHaveLength(1);
  });

  it('refuses a forged signature and a stale timestamp with 400, changing nothing', async () => {
    const started = await startDonation();
    const good = signed('checkout.session.completed', started.sessionId);
    // Change the signature's first hex digit to a different one (replacing it with a fixed '0' was a no-op
    // whenever the signature already started with 0: a 1-in-16 flake).
    const forgedSignature = good.signature.replace(/v1=(\w)/, (_m, d: string) => `v1=${d === '0' ? '1' : '0'}`);
    expect(forgedSignature).not.toBe(good.signature);
    const forged = await postWebhook({ raw: good.raw, signature: forgedSignature });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('BAD_SIGNATURE');
    const tampered = await postWebhook({
      raw: good.raw.replace('"payment_status": "paid"', '"payment_status": "paid" '),
      signature: good.signature,
    });
    expect(good.raw).toContain('"payment_status": "paid"');
    expect(tampered.statusCode).toBe(400);
    const stale = signed('checkout.session.completed', started.sessionId, {
      atMs: ctx.clock.now().getTime() - 5 * 60_000 - 1_000,
    });
    expect((await postWebhook(stale)).statusCode).toBe(400);
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.payments.webhook,
      payload: good.raw,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await donationOf(started.reference)).status).toBe('pending');
  });

  it('takes events in any order: a payment that arrives after expiry still completes; expiry after payment changes nothing', async () => {
    const a = await startDonation();
    expect(
      (await postWebhook(signed('checkout.session.expired', a.sessionId, { paymentStatus: 'unpaid' }))).json(),
    ).toMatchObject({ applied: true });
    expect((await donationOf(a.reference)).status).toBe('expired');
    await postWebhook(signed('checkout.session.completed', a.sessionId));
    expect((await donationOf(a.reference)).status).toBe('completed');

    const b = await startDonation();
    await postWebhook(signed('checkout.session.completed', b.sessionId));
    const late = await postWebhook(signed('checkout.session.expired', b.sessionId, { paymentStatus: 'unpaid' }));
    expect(late.json()).toMatchObject({ applied: false });
    const failed = await postWebhook(signed('checkout.session.async_payment_failed', b.sessionId));
    expect(failed.json()).toMatchObject({ applied: false });
    expect((await donationOf(b.reference)).status).toBe('completed');
  });

  it('waits for async payments: completed-but-unpaid stays pending, then succeeded or failed decides', async () => {
    const a = await startDonation();
    await postWebhook(signed('checkout.session.completed', a.sessionId, { paymentStatus: 'unpaid' }));
    expect((await donationOf(a.reference)).status).toBe('pending');
    await postWebhook(signed('checkout.session.async_payment_succeeded', a.sessionId));
    expect((await donationOf(a.reference)).status).toBe('completed');

    const b = await startDonation();
    await postWebhook(signed('checkout.session.completed', b.sessionId, { paymentStatus: 'unpaid' }));
    await postWebhook(signed('checkout.session.async_payment_failed', b.sessionId, { paymentStatus: 'unpaid' }));
    expect((await donationOf(b.reference)).status).toBe('failed');
  });

  it('acknowledges an event for an unknown session or of another type without changing anything', async () => {
    const unknown = await postWebhook(signed('checkout.session.completed', 'cs_test_unknown'));
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ received: true, applied: false });
    const started = await startDonation();
    const other = await postWebhook(signed('payment_intent.created', started.sessionId));
    expect(other.json()).toEqual({ received: true, applied: false });
    expect((await donationOf(started.reference)).status).toBe('pending');
  });

  it('needs no browser Origin (the provider calls it), while other POSTs still do', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.donations.checkout,
      payload: donation,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('tips', () => {
  it('charges the tier’s fee in cents, shows what the streamer receives, and completes when paid', async () => {
    const res = await fan.post(apiPaths.tips.checkout, { streamer: 'ninja', amountCents: 2500, message: 'GG!' });
    expect(res.statusCode, res.body).toBe(201);
    const started = res.json<CheckoutStarted & { feeCents: number }>();
    expect(started.feeCents).toBe(375);
    const pending = (
      await ctx.app.inject({ method: 'GET', url: apiPaths.tips.one(started.reference) })
    ).json<TipView>();
    expect(pending).toMatchObject({
      status: 'pending',
      amountCents: 2500,
      feeCents: 375,
      netCents: 2125,
      message: 'GG!',
    });
    const paid = await fan.post(apiPaths.payments.localPay(started.sessionId), {
      number: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
    });
    expect(paid.json().redirectUrl).toBe(`http://localhost:3000/tips/${started.reference}`);
    const view = (await ctx.app.inject({ method: 'GET', url: apiPaths.tips.one(started.reference) })).json<TipView>();
    expect(view.status).toBe('completed');
  });

  it.each([
    ['$0', { streamer: 'ninja', amountCents: 0 }],
    ['$0.50', { streamer: 'ninja', amountCents: 50 }],
    ['$500.01', { streamer: 'ninja', amountCents: 50001 }],
    ['a fractional amount', { streamer: 'ninja', amountCents: 250.5 }],
    ['a 201-character message', { streamer: 'ninja', amountCents: 500, message: 'x'.repeat(201) }],
    ['no streamer', { streamer: '', amountCents: 500 }],
  ])('refuses %s and records nothing', async (_name, body) => {
    const [before] = await ctx.database.db.select({ n: count() }).from(tips);
    const res = await fan.post(apiPaths.tips.checkout, body);
    expect(res.statusCode).toBe(400);
    const [after] = await ctx.database.db.select({ n: count() }).from(tips);
    expect(after?.n).toBe(before?.n);
  });

  it('answers 404 for an unknown tip', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: apiPaths.tips.one('nope') })).statusCode).toBe(404);
  });
});

describe('affiliate clicks', () => {
  it('records the click and answers the stream link with the referral parameter', async () => {
    const res = await fan.post(apiPaths.affiliateClicks, { site: 'twitch', handle: 'ninja' });
    expect(res.json()).toEqual({ url: 'https://www.twitch.tv/ninja?ref=fangrid' });
    const rows = await ctx.database.db.select().from(affiliateClicks).where(eq(affiliateClicks.handle, 'ninja'));
    expect(rows).toHaveLength(1);
    const bad = await fan.post(apiPaths.affiliateClicks, { site: 'twitch', handle: 'x/../evil' });
    expect(bad.statusCode).toBe(400);
    expect((await fan.post(apiPaths.affiliateClicks, { site: 'myspace', handle: 'tom' })).statusCode).toBe(400);
  });
});

/** A local stand-in for the Stripe API: records requests and answers like Checkout Sessions does. */
function fakeStripeApi(sessionPrefix = 'cs_test_') {
  const requests: { path: string; headers: IncomingMessage['headers']; body: URLSearchParams }[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      requests.push({ path: req.url ?? '', headers: req.headers, body: new URLSearchParams(raw) });
      if (req.url === '/v1/checkout/sessions' && req.method === 'POST') {
        const id = `${sessionPrefix}${requests.length}`;
        res.writeHead(200, { 'content-type': 'application/json', 'request-id': 'req_1' });
        return res.end(
          JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${id}` }),
        );
      }
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: 'boom' } }));
    });
  });
  return { server, requests };
}

describe('the Stripe implementation', () => {
  it('creates Checkout Sessions through the Stripe API (mode, amount, expiry, idempotency key)', async () => {
    const fake = fakeStripeApi();
    await new Promise<void>((r) => fake.server.listen(0, '127.0.0.1', r));
    const port = (fake.server.address() as AddressInfo).port;
    try {
      const stripe = createStripeProvider({
        secretKey: 'sk_test_fangrid',
        webhookSecret: 'whsec_test_fangrid',
        api: { host: '127.0.0.1', port, protocol: 'http' },
      });
      const expiresAt = new Date('2025-06-11T16:30:00Z');
      const session = await stripe.createCheckout({
        paymentId: 'pay-1',
        amountCents: 1234,
        mode: 'subscription',
        description: 'Donation: Dodgers vs Giants (monthly)',
        customerEmail: 'vin@example.com',
        successUrl: 'http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}',
        cancelUrl: 'http://localhost:3000/baseball-games',
        expiresAt,
      });
      expect(session).toEqual({ sessionId: 'cs_test_1', url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
      const [req] = fake.requests;
      expect(req?.headers.authorization).toBe('Bearer sk_test_fangrid');
      expect(req?.headers['idempotency-key']).toBe('checkout-pay-1');
      expect(Object.fromEntries(req?.body ?? [])).toMatchObject({
        mode: 'subscription',
        'line_items[0][price_data][unit_amount]': '1234',
        'line_items[0][price_data][currency]': 'usd',
        'line_items[0][price_data][recurring][interval]': 'month',
        expires_at: String(expiresAt.getTime() / 1000),
        customer_email: 'vin@example.com',
        client_reference_id: 'pay-1',
      });

      // Its webhooks: the SDK's own test header helper signs; a wrong secret or an old timestamp is refused.
      const sdk = new Stripe('sk_test_fangrid');
      const raw = JSON.stringify({
        id: 'evt_1',
        object: 'event',
        type: 'checkout.session.completed',
        data: { object: { id: 'cs_test_1', object: 'checkout.session', payment_status: 'paid' } },
      });
      const now = Date.parse('2025-06-11T16:00:00Z');
      const header = sdk.webhooks.generateTestHeaderString({
        payload: raw,
        secret: 'whsec_test_fangrid',
        timestamp: now / 1000,
      });
      expect(stripe.parseWebhook(raw, header, now)).toEqual({
        id: 'evt_1',
        type: 'checkout.session.completed',
        sessionId: 'cs_test_1',
        paymentStatus: 'paid',
        amountTotal: null,
        currency: null,
        created: null,
        subscriptionId: null,
        customerId: null,
        invoiceId: null,
        metadata: {},
        payerEmail: null,
        object: { id: 'cs_test_1', object: 'checkout.session', payment_status: 'paid' },
      });
      const wrong = sdk.webhooks.generateTestHeaderString({
        payload: raw,
        secret: 'whsec_other',
        timestamp: now / 1000,
      });
      expect(() => stripe.parseWebhook(raw, wrong, now)).toThrow(/signature/i);
      expect(() => stripe.parseWebhook(raw, header, now + 301_000)).toThrow(/tolerance/i);
    } finally {
      await new Promise((r) => fake.server.close(r));
    }
  });

  it('turns a provider failure into the spec’s Payment Error and marks the donation failed', async () => {
    const fake = fakeStripeApi();
    await new Promise<void>((r) => fake.server.listen(0, '127.0.0.1', r));
    const port = (fake.server.address() as AddressInfo).port;
    const failing = createStripeProvider({
      secretKey: 'sk_test_fangrid',
      webhookSecret: 'whsec_test_fangrid',
      api: { host: '127.0.0.1', port, protocol: 'http' },
    });
    const broken = { ...failing, createCheckout: () => Promise.reject(new Error('network down')) };
    const other = await createTestApp({ payments: broken });
    try {
      const res = await new Client(other.app, '10.11.9.9').post(apiPaths.donations.checkout, donation);
      expect(res.statusCode).toBe(502);
      expect(res.json().error.message).toBe(paymentMessages.paymentError);
      const [row] = await other.database.db.select().from(donations);
      expect(row?.status).toBe('failed');
    } finally {
      await other.close();
      await new Promise((r) => fake.server.close(r));
    }
  });
});

const eventsOf = async (sessionId: string) =>
  ctx.database.db.select().from(paymentEvents).where(eq(paymentEvents.sessionId, sessionId));
const card = { number: '4242424242424242', expiry: '12/30', cvc: '123' };

describe('test mode, said by the API and by every receipt', () => {
  it('marks the local checkout, the donation, the payment view and the receipt as TEST MODE', async () => {
    const started = await startDonation({ ...donation, donorEmail: 'testmode@example.com' });
    const page = await ctx.app.inject({ method: 'GET', url: apiPaths.payments.localSession(started.sessionId) });
    expect(page.json()).toMatchObject({ testMode: true, status: 'pending' });
    expect((await donationOf(started.reference)).testMode).toBe(true);
    expect((await fan.post(apiPaths.payments.localPay(started.sessionId), card)).statusCode).toBe(200);
    const view = await ctx.app.inject({ method: 'GET', url: apiPaths.payments.session(started.sessionId) });
    expect(view.json<PaymentView>()).toEqual({
      sessionId: started.sessionId,
      purpose: 'donation',
      description: 'Donation: Dodgers vs Giants',
      amountCents: 2500,
      status: 'paid',
      testMode: true,
    });
    const bySession = await ctx.app.inject({
      method: 'GET',
      url: apiPaths.payments.sessionDonation(started.sessionId),
    });
    expect(bySession.json<DonationView>().testMode).toBe(true);
    const [receipt] = await receiptsTo('testmode@example.com');
    expect(receipt?.subject).toBe(`[TEST MODE] Your FanGrid donation receipt (${started.reference})`);
    expect(receipt?.text.split('\n')[0]).toBe('TEST MODE: no money moved. This receipt is for a test payment.');
    expect(receipt?.html).toMatch(/<div[^>]*>\n<p[^>]*>TEST MODE: no money moved/);
  });

  it('marks a tip as TEST MODE', async () => {
    const res = await fan.post(apiPaths.tips.checkout, { streamer: 'ninja', amountCents: 500 });
    const tip = res.json<CheckoutStarted>();
    const view = await ctx.app.inject({ method: 'GET', url: apiPaths.tips.one(tip.reference) });
    expect(view.json<TipView>().testMode).toBe(true);
  });

  it('answers 404 for the payment view of an unknown session, and keeps personal data out of it', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: apiPaths.payments.session('cs_local_nope') });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
    const started = await startDonation({ ...donation, donorEmail: 'private@example.com' });
    const view = await ctx.app.inject({ method: 'GET', url: apiPaths.payments.session(started.sessionId) });
    expect(view.body).not.toContain('private@example.com');
    expect(view.body).not.toContain('Vin Scully');
  });
});

describe('the webhook’s time window: 300 s either side of now', () => {
  it.each([
    [-300, 200],
    [-299, 200],
    [0, 200],
    [299, 200],
    [300, 200],
    [-301, 400],
    [301, 400],
    [-3600, 400],
    [3600, 400],
  ])('an event signed %i s from now answers %i (and a refused one changes nothing)', async (offset, status) => {
    const started = await startDonation();
    const event = signed('checkout.session.completed', started.sessionId, {
      atMs: ctx.clock.now().getTime() + offset * 1000,
    });
    const res = await postWebhook(event);
    expect(res.statusCode, res.body).toBe(status);
    if (status === 400) {
      expect(res.json().error.code).toBe('BAD_SIGNATURE');
      expect(res.json().error.message).toMatch(offset > 0 ? /in the future/ : /old/);
      expect((await donationOf(started.reference)).status).toBe('pending');
      expect(await eventsOf(started.sessionId)).toHaveLength(0);
    } else {
      expect((await donationOf(started.reference)).status).toBe('completed');
    }
  });
});

describe('the webhook’s signature header and body', () => {
  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['a header without a timestamp', `v1=${'0'.repeat(64)}`],
    ['a header without v1', 't=1749657600'],
    ['a header with two timestamps', 't=1749657600,t=1749657600,v1=00'],
    ['a garbled header', 'garbage'],
    ['a header of only commas', ',,,'],
    ['a timestamp that is not a number', `t=now,v1=${'0'.repeat(64)}`],
  ])('refuses %s with 400 and changes nothing', async (_name, header) => {
    const started = await startDonation();
    const good = signed('checkout.session.completed', started.sessionId);
    const res = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.payments.webhook,
      payload: good.raw,
      headers: { 'content-type': 'application/json', ...(header === undefined ? {} : { 'stripe-signature': header }) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('BAD_SIGNATURE');
    expect((await donationOf(started.reference)).status).toBe('pending');
    expect(await eventsOf(started.sessionId)).toHaveLength(0);
  });

  it('takes a header with several v1 signatures when one matches (a secret being rolled), refuses it when none does', async () => {
    const a = await startDonation();
    const good = signed('checkout.session.completed', a.sessionId);
    const t = /t=(\d+)/.exec(good.signature)?.[1];
    const goodV1 = /v1=([0-9a-f]+)/.exec(good.signature)?.[1];
    const otherV1 = /v1=([0-9a-f]+)/.exec(signWebhook(good.raw, 'whsec_old_secret', ctx.clock.now().getTime()))?.[1];
    const none = await postWebhook({ raw: good.raw, signature: `t=${t},v1=${otherV1},v1=${'f'.repeat(64)}` });
    expect(none.statusCode).toBe(400);
    expect((await donationOf(a.reference)).status).toBe('pending');
    const rolled = await postWebhook({ raw: good.raw, signature: `t=${t},v1=${otherV1},v1=${goodV1},v0=${otherV1}` });
    expect(rolled.statusCode, rolled.body).toBe(200);
    expect((await donationOf(a.reference)).status).toBe('completed');
  });

  it('refuses a valid signature over a different body: another session, another amount, another status', async () => {
    const a = await startDonation();
    const b = await startDonation();
    const forA = signed('checkout.session.completed', a.sessionId);
    for (const raw of [
      forA.raw.replaceAll(a.sessionId, b.sessionId),
      forA.raw.replace('"amount_total": 2500', '"amount_total": 2600'),
      forA.raw.replace('"checkout.session.completed"', '"checkout.session.async_payment_succeeded"'),
      `${forA.raw}\n`,
      JSON.stringify(JSON.parse(forA.raw)),
    ]) {
      expect(raw).not.toBe(forA.raw);
      const res = await postWebhook({ raw, signature: forA.signature });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(/No signature matches/);
    }
    expect((await donationOf(a.reference)).status).toBe('pending');
    expect((await donationOf(b.reference)).status).toBe('pending');
  });

  it.each([
    ['a body that is not JSON', 'not json'],
    ['JSON that is not an event', '{"hello":"world"}'],
    ['an event without data', '{"id":"evt_x","object":"event","type":"checkout.session.completed"}'],
  ])('refuses %s, correctly signed, with 400 BAD_EVENT', async (_name, raw) => {
    const res = await postWebhook({ raw, signature: provider.sign(raw, ctx.clock.now().getTime()) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('BAD_EVENT');
  });

  it('refuses a live-mode event on the test checkout (the wrong account’s events settle nothing)', async () => {
    const started = await startDonation();
    const good = signed('checkout.session.completed', started.sessionId);
    const raw = good.raw.replaceAll('"livemode": false', '"livemode": true');
    const res = await postWebhook({ raw, signature: provider.sign(raw, ctx.clock.now().getTime()) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('BAD_EVENT');
    expect((await donationOf(started.reference)).status).toBe('pending');
  });

  it('replays of an already-processed event id change nothing, even re-signed at a fresh time', async () => {
    const started = await startDonation({ ...donation, donorEmail: 'replayed@example.com' });
    const expired = signed('checkout.session.expired', started.sessionId, {
      id: 'evt_replay_exp',
      paymentStatus: 'unpaid',
    });
    const completed = signed('checkout.session.completed', started.sessionId, { id: 'evt_replay_paid' });
    expect((await postWebhook(expired)).json()).toMatchObject({ applied: true });
    expect((await postWebhook(completed)).json()).toMatchObject({ applied: true });
    const before = await eventsOf(started.sessionId);
    ctx.clock.advance(60_000);
    // The same ids again, signed now (as the provider's retries are): nothing applies, nothing is sent.
    for (const id of ['evt_replay_exp', 'evt_replay_paid']) {
      const type = id === 'evt_replay_exp' ? 'checkout.session.expired' : 'checkout.session.completed';
      const again = signed(type, started.sessionId, { id, paymentStatus: id === 'evt_replay_exp' ? 'unpaid' : 'paid' });
      const res = await postWebhook(again);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true, applied: false });
    }
    ctx.clock.advance(-60_000);
    expect((await donationOf(started.reference)).status).toBe('completed');
    expect(await receiptsTo('replayed@example.com')).toHaveLength(1);
    expect(await eventsOf(started.sessionId)).toEqual(before);
  });
});

describe('no paid state without the payment', () => {
  it.each([
    ['nothing charged (no_payment_required, $0)', { amountCents: 0, paymentStatus: 'no_payment_required' as const }],
    ['a cent less than asked', { amountCents: 2499 }],
    ['more than asked', { amountCents: 2501 }],
  ])('a completed checkout with %s settles nothing and sends no receipt', async (_name, opts) => {
    const email = `short-${opts.amountCents}@example.com`;
    const started = await startDonation({ ...donation, donorEmail: email });
    const res = await postWebhook(signed('checkout.session.completed', started.sessionId, opts));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, applied: false });
    expect((await donationOf(started.reference)).status).toBe('pending');
    expect(await receiptsTo(email)).toHaveLength(0);
  });

  it('a checkout charged in another currency settles nothing', async () => {
    const started = await startDonation();
    const event = signed('checkout.session.completed', started.sessionId);
    const raw = event.raw.replace('"currency": "usd"', '"currency": "jpy"');
    expect((await postWebhook({ raw, signature: provider.sign(raw, ctx.clock.now().getTime()) })).json()).toEqual({
      received: true,
      applied: false,
    });
    expect((await donationOf(started.reference)).status).toBe('pending');
  });

  it('a cancelled checkout cannot be paid, and a paid one cannot be cancelled', async () => {
    const a = await startDonation();
    const cancelled = await fan.post(apiPaths.payments.localCancel(a.sessionId), {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().redirectUrl).toBe('http://localhost:3000/baseball-games');
    expect((await donationOf(a.reference)).status).toBe('expired');
    const pay = await fan.post(apiPaths.payments.localPay(a.sessionId), card);
    expect(pay.statusCode).toBe(409);
    expect(pay.json().error.code).toBe('CHECKOUT_CLOSED');
    expect((await fan.post(apiPaths.payments.localCancel(a.sessionId), {})).statusCode).toBe(409);
    expect((await donationOf(a.reference)).status).toBe('expired');

    const b = await startDonation();
    expect((await fan.post(apiPaths.payments.localPay(b.sessionId), card)).statusCode).toBe(200);
    expect((await fan.post(apiPaths.payments.localCancel(b.sessionId), {})).statusCode).toBe(409);
    expect((await donationOf(b.reference)).status).toBe('completed');
  });

  it('the local checkout’s own closing event, replayed after a cancel, pays nothing', async () => {
    const started = await startDonation();
    expect((await fan.post(apiPaths.payments.localCancel(started.sessionId), {})).statusCode).toBe(200);
    // What the checkout would have sent had it been paid (same id: one closing event per session).
    const raw = JSON.stringify({
      id: localClosingEventId(started.sessionId),
      object: 'event',
      type: 'checkout.session.completed',
      livemode: false,
      data: {
        object: {
          id: started.sessionId,
          object: 'checkout.session',
          payment_status: 'paid',
          amount_total: 2500,
          currency: 'usd',
        },
      },
    });
    const res = await postWebhook({ raw, signature: provider.sign(raw, ctx.clock.now().getTime()) });
    expect(res.json()).toEqual({ received: true, applied: false });
    expect((await donationOf(started.reference)).status).toBe('expired');
  });

  it('an expired checkout cannot be cancelled or paid, and a declined card leaves it open to pay', async () => {
    const started = await startDonation();
    const declined = await fan.post(apiPaths.payments.localPay(started.sessionId), {
      ...card,
      number: '4000000000000002',
    });
    expect(declined.statusCode).toBe(402);
    expect(await eventsOf(started.sessionId)).toHaveLength(0);
    ctx.clock.advance(30 * 60_000);
    for (const url of [
      apiPaths.payments.localPay(started.sessionId),
      apiPaths.payments.localCancel(started.sessionId),
    ]) {
      const res = await fan.post(url, card);
      expect(res.statusCode).toBe(409);
    }
    ctx.clock.advance(-30 * 60_000);
    expect((await donationOf(started.reference)).status).toBe('expired');
  });

  it('the local checkout never shows, pays or cancels a checkout opened at Stripe (same database)', async () => {
    const started = await startDonation();
    await ctx.database.db
      .update(payments)
      .set({ provider: 'stripe', sessionId: 'cs_test_opened_at_stripe' })
      .where(eq(payments.sessionId, started.sessionId));
    for (const [method, url] of [
      ['GET', apiPaths.payments.localSession('cs_test_opened_at_stripe')],
      ['POST', apiPaths.payments.localPay('cs_test_opened_at_stripe')],
      ['POST', apiPaths.payments.localCancel('cs_test_opened_at_stripe')],
    ] as const) {
      const res = method === 'GET' ? await fan.get(url) : await fan.post(url, card);
      expect(res.statusCode, url).toBe(404);
    }
    // Nor does an event signed by the local checkout touch it.
    const res = await postWebhook(signed('checkout.session.completed', 'cs_test_opened_at_stripe'));
    expect(res.json()).toEqual({ received: true, applied: false });
    expect((await donationOf(started.reference)).status).toBe('pending');
  });
});

describe('with Stripe configured', () => {
  const webhookSecret = 'whsec_fangrid_stripe_endpoint';
  /** An app on Stripe (a local fake of its API), on its own database. */
  async function stripeApp(secretKey: string, sessionPrefix: string) {
    const fake = fakeStripeApi(sessionPrefix);
    await new Promise<void>((r) => fake.server.listen(0, '127.0.0.1', r));
    const port = (fake.server.address() as AddressInfo).port;
    const stripe = createStripeProvider({
      secretKey,
      webhookSecret,
      api: { host: '127.0.0.1', port, protocol: 'http' },
    });
    const app = await createTestApp({ payments: stripe, settings: { authSecret: secret } });
    return {
      ...app,
      stripe,
      async close() {
        await app.close();
        await new Promise((r) => fake.server.close(r));
      },
    };
  }
  const stripeEvent = (
    s: Awaited<ReturnType<typeof stripeApp>>,
    sessionId: string,
    opts: { id: string; livemode: boolean; atMs?: number; amountCents?: number },
  ) => {
    const createdSec = Math.floor(s.clock.now().getTime() / 1000);
    const raw = stripeEventBody(
      'checkout.session.completed',
      checkoutSession({
        sessionId,
        amountCents: opts.amountCents ?? donation.amountCents,
        paymentStatus: 'paid',
        livemode: opts.livemode,
        createdSec,
      }),
      { id: opts.id, createdSec },
    );
    return { raw, signature: signWebhook(raw, webhookSecret, opts.atMs ?? s.clock.now().getTime()) };
  };
  const post = (s: { app: TestContext['app'] }, e: { raw: string; signature: string }) =>
    s.app.inject({
      method: 'POST',
      url: apiPaths.payments.webhook,
      payload: e.raw,
      headers: { 'content-type': 'application/json', 'stripe-signature': e.signature },
    });

  it('has no local checkout: its routes answer 404 for any session, and nothing changes', async () => {
    const s = await stripeApp('sk_live_fangrid', 'cs_live_');
    try {
      const client = new Client(s.app, '10.11.7.7');
      const started = (await client.post(apiPaths.donations.checkout, donation)).json<CheckoutStarted>();
      expect(started.sessionId).toBe('cs_live_1');
      for (const id of [started.sessionId, 'cs_local_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
        for (const [method, url] of [
          ['GET', apiPaths.payments.localSession(id)],
          ['POST', apiPaths.payments.localPay(id)],
          ['POST', apiPaths.payments.localCancel(id)],
        ] as const) {
          const res = method === 'GET' ? await client.get(url) : await client.post(url, card);
          expect(res.statusCode, `${method} ${url}`).toBe(404);
          expect(res.json().error.code).toBe('NOT_FOUND');
        }
      }
      const [row] = await s.database.db.select().from(donations);
      expect(row?.status).toBe('pending');
    } finally {
      await s.close();
    }
  });

  it('refuses a webhook signed with the local checkout’s secret; takes Stripe’s; a live key’s receipt is not TEST MODE', async () => {
    const s = await stripeApp('sk_live_fangrid', 'cs_live_');
    try {
      const client = new Client(s.app, '10.11.7.8');
      const started = (
        await client.post(apiPaths.donations.checkout, { ...donation, donorEmail: 'live@example.com' })
      ).json<CheckoutStarted>();
      // The local checkout's secret is derived from the same app secret: it is still not Stripe's.
      const local = createLocalProvider({ publicUrl: 'http://localhost:3000', secret });
      const forged = stripeEvent(s, started.sessionId, { id: 'evt_forged', livemode: true });
      const res = await post(s, { raw: forged.raw, signature: local.sign(forged.raw, s.clock.now().getTime()) });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('BAD_SIGNATURE');
      const view = () =>
        s.app
          .inject({ method: 'GET', url: apiPaths.donations.one(started.reference) })
          .then((r) => r.json<DonationView>());
      expect(await view()).toMatchObject({ status: 'pending', testMode: false });

      // A test-mode event on the live account is refused even when correctly signed.
      const testEvent = stripeEvent(s, started.sessionId, { id: 'evt_test_on_live', livemode: false });
      expect((await post(s, testEvent)).json().error.code).toBe('BAD_EVENT');
      expect((await view()).status).toBe('pending');

      const real = await post(s, stripeEvent(s, started.sessionId, { id: 'evt_live_1', livemode: true }));
      expect(real.json()).toEqual({ received: true, applied: true });
      expect(await view()).toMatchObject({ status: 'completed', testMode: false });
      const [receipt] = await s.database.db.select().from(devOutbox).where(eq(devOutbox.to, 'live@example.com'));
      expect(receipt?.subject).toBe(`Your FanGrid donation receipt (${started.reference})`);
      expect(receipt?.text).not.toMatch(/TEST MODE/);
    } finally {
      await s.close();
    }
  });

  it('with a test key: test mode in the views and the receipt; the same 300 s window either side', async () => {
    const s = await stripeApp('sk_test_fangrid', 'cs_test_');
    try {
      const client = new Client(s.app, '10.11.7.9');
      const start = async (email: string) =>
        (await client.post(apiPaths.donations.checkout, { ...donation, donorEmail: email })).json<CheckoutStarted>();
      const now = s.clock.now().getTime();
      let k = 0;
      for (const [offset, status] of [
        [-301, 400],
        [301, 400],
        [3600, 400],
        [-300, 200],
        [300, 200],
      ] as const) {
        const started = await start(`window${k}@example.com`);
        const res = await post(
          s,
          stripeEvent(s, started.sessionId, { id: `evt_window_${k++}`, livemode: false, atMs: now + offset * 1000 }),
        );
        expect(res.statusCode, `${offset} s`).toBe(status);
        const view = await s.app.inject({ method: 'GET', url: apiPaths.donations.one(started.reference) });
        expect(view.json<DonationView>()).toMatchObject({
          status: status === 200 ? 'completed' : 'pending',
          testMode: true,
        });
      }
      const [receipt] = await s.database.db.select().from(devOutbox).where(eq(devOutbox.to, 'window3@example.com'));
      expect(receipt?.subject).toMatch(/^\[TEST MODE\] Your FanGrid donation receipt/);
    } finally {
      await s.close();
    }
  });
});

describe('a production app', () => {
  const live = createStripeProvider({ secretKey: 'sk_live_fangrid', webhookSecret: 'whsec_x' });
  const test = createStripeProvider({ secretKey: 'sk_test_fangrid', webhookSecret: 'whsec_x' });
  const build = (payments: PaymentProvider | undefined, paymentsTestMode?: boolean) =>
    buildApp({
      database: ctx.database,
      clock: ctx.clock,
      logger: false,
      ...(payments ? { payments } : {}),
      settings: {
        production: true,
        publicUrl: 'https://fangrid.example',
        ...(paymentsTestMode === undefined ? {} : { paymentsTestMode }),
      },
    });

  it.each([
    ['the local test checkout', undefined],
    ['a Stripe test key', test],
  ])('refuses to build on %s unless paymentsTestMode says it is a staging server', async (_name, payments) => {
    await expect(build(payments)).rejects.toThrow(/Production needs a live payment provider/);
    await expect(build(payments, false)).rejects.toThrow(/Production needs a live payment provider/);
    const staging = await build(payments, true);
    await staging.close();
  });

  it('builds on a live Stripe key, where the local checkout does not exist', async () => {
    const app = await build(live);
    try {
      const res = await app.inject({
        method: 'POST',
        url: apiPaths.payments.localPay('cs_local_x'),
        payload: card,
        headers: { origin: 'https://fangrid.example' },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
