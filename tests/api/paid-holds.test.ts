import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoBoards } from '../../src/server/db/seed/boards';
import { createLocalProvider } from '../../src/server/platform/payments';
import type { EntryCreated } from '../../src/shared/contracts/board-responses';
import type { BoardView } from '../../src/shared/contracts/boards';
import { apiPaths } from '../../src/shared/contracts/paths';
import type { PaymentView } from '../../src/shared/contracts/payment-responses';
import { Client } from '../support/http';
import { openEventStream } from '../support/sse';
import { createTestApp, listenOn, type TestContext } from '../support/test-app';
import { testDatabaseKind } from '../support/test-db';

const secret = 'test-secret-for-paid-holds-0123456789ab';
const provider = createLocalProvider({ publicUrl: 'http://localhost:3000', secret });
const SLUG = 'lakers-warriors';
let ctx: TestContext;
let fan: Client;
let base = '';

beforeAll(async () => {
  ctx = await createTestApp({ payments: provider, settings: { authSecret: secret } });
  await seedDemoBoards(ctx.database.db, ctx.clock, () => 'feed'.padEnd(64, '7'));
  fan = new Client(ctx.app, '10.12.7.1');
  base = await listenOn(ctx.app);
});
afterAll(() => ctx.close());

const view = async () => (await ctx.app.inject({ method: 'GET', url: apiPaths.board(SLUG) })).json<BoardView>();
const sessionOf = (entry: EntryCreated) => (entry.checkoutUrl ?? '').split('/checkout/')[1] ?? '';

describe(`a paid board's held cells on ${testDatabaseKind}`, () => {
  it('shows held cells as held, live and in the view, until the payment confirms them', async () => {
    const viewer = await openEventStream(`${base}/api/boards/${SLUG}/events`);
    const res = await fan.post(apiPaths.boardEntries(SLUG), {
      phone: '+12025550109',
      nickname: 'Magic',
      amountCents: 500,
      ageConfirmed: true,
      rulesAccepted: true,
      state: 'OH',
      idempotencyKey: 'paid-hold-1',
    });
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json<{ entry: EntryCreated }>().entry;
    const held = (await view()).cells.filter((c) => entry.cells.includes(c.cell));
    expect(held).toEqual(entry.cells.map((cell) => ({ cell, code: entry.code, held: true })));

    // Before paying, the checkout names its entry but confirms nothing yet.
    const session = sessionOf(entry);
    const before = await ctx.app.inject({ method: 'GET', url: apiPaths.payments.session(session) });
    expect(before.json<PaymentView>()).toMatchObject({ status: 'pending', purpose: 'entry' });

    const paid = await fan.post(apiPaths.payments.localPay(session), {
      number: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
    });
    expect(paid.statusCode).toBe(200);
    const events = await viewer.collect((e) => e.some((x) => x.event === 'paid'));
    viewer.close();
    // The claim's own event (no name in its NOTIFY) still arrives as `cells`, then `held`, then `paid`.
    expect(events.filter((e) => e.event !== 'resync')).toEqual([
      { event: 'cells', data: { cells: entry.cells, code: entry.code } },
      { event: 'held', data: { held: entry.cells } },
      { event: 'paid', data: { paid: entry.cells } },
    ]);
    expect((await view()).cells.filter((c) => entry.cells.includes(c.cell))).toEqual(
      entry.cells.map((cell) => ({ cell, code: entry.code })),
    );

    // The checkout's return reads back what was paid: code, ticket, cells and amount.
    const after = await ctx.app.inject({ method: 'GET', url: apiPaths.payments.session(session) });
    expect(after.json<PaymentView>()).toEqual({
      sessionId: session,
      purpose: 'entry',
      description: `Board entry ${entry.code}: Lakers vs Warriors`,
      amountCents: 500,
      status: 'paid',
      testMode: true,
      entry: { code: entry.code, ticketNumber: entry.ticketNumber, cells: entry.cells },
    });
  });
});
