import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { devOutbox, donorLinks, monthlyGifts, paymentEvents } from '../../src/server/db/schema';
import { addMonth } from '../../src/server/features/payments/monthly';
import { createLocalProvider } from '../../src/server/platform/payments';
import type { AdminDonation, AdminKpis } from '../../src/shared/contracts/admin';
import { apiPaths } from '../../src/shared/contracts/paths';
import type { CheckoutStarted } from '../../src/shared/contracts/payment-responses';
import { type MonthlyGift, paymentErrorCodes, type RenewedNow } from '../../src/shared/contracts/payments';
import { testCards } from '../../src/shared/domain/payments';
import { signedInFan } from '../support/accounts';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { signedInAdmin } from './fake-feed';

const m = apiPaths.donations.monthly;
const DAY = 86_400_000;
const secret = 'test-secret-for-monthly-gifts-0123456789';
const provider = createLocalProvider({ publicUrl: 'http://localhost:3000', secret });
let ctx: TestContext;
let seq = 0;

beforeAll(async () => {
  ctx = await createTestApp({ payments: provider, settings: { authSecret: secret } });
  await ctx.app.ready();
});
afterAll(() => ctx.close());

const gift = (email: string, amountCents = 1500) => ({
  kind: 'game' as const,
  type: 'recurring' as const,
  amountCents,
  gameData: { title: 'Cubs vs Brewers', organization: 'Cubs Care' },
  donorName: 'Ernie Banks',
  donorEmail: email,
});

/** A donor on their own address (rate limits are per address). */
const donor = () => new Client(ctx.app, `10.77.${Math.floor(++seq / 200)}.${seq % 200}`);

/** Gives monthly through the local checkout with `card`; answers the donation's reference. */
async function giveMonthly(c: Client, email: string, card: string = testCards.pays, amountCents = 1500) {
  const started = await c.post(apiPaths.donations.checkout, gift(email, amountCents));
  expect(started.statusCode, started.body).toBe(201);
  const { sessionId, reference } = started.json<CheckoutStarted>();
  const paid = await c.post(apiPaths.payments.localPay(sessionId), { number: card, expiry: '12/30', cvc: '123' });
  expect(paid.statusCode, paid.body).toBe(200);
  return reference;
}

const mailsTo = (to: string) =>
  ctx.database.db.select().from(devOutbox).where(eq(devOutbox.to, to)).orderBy(desc(devOutbox.seq));

/** Asks for the manage link and answers the token it mails. */
async function linkToken(c: Client, email: string) {
  const res = await c.post(m.link, { email });
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json()).toEqual({ sent: true });
  const [mail] = (await mailsTo(email)).filter((x) => x.subject === 'Your link to manage your monthly gifts');
  const token = /#token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error('no manage link mailed');
  return token;
}
async function signIn(c: Client, email: string) {
  const res = await c.post(m.session, { token: await linkToken(c, email) });
  expect(res.statusCode, res.body).toBe(200);
  expect(String(res.headers['set-cookie'])).toMatch(
    /fg_donor=[\w-]+; Path=\/api\/donations\/monthly; Max-Age=3600; HttpOnly; SameSite=Lax/,
  );
  return res;
}
async function myGifts(c: Client) {
  const res = await c.get(m.gifts);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ email: string; gifts: MonthlyGift[] }>().gifts;
}

