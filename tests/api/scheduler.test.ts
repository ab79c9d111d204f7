import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { entries, payments, scheduledJobs } from '../../src/server/db/schema';
import { seedDemoBoards } from '../../src/server/db/seed/boards';
import { fixedClock } from '../../src/server/platform/clock';
import { createLocalProvider } from '../../src/server/platform/payments';
import { createDbJobLock, createScheduler } from '../../src/server/platform/scheduler';
import type { EntryCreated } from '../../src/shared/contracts/board-responses';
import { apiPaths } from '../../src/shared/contracts/paths';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { openSecondConnection, testDatabaseKind } from '../support/test-db';

// Two server instances on one database: on PGlite one database object shared (its one connection), on
// PostgreSQL a second connection pool, as a second process would have.
const secret = 'test-secret-for-the-scheduler-0123456789';
const provider = createLocalProvider({ publicUrl: 'http://localhost:3000', secret });
const HOLD_MS = 600;
const start = '2025-06-11T16:00:00Z';
const quiet = { error: () => {}, warn: () => {} };
let ctx: TestContext;
let second: Database;
let appB: FastifyInstance;
const clockB = fixedClock(start);

beforeAll(async () => {
  const settings = { authSecret: secret, holdMs: HOLD_MS, entryLimitPerMinute: 1000, entriesPerPhonePerBoard: 100 };
  ctx = await createTestApp({ payments: provider, settings });
  await seedDemoBoards(ctx.database.db, ctx.clock, () => 'feed'.padEnd(64, '6'));
  second = await openSecondConnection(ctx.database);
  appB = await buildApp({ database: second, clock: clockB, logger: false, payments: provider, settings });
  await Promise.all([ctx.app.ready(), appB.ready()]);
});
afterAll(async () => {
  await appB?.close();
  await second?.close();
  await ctx?.close();
});

const paymentStatus = async (sessionId: string) =>
  (await ctx.database.db.select().from(payments).where(eq(payments.sessionId, sessionId)))[0]?.status;
const sessionOf = (entry: EntryCreated) => (entry.checkoutUrl ?? '').split('/checkout/')[1] ?? '';
async function heldEntry(key: string) {
  const res = await new Client(ctx.app, '10.16.0.1').post(apiPaths.boardEntries('lakers-warriors'), {
    phone: '+12025550103',
    nickname: 'Sched',
    amountCents: 500,
    ageConfirmed: true,
    rulesAccepted: true,
    state: 'OH',
    idempotencyKey: key,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ entry: EntryCreated }>().entry;
}
const jobRow = async (name: string) =>
  (await ctx.database.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, name)))[0];

