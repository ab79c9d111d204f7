import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devOutbox, monthlyGiftCharges, monthlyGifts } from '../../src/server/db/schema';
import { readInvoice, readSubscription } from '../../src/server/features/payments/stripe-objects';
import { createStripeProvider, signWebhook } from '../../src/server/platform/payments';
import { apiPaths } from '../../src/shared/contracts/paths';
import type { CheckoutStarted } from '../../src/shared/contracts/payment-responses';
import { type MonthlyGift, paymentErrorCodes } from '../../src/shared/contracts/payments';
import { Client } from '../support/http';
import {
  checkoutSession,
  stripeEventBody,
  stripeObjectEventBody,
  subscriptionInvoice,
  subscriptionObject,
} from '../support/stripe-events';
import { createTestApp, type TestContext } from '../support/test-app';

const m = apiPaths.donations.monthly;
const webhookSecret = 'whsec_fangrid_monthly_endpoint';
const secret = 'test-secret-for-monthly-stripe-0123456789';
const DAY_S = 86_400;

/** A local stand-in for the Stripe API: Checkout Sessions, subscriptions and the billing portal. */
const requests: { method: string; path: string; body: URLSearchParams }[] = [];
const fake: Server = createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => {
    raw += c;
  });
  req.on('end', () => {
    const path = req.url ?? '';
    requests.push({ method: req.method ?? '', path, body: new URLSearchParams(raw) });
    const json = (body: object) => {
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${requests.length}` });
      res.end(JSON.stringify(body));
    };
    if (path === '/v1/checkout/sessions') {
      const id = `cs_test_monthly_${requests.length}`;
      return json({ id, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${id}` });
    }
    const sub = /^\/v1\/subscriptions\/(sub_\w+)$/.exec(path);
    if (sub) {
      return json({
        id: sub[1],
        object: 'subscription',
        items: {
          object: 'list',
          data: [{ id: 'si_1', object: 'subscription_item', price: { id: 'price_1', product: 'prod_1' } }],
        },
      });
    }
    if (path === '/v1/billing_portal/sessions') {
      return json({
        id: 'bps_1',
        object: 'billing_portal.session',
        url: 'https://billing.stripe.com/p/session/test_1',
      });
    }
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { type: 'api_error', message: 'boom' } }));
  });
});

let ctx: TestContext;
beforeAll(async () => {
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  const port = (fake.address() as AddressInfo).port;
  const stripe = createStripeProvider({
    secretKey: 'sk_test_fangrid',
    webhookSecret,
    api: { host: '127.0.0.1', port, protocol: 'http' },
  });
  ctx = await createTestApp({ payments: stripe, settings: { authSecret: secret } });
});
afterAll(async () => {
  await ctx.close();
  await new Promise((r) => fake.close(r));
});

