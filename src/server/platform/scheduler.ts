import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { scheduledJobs } from '../db/schema/platform';
import { unavailableCause } from '../db/unavailable';
import type { Clock } from './clock';

/** Periodic work a feature declares: `run` is called about every `intervalMs`, once across all instances. */
export interface Job {
  name: string;
  intervalMs: number;
  /**
   * Runs once as the scheduler starts too, for the tick under way (by one instance: the first to claim that
   * tick), instead of first at the next tick.
   */
  runAtStart?: boolean;
  run(): Promise<unknown>;
}

/** Who runs a tick: exactly one of the instances that ask for the same job and tick gets `true`. */
export interface JobLock {
  claim(name: string, tickAt: Date, now: Date): Promise<boolean>;
  /** Records how the claimed run ended (`error` null: it succeeded), for operators. */
  finished(name: string, at: Date, error: string | null): Promise<void>;
}

export interface SchedulerLog {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface Scheduler {
  /** Adds a job; it first runs at the first tick after `start` (or at start, for a job that says `runAtStart`). */
  every(name: string, intervalMs: number, run: () => Promise<unknown>): void;
  register(job: Job): void;
  start(): void;
  /** Cancels every timer and waits for the runs under way to finish. Nothing runs after it resolves. */
  stop(): Promise<void>;
}

/**
 * Job ticks lie on a grid every instance agrees on: the multiples of the interval since the epoch. A tick
 * is claimed in `scheduled_jobs` by moving the job's `last_tick_at` forward in one atomic upsert, so one
 * instance per tick runs it however many ask, and a restarted instance does not repeat a tick already run.
 */
export function createDbJobLock(db: Db): JobLock {
  return {
    async claim(name, tickAt, now) {
      const rows = await db
        .insert(scheduledJobs)
        .values({ name, lastTickAt: tickAt, lastStartedAt: now })
        .onConflictDoUpdate({
          target: scheduledJobs.name,
          set: { lastTickAt: tickAt, lastStartedAt: now },
          setWhere: sql`${scheduledJobs.lastTickAt} < ${tickAt}`,
        })
        .returning({ name: scheduledJobs.name });
      return rows.length > 0;
    },
    async finished(name, at, error) {
      await db
        .update(scheduledJobs)
        .set({ lastFinishedAt: at, lastError: error })
        .where(sql`${scheduledJobs.name} = ${name}`);
    },
  };
}

/** A registered job: its timer's cancel, whether it was armed yet, and the run under way. */
interface Entry {
  job: Job;
  cancel?: () => void;
  armed?: boolean;
  running?: Promise<void>;
}

const maxNameLength = 100;
/** While the database cannot be reached, the scheduler warns at most this often (for all its jobs). */
export const unreachableWarnEveryMs = 60_000;

/**
 * Runs registered jobs on the injected clock's timers. Each tick of a job: skipped if this process is still
 * running the job's previous tick (a job never overlaps itself here), skipped if another instance claimed
 * it, otherwise run; a job that throws is logged and simply runs again at its next tick.
 */
export function createScheduler(deps: { clock: Clock; lock: JobLock; log: SchedulerLog }): Scheduler {
  const { clock, lock, log } = deps;
  const jobs = new Map<string, Entry>();
  let started = false;
  let stopped = false;
  let lastUnreachableWarnAt: number | undefined;
  let unreachableSince = 0;

  /**
   * A lost database stops every job at every tick: one warning a minute for all of them (the driver's code and
   * message, no stack), with how many ticks were skipped since the last, instead of a stack per job and tick.
   * Answers false for any other error, which the caller logs as before.
   */
  function warnedUnreachable(err: unknown, job: string): boolean {
    const cause = unavailableCause(err);
    if (!cause) return false;
    const now = clock.now().getTime();
    if (lastUnreachableWarnAt !== undefined && now - lastUnreachableWarnAt < unreachableWarnEveryMs) {
      unreachableSince += 1;
      return true;
    }
    log.warn(
      { job, cause, alsoSkippedSinceLastWarning: unreachableSince },
      'scheduled jobs: database unreachable; trying again next tick',
    );
    lastUnreachableWarnAt = now;
    unreachableSince = 0;
    return true;
  }

  function arm(entry: Entry) {
    if (!started || stopped) return;
    const { intervalMs } = entry.job;
    const now = clock.now().getTime();
    const next = (Math.floor(now / intervalMs) + 1) * intervalMs;
    // A job that runs at start fires at once the first time, for the tick under way.
    const delay = entry.job.runAtStart && !entry.armed ? 0 : next - now;
    entry.armed = true;
    entry.cancel = clock.setTimer(delay, () => fire(entry));
  }

  async function fire(entry: Entry): Promise<void> {
    entry.cancel = undefined;
    if (stopped) return;
    const { job } = entry;
    const now = clock.now();
    // The grid tick this timer stands for (a timer that fires early belongs to the tick before: claimed).
    const tickAt = new Date(Math.floor(now.getTime() / job.intervalMs) * job.intervalMs);
    arm(entry);
    if (entry.running) return;
    const run = (async () => {
      let claimed = false;
      try {
        claimed = await lock.claim(job.name, tickAt, now);
      } catch (err) {
        if (!warnedUnreachable(err, job.name)) {
          log.warn({ err, job: job.name }, 'scheduled job: could not claim its tick; trying again next tick');
        }
        return;
      }
      if (!claimed) return;
      let error: string | null = null;
      try {
        await job.run();
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
        if (!warnedUnreachable(err, job.name)) {
          log.error({ err, job: job.name }, 'scheduled job failed; it runs again next tick');
        }
      }
      try {
        await lock.finished(job.name, clock.now(), error);
      } catch (err) {
        if (!warnedUnreachable(err, job.name))
          log.warn({ err, job: job.name }, 'scheduled job: could not record its run');
      }
    })();
    entry.running = run;
    try {
      await run;
    } finally {
      entry.running = undefined;
    }
  }

  function register(job: Job) {
    if (!/^[a-z0-9][a-z0-9:._-]*$/.test(job.name) || job.name.length > maxNameLength) {
      throw new Error(`scheduled job name "${job.name}" must be lower-case letters, digits and :._- (at most 100)`);
    }
    if (!Number.isInteger(job.intervalMs) || job.intervalMs < 1) {
      throw new Error(`scheduled job "${job.name}" needs a whole number of milliseconds of at least 1`);
    }
    if (jobs.has(job.name)) throw new Error(`scheduled job "${job.name}" is registered twice`);
    if (stopped) throw new Error('the scheduler has stopped');
    const entry: Entry = { job };
    jobs.set(job.name, entry);
    arm(entry);
  }

  return {
    register,
    every: (name, intervalMs, run) => register({ name, intervalMs, run }),
    start() {
      if (started || stopped) return;
      started = true;
      for (const entry of jobs.values()) arm(entry);
    },
    async stop() {
      stopped = true;
      for (const entry of jobs.values()) {
        entry.cancel?.();
        entry.cancel = undefined;
      }
      await Promise.allSettled([...jobs.values()].map((entry) => entry.running));
    },
  };
}
