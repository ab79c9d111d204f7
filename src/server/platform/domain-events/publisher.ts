import { and, eq, lt } from 'drizzle-orm';
import { type BackoffPolicy, backoffDelay } from '../../../shared/domain/backoff';
import type { Db } from '../../db/client';
import { domainEvents } from '../../db/schema/platform';
import type { Clock } from '../clock';
import { type OutboxRunResult, outboxLease } from '../outbox-lease';
import type { DomainEvent, DomainEventOf, DomainEventType } from './types';

/** Waits between retries of an event a handler failed on. */
export const domainEventRetryPolicy: BackoffPolicy = { baseMs: 30_000, capMs: 60 * 60_000 };
/** Deliveries of one event before it is given up on (left `failed`, its last error kept). */
export const DOMAIN_EVENT_MAX_ATTEMPTS = 12;
/**
 * How long a delivered event is kept (to trace what happened to a payment) before the prune job removes it.
 * Events given up on (`failed`) are kept until someone looks at them.
 */
export const DOMAIN_EVENT_KEEP_MS = 30 * 24 * 60 * 60_000;

/**
 * What went wrong, as the innermost cause says it: a failed query's own wrapper repeats the statement and its
 * parameters (personal data among them), which must not be kept in the row or the log.
 */
function rootMessage(err: unknown): string {
  let current = err;
  for (let depth = 0; depth < 4 && current instanceof Error && current.cause instanceof Error; depth++) {
    current = current.cause;
  }
  return current instanceof Error ? current.message : String(current);
}

type Handler<T extends DomainEventType> = (event: DomainEventOf<T>) => Promise<void>;

/** An event written in a transaction, as its writer hands it to `deliver` once the transaction committed. */
export interface RecordedEvent {
  id: string;
  attempts: number;
  event: DomainEvent;
}

/**
 * The domain events' outbox. A feature writes an event with `record` in the transaction of the change it
 * announces; the row is written already claimed by this instance (`sending`, leased for `leaseMs`), so the
 * caller delivers it with `deliver` right after the commit, in the same request, and no other instance takes it
 * meanwhile. Each subscribed handler runs in turn; the event is marked delivered once all of them took it. A
 * handler that throws leaves the event for the retry job (`retryDue`, by `domainEventRetryPolicy`), as does an
 * instance that stopped mid-delivery (its lease runs out). Rows are claimed with the outboxes' lease
 * (platform/outbox-lease.ts), so across instances one delivers each try. A handler may see an event again (a
 * retry after a partial failure): every handler is idempotent.
 */
export function createDomainEvents(deps: {
  db: Db;
  clock: Clock;
  random: () => number;
  /** How long a delivery may take before another instance may take the event over (above the request timeout). */
  leaseMs: number;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}) {
  const { db, clock, random, leaseMs, log } = deps;
  const handlers = new Map<DomainEventType, Handler<DomainEventType>[]>();
  const lease = outboxLease(db, domainEvents, leaseMs);

  async function deliverOne(row: RecordedEvent): Promise<boolean> {
    const { type } = row.event;
    try {
      for (const handle of handlers.get(type) ?? []) await handle(row.event);
    } catch (err) {
      const message = rootMessage(err);
      const retry = row.attempts < DOMAIN_EVENT_MAX_ATTEMPTS;
      const wait = backoffDelay(row.attempts - 1, random, domainEventRetryPolicy);
      await lease.settle(row, {
        status: retry ? 'queued' : 'failed',
        nextAttemptAt: retry ? new Date(clock.now().getTime() + wait) : null,
        lastError: retry ? message : `gave up after ${row.attempts} tries: ${message}`,
      });
      // Called as methods: a logger's level functions read their own `this`.
      const details = { event: row.id, type, attempts: row.attempts, err: message };
      if (retry) log.warn(details, 'event not handled');
      else log.error(details, 'event not handled');
      return false;
    }
    await lease.settle(row, { status: 'delivered', deliveredAt: clock.now(), nextAttemptAt: null, lastError: null });
    return true;
  }

  return {
    /** Adds a handler of one event type (features subscribe while the app is built). */
    subscribe<T extends DomainEventType>(type: T, handler: Handler<T>): void {
      handlers.set(type, [...(handlers.get(type) ?? []), handler as unknown as Handler<DomainEventType>]);
    },

    /** Writes an event in the caller's transaction, claimed by this instance; hand it to `deliver` after commit. */
    async record(q: Pick<Db, 'insert'>, event: DomainEvent): Promise<RecordedEvent> {
      const now = clock.now();
      const [row] = await q
        .insert(domainEvents)
        .values({
          type: event.type,
          payload: event,
          status: 'sending',
          attempts: 1,
          nextAttemptAt: new Date(now.getTime() + leaseMs),
          createdAt: now,
        })
        .returning({ id: domainEvents.id, attempts: domainEvents.attempts });
      if (!row) throw new Error('domain event insert returned no row');
      return { ...row, event };
    },

    /** Delivers events recorded in a transaction that has committed (a failure is logged and left for the retry). */
    async deliver(recorded: readonly RecordedEvent[]): Promise<void> {
      for (const row of recorded) await deliverOne(row);
    },

    /** One run of the retry job: delivers the events that are due, claimed one at a time. */
    async retryDue(): Promise<OutboxRunResult> {
      const result: OutboxRunResult = { sent: 0, retried: 0, failed: 0 };
      for await (const row of lease.claimBatch(clock)) {
        const delivered = await deliverOne({ id: row.id, attempts: row.attempts, event: row.payload as DomainEvent });
        if (delivered) result.sent++;
        else if (row.attempts < DOMAIN_EVENT_MAX_ATTEMPTS) result.retried++;
        else result.failed++;
      }
      return result;
    },

    /** Removes the events delivered more than `DOMAIN_EVENT_KEEP_MS` ago; returns how many. */
    async pruneDelivered(): Promise<number> {
      const before = new Date(clock.now().getTime() - DOMAIN_EVENT_KEEP_MS);
      const removed = await db
        .delete(domainEvents)
        .where(and(eq(domainEvents.status, 'delivered'), lt(domainEvents.deliveredAt, before)))
        .returning({ id: domainEvents.id });
      return removed.length;
    },
  };
}
export type DomainEvents = ReturnType<typeof createDomainEvents>;
