import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import type { Clock } from './clock';

/** A table of messages sent with retries (mail notifications, texts): each row's state, next due time and tries. */
export type OutboxTable = PgTable & { id: PgColumn; status: PgColumn; nextAttemptAt: PgColumn; attempts: PgColumn };

/** Messages one run of an outbox's job sends at most (the rest wait for the next run). */
export const outboxBatchSize = 50;

/** What one run of an outbox's job did: messages sent, left to try again later, and given up on. */
export interface OutboxRunResult {
  sent: number;
  retried: number;
  failed: number;
}

/** What an outbox's sender needs besides its provider. */
export interface OutboxSenderDeps {
  db: Db;
  clock: Clock;
  /** Jitter for the retry waits: numbers in [0, 1). */
  random: () => number;
  /** How long a send may take before another instance may take the row over (above the request timeout). */
  leaseMs: number;
  log: { warn(obj: object, msg: string): void };
}

/**
 * Claims and settles an outbox's rows across instances. A row is due when it is queued, or still sending after
 * its lease ran out (the instance that claimed it stopped), and its next attempt time has come. Claiming takes
 * the earliest due row not locked by another instance, marks it sending, leases it for `leaseMs` and counts one
 * more attempt; settling writes the result only while that claim still holds (same attempt, still sending).
 */
export function outboxLease<T extends OutboxTable>(db: Db, table: T, leaseMs: number) {
  type Row = T['$inferSelect'];
  type Update = Partial<T['$inferInsert']>;
  /** The next due row (or row `id` when it is due), now this instance's to send, or undefined when none is. */
  async function claim(now: Date, id?: string): Promise<Row | undefined> {
    const due = db
      .select({ id: table.id })
      .from(table as PgTable)
      .where(
        and(
          inArray(table.status, ['queued', 'sending']),
          lte(table.nextAttemptAt, now),
          id === undefined ? undefined : eq(table.id, id),
        ),
      )
      .orderBy(table.nextAttemptAt)
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await db
      .update(table as PgTable)
      .set({
        status: 'sending',
        nextAttemptAt: new Date(now.getTime() + leaseMs),
        attempts: sql`${table.attempts} + 1`,
      } as never)
      .where(inArray(table.id, due))
      .returning();
    return row as Row | undefined;
  }
  return {
    claim,
    /**
     * The due rows of one run of an outbox's job, claimed one at a time as the run asks for the next, at most
     * `outboxBatchSize` (the rest wait for the next run).
     */
    async *claimBatch(clock: Clock): AsyncGenerator<Row> {
      for (let i = 0; i < outboxBatchSize; i++) {
        const row = await claim(clock.now());
        if (!row) return;
        yield row;
      }
    },
    /** Settles a claimed row, unless its lease ran out and another instance has claimed it since. */
    async settle(row: { id: string; attempts: number }, set: Update) {
      await db
        .update(table as PgTable)
        .set(set as never)
        .where(and(eq(table.id, row.id), eq(table.status, 'sending'), eq(table.attempts, row.attempts)));
    },
  };
}