describe('one tick, one run, across instances on one database', () => {
  it('claims a tick once however many instances ask at once, and never an older tick', async () => {
    const locks = [createDbJobLock(ctx.database.db), createDbJobLock(second.db)];
    const tickAt = new Date('2025-06-11T16:00:05Z');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => locks[i % 2]?.claim('race', tickAt, tickAt) ?? Promise.resolve(false)),
    );
    expect(answers.filter(Boolean)).toHaveLength(1);
    // The same tick again, and an older one (an instance whose clock lags): refused.
    expect(await locks[1]?.claim('race', tickAt, tickAt)).toBe(false);
    expect(await locks[0]?.claim('race', new Date('2025-06-11T16:00:04Z'), tickAt)).toBe(false);
    expect(await locks[1]?.claim('race', new Date('2025-06-11T16:00:06Z'), tickAt)).toBe(true);
  });

  it('runs a job once per tick with a scheduler in each instance, its clocks ticking together', async () => {
    const clocks = [fixedClock(start), fixedClock(start)];
    const runs: number[] = [0, 0];
    const schedulers = [ctx.database, second].map((database, i) => {
      const s = createScheduler({ clock: clocks[i] ?? clockB, lock: createDbJobLock(database.db), log: quiet });
      s.every('count-runs', 1000, async () => {
        runs[i] = (runs[i] ?? 0) + 1;
      });
      s.start();
      return s;
    });
    for (let tick = 1; tick <= 10; tick++) {
      await Promise.all(clocks.map((c) => c.tick(1000)));
      expect((runs[0] ?? 0) + (runs[1] ?? 0), `tick ${tick}`).toBe(tick);
    }
    expect(await jobRow('count-runs')).toMatchObject({
      lastTickAt: new Date('2025-06-11T16:00:10Z'),
      lastFinishedAt: new Date('2025-06-11T16:00:10Z'),
      lastError: null,
    });
    await Promise.all(schedulers.map((s) => s.stop()));

    // A restarted instance does not run a tick that was already run, and takes the next one.
    const restarted = fixedClock('2025-06-11T16:00:09.500Z');
    let after = 0;
    const s = createScheduler({ clock: restarted, lock: createDbJobLock(second.db), log: quiet });
    s.every('count-runs', 1000, async () => {
      after++;
    });
    s.start();
    await restarted.tick(500);
    expect(after).toBe(0);
    await restarted.tick(1000);
    expect(after).toBe(1);
    await s.stop();
  });

  it('records a run that failed, for operators, and clears it when the next run succeeds', async () => {
    const clock = fixedClock(start);
    const s = createScheduler({ clock, lock: createDbJobLock(second.db), log: quiet });
    let calls = 0;
    s.every('fails-once', 1000, async () => {
      if (++calls === 1) throw new Error('feed unreachable');
    });
    s.start();
    await clock.tick(1000);
    expect(await jobRow('fails-once')).toMatchObject({ lastError: 'feed unreachable' });
    await clock.tick(1000);
    expect(await jobRow('fails-once')).toMatchObject({
      lastTickAt: new Date('2025-06-11T16:00:02Z'),
      lastError: null,
    });
    await s.stop();
  });

  it('releases an expired hold from whichever app instance claims the sweep, and both jobs are on record', async () => {
    const entry = await heldEntry('scheduler-hold-1');
    const status = async () =>
      (await ctx.database.db.select().from(entries).where(eq(entries.id, entry.id)))[0]?.status;
    expect(await status()).toBe('held');
    // Only the clocks move, both instances' timers fire at once, and the one that claims the tick sweeps.
    await Promise.all([ctx.clock.tick(HOLD_MS + 1), clockB.tick(HOLD_MS + 1)]);
    expect(await status()).toBe('released');
    expect(await jobRow('boards:release-expired-holds')).toMatchObject({
      lastTickAt: new Date('2025-06-11T16:00:00.500Z'),
      lastError: null,
    });
    expect(await jobRow('payments:expire-local-checkouts')).toBeUndefined();
    // The entry's local checkout is past its time but nobody opened it: the payments job closes it.
    expect(await paymentStatus(sessionOf(entry))).toBe('pending');
    await Promise.all([ctx.clock.tick(60_000), clockB.tick(60_000)]);
    expect(await paymentStatus(sessionOf(entry))).toBe('expired');
    expect(await jobRow('payments:expire-local-checkouts')).toMatchObject({
      lastTickAt: new Date('2025-06-11T16:01:00Z'),
      lastFinishedAt: new Date('2025-06-11T16:01:00.601Z'),
      lastError: null,
    });
  });

  // Needs real PostgreSQL: the job is held mid-run by a row lock another connection keeps.
  it.skipIf(testDatabaseKind !== 'postgres')('lets a job under way finish when its app closes', async () => {
    const clockC = fixedClock(ctx.clock.now());
    const appC = await buildApp({
      database: second,
      clock: clockC,
      logger: false,
      payments: provider,
      settings: { authSecret: secret, holdMs: HOLD_MS },
    });
    await appC.ready();
    const entry = await heldEntry('scheduler-hold-2');
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    let locked = () => {};
    const isLocked = new Promise<void>((r) => {
      locked = r;
    });
    const holder = ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from payments where session_id = ${sessionOf(entry)} for update`);
      locked();
      await held;
    });
    await isLocked;
    const ticking = clockC.tick(60_000);
    // Wait (with a deadline) until the expiry job is blocked on the payment's row lock.
    const deadline = Date.now() + 5000;
    for (;;) {
      if (Date.now() > deadline) release();
      const waiting = (await ctx.database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
      )) as unknown as { rows: { n: number }[] };
      if ((waiting.rows[0]?.n ?? 0) > 0) break;
      if (Date.now() > deadline) throw new Error('the expiry job never reached the locked payment');
      await new Promise((r) => setTimeout(r, 20));
    }
    let closed = false;
    const closing = appC.close().then(() => {
      closed = true;
    });
    await new Promise((r) => setImmediate(r));
    expect(closed).toBe(false);
    release();
    await holder;
    await closing;
    await ticking;
    expect(await paymentStatus(sessionOf(entry))).toBe('expired');
    expect(await jobRow('payments:expire-local-checkouts')).toMatchObject({ lastError: null });
  });
});