const nowSec = () => Math.floor(ctx.clock.now().getTime() / 1000);
const post = (raw: string, signature = signWebhook(raw, webhookSecret, ctx.clock.now().getTime())) =>
  ctx.app.inject({
    method: 'POST',
    url: apiPaths.payments.webhook,
    payload: raw,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
const applied = async (raw: string) => {
  const res = await post(raw);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ applied: boolean }>().applied;
};

let n = 0;
/** A monthly gift given at Stripe: the checkout opened through the fake API, then its completed event. */
async function giveAtStripe(email: string) {
  n++;
  const c = new Client(ctx.app, `10.88.0.${n}`);
  const res = await c.post(apiPaths.donations.checkout, {
    kind: 'game',
    type: 'recurring',
    amountCents: 1500,
    gameData: { title: 'Cubs vs Brewers', organization: 'Cubs Care' },
    donorName: 'Ernie Banks',
    donorEmail: email,
  });
  const started = res.json<CheckoutStarted>();
  const ids = { sub: `sub_test_${n}`, cus: `cus_test_${n}`, first: `in_test_first_${n}` };
  const session = {
    ...checkoutSession({
      sessionId: started.sessionId,
      amountCents: 1500,
      paymentStatus: 'paid',
      createdSec: nowSec(),
    }),
    mode: 'subscription' as const,
    subscription: ids.sub,
    customer: ids.cus,
    invoice: ids.first,
  };
  expect(
    await applied(stripeEventBody('checkout.session.completed', session, { id: `evt_cs_${n}`, createdSec: nowSec() })),
  ).toBe(true);
  const [gift] = await ctx.database.db.select().from(monthlyGifts).where(eq(monthlyGifts.subscriptionId, ids.sub));
  if (!gift) throw new Error('no gift');
  return { c, ids, gift, reference: started.reference, email };
}

const invoice = (
  g: Awaited<ReturnType<typeof giveAtStripe>>,
  id: string,
  paid: boolean,
  opts: { createdSec?: number; legacy?: boolean; billingReason?: 'subscription_create'; amountCents?: number } = {},
) =>
  subscriptionInvoice({
    id,
    subscriptionId: g.ids.sub,
    customerId: g.ids.cus,
    amountCents: opts.amountCents ?? 1500,
    paid,
    createdSec: opts.createdSec ?? nowSec(),
    periodStartSec: nowSec(),
    periodEndSec: nowSec() + 30 * DAY_S,
    ...(opts.billingReason ? { billingReason: opts.billingReason } : {}),
    ...(opts.legacy ? { legacy: true } : {}),
  });
const subscription = (
  g: Awaited<ReturnType<typeof giveAtStripe>>,
  status: 'active' | 'past_due' | 'canceled',
  opts: { cancelAtPeriodEnd?: boolean; amountCents?: number; periodEndSec?: number; legacy?: boolean } = {},
) =>
  subscriptionObject({
    id: g.ids.sub,
    customerId: g.ids.cus,
    status,
    amountCents: opts.amountCents ?? 1500,
    createdSec: nowSec() - 40 * DAY_S,
    periodEndSec: opts.periodEndSec ?? nowSec() + 30 * DAY_S,
    ...(opts.cancelAtPeriodEnd ? { cancelAtPeriodEnd: true } : {}),
    ...(opts.legacy ? { legacy: true } : {}),
  });

const giftRow = async (id: string) =>
  (await ctx.database.db.select().from(monthlyGifts).where(eq(monthlyGifts.id, id)))[0];
const chargesOf = (giftId: string) =>
  ctx.database.db
    .select()
    .from(monthlyGiftCharges)
    .where(eq(monthlyGiftCharges.giftId, giftId))
    .orderBy(monthlyGiftCharges.at);
const mailsTo = (to: string) =>
  ctx.database.db.select().from(devOutbox).where(eq(devOutbox.to, to)).orderBy(desc(devOutbox.seq));

describe('monthly gifts at Stripe: the webhook', () => {
  it('opens the subscription with the payment in its metadata; the checkout’s payment is the first charge', async () => {
    const g = await giveAtStripe('first@example.com');
    const create = requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1);
    expect(create?.body.get('mode')).toBe('subscription');
    expect(create?.body.get('subscription_data[metadata][paymentId]')).toMatch(/^[0-9a-f-]{36}$/);
    expect(g.gift).toMatchObject({ status: 'active', amountCents: 1500, customerId: g.ids.cus, donorEmail: g.email });
    expect((await chargesOf(g.gift.id)).map((c) => [c.invoiceId, c.reference])).toEqual([[g.ids.first, g.reference]]);
    // The first invoice's own invoice.paid records nothing more.
    expect(
      await applied(
        stripeObjectEventBody('invoice.paid', invoice(g, g.ids.first, true, { billingReason: 'subscription_create' }), {
          id: 'evt_first_invoice',
          createdSec: nowSec(),
        }),
      ),
    ).toBe(false);
    expect(await chargesOf(g.gift.id)).toHaveLength(1);
  });

  it('records a renewal once (replayed event, or the same invoice under another event id), with a receipt', async () => {
    const g = await giveAtStripe('renewal@example.com');
    ctx.clock.advance(30 * DAY_S * 1000);
    const body = stripeObjectEventBody('invoice.paid', invoice(g, 'in_renew_1', true), {
      id: 'evt_renew_1',
      createdSec: nowSec(),
    });
    expect(await applied(body)).toBe(true);
    expect(await applied(body)).toBe(false);
    expect(
      await applied(
        stripeObjectEventBody('invoice.paid', invoice(g, 'in_renew_1', true), {
          id: 'evt_renew_1b',
          createdSec: nowSec(),
        }),
      ),
    ).toBe(false);
    const charges = await chargesOf(g.gift.id);
    expect(charges.map((c) => [c.status, c.amountCents, c.reference])).toEqual([
      ['paid', 1500, g.reference],
      ['paid', 1500, `${g.reference}-2`],
    ]);
    expect((await giftRow(g.gift.id))?.currentPeriodEnd.getTime()).toBe((nowSec() + 30 * DAY_S) * 1000);
    const receipts = (await mailsTo(g.email)).filter((x) => x.subject.includes('monthly gift receipt'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain('Organization: Cubs Care');
    expect(receipts[0]?.text).toContain('No goods or services were provided in exchange for this gift.');
  });

  it('a failed renewal makes the gift past due and mails a card link; the invoice paid later makes it active', async () => {
    const g = await giveAtStripe('failed@example.com');
    ctx.clock.advance(DAY_S * 1000);
    const failed = stripeObjectEventBody('invoice.payment_failed', invoice(g, 'in_fail_1', false), {
      id: 'evt_fail_1',
      createdSec: nowSec(),
    });
    expect(await applied(failed)).toBe(true);
    expect((await giftRow(g.gift.id))?.status).toBe('past_due');
    const [mail] = (await mailsTo(g.email)).filter((x) => x.subject.includes('could not be charged'));
    expect(mail?.text).toContain('Update your card: http://localhost:3000/donations/monthly');
    ctx.clock.advance(DAY_S * 1000);
    expect(
      await applied(
        stripeObjectEventBody('invoice.paid', invoice(g, 'in_fail_1', true), {
          id: 'evt_fail_1_paid',
          createdSec: nowSec(),
        }),
      ),
    ).toBe(true);
    expect((await giftRow(g.gift.id))?.status).toBe('active');
    // A failure event of the invoice already paid, delivered late, changes nothing.
    expect(
      await applied(
        stripeObjectEventBody('invoice.payment_failed', invoice(g, 'in_fail_1', false, { createdSec: nowSec() - 10 }), {
          id: 'evt_fail_1_late',
          createdSec: nowSec() - 10,
        }),
      ),
    ).toBe(false);
    expect((await giftRow(g.gift.id))?.status).toBe('active');
  });

  it('subscription.updated keeps the state, amount and period; an older one arriving late changes nothing', async () => {
    const g = await giveAtStripe('updated@example.com');
    ctx.clock.advance(60_000);
    const newer = stripeObjectEventBody(
      'customer.subscription.updated',
      subscription(g, 'active', { cancelAtPeriodEnd: true, amountCents: 2500 }),
      { id: 'evt_upd_new', createdSec: nowSec() },
    );
    expect(await applied(newer)).toBe(true);
    const older = stripeObjectEventBody('customer.subscription.updated', subscription(g, 'past_due'), {
      id: 'evt_upd_old',
      createdSec: nowSec() - 30,
    });
    expect(await applied(older)).toBe(false);
    expect(await giftRow(g.gift.id)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, amountCents: 2500 });
    // The older API versions' shape (period end at the top level) is read the same way.
    ctx.clock.advance(60_000);
    const legacy = stripeObjectEventBody(
      'customer.subscription.updated',
      subscription(g, 'past_due', { legacy: true, periodEndSec: nowSec() + 10 * DAY_S }),
      { id: 'evt_upd_legacy', createdSec: nowSec() },
    );
    expect(await applied(legacy)).toBe(true);
    expect((await giftRow(g.gift.id))?.status).toBe('past_due');
    // Those versions carry the period at the top level only (the item has none), and it is read from there.
    expect((await giftRow(g.gift.id))?.currentPeriodEnd.getTime()).toBe((nowSec() + 10 * DAY_S) * 1000);
  });

  it('deleted cancels for good: a late invoice.paid is recorded but the gift stays cancelled; updated changes nothing', async () => {
    const g = await giveAtStripe('deleted@example.com');
    ctx.clock.advance(30 * DAY_S * 1000);
    const deleted = stripeObjectEventBody('customer.subscription.deleted', subscription(g, 'canceled'), {
      id: 'evt_del',
      createdSec: nowSec(),
    });
    expect(await applied(deleted)).toBe(true);
    expect(await applied(deleted)).toBe(false);
    // An invoice paid just before the cancellation, delivered after it (older `created`), in the older shape.
    expect(
      await applied(
        stripeObjectEventBody(
          'invoice.paid',
          invoice(g, 'in_late', true, { createdSec: nowSec() - 60, legacy: true }),
          {
            id: 'evt_late_paid',
            createdSec: nowSec() - 60,
          },
        ),
      ),
    ).toBe(true);
    expect(
      await applied(
        stripeObjectEventBody('customer.subscription.updated', subscription(g, 'active'), {
          id: 'evt_upd_after_delete',
          createdSec: nowSec() + 1,
        }),
      ),
    ).toBe(false);
    expect((await giftRow(g.gift.id))?.status).toBe('cancelled');
    expect((await chargesOf(g.gift.id)).map((c) => c.invoiceId)).toEqual([g.ids.first, 'in_late']);
  });

  it('refuses a badly signed event and changes nothing; an event for an unknown subscription changes nothing', async () => {
    const g = await giveAtStripe('signed@example.com');
    const body = stripeObjectEventBody('customer.subscription.deleted', subscription(g, 'canceled'), {
      id: 'evt_forged',
      createdSec: nowSec(),
    });
    const forged = await post(body, signWebhook(body, 'whsec_someone_else', ctx.clock.now().getTime()));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe(paymentErrorCodes.badSignature);
    expect((await giftRow(g.gift.id))?.status).toBe('active');
    const unknown = stripeObjectEventBody(
      'invoice.paid',
      subscriptionInvoice({
        id: 'in_unknown',
        subscriptionId: 'sub_unknown',
        customerId: 'cus_unknown',
        amountCents: 1500,
        paid: true,
        createdSec: nowSec(),
        periodStartSec: nowSec(),
        periodEndSec: nowSec() + 30 * DAY_S,
      }),
      { id: 'evt_unknown', createdSec: nowSec() },
    );
    expect(await applied(unknown)).toBe(false);
  });
});

/**
 * Events recorded from Stripe (tests/support/recorded/stripe; the README there names their sources), read as
 * the JSON text they are. A test changes only what points them at its own gift: ids, amounts, timestamps.
 */
const recordedText = (type: string) =>
  readFileSync(path.join(import.meta.dirname, '../support/recorded/stripe', `${type}.json`), 'utf8');
interface RecordedEvent<T> {
  id: string;
  created: number;
  data: { object: T };
}
interface RecordedInvoice {
  id: string;
  customer: string;
  subscription: string;
  lines: { url: string; data: { invoice: string; subscription: string }[] };
}
interface RecordedPrice {
  unit_amount: number;
  unit_amount_decimal: string;
}
interface RecordedPlan {
  amount: number;
  amount_decimal: string;
}
interface RecordedSubscription {
  id: string;
  customer: string;
  latest_invoice: string;
  current_period_start: number;
  current_period_end: number;
  plan: RecordedPlan;
  items: { url: string; data: { subscription: string; quantity: number; plan: RecordedPlan; price: RecordedPrice }[] };
}
/** The recorded event's body as Stripe would post it (indented by two spaces), signed as the webhook's. */
const bodyOf = (event: RecordedEvent<unknown>) => JSON.stringify(event, null, 2);

describe('monthly gifts at Stripe: events recorded from Stripe', () => {
  it('a recorded invoice.paid (2023-10-16, first invoice of a subscription) is read, and records nothing more', async () => {
    const recorded = JSON.parse(recordedText('invoice.paid')) as RecordedEvent<RecordedInvoice>;
    // As recorded: the subscription at the top level (before basil), the period on the line, paid_at.
    expect(readInvoice(recorded.data.object as unknown as Record<string, unknown>)).toEqual({
      invoiceId: 'in_1PBXo5RxqlZt79sDAbGhMpyk',
      subscriptionId: 'sub_1PBXo5RxqlZt79sD3kdxoDVi',
      paymentId: null,
      customerId: 'cus_Q1b0Yi7UkcAh2A',
      firstOfSubscription: true,
      amountPaidCents: 70000,
      amountDueCents: 70000,
      currency: 'usd',
      at: new Date(1714549346_000),
      periodEnd: new Date(1717227745_000),
    });

    // Pointed at a gift given at Stripe: its subscription, customer and first invoice (the checkout's).
    const g = await giveAtStripe('recorded-first@example.com');
    const inv = recorded.data.object;
    inv.id = g.ids.first;
    inv.customer = g.ids.cus;
    inv.subscription = g.ids.sub;
    inv.lines.url = `/v1/invoices/${g.ids.first}/lines`;
    for (const line of inv.lines.data) {
      line.invoice = g.ids.first;
      line.subscription = g.ids.sub;
    }
    const body = bodyOf(recorded);
    expect(await applied(body)).toBe(false);
    expect((await chargesOf(g.gift.id)).map((c) => [c.invoiceId, c.amountCents])).toEqual([[g.ids.first, 1500]]);
    expect((await mailsTo(g.email)).filter((x) => x.subject.includes('monthly gift receipt'))).toHaveLength(0);
  });

  it('a recorded customer.subscription.updated (2023-10-16) keeps state, amount × quantity and the top-level period', async () => {
    const recorded = JSON.parse(recordedText('customer.subscription.updated')) as RecordedEvent<RecordedSubscription>;
    // As recorded: quantity 7 of 100.00, the period at the top level only (its item carries none).
    expect(readSubscription(recorded.data.object as unknown as Record<string, unknown>)).toEqual({
      subscriptionId: 'sub_1PBXo5RxqlZt79sD3kdxoDVi',
      paymentId: null,
      state: 'active',
      cancelAtPeriodEnd: false,
      amountCents: 70000,
      periodEnd: new Date(1717227745_000),
    });

    const g = await giveAtStripe('recorded-updated@example.com');
    ctx.clock.advance(60_000);
    const pointAt = (event: RecordedEvent<RecordedSubscription>, unitCents: number, createdSec: number) => {
      const sub = event.data.object;
      sub.id = g.ids.sub;
      sub.customer = g.ids.cus;
      sub.latest_invoice = g.ids.first;
      sub.items.url = `/v1/subscription_items?subscription=${g.ids.sub}`;
      for (const plan of [sub.plan, ...sub.items.data.map((i) => i.plan)]) {
        plan.amount = unitCents;
        plan.amount_decimal = String(unitCents);
      }
      for (const item of sub.items.data) {
        item.subscription = g.ids.sub;
        item.price.unit_amount = unitCents;
        item.price.unit_amount_decimal = String(unitCents);
      }
      sub.current_period_start = nowSec();
      sub.current_period_end = nowSec() + 30 * DAY_S;
      event.created = createdSec;
      return event;
    };
    const body = bodyOf(pointAt(recorded, 500, nowSec()));
    expect(await applied(body)).toBe(true);
    expect(await applied(body)).toBe(false);
    expect(await giftRow(g.gift.id)).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: false,
      amountCents: 3500,
      currentPeriodEnd: new Date((nowSec() + 30 * DAY_S) * 1000),
    });
    // The same recorded event, older than the one applied, under another id: it changes nothing.
    const older = pointAt(
      JSON.parse(recordedText('customer.subscription.updated')) as RecordedEvent<RecordedSubscription>,
      900,
      nowSec() - 30,
    );
    older.id = 'evt_recorded_upd_older';
    expect(await applied(bodyOf(older))).toBe(false);
    expect((await giftRow(g.gift.id))?.amountCents).toBe(3500);
  });
});

