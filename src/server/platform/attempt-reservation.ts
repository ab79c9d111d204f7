import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Clock } from './clock';
import type { Backoff, Lockout } from './rate-limit';

/**
 * Reserving an attempt (a password check) before it is made, so that concurrent attempts get no more than
 * sequential ones would. The counters are `rate_limits` rows, a lockout with the same rule as the limiter's
 * `recordFailure` and a backoff (rate-limit.ts `Backoff`), but the attempt is counted as a failure *before* the
 * check, in one statement that also says whether the attempt may go ahead:
 * - the backoff key (the account, across every client) is counted only when it is not waiting, and in the same
 *   row update its next allowed time is moved forward (from the `max`-th attempt in the window on);
 * - the lockout key (one client of the account) is counted only when the backoff key admitted the attempt and
 *   the client is not locked; the `max`-th attempt locks it.
 * PostgreSQL's `insert … on conflict do update … where` takes the row lock and checks the condition against the
 * latest committed row, so two reservations on any instances cannot both pass a wait that sequential ones would
 * not. An attempt that turns out not to count (a success, a right password on an unconfirmed account) gives
 * its reservation back (or the caller clears the keys).
 */
export interface Reservation {
  lock: Taken;
  backoff?: Taken;
}

/** One counted key: the window its count belongs to, and the lock end this reservation set (if it set one). */
interface Taken {
  key: string;
  windowStart: Date;
  lockedUntil: Date | null;
}

export type ReserveResult =
  | { admitted: true; reservation: Reservation }
  | { admitted: false; refusedBy: 'lock' | 'backoff'; until: Date };

interface Row {
  backoff_window: number | string | null;
  backoff_until: number | string | null;
  backoff_taken: boolean;
  lock_window: number | string | null;
  lock_until: number | string | null;
  lock_taken: boolean;
  lock_seen_until: number | string | null;
}

/** Epoch milliseconds as a float8, which both drivers read as a number (their timestamp parsing differs). */
const ms = (column: ReturnType<typeof sql>) => sql`(extract(epoch from ${column}) * 1000)::float8`;
const dateOf = (value: number | string | null) => (value === null ? null : new Date(Number(value)));

/** PostgreSQL's deadlock error, whether the driver's error arrives as it is or wrapped by Drizzle. */
const isDeadlock = (err: unknown) =>
  [err, (err as { cause?: unknown })?.cause].some((e) => (e as { code?: unknown } | undefined)?.code === '40P01');

/**
 * Runs `fn`, again when PostgreSQL chose it as a deadlock's victim (a reservation takes the account's row, then
 * the client's; clearing an account's counters by prefix may take them the other way round). Nothing was
 * written by the victim, so running it again counts once.
 */
async function retryDeadlock<T>(fn: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i >= attempts || !isDeadlock(err)) throw err;
    }
  }
}

