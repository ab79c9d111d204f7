import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoBoards } from '../../src/server/db/seed/boards';
import { createLocalProvider } from '../../src/server/platform/payments';
import type { BoardView, EntryCreated } from '../../src/shared/contracts/boards';
import { apiPaths } from '../../src/shared/contracts/paths';
import type { PaymentView } from '../../src/shared/contracts/payments';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
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
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const address = ctx.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => ctx.close());

const view = async () => (await ctx.app.inject({ method: 'GET', url: apiPaths.board(SLUG) })).json<BoardView>();
const sessionOf = (entry: EntryCreated) => (entry.checkoutUrl ?? '').split('/checkout/')[1] ?? '';

/** Reads a board's Server-Sent Events (name and data) until `until` says enough or the time runs out. */
async function readEvents(res: Response, until: (events: { name: string; data: unknown }[]) => boolean) {
  const reader = res.body?.getReader();
  if (!reader) throw new Error('no body');
  const decoder = new TextDecoder();
  const events: { name: string; data: unknown }[] = [];
  let buffer = '';
  const deadline = Date.now() + 5000;
  while (!until(events) && Date.now() < deadline) {
    const { value, done } = await Promise.race([
      reader.read(),
      new Promise<{ value: undefined; done: true }>((r) =>
        setTimeout(() => r({ value: undefined, done: true }), deadline - Date.now()),
      ),
    ]);
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    for (let i = buffer.indexOf('\n\n'); i !== -1; i = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, i);
      buffer = buffer.slice(i + 2);
      const name = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      if (name && data) events.push({ name, data: JSON.parse(data) });
    }
  }
  await reader.cancel();
  return events;
}

describe(`a paid board's held cells on ${testDatabaseKind}`, () => {
  it('shows held cells as held, live and in the view, until the payment confirms them', async () => {
    const viewer = await fetch(`${base}/api/boards/${SLUG}/events`);
    const res = await fan.post(apiPaths.boardEntries(SLUG), {
      phone: '+15550007777',
      nickname: 'Magic',
      amountCents: 500,
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
    const events = await readEvents(viewer, (e) => e.some((x) => x.name === 'paid'));
    // The claim's own event (no name in its NOTIFY) still arrives as `cells`, then `held`, then `paid`.
    expect(events.filter((e) => e.name !== 'resync')).toEqual([
      { name: 'cells', data: { cells: entry.cells, code: entry.code } },
      { name: 'held', data: { held: entry.cells } },
      { name: 'paid', data: { paid: entry.cells } },
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