describe('monthly gifts at Stripe: the donor’s changes go through the Stripe API', () => {
  it('changes the amount, opens the billing portal, cancels at the period’s end', async () => {
    const g = await giveAtStripe('changes@example.com');
    const link = await g.c.post(m.link, { email: g.email });
    expect(link.statusCode).toBe(202);
    const [mail] = await mailsTo(g.email);
    const token = /#token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    expect((await g.c.post(m.session, { token })).statusCode).toBe(200);

    const amount = await g.c.post(m.amount(g.gift.id), { amountCents: 3000 });
    expect(amount.statusCode, amount.body).toBe(200);
    expect(amount.json<MonthlyGift>().amountCents).toBe(3000);
    // The local checkout's test clock does not exist with Stripe: Stripe renews on its own clock.
    expect(amount.json<MonthlyGift>().testClock).toBe(false);
    const renew = await g.c.post(m.renewNow(g.gift.id), { periodEndsAt: amount.json<MonthlyGift>().periodEndsAt });
    expect(renew.statusCode, renew.body).toBe(404);
    const update = requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${g.ids.sub}`).at(-1);
    expect(update?.body.get('items[0][id]')).toBe('si_1');
    expect(update?.body.get('items[0][price_data][unit_amount]')).toBe('3000');
    expect(update?.body.get('proration_behavior')).toBe('none');

    const portal = await g.c.post(m.card(g.gift.id));
    expect(portal.json()).toEqual({ url: 'https://billing.stripe.com/p/session/test_1', local: false });
    const portalReq = requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1);
    expect(portalReq?.body.get('customer')).toBe(g.ids.cus);
    expect(
      (await g.c.post(m.localCard(g.gift.id), { number: '4242424242424242', expiry: '12/30', cvc: '123' })).statusCode,
    ).toBe(404);

    const cancel = await g.c.post(m.cancel(g.gift.id));
    expect(cancel.json<MonthlyGift>()).toMatchObject({ state: 'active', cancelAtPeriodEnd: true });
    const cancelReq = requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${g.ids.sub}`).at(-1);
    expect(cancelReq?.body.get('cancel_at_period_end')).toBe('true');
    const subjects = (await mailsTo(g.email)).map((x) => x.subject);
    expect(subjects).toContain('[TEST MODE] Your monthly gift amount changed');
    expect(subjects).toContain('[TEST MODE] Your monthly gift is cancelled');
  });
});