export function createAttemptReservations(db: Db, clock: Clock) {
  /** The lock end of `key` now, if it is locked. */
  async function lockedUntil(key: string, now: Date): Promise<Date | undefined> {
    const result = await db.execute(
      sql`select ${ms(sql`locked_until`)} as until from rate_limits where key = ${key} and locked_until > ${now}::timestamptz`,
    );
    const [row] = (result as unknown as { rows: { until: number | string }[] }).rows;
    return row ? new Date(Number(row.until)) : undefined;
  }

  /** Takes one count back from a key, and the lock it set, unless its window has given way to a new one. */
  async function giveBackKey(taken: Taken): Promise<void> {
    await db.execute(sql`
      update rate_limits set
        count = greatest(count - 1, 0),
        locked_until = case when ${taken.lockedUntil}::timestamptz is not null
          and locked_until = ${taken.lockedUntil}::timestamptz then null else locked_until end
      where key = ${taken.key} and window_start = ${taken.windowStart}::timestamptz`);
  }

  return {
    /**
     * Counts an attempt on `lock.key` (and `backoff.key`, when given) if it may go ahead now; otherwise counts
     * nothing and says which key refused it and until when.
     */
    async reserve(
      lock: { key: string; rule: Lockout },
      backoff?: { key: string; rule: Backoff },
    ): Promise<ReserveResult> {
      const now = clock.now();
      const n = sql`${now}::timestamptz`;
      const l = lock.rule;
      const lockAt = new Date(now.getTime() + l.lockMs);
      const lockFloor = new Date(now.getTime() - l.windowMs);
      const lockRestart = sql`(r.window_start <= ${lockFloor}::timestamptz or r.locked_until <= ${n})`;
      const lockNext = sql`(case when ${lockRestart} then 1 else r.count + 1 end)`;
      const b = backoff?.rule ?? { max: 1, windowMs: 0, baseMs: 0, capMs: 0 };
      const backoffFloor = new Date(now.getTime() - b.windowMs);
      const backoffRestart = sql`(r.window_start <= ${backoffFloor}::timestamptz)`;
      const backoffNext = sql`(case when ${backoffRestart} then 1 else r.count + 1 end)`;
      const waitMs = (next: ReturnType<typeof sql>) =>
        sql`least(${b.capMs}::float8, ${b.baseMs}::float8 * power(2::float8, least(30, ${next} - ${b.max}::int)))`;
      const waitUntil = (next: ReturnType<typeof sql>) =>
        sql`case when ${next} >= ${b.max}::int then ${n} + make_interval(secs => ${waitMs(next)} / 1000) else null end`;
      const backoffKey = backoff?.key ?? null;
      const result = await retryDeadlock(() =>
        db.execute(sql`
        with acct as (
          insert into rate_limits as r (key, window_start, count, locked_until)
          select ${backoffKey}::text, ${n}, 1, ${waitUntil(sql`1`)}
          where ${backoffKey}::text is not null
            and not exists (select 1 from rate_limits where key = ${lock.key} and locked_until > ${n})
          on conflict (key) do update set
            window_start = case when ${backoffRestart} then ${n} else r.window_start end,
            locked_until = ${waitUntil(backoffNext)},
            count = ${backoffNext}
          where r.locked_until is null or r.locked_until <= ${n}
          returning r.window_start, r.locked_until
        ), cli as (
          insert into rate_limits as r (key, window_start, count, locked_until)
          select ${lock.key}::text, ${n}, 1, case when 1 >= ${l.max}::int then ${lockAt}::timestamptz else null end
          where ${backoffKey}::text is null or exists (select 1 from acct)
          on conflict (key) do update set
            window_start = case when ${lockRestart} then ${n} else r.window_start end,
            locked_until = case when ${lockNext} >= ${l.max}::int then ${lockAt}::timestamptz else null end,
            count = ${lockNext}
          where r.locked_until is null or r.locked_until <= ${n}
          returning r.window_start, r.locked_until
        )
        select
          exists (select 1 from acct) as backoff_taken,
          (select ${ms(sql`window_start`)} from acct) as backoff_window,
          (select ${ms(sql`locked_until`)} from acct) as backoff_until,
          exists (select 1 from cli) as lock_taken,
          (select ${ms(sql`window_start`)} from cli) as lock_window,
          (select ${ms(sql`locked_until`)} from cli) as lock_until,
          (select ${ms(sql`locked_until`)} from rate_limits where key = ${lock.key} and locked_until > ${n}) as lock_seen_until`),
      );
      const [row] = (result as unknown as { rows: Row[] }).rows;
      if (!row) throw new Error('attempt reservation: no result');
      const backoffTaken: Taken | undefined =
        backoff && row.backoff_taken
          ? {
              key: backoff.key,
              windowStart: dateOf(row.backoff_window) ?? now,
              lockedUntil: dateOf(row.backoff_until),
            }
          : undefined;
      if (row.lock_taken) {
        return {
          admitted: true,
          reservation: {
            lock: { key: lock.key, windowStart: dateOf(row.lock_window) ?? now, lockedUntil: dateOf(row.lock_until) },
            backoff: backoffTaken,
          },
        };
      }
      if (backoffTaken) {
        // The client was locked by a concurrent attempt after this statement's snapshot: the account's count goes back.
        await giveBackKey(backoffTaken);
        return { admitted: false, refusedBy: 'lock', until: (await lockedUntil(lock.key, now)) ?? lockAt };
      }
      const seen = dateOf(row.lock_seen_until);
      if (!backoff || seen) {
        return { admitted: false, refusedBy: 'lock', until: seen ?? (await lockedUntil(lock.key, now)) ?? lockAt };
      }
      return {
        admitted: false,
        refusedBy: 'backoff',
        until: (await lockedUntil(backoff.key, now)) ?? new Date(now.getTime() + b.baseMs),
      };
    },

    /** Gives an attempt's counts back (it turned out not to be a failure). */
    async giveBack(reservation: Reservation): Promise<void> {
      await giveBackKey(reservation.lock);
      if (reservation.backoff) await giveBackKey(reservation.backoff);
    },
  };
}
export type AttemptReservations = ReturnType<typeof createAttemptReservations>;
