import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { domainEvents } from '../../src/server/db/schema';
import {
  createDomainEvents,
  DOMAIN_EVENT_KEEP_MS,
  type DomainEvent,
  domainEventRetryPolicy,
  domainEventsRetryEveryMs,
} from '../../src/server/platform/domain-events';
import { eventually } from '../support/sse';
import { createTestApp, type TestContext } from '../support/test-app';
import { openSecondConnection } from '../support/test-db';

/**
 * The domain events' outbox: written in the transaction of the change it announces, delivered once after the
 * commit, and retried by its job (on one instance at a time) when a handler failed or an instance stopped.
 */
let ctx: TestContext;
let second: Database;
const leaseMs = 2 * 60_000;
const quiet = { warn() {}, error() {} };

beforeAll(async () => {
  ctx = await createTestApp();
  second = await openSecondConnection(ctx.database);
});
afterAll(async () => {
  await second.close();
  await ctx.close();
});

/** Two instances' publishers on one database, each with a handler that records what it was given. */
function twoInstances(failFirst = 0) {
  const seen: { instance: 'a' | 'b'; paymentId: string }[] = [];
  let failures = failFirst;
  const make = (instance: 'a' | 'b', db: Database['db']) => {
    const events = createDomainEvents({ db, clock: ctx.clock, random: () => 0.5, leaseMs, log: quiet });
    events.subscribe('entry-payment.failed', async ({ paymentId }) => {
      if (failures > 0) {
        failures--;
        throw new Error('the handler failed');
      }
      seen.push({ instance, paymentId });
    });
    return events;
  };
  return { a: make('a', ctx.database.db), b: make('b', second.db), seen };
}

const rowOf = async (id: string) =>
  (await ctx.database.db.select().from(domainEvents).where(eq(domainEvents.id, id)))[0];

const failed = (paymentId: string): DomainEvent => ({ type: 'entry-payment.failed', paymentId });

describe('domain events', () => {
  it('are delivered once, by the instance that wrote them, and never again by the retry job', async () => {
    const { a, b, seen } = twoInstances();
    const recorded = await ctx.database.db.transaction((tx) => a.record(tx, failed('p-once')));
    await a.deliver([recorded]);
    await Promise.all([a.retryDue(), b.retryDue()]);
    await ctx.clock.tick(leaseMs + 1);
    await Promise.all([a.retryDue(), b.retryDue()]);
    expect(seen).toEqual([{ instance: 'a', paymentId: 'p-once' }]);
    expect(await rowOf(recorded.id)).toMatchObject({ status: 'delivered', attempts: 1, lastError: null });
  });

  it('are not delivered when the transaction that wrote them rolls back', async () => {
    const { a, seen } = twoInstances();
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await a.record(tx, failed('p-rolled-back'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await ctx.clock.tick(leaseMs + 1);
    expect((await a.retryDue()).sent).toBe(0);
    expect(seen).toEqual([]);
  });

  it('stay for the retry when a handler fails, and the job of one instance delivers them once due', async () => {
    const { a, b, seen } = twoInstances(1);
    const recorded = await ctx.database.db.transaction((tx) => a.record(tx, failed('p-retry')));
    await a.deliver([recorded]);
    expect(seen).toEqual([]);
    const waiting = await rowOf(recorded.id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, lastError: 'the handler failed' });
    // Not due yet: the retry waits by the policy.
    expect((await b.retryDue()).sent).toBe(0);
    await ctx.clock.tick(domainEventRetryPolicy.baseMs);
    const runs = await Promise.all([a.retryDue(), b.retryDue()]);
    expect(runs.map((r) => r.sent).sort()).toEqual([0, 1]);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.paymentId).toBe('p-retry');
    expect(await rowOf(recorded.id)).toMatchObject({ status: 'delivered', attempts: 2, lastError: null });
  });

  it('are taken over by another instance once the lease of one that stopped mid-delivery ran out', async () => {
    const { a, b, seen } = twoInstances();
    // Instance a writes the event and stops before delivering it.
    const recorded = await ctx.database.db.transaction((tx) => a.record(tx, failed('p-stopped')));
    expect((await b.retryDue()).sent).toBe(0);
    await ctx.clock.tick(leaseMs);
    expect((await b.retryDue()).sent).toBe(1);
    expect(seen).toEqual([{ instance: 'b', paymentId: 'p-stopped' }]);
    expect(await rowOf(recorded.id)).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it("are retried by the app's scheduled job, on one of two instances", async () => {
    const other = await buildApp({ database: second, clock: ctx.clock, logger: false, ledgerCheck: 'fail' });
    try {
      await Promise.all([ctx.app.ready(), other.ready()]);
      const now = ctx.clock.now();
      const [row] = await ctx.database.db
        .insert(domainEvents)
        .values({
          type: 'entry-payment.failed',
          payload: failed(randomUUID()),
          status: 'queued',
          attempts: 1,
          nextAttemptAt: now,
          createdAt: now,
        })
        .returning();
      if (!row) throw new Error('no row');
      await ctx.clock.tick(domainEventsRetryEveryMs);
      await eventually(async () => (await rowOf(row.id))?.status === 'delivered', 5000, 'the event delivered');
      expect(await rowOf(row.id)).toMatchObject({ status: 'delivered', attempts: 2 });
    } finally {
      await other.close();
    }
  });

  it('once delivered, are kept for their keeping time and then pruned; events given up on stay', async () => {
    const { a } = twoInstances();
    const delivered = await ctx.database.db.transaction((tx) => a.record(tx, failed('p-prune-old')));
    await a.deliver([delivered]);
    const now = ctx.clock.now();
    const [givenUp] = await ctx.database.db
      .insert(domainEvents)
      .values({
        type: 'entry-payment.failed',
        payload: failed('p-given-up'),
        status: 'failed',
        attempts: 12,
        lastError: 'gave up after 12 tries: the handler failed',
        createdAt: now,
      })
      .returning();
    await ctx.clock.tick(DOMAIN_EVENT_KEEP_MS - 1);
    const recent = await ctx.database.db.transaction((tx) => a.record(tx, failed('p-prune-recent')));
    await a.deliver([recent]);
    // Other tests' events share the table: the figures are about the rows of this test.
    await a.pruneDelivered();
    expect(await rowOf(delivered.id)).toMatchObject({ status: 'delivered' });
    await ctx.clock.tick(2);
    expect(await a.pruneDelivered()).toBeGreaterThanOrEqual(1);
    expect(await rowOf(delivered.id)).toBeUndefined();
    expect(await rowOf(recent.id)).toMatchObject({ status: 'delivered' });
    expect(await rowOf(givenUp?.id ?? '')).toMatchObject({ status: 'failed' });
    expect(await a.pruneDelivered()).toBe(0);
  });
});
