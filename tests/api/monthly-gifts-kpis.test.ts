import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devOutbox } from '../../src/server/db/schema';
import { createLocalProvider } from '../../src/server/platform/payments';
import type { AdminDonation, AdminKpis } from '../../src/shared/contracts/admin';
import { apiPaths } from '../../src/shared/contracts/paths';
import type { CheckoutStarted } from '../../src/shared/contracts/payment-responses';
import type { MonthlyGift } from '../../src/shared/contracts/payments';
import { testCards } from '../../src/shared/domain/payments';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { signedInAdmin } from './fake-feed';

// The KPI page's monthly figures (src/server/features/admin/repo.ts monthlyKpis) from real renewals: gifts
// given through the local checkout, renewed, declined and ended by the scheduler on the injected clock.
const m = apiPaths.donations.monthly;
const secret = 'test-secret-for-monthly-kpis-0123456789';
const provider = createLocalProvider({ publicUrl: 'http://localhost:3000', secret });
let ctx: TestContext;
let seq = 0;

beforeAll(async () => {
  ctx = await createTestApp({ payments: provider, settings: { authSecret: secret } });
  await ctx.app.ready();
});
afterAll(() => ctx.close());

const donor = () => new Client(ctx.app, `10.79.1.${++seq}`);

async function giveMonthly(c: Client, email: string, card: string, amountCents: number) {
  const started = await c.post(apiPaths.donations.checkout, {
    kind: 'game',
    type: 'recurring',
    amountCents,
    gameData: { title: 'Cubs vs Brewers', organization: 'Cubs Care' },
    donorName: 'Ryne Sandberg',
    donorEmail: email,
  });
  expect(started.statusCode, started.body).toBe(201);
  const { sessionId, reference } = started.json<CheckoutStarted>();
  const paid = await c.post(apiPaths.payments.localPay(sessionId), { number: card, expiry: '12/30', cvc: '123' });
  expect(paid.statusCode, paid.body).toBe(200);
  return reference;
}

/** Opens a donor session through the emailed manage link; answers the donor's one gift. */
async function signedInGift(c: Client, email: string) {
  expect((await c.post(m.link, { email })).statusCode).toBe(202);
  const [mail] = await ctx.database.db
    .select()
    .from(devOutbox)
    .where(eq(devOutbox.to, email))
    .orderBy(desc(devOutbox.seq))
    .limit(1);
  const token = /#token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error('no manage link mailed');
  expect((await c.post(m.session, { token })).statusCode).toBe(200);
  const [gift] = (await c.get(m.gifts)).json<{ gifts: MonthlyGift[] }>().gifts;
  if (!gift) throw new Error('no gift');
  return gift;
}

// The admin session ends while the clock jumps months: each read signs in afresh.
const admin = () => signedInAdmin(ctx.app, '10.79.0.1');

async function monthly() {
  const res = await (await admin()).get(apiPaths.admin.kpis);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminKpis>().monthly;
}
async function stateOf(reference: string) {
  const res = await (await admin()).get(`${apiPaths.admin.donations}?limit=200`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ donations: AdminDonation[] }>().donations.find((d) => d.reference === reference)?.gift;
}

/** Moves the clock to `iso` and runs every job that came due on the way. */
const tickTo = (iso: string) => ctx.clock.tick(Date.parse(iso) - ctx.clock.now().getTime());

describe('the KPI page’s monthly figures', () => {
  let pays: string;
  let declines: string;
  let cancels: string;
  const declinerEmail = 'kpi-declines@example.com';
  let decliner: Client;

  it('count no renewal or failure for gifts just given (a first payment is not a renewal)', async () => {
    pays = await giveMonthly(donor(), 'kpi-pays@example.com', testCards.pays, 1500);
    decliner = donor();
    declines = await giveMonthly(decliner, declinerEmail, testCards.declinesOnRenewal, 2000);
    const canceller = donor();
    cancels = await giveMonthly(canceller, 'kpi-cancels@example.com', testCards.pays, 1000);
    const gift = await signedInGift(canceller, 'kpi-cancels@example.com');
    expect((await canceller.post(m.cancel(gift.id))).statusCode).toBe(200);

    expect(await monthly()).toEqual({
      activeDonors: 3,
      recurringCents: 1500 + 2000, // the cancelling gift renews no more
      renewalsThisMonth: 0,
      renewalsThisMonthCents: 0,
      failuresThisMonth: 0,
    });
  });

  it('count the next month’s renewal, its declined card and the gift that ended, from the scheduler’s run', async () => {
    // The gifts were given on 2025-06-11 at 16:00 UTC; their periods end a month later.
    await tickTo('2025-07-11T15:00:00Z');
    expect((await monthly()).renewalsThisMonth).toBe(0);
    await tickTo('2025-07-12T16:00:00Z');
    expect(await monthly()).toEqual({
      activeDonors: 1, // past due and cancelled gifts are not active
      recurringCents: 1500,
      renewalsThisMonth: 1,
      renewalsThisMonthCents: 1500,
      failuresThisMonth: 1,
    });
    expect(await stateOf(pays)).toMatchObject({ state: 'active', paidCharges: 2, paidCents: 3000 });
    expect(await stateOf(declines)).toMatchObject({ state: 'past_due', paidCharges: 1, paidCents: 2000 });
    expect(await stateOf(cancels)).toMatchObject({ state: 'cancelled', paidCharges: 1 });
  });

  it('count a failed renewal paid by a new card as a renewal, and the failure stays in the month', async () => {
    const gift = await signedInGift(decliner, declinerEmail);
    const fixed = await decliner.post(m.localCard(gift.id), { number: testCards.pays, expiry: '12/30', cvc: '123' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(await monthly()).toEqual({
      activeDonors: 2,
      recurringCents: 3500,
      renewalsThisMonth: 2,
      renewalsThisMonthCents: 3500,
      failuresThisMonth: 1,
    });
  });

  it('start from nothing on the first of the month, then count that month’s renewals', async () => {
    await tickTo('2025-08-01T00:00:01Z');
    expect(await monthly()).toMatchObject({ renewalsThisMonth: 0, renewalsThisMonthCents: 0, failuresThisMonth: 0 });
    await tickTo('2025-08-12T16:00:00Z');
    expect(await monthly()).toEqual({
      activeDonors: 2,
      recurringCents: 3500,
      renewalsThisMonth: 2,
      renewalsThisMonthCents: 3500,
      failuresThisMonth: 0,
    });
    expect(await stateOf(declines)).toMatchObject({ state: 'active', paidCharges: 3, paidCents: 6000 });
  });
});
