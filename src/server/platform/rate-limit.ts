import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedOnce } from '../db/prepared-once';
import { rateLimits } from '../db/schema/platform';
import type { Clock } from './clock';

export interface Window {
  /** Hits (or failures) a window allows. */
  max: number;
  windowMs: number;
}

/**
 * After `max` failures within the window, each further failure makes the key wait `baseMs` doubled per failure, up
 * to `capMs` (counted before the attempt: platform/attempt-reservation.ts).
 */
export interface Backoff extends Window {
  baseMs: number;
  capMs: number;
}

export interface Lockout extends Window {
  /** Reaching `max` failures within the window locks the key for this long. */
  lockMs: number;
}

/** The values of one count's placeholders (countValues). */
export type CountValues = {
  key: string;
  now: Date;
  windowFloor: Date;
  max: number;
  lockAt: Date | null;
  firstLock: Date | null;
};

/**
 * The counting upsert, with or without a lock at `max`, as a query with the placeholders `key`, `now`,
 * `windowFloor`, `max`, `lockAt` and `firstLock` (countValues gives them), returning the key's row after the
 * count. A window that has passed (or whose lock has expired) restarts at 1. Built once per use and sent as a
 * named prepared statement: building it per request was a large share of an entry's CPU time in the server.
 * Another statement may embed the plain form as a CTE, so that a count and the work it guards make one
 * round trip (an entry: features/boards/repo.ts).
 */
export function rateCountQuery(db: Db, locks: boolean) {
  const p = {
    key: sql.placeholder('key'),
    now: sql.placeholder('now'),
    windowFloor: sql.placeholder('windowFloor'),
    max: sql.placeholder('max'),
    lockAt: sql.placeholder('lockAt'),
    firstLock: sql.placeholder('firstLock'),
  };
  const restart = sql`(${rateLimits.windowStart} <= ${p.windowFloor}::timestamptz or ${rateLimits.lockedUntil} <= ${p.now}::timestamptz)`;
  const next = sql`case when ${restart} then 1 else ${rateLimits.count} + 1 end`;
  return (
    db
      .insert(rateLimits)
      // Cast in SQL rather than encoded by the column, which cannot encode a null lock.
      .values({
        key: p.key,
        windowStart: sql`${p.now}::timestamptz`,
        count: 1,
        lockedUntil: sql`${p.firstLock}::timestamptz`,
      })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          windowStart: sql`case when ${restart} then ${p.now}::timestamptz else ${rateLimits.windowStart} end`,
          lockedUntil: locks
            ? sql`case when ${rateLimits.lockedUntil} > ${p.now}::timestamptz then ${rateLimits.lockedUntil} when ${next} >= ${p.max}::int then ${p.lockAt}::timestamptz else null end`
            : sql`null`,
          count: next,
        },
      })
      .returning()
  );
}

/** The values of rateCountQuery's placeholders for one count of `key` under `rule` at `now`. */
export function countValues(key: string, rule: Window, now: Date, lockMs?: number): CountValues {
  const lockAt = lockMs === undefined ? null : new Date(now.getTime() + lockMs);
  return {
    key,
    now,
    windowFloor: new Date(now.getTime() - rule.windowMs),
    max: rule.max,
    lockAt,
    firstLock: lockAt && rule.max <= 1 ? lockAt : null,
  };
}

/** When the window that started at `windowStart` ends: a refused request may try again then. */
export const windowEnd = (windowStart: Date, rule: Window) => new Date(windowStart.getTime() + rule.windowMs);

/** Rate limits and lockouts kept in PostgreSQL (rateCountQuery), so every instance sees the same counts. */
export function createRateLimiter(db: Db, clock: Clock) {
  const upserts = {
    plain: preparedOnce(() => rateCountQuery(db, false).prepare('rate_limit_count')),
    locking: preparedOnce(() => rateCountQuery(db, true).prepare('rate_limit_count_locking')),
  };

  async function count(key: string, rule: Window, lockMs?: number) {
    const statement = lockMs === undefined ? upserts.plain() : upserts.locking();
    const [row] = await statement.execute(countValues(key, rule, clock.now(), lockMs));
    if (!row) throw new Error(`rate limit: no row for ${key}`);
    return row;
  }

  return {
    /** Counts a request; `allowed` is false once the window's `max` is passed. */
    async hit(
      key: string,
      rule: Window,
    ): Promise<{ allowed: boolean; retryAt: Date; windowStart: Date; count: number }> {
      const row = await count(key, rule);
      return {
        allowed: row.count <= rule.max,
        count: row.count,
        retryAt: windowEnd(row.windowStart, rule),
        windowStart: row.windowStart,
      };
    },

    /**
     * Takes back one hit of the window that started at `windowStart` (a request that turned out not to
     * count, such as a replay); nothing when that window has already given way to a new one.
     */
    async refund(key: string, windowStart: Date): Promise<void> {
      await db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
        .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)));
    },

    /** When the key is locked, the time the lock ends; otherwise undefined. */
    async lockedUntil(key: string): Promise<Date | undefined> {
      const [row] = await db
        .select({ lockedUntil: rateLimits.lockedUntil })
        .from(rateLimits)
        .where(eq(rateLimits.key, key));
      return row?.lockedUntil && row.lockedUntil > clock.now() ? row.lockedUntil : undefined;
    },

    /** Counts a failure; the one that reaches `max` locks the key. Returns the lock end when locked. */
    async recordFailure(key: string, rule: Lockout): Promise<Date | undefined> {
      const row = await count(key, rule, rule.lockMs);
      return row.lockedUntil && row.lockedUntil > clock.now() ? row.lockedUntil : undefined;
    },

    /** Forgets every key that starts with `prefix` (a password reset clears all of an account's counters). */
    async clearPrefix(prefix: string): Promise<void> {
      const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      await db.delete(rateLimits).where(sql`${rateLimits.key} like ${pattern}`);
    },

    /** Forgets a key (a successful sign-in clears its failures). */
    async clear(key: string): Promise<void> {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
