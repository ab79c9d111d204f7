import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { devOutbox, donations, entries, paymentEvents, payments } from '../../src/server/db/schema';
import { seedDemoBoards } from '../../src/server/db/seed/boards';
import { localClosingEventId } from '../../src/server/features/payments/service';
import { createLocalProvider } from '../../src/server/platform/payments';
import type { EntryCreated } from '../../src/shared/contracts/board-responses';
import { apiPaths } from '../../src/shared/contracts/paths';
import type { CheckoutStarted } from '../../src/shared/contracts/payment-responses';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { openSecondConnection, testDatabaseKind } from '../support/test-db';

/**
 * Paying one local checkout many times at once: exactly one payment. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL, where the concurrent transactions really interleave (and, with two
 * app instances on two connection pools, as two servers behind a load balancer would).
 */
const secret = 'test-secret-for-payment-races-0123456789';
const provider = createLocalProvider({ publicUrl: 'http://localhost:3000', secret });
const card = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };
let ctx: TestContext;
let n = 0;

beforeAll(async () => {
  ctx = await createTestApp({ payments: provider, settings: { authSecret: secret } });
  await seedDemoBoards(ctx.database.db, ctx.clock, () => 'feed'.padEnd(64, '7'));
});
afterAll(() => ctx.close());

async function startDonation(app: FastifyInstance, email: string) {
  const res = await new Client(app, '10.13.0.1').post(apiPaths.donations.checkout, {
    kind: 'baseball',
    type: 'one-time',
    amountCents: 1500,
    gameData: { title: 'Cubs vs Cardinals' },
    donorName: 'Harry Caray',
    donorEmail: email,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CheckoutStarted>();
}

/** Each request from its own client (own IP), as six browser tabs or six scripted requests would be. */
const payFrom = (app: FastifyInstance, sessionId: string, i: number) =>
  new Client(app, `10.13.1.${i}`).post(apiPaths.payments.localPay(sessionId), card);
const cancelFrom = (app: FastifyInstance, sessionId: string, i: number) =>
  new Client(app, `10.13.2.${i}`).post(apiPaths.payments.localCancel(sessionId), {});

async function stateOf(sessionId: string, email: string) {
  const db = ctx.database.db;
  const [payment] = await db.select().from(payments).where(eq(payments.sessionId, sessionId));
  const [donation] = payment ? await db.select().from(donations).where(eq(donations.paymentId, payment.id)) : [];
  const receipts = (await db.select().from(devOutbox).where(eq(devOutbox.to, email))).filter((m) =>
    m.subject.includes('donation receipt'),
  );
  const events = await db.select().from(paymentEvents).where(eq(paymentEvents.sessionId, sessionId));
  return { payment: payment?.status, donation: donation?.status, receipts: receipts.length, events: events.length };
}

const sorted = (codes: number[]) => [...codes].sort((a, b) => a - b);

describe('paying one local checkout six times at once', () => {
  it('gives one 200 and five 409: one payment, one completed donation, one receipt, one event', async () => {
    const email = `race-${n++}@example.com`;
    const started = await startDonation(ctx.app, email);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => payFrom(ctx.app, started.sessionId, i)));
    expect(sorted(answers.map((a) => a.statusCode))).toEqual([200, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) {
      expect(a.json().error).toEqual({ code: 'CHECKOUT_CLOSED', message: 'This checkout is no longer open.' });
    }
    expect(await stateOf(started.sessionId, email)).toEqual({
      payment: 'paid',
      donation: 'completed',
      receipts: 1,
      events: 1,
    });
    const [closing] = await ctx.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.sessionId, started.sessionId));
    expect(closing?.eventId).toBe(localClosingEventId(started.sessionId));
  });

  it('confirms a paid board entry once: one 200, five 409, the entry confirmed on its one cell', async () => {
    const res = await new Client(ctx.app, '10.13.3.1').post(apiPaths.boardEntries('lakers-warriors'), {
      phone: '+12025550109',
      nickname: 'Racer',
      amountCents: 500,
      ageConfirmed: true,
      rulesAccepted: true,
      state: 'OH',
      idempotencyKey: `race-entry-${n++}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json<{ entry: EntryCreated }>().entry;
    const sessionId = (entry.checkoutUrl ?? '').split('/checkout/')[1] ?? '';
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => payFrom(ctx.app, sessionId, i)));
    expect(sorted(answers.map((a) => a.statusCode))).toEqual([200, 409, 409, 409, 409, 409]);
    const [row] = await ctx.database.db.select().from(entries).where(eq(entries.id, entry.id));
    expect(row?.status).toBe('confirmed');
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.sessionId, sessionId));
    expect(payment?.status).toBe('paid');
    const events = await ctx.database.db.select().from(paymentEvents).where(eq(paymentEvents.sessionId, sessionId));
    expect(events).toHaveLength(1);
    const board = (await ctx.app.inject({ method: 'GET', url: apiPaths.board('lakers-warriors') })).json<{
      cells: { code: string }[];
    }>();
    expect(board.cells.filter((c) => c.code === entry.code)).toHaveLength(1);
  });

  it('pays or cancels, never both: three pays and three cancels at once leave one outcome', async () => {
    const email = `race-${n++}@example.com`;
    const started = await startDonation(ctx.app, email);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2 === 0 ? payFrom(ctx.app, started.sessionId, i) : cancelFrom(ctx.app, started.sessionId, i),
      ),
    );
    const ok = answers.flatMap((a, i) => (a.statusCode === 200 ? [i % 2 === 0 ? 'pay' : 'cancel'] : []));
    expect(ok).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(5);
    const state = await stateOf(started.sessionId, email);
    expect(state).toEqual(
      ok[0] === 'pay'
        ? { payment: 'paid', donation: 'completed', receipts: 1, events: 1 }
        : { payment: 'expired', donation: 'expired', receipts: 0, events: 1 },
    );
  });
});

describe(`two app instances on one ${testDatabaseKind} database`, () => {
  it('six pays spread over both instances: one 200, five 409, one receipt', async () => {
    const second = await openSecondConnection(ctx.database);
    const other = await buildApp({
      database: second,
      clock: ctx.clock,
      logger: false,
      payments: provider,
      settings: { authSecret: secret },
    });
    try {
      const email = `race-${n++}@example.com`;
      const started = await startDonation(other, email);
      const apps = [ctx.app, other];
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => payFrom(apps[i % 2] as FastifyInstance, started.sessionId, i)),
      );
      expect(sorted(answers.map((a) => a.statusCode))).toEqual([200, 409, 409, 409, 409, 409]);
      expect(await stateOf(started.sessionId, email)).toEqual({
        payment: 'paid',
        donation: 'completed',
        receipts: 1,
        events: 1,
      });
    } finally {
      await other.close();
      await second.close();
    }
  });
});