describe('monthly gifts on the local checkout', () => {
  it('records the first payment, renews every month on the scheduler, with a receipt carrying the manage link', async () => {
    const c = donor();
    const email = 'renews@example.com';
    const reference = await giveMonthly(c, email);
    const [first] = (await mailsTo(email)).filter((x) => x.subject.includes('donation receipt'));
    expect(first?.text).toContain('Manage your monthly gift: http://localhost:3000/donations/monthly');
    expect(first?.text).toContain('charitable gift to Cubs Care. No goods or services were provided');
    await signIn(c, email);
    let [g] = await myGifts(c);
    expect(g).toMatchObject({
      reference,
      state: 'active',
      amountCents: 1500,
      organization: 'Cubs Care',
      testMode: true,
    });
    expect(g?.history).toHaveLength(1);
    expect(g?.nextChargeAt).toBe('2025-07-11T16:00:00.000Z');

    await ctx.clock.tick(31 * DAY);
    await signIn(c, email); // the session lasts an hour
    [g] = await myGifts(c);
    expect(g?.history.map((h) => [h.reference, h.status, h.amountCents])).toEqual([
      [`${reference}-2`, 'paid', 1500],
      [reference, 'paid', 1500],
    ]);
    expect(g?.state).toBe('active');
    expect(g?.nextChargeAt).toBe('2025-08-11T16:00:00.000Z');
    const [receipt] = (await mailsTo(email)).filter((x) => x.subject.includes('monthly gift receipt'));
    expect(receipt?.subject).toBe(`[TEST MODE] Your monthly gift receipt (${reference}-2)`);
    expect(receipt?.text).toContain('Manage your monthly gift: http://localhost:3000/donations/monthly');
    expect(receipt?.text).toContain('No goods or services were provided in exchange for this gift.');
  });

  it('a card that declines on renewal makes the gift past due and mails a card link; a new card pays it', async () => {
    const c = donor();
    const email = 'declines@example.com';
    await giveMonthly(c, email, testCards.declinesOnRenewal);
    await signIn(c, email);
    await ctx.clock.tick(31 * DAY);
    await signIn(c, email);
    let [g] = await myGifts(c);
    expect(g?.state).toBe('past_due');
    expect(g?.history.map((h) => h.status)).toEqual(['failed', 'paid']);
    const [failed] = (await mailsTo(email)).filter((x) => x.subject.includes('could not be charged'));
    expect(failed?.text).toContain('Update your card: http://localhost:3000/donations/monthly');
    if (!g) throw new Error('no gift');

    const portal = await c.post(m.card(g.id));
    expect(portal.json()).toEqual({ url: `http://localhost:3000/donations/monthly/${g.id}/card`, local: true });
    const bad = await c.post(m.localCard(g.id), { number: '4000000000000002', expiry: '12/30', cvc: '123' });
    expect(bad.statusCode).toBe(402);
    expect(bad.json().error.code).toBe(paymentErrorCodes.cardDeclined);
    ctx.clock.advance(60_000);
    const fixed = await c.post(m.localCard(g.id), { number: testCards.pays, expiry: '12/30', cvc: '123' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    g = fixed.json<MonthlyGift>();
    expect(g.state).toBe('active');
    expect(g.history.map((h) => h.status)).toEqual(['paid', 'failed', 'paid']);
    expect((await mailsTo(email)).some((x) => x.subject.includes('card was updated'))).toBe(true);
  });

  it('changes the amount within the form’s bounds, from the next renewal on, with a confirmation', async () => {
    const c = donor();
    const email = 'amount@example.com';
    await giveMonthly(c, email);
    await signIn(c, email);
    const [g] = await myGifts(c);
    if (!g) throw new Error('no gift');
    for (const amountCents of [99, 1_000_001, 12.5, '2500']) {
      const res = await c.post(m.amount(g.id), { amountCents });
      expect(res.statusCode).toBe(400);
    }
    const res = await c.post(m.amount(g.id), { amountCents: 2500 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<MonthlyGift>().amountCents).toBe(2500);
    expect((await mailsTo(email)).some((x) => x.subject === '[TEST MODE] Your monthly gift amount changed')).toBe(true);
    await ctx.clock.tick(31 * DAY);
    await signIn(c, email);
    const [after] = await myGifts(c);
    expect(after?.history[0]).toMatchObject({ status: 'paid', amountCents: 2500 });
  });

  it('cancels at the period’s end: no further charge, then cancelled; nothing changes afterwards', async () => {
    const c = donor();
    const email = 'cancels@example.com';
    await giveMonthly(c, email);
    await signIn(c, email);
    const [g] = await myGifts(c);
    if (!g) throw new Error('no gift');
    const res = await c.post(m.cancel(g.id));
    expect(res.json<MonthlyGift>()).toMatchObject({ state: 'active', cancelAtPeriodEnd: true, nextChargeAt: null });
    const again = await c.post(m.cancel(g.id));
    expect(again.statusCode).toBe(200);
    expect((await mailsTo(email)).filter((x) => x.subject.includes('is cancelled'))).toHaveLength(1);
    expect((await c.post(m.amount(g.id), { amountCents: 3000 })).json().error.code).toBe(
      paymentErrorCodes.giftCancelled,
    );
    await ctx.clock.tick(31 * DAY);
    await signIn(c, email);
    const [after] = await myGifts(c);
    expect(after).toMatchObject({ state: 'cancelled' });
    expect(after?.history).toHaveLength(1);
  });
});

describe('a gift whose game names no organization', () => {
  it('is receipted as received by FanGrid, never by the game’s title; the donor page tells it by its game', async () => {
    const c = donor();
    const email = 'no-organization@example.com';
    const started = await c.post(apiPaths.donations.checkout, { ...gift(email), gameData: { title: 'Sky vs Fever' } });
    expect(started.statusCode, started.body).toBe(201);
    const { sessionId } = started.json<CheckoutStarted>();
    const card = { number: testCards.pays, expiry: '12/30', cvc: '123' };
    expect((await c.post(apiPaths.payments.localPay(sessionId), card)).statusCode).toBe(200);
    const receipt = (await mailsTo(email)).find((x) => x.subject.includes('donation receipt'));
    expect(receipt?.text).toContain('Organization: FanGrid');
    expect(receipt?.text).toContain('charitable gift to FanGrid');
    expect(receipt?.text).not.toContain('gift to Sky vs Fever');
    await signIn(c, email);
    expect((await myGifts(c)).map((g) => g.organization)).toEqual(['Sky vs Fever']);
  });
});

describe('the donor page’s links', () => {
  it('answers the same for any email, mails only a donor, and limits requests', async () => {
    const c = donor();
    const unknown = await c.post(m.link, { email: 'nobody-here@example.com' });
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual({ sent: true });
    expect(await mailsTo('nobody-here@example.com')).toHaveLength(0);
    expect((await c.post(m.link, { email: 'not an email' })).statusCode).toBe(400);
    const flood = donor();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await flood.post(m.link, { email: `x${i}@example.com` })).statusCode);
    expect(codes.slice(0, 10).every((s) => s === 202)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it('refuses a wrong, reused or expired link with one code, and needs a session', async () => {
    const c = donor();
    const email = 'links@example.com';
    await giveMonthly(c, email);
    expect((await c.get(m.gifts)).json().error.code).toBe(paymentErrorCodes.donorSessionRequired);
    const wrong = await c.post(m.session, { token: 'A'.repeat(43) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe(paymentErrorCodes.linkInvalid);
    expect((await c.post(m.session, { token: 'short' })).statusCode).toBe(400);
    const token = await linkToken(c, email);
    expect((await c.post(m.session, { token })).statusCode).toBe(200);
    const reused = await c.post(m.session, { token });
    expect(reused.json().error.code).toBe(paymentErrorCodes.linkInvalid);
    const late = await linkToken(c, email);
    ctx.clock.advance(31 * 60_000);
    expect((await c.post(m.session, { token: late })).json().error.code).toBe(paymentErrorCodes.linkInvalid);
    // The token is stored only as its hash.
    expect(await ctx.database.db.select().from(donorLinks).where(eq(donorLinks.tokenHash, late))).toHaveLength(0);
  });

  it('never shows or changes someone else’s gift', async () => {
    const alice = donor();
    const bob = donor();
    await giveMonthly(alice, 'alice-gift@example.com');
    await giveMonthly(bob, 'bob-gift@example.com');
    await signIn(alice, 'alice-gift@example.com');
    await signIn(bob, 'bob-gift@example.com');
    const [bobs] = await myGifts(bob);
    if (!bobs) throw new Error('no gift');
    expect((await myGifts(alice)).map((g) => g.id)).not.toContain(bobs.id);
    for (const res of [
      await alice.get(m.gift(bobs.id)),
      await alice.post(m.amount(bobs.id), { amountCents: 500 }),
      await alice.post(m.cancel(bobs.id)),
      await alice.post(m.card(bobs.id)),
      await alice.get(m.gift('not-a-uuid')),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe(paymentErrorCodes.notFound);
    }
    expect((await myGifts(bob))[0]).toMatchObject({ cancelAtPeriodEnd: false, amountCents: 1500 });
  });
});

describe('the signed-in account’s page', () => {
  it('shows and manages the gifts the account gave, without a donor link; never another account’s', async () => {
    const aliceEmail = 'alice-account@example.com';
    const alice = await signedInFan(ctx.database.db, donor(), {
      email: aliceEmail,
      name: 'Alice Account',
      phone: '+12025550152',
    });
    const bob = await signedInFan(ctx.database.db, donor(), {
      email: 'bob-account@example.com',
      name: 'Bob Account',
      phone: '+12025550153',
    });
    // An account with no gift has an empty page, not a sign-in prompt.
    const empty = await bob.get(m.gifts);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toEqual({ email: '', viaAccount: true, gifts: [] });

    const reference = await giveMonthly(alice, aliceEmail, testCards.pays, 2000);
    // No manage link was asked for: the account's session alone opens the page.
    expect((await mailsTo(aliceEmail)).some((x) => x.subject.includes('manage your monthly gifts'))).toBe(false);
    const page = await alice.get(m.gifts);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const body = page.json<{ email: string; viaAccount: boolean; gifts: MonthlyGift[] }>();
    expect(body.viaAccount).toBe(true);
    expect(body.gifts).toHaveLength(1);
    const [g] = body.gifts;
    if (!g) throw new Error('no gift');
    expect(g).toMatchObject({ reference, state: 'active', amountCents: 2000, organization: 'Cubs Care' });
    expect((await alice.get(m.gift(g.id))).json<MonthlyGift>().reference).toBe(reference);
    const changed = await alice.post(m.amount(g.id), { amountCents: 2500 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<MonthlyGift>().amountCents).toBe(2500);
    expect((await mailsTo(aliceEmail)).some((x) => x.subject.includes('amount changed'))).toBe(true);
    const statement = await alice.get(m.statement(ctx.clock.now().getUTCFullYear()));
    expect(statement.statusCode).toBe(200);
    expect(statement.headers['content-type']).toBe('application/pdf');

    // Bob's account sees none of it, and each route answers as for a gift that does not exist.
    expect((await bob.get(m.gifts)).json().gifts).toEqual([]);
    for (const res of [
      await bob.get(m.gift(g.id)),
      await bob.post(m.amount(g.id), { amountCents: 500 }),
      await bob.post(m.card(g.id)),
      await bob.post(m.localCard(g.id), { number: testCards.pays, expiry: '12/30', cvc: '123' }),
      await bob.post(m.cancel(g.id)),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.code).toBe(paymentErrorCodes.notFound);
    }
    // Signed out, the account's page is closed again.
    const signedOut = new Client(ctx.app, alice.ip);
    expect((await signedOut.get(m.gifts)).json().error.code).toBe(paymentErrorCodes.donorSessionRequired);
    expect((await signedOut.get(m.gift(g.id))).statusCode).toBe(401);
    const [after] = await myGifts(alice);
    expect(after).toMatchObject({ amountCents: 2500, cancelAtPeriodEnd: false, state: 'active' });
  });
});

describe('the year-end statement', () => {
  it('downloads as a PDF per year; refuses a bad year', async () => {
    const c = donor();
    await giveMonthly(c, 'statement@example.com');
    await signIn(c, 'statement@example.com');
    const year = ctx.clock.now().getUTCFullYear();
    const res = await c.get(m.statement(year));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    for (const bad of ['abc', '1999', '2025.5']) {
      expect((await c.get(`/api/donations/monthly/statement.pdf?year=${bad}`)).statusCode).toBe(400);
    }
    expect((await donor().get(m.statement(year))).statusCode).toBe(401);
  });

  it('is mailed in January, once per donor per year', async () => {
    const year = ctx.clock.now().getUTCFullYear();
    const next = new Date(Date.UTC(year + 1, 0, 2, 12));
    await ctx.clock.tick(next.getTime() - ctx.clock.now().getTime());
    await ctx.clock.tick(2 * DAY);
    const statements = (await mailsTo('statement@example.com')).filter((x) => x.subject.includes('giving statement'));
    expect(statements.map((x) => x.subject)).toEqual([`[TEST MODE] Your ${year} giving statement`]);
    expect(statements[0]?.text).toContain('Cubs Care: $');
    expect(statements[0]?.text).toContain('No goods or services were provided');
    // The outbox names the PDF it would have attached (tests/api/giving-statement.test.ts reads it over SMTP).
    expect(statements[0]?.text).toMatch(
      new RegExp(`\\[Attached: fangrid-giving-statement-${year}\\.pdf \\(application/pdf, \\d+ bytes\\)\\]`),
    );
  });
});

describe('the organizer', () => {
  it('sees monthly donors, recurring total, renewals and failures, and each gift’s state', async () => {
    await ctx.clock.tick(10 * DAY); // past this month's renewal date
    const admin = await signedInAdmin(ctx.app, '10.78.0.1');
    const kpis = (await admin.get(apiPaths.admin.kpis)).json<AdminKpis>();
    const active = await ctx.database.db
      .select()
      .from(monthlyGifts)
      .where(and(eq(monthlyGifts.status, 'active'), eq(monthlyGifts.cancelAtPeriodEnd, false)));
    expect(kpis.monthly.activeDonors).toBeGreaterThan(0);
    expect(kpis.monthly.recurringCents).toBe(active.reduce((s, g) => s + g.amountCents, 0));
    expect(kpis.monthly.renewalsThisMonth).toBeGreaterThan(0);
    const list = (await admin.get(`${apiPaths.admin.donations}?limit=200`)).json<{ donations: AdminDonation[] }>();
    const states = new Set(list.donations.map((d) => d.gift?.state ?? null));
    expect(states).toEqual(new Set(['active', 'cancelled']));
    const all = await ctx.database.db.select().from(monthlyGifts).where(like(monthlyGifts.donorEmail, '%'));
    expect(all.length).toBe(list.donations.filter((d) => d.gift).length);
    expect((await admin.get(`${apiPaths.admin.donations}?state=bogus`)).statusCode).toBe(400);
  });
});

describe('two instances', () => {
  it('renew a local gift once between them', async () => {
    const second = await buildApp({
      database: ctx.database,
      clock: ctx.clock,
      logger: false,
      payments: provider,
      settings: { authSecret: secret },
    });
    try {
      await second.ready();
      const c = donor();
      const email = 'two-instances@example.com';
      const reference = await giveMonthly(c, email);
      await ctx.clock.tick(32 * DAY);
      await signIn(c, email);
      const [g] = await myGifts(c);
      expect(g?.history.map((h) => h.reference)).toEqual([`${reference}-2`, reference]);
      expect((await mailsTo(email)).filter((x) => x.subject.includes('monthly gift receipt'))).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

describe('the local checkout’s test clock (renew now)', () => {
  /** A donor signed in on their page with one fresh monthly gift, a day after giving. */
  async function dayOldGift(email: string, card: string = testCards.pays) {
    const c = donor();
    const reference = await giveMonthly(c, email, card);
    ctx.clock.advance(DAY);
    await signIn(c, email);
    const [g] = await myGifts(c);
    if (!g) throw new Error('no gift');
    expect(g.testClock).toBe(true);
    return { c, g, reference };
  }
  const renewNow = (c: Client, g: Pick<MonthlyGift, 'id' | 'periodEndsAt'>) =>
    c.post(m.renewNow(g.id), { periodEndsAt: g.periodEndsAt });
  const receipts = async (email: string) =>
    (await mailsTo(email)).filter((x) => x.subject.includes('monthly gift receipt')).map((x) => x.subject);

  it('renews now through the renewal job’s path: one charge, its receipt, the next date a month on', async () => {
    const email = 'clock-renews@example.com';
    const { c, g, reference } = await dayOldGift(email);
    const now = ctx.clock.now();
    const res = await renewNow(c, g);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { outcome, gift: after } = res.json<RenewedNow>();
    expect(outcome).toBe('renewed');
    expect(after.history.map((h) => [h.reference, h.status, h.amountCents, h.at])).toEqual([
      [`${reference}-2`, 'paid', 1500, now.toISOString()],
      [reference, 'paid', 1500, g.startedAt],
    ]);
    expect(after).toMatchObject({ state: 'active', nextChargeAt: addMonth(now).toISOString() });
    expect(await receipts(email)).toEqual([`[TEST MODE] Your monthly gift receipt (${reference}-2)`]);
    // It went through the webhook as a signed invoice.paid, recorded by its event id.
    const [event] = await ctx.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, `evt_local_in_local_${g.id}_${Math.floor(now.getTime() / 1000)}_paid`));
    expect(event?.type).toBe('invoice.paid');
    // The renewal job, running on, finds nothing more to charge in this period.
    await ctx.clock.tick(2 * 3_600_000);
    await signIn(c, email); // the session lasts an hour
    const [later] = await myGifts(c);
    expect(later?.history).toHaveLength(2);
    expect(await receipts(email)).toHaveLength(1);
  });

  it('renews a period once: a replay answers unchanged; naming the new period renews again', async () => {
    const email = 'clock-replays@example.com';
    const { c, g, reference } = await dayOldGift(email);
    // Two identical requests at once: one renews, the other renews nothing.
    const both = await Promise.all([renewNow(c, g), renewNow(c, g)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both.map((r) => r.json<RenewedNow>().outcome).sort()).toEqual(['renewed', 'unchanged']);
    const replay = await renewNow(c, g);
    expect(replay.json<RenewedNow>().outcome).toBe('unchanged');
    const renewed = replay.json<RenewedNow>().gift;
    expect(renewed.history).toHaveLength(2);
    expect(await receipts(email)).toHaveLength(1);

    // Within the same second, a new period would reuse the invoice just charged: refused, nothing changes.
    const tooSoon = await renewNow(c, renewed);
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json().error.code).toBe(paymentErrorCodes.renewedJustNow);
    expect((await myGifts(c))[0]).toMatchObject({ periodEndsAt: renewed.periodEndsAt, state: 'active' });

    ctx.clock.advance(60_000);
    const again = await renewNow(c, renewed);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<RenewedNow>().outcome).toBe('renewed');
    expect(again.json<RenewedNow>().gift.history.map((h) => h.reference)).toEqual([
      `${reference}-3`,
      `${reference}-2`,
      reference,
    ]);
    expect(await receipts(email)).toHaveLength(2);
  });

  it('a card that declines on renewal fails now as it would on its date: past due, card link mailed', async () => {
    const email = 'clock-declines@example.com';
    const { c, g } = await dayOldGift(email, testCards.declinesOnRenewal);
    const renewedAt = ctx.clock.now();
    const res = await renewNow(c, g);
    expect(res.statusCode, res.body).toBe(200);
    const { outcome, gift: after } = res.json<RenewedNow>();
    expect(outcome).toBe('declined');
    expect(after.state).toBe('past_due');
    expect(after.history.map((h) => h.status)).toEqual(['failed', 'paid']);
    const [failed] = (await mailsTo(email)).filter((x) => x.subject.includes('could not be charged'));
    expect(failed?.text).toContain('Update your card: http://localhost:3000/donations/monthly');
    // Past due, it waits for a card, as the renewal job leaves it: the test clock refuses.
    const waiting = await renewNow(c, after);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().error.code).toBe(paymentErrorCodes.giftPastDue);
    // A new card pays that same invoice, as it would after a job's failed renewal.
    ctx.clock.advance(60_000);
    const fixed = await c.post(m.localCard(g.id), { number: testCards.pays, expiry: '12/30', cvc: '123' });
    // The invoice that failed (its period starting at the renewal) is the one paid: a month on from then.
    expect(fixed.json<MonthlyGift>()).toMatchObject({
      state: 'active',
      periodEndsAt: addMonth(renewedAt).toISOString(),
    });
    expect(fixed.json<MonthlyGift>().history.map((h) => h.status)).toEqual(['paid', 'failed', 'paid']);
  });

  it('ends a cancelling gift now; a cancelled gift is refused with 409', async () => {
    const email = 'clock-cancels@example.com';
    const { c, g } = await dayOldGift(email);
    const cancelling = (await c.post(m.cancel(g.id))).json<MonthlyGift>();
    const res = await renewNow(c, cancelling);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<RenewedNow>()).toMatchObject({ outcome: 'ended', gift: { state: 'cancelled' } });
    expect(res.json<RenewedNow>().gift.history).toHaveLength(1);
    const refused = await renewNow(c, res.json<RenewedNow>().gift);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe(paymentErrorCodes.giftCancelled);
  });

  it('answers 404 for an unknown or someone else’s gift, 401 without a session, 400 for a bad period', async () => {
    const { c, g } = await dayOldGift('clock-owner@example.com');
    const other = donor();
    await giveMonthly(other, 'clock-other@example.com');
    await signIn(other, 'clock-other@example.com');
    for (const res of [
      await renewNow(other, g),
      await renewNow(c, { id: '00000000-0000-4000-8000-000000000000', periodEndsAt: g.periodEndsAt }),
      await renewNow(c, { id: 'not-a-uuid', periodEndsAt: g.periodEndsAt }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.code).toBe(paymentErrorCodes.notFound);
    }
    expect((await renewNow(donor(), g)).statusCode).toBe(401);
    for (const body of [{}, { periodEndsAt: 'tomorrow' }, { periodEndsAt: 1_750_000_000 }]) {
      const res = await c.post(m.renewNow(g.id), body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await myGifts(c))[0]?.history).toHaveLength(1);
  });

  it('does not exist in production, even with the local checkout on a staging server', async () => {
    const prod = await createTestApp({
      payments: provider,
      settings: { authSecret: secret, production: true, paymentsTestMode: true },
    });
    try {
      const c = new Client(prod.app, '10.79.0.1');
      const email = 'clock-production@example.com';
      const started = await c.post(apiPaths.donations.checkout, gift(email));
      const { sessionId } = started.json<CheckoutStarted>();
      await c.post(apiPaths.payments.localPay(sessionId), { number: testCards.pays, expiry: '12/30', cvc: '123' });
      await c.post(m.link, { email });
      const [mail] = await prod.database.db
        .select()
        .from(devOutbox)
        .where(and(eq(devOutbox.to, email), like(devOutbox.subject, '%manage your monthly gifts')));
      // Production mounts no /dev/mail; the test reads the stored link from the outbox table instead.
      const token = /#token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
      expect((await c.post(m.session, { token })).statusCode).toBe(200);
      const [g] = (await c.get(m.gifts)).json<{ gifts: MonthlyGift[] }>().gifts;
      if (!g) throw new Error('no gift');
      expect(g.testClock).toBe(false);
      const res = await renewNow(c, g);
      expect(res.statusCode).toBe(404);
      expect((await c.get(m.gift(g.id))).json<MonthlyGift>().history).toHaveLength(1);
    } finally {
      await prod.close();
    }
  });
});
