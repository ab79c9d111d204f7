import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, payments } from '../../src/server/db/schema';
import { seedDemoBoards } from '../../src/server/db/seed/boards';
import { createLocalProvider } from '../../src/server/platform/payments';
import type { EntryCreated } from '../../src/shared/contracts/board-responses';
import type { BoardView } from '../../src/shared/contracts/boards';
import { apiPaths } from '../../src/shared/contracts/paths';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';

const secret = 'test-secret-for-paid-entries-0123456789';
const provider = createLocalProvider({ publicUrl: 'http://localhost:3000', secret });
const HOLD_MS = 600;
const SLUG = 'lakers-warriors';
let ctx: TestContext;
let fan: Client;
let n = 0;

beforeAll(async () => {
  // One fan fills the board here: the entry limits (tests/api/entry-limits.test.ts) are set out of the way.
  ctx = await createTestApp({
    payments: provider,
    settings: { authSecret: secret, holdMs: HOLD_MS, entryLimitPerMinute: 1000, entriesPerPhonePerBoard: 100 },
  });
  await seedDemoBoards(ctx.database.db, ctx.clock, () => 'feed'.padEnd(64, '5'));
  fan = new Client(ctx.app, '10.12.0.1');
});
afterAll(() => ctx.close());

const view = async () => (await ctx.app.inject({ method: 'GET', url: apiPaths.board(SLUG) })).json<BoardView>();
async function enter(nickname = `P${n}`) {
  const res = await fan.post(apiPaths.boardEntries(SLUG), {
    phone: '+12025550112',
    nickname,
    amountCents: 500,
    ageConfirmed: true,
    rulesAccepted: true,
    state: 'OH',
    idempotencyKey: `paid-entry-${n++}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ entry: EntryCreated }>().entry;
}
const sessionOf = (entry: EntryCreated) => (entry.checkoutUrl ?? '').split('/checkout/')[1] ?? '';
const pay = (sessionId: string) =>
  fan.post(apiPaths.payments.localPay(sessionId), { number: '4242424242424242', expiry: '12/30', cvc: '123' });
const statusOf = async (id: string) =>
  (await ctx.database.db.select().from(entries).where(eq(entries.id, id)))[0]?.status;

describe('a paid board', () => {
  it('says it is paid and how long a hold lasts', async () => {
    expect(await view()).toMatchObject({ paymentRequired: true, holdMinutes: 1, status: 'open' });
  });

  it('holds the entry’s cells while its checkout is open, and payment confirms it', async () => {
    const entry = await enter('Magic');
    expect(entry.checkoutUrl).toMatch(/^http:\/\/localhost:3000\/checkout\/cs_local_/);
    expect(entry.heldUntil).toBe(new Date(ctx.clock.now().getTime() + HOLD_MS).toISOString());
    expect(await statusOf(entry.id)).toBe('held');
    const board = await view();
    expect(board.cells.map((c) => c.cell)).toContain(entry.cells[0]);
    expect(board.entryCount).toBe(1);
    const [payment] = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.sessionId, sessionOf(entry)));
    expect(payment).toMatchObject({
      purpose: 'entry',
      amountCents: 500,
      // The board reads the checkout back by its id when the fan returns (the provider fills it in).
      successUrl: `http://localhost:3000/boards/${SLUG}?session_id={CHECKOUT_SESSION_ID}`,
    });

    const paid = await pay(sessionOf(entry));
    expect(paid.statusCode).toBe(200);
    expect(paid.json().redirectUrl).toBe(`http://localhost:3000/boards/${SLUG}?session_id=${sessionOf(entry)}`);
    expect(await statusOf(entry.id)).toBe('confirmed');
    // Time passes twice the hold, and the hold sweep (every HOLD_MS/3 on the clock) runs: nothing to release.
    await ctx.clock.tick(HOLD_MS * 2);
    expect(await statusOf(entry.id)).toBe('confirmed');
    expect((await view()).cells.map((c) => c.cell)).toContain(entry.cells[0]);
  });

  it('releases an unpaid hold when it ends: the cell is free and the entry no longer counts', async () => {
    const before = (await view()).entryCount;
    const entry = await enter('Kobe');
    expect((await view()).entryCount).toBe(before + 1);
    expect(await statusOf(entry.id)).toBe('held');
    // The hold ends and the hold sweep runs (the clock fires the scheduler's timer and awaits the job).
    await ctx.clock.tick(HOLD_MS + 1);
    expect(await statusOf(entry.id)).toBe('released');
    const board = await view();
    expect(board.cells.map((c) => c.cell)).not.toContain(entry.cells[0]);
    expect(board.entryCount).toBe(before);
    // Its checkout is closed too.
    const page = await ctx.app.inject({ method: 'GET', url: apiPaths.payments.localSession(sessionOf(entry)) });
    expect(page.json().status).toBe('expired');
  });

  let cancelledTicket = '';
  it('tells the fan an entry awaits payment while held, and is not paid once its checkout is cancelled', async () => {
    const entry = await enter('Cooper');
    cancelledTicket = entry.ticketNumber;
    const mine = async () =>
      (await fan.post(apiPaths.entryLookup, { tickets: [entry.ticketNumber] })).json<{
        entries: { status: string; cells: number[] }[];
      }>().entries[0];
    expect(await mine()).toMatchObject({ status: 'Awaiting payment', cells: entry.cells });
    const cancelled = await fan.post(apiPaths.payments.localCancel(sessionOf(entry)));
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await statusOf(entry.id)).toBe('released');
    // Never Pending for money never taken (nor In Progress once the board locks: the last test).
    expect(await mine()).toMatchObject({ status: 'Not paid', cells: [] });
  });

  it('re-seats a payment that arrives after its hold ended, on free cells, without double-holding any', async () => {
    const entry = await enter('Shaq');
    expect(await statusOf(entry.id)).toBe('held');
    // The hold ends and the hold sweep runs (the clock fires the scheduler's timer and awaits the job).
    await ctx.clock.tick(HOLD_MS + 1);
    expect(await statusOf(entry.id)).toBe('released');
    // The provider's completed event arrives late (the checkout itself outlived the hold).
    const raw = JSON.stringify({
      id: 'evt_late_shaq',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: sessionOf(entry),
          object: 'checkout.session',
          payment_status: 'paid',
          amount_total: 500,
          currency: 'usd',
        },
      },
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.payments.webhook,
      payload: raw,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': provider.sign(raw, ctx.clock.now().getTime()),
      },
    });
    expect(res.json()).toMatchObject({ applied: true });
    expect(await statusOf(entry.id)).toBe('confirmed');
    const board = await view();
    const cells = board.cells.map((c) => c.cell);
    expect(new Set(cells).size).toBe(cells.length);
    expect(board.cells.filter((c) => c.code === entry.code)).toHaveLength(1);
  });

  it('refunds a late payment when the board has no room left', async () => {
    const late = await enter('Late');
    await ctx.clock.tick(HOLD_MS + 1);
    expect(await statusOf(late.id)).toBe('released');
    // Fill every remaining seat with paid entries.
    const capacity = (await view()).capacity;
    while ((await view()).entryCount < capacity) {
      const e = await enter();
      await pay(sessionOf(e));
    }
    const raw = JSON.stringify({
      id: 'evt_late_refund',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: sessionOf(late),
          object: 'checkout.session',
          payment_status: 'paid',
          amount_total: 500,
          currency: 'usd',
        },
      },
    });
    await ctx.app.inject({
      method: 'POST',
      url: apiPaths.payments.webhook,
      payload: raw,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': provider.sign(raw, ctx.clock.now().getTime()),
      },
    });
    expect(await statusOf(late.id)).toBe('released');
    const [payment] = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.sessionId, sessionOf(late)));
    expect(payment?.status).toBe('refunded');
    const board = await view();
    expect(board.entryCount).toBe(capacity);
    expect(new Set(board.cells.map((c) => c.cell)).size).toBe(100);
    // Full of paid entries: the next board is open for newcomers.
    expect(board.nextBoardSlug).toBe(`${SLUG}-2`);
  }, 60_000);

  it('refuses an entry without an amount on a paid board', async () => {
    const res = await fan.post(apiPaths.boardEntries(`${SLUG}-2`), {
      phone: '+12025550112',
      nickname: 'Free',
      ageConfirmed: true,
      rulesAccepted: true,
      state: 'OH',
      idempotencyKey: 'paid-no-amount',
    });
    expect(res.statusCode).toBe(400);
  });

  it('keeps a cancelled checkout’s entry Not paid once the board locks', async () => {
    const admin = new Client(ctx.app, '10.12.0.9');
    await admin.post('/api/admin-gate/passcode', { passcode: 'fangrid1' });
    await admin.post('/api/admin-gate/phrase', { phrase: 'game day' });
    expect((await admin.post(`/api/admin/boards/${SLUG}/lock`)).statusCode).toBe(200);
    const [entry] = (await fan.post(apiPaths.entryLookup, { tickets: [cancelledTicket] })).json<{
      entries: { status: string }[];
    }>().entries;
    expect(entry?.status).toBe('Not paid');
  });
});
