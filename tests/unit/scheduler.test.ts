import { describe, expect, it } from 'vitest';
import { fixedClock, systemClock } from '../../src/server/platform/clock';
import { createScheduler, type JobLock, unreachableWarnEveryMs } from '../../src/server/platform/scheduler';

const start = '2025-06-11T16:00:00Z';
const startMs = Date.parse(start);

/** The job table's rule in memory: a tick is claimed once, by moving the job's last tick forward. */
function memoryLock() {
  const lastTick = new Map<string, number>();
  const finished: { name: string; at: number; error: string | null }[] = [];
  const lock: JobLock = {
    async claim(name, tickAt) {
      if ((lastTick.get(name) ?? Number.NEGATIVE_INFINITY) >= tickAt.getTime()) return false;
      lastTick.set(name, tickAt.getTime());
      return true;
    },
    async finished(name, at, error) {
      finished.push({ name, at: at.getTime(), error });
    },
  };
  return { lock, lastTick, finished };
}

function logSpy() {
  const lines: { level: 'error' | 'warn'; obj: object; msg: string }[] = [];
  return {
    lines,
    error: (obj: object, msg: string) => lines.push({ level: 'error', obj, msg }),
    warn: (obj: object, msg: string) => lines.push({ level: 'warn', obj, msg }),
  };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const noop = async () => {};

describe('registering jobs', () => {
  it('refuses a malformed name, a duplicate, and an interval that is not a whole positive number of ms', () => {
    const scheduler = createScheduler({ clock: fixedClock(start), lock: memoryLock().lock, log: logSpy() });
    const badNames = ['', 'Upper', ' lead', 'has space', 'semi;colon', "quote'", 'é', '-lead', 'x'.repeat(101)];
    for (const name of badNames) expect(() => scheduler.every(name, 1000, noop), name).toThrow(/name/);
    for (const interval of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => scheduler.every('ok', interval, noop), String(interval)).toThrow(/milliseconds/);
    }
    scheduler.every('boards:sweep', 1000, noop);
    expect(() => scheduler.every('boards:sweep', 2000, noop)).toThrow(/twice/);
    expect(() => scheduler.every('x'.repeat(100), 1000, noop)).not.toThrow();
  });

  it('refuses a job after it has stopped', async () => {
    const scheduler = createScheduler({ clock: fixedClock(start), lock: memoryLock().lock, log: logSpy() });
    scheduler.start();
    await scheduler.stop();
    expect(() => scheduler.every('late', 1000, noop)).toThrow(/stopped/);
  });
});

describe('the test clock', () => {
  it('moves time with advance without firing timers; tick fires what is due, earliest first, and awaits it', async () => {
    const clock = fixedClock(start);
    const fired: string[] = [];
    clock.setTimer(300, async () => {
      await Promise.resolve();
      fired.push('b');
    });
    clock.setTimer(100, () => fired.push('a'));
    const cancel = clock.setTimer(200, () => fired.push('cancelled'));
    cancel();
    clock.advance(1000);
    expect(fired).toEqual([]);
    await clock.tick();
    expect(fired).toEqual(['a', 'b']);
    await clock.tick(10_000);
    expect(fired).toEqual(['a', 'b']);
  });

  it('stops a timer that keeps re-arming at no delay instead of spinning for ever', async () => {
    const clock = fixedClock(start);
    const again = () => {
      clock.setTimer(0, again);
    };
    clock.setTimer(0, again);
    await expect(clock.tick()).rejects.toThrow(/without time passing/);
  });
});

describe('a scheduled job on the test clock', () => {
  it('runs nothing before start, then once per tick on the interval grid, awaited by tick', async () => {
    const clock = fixedClock(start);
    const { lock, finished } = memoryLock();
    const scheduler = createScheduler({ clock, lock, log: logSpy() });
    const runs: number[] = [];
    scheduler.every('sweep', 1000, async () => {
      await Promise.resolve();
      runs.push(clock.now().getTime() - startMs);
    });
    await clock.tick(5000);
    expect(runs).toEqual([]);
    clock.set(start);

    scheduler.start();
    await clock.tick(999);
    expect(runs).toEqual([]);
    await clock.tick(1);
    expect(runs).toEqual([1000]);
    await clock.tick(0);
    expect(runs).toEqual([1000]);
    // Three intervals at once: the job catches up with one run, not three.
    await clock.tick(3000);
    expect(runs).toEqual([1000, 4000]);
    await clock.tick(1000);
    expect(runs).toEqual([1000, 4000, 5000]);
    expect(finished.map((f) => f.error)).toEqual([null, null, null]);
    await scheduler.stop();
  });

  it('runs a job that says runAtStart once at start for the tick under way, once across instances', async () => {
    const clock = fixedClock('2025-06-11T16:20:00Z');
    const { lock } = memoryLock();
    const runs: string[] = [];
    const hour = 60 * 60_000;
    const schedulers = ['a', 'b'].map((instance) => {
      const scheduler = createScheduler({ clock, lock, log: logSpy() });
      scheduler.register({
        name: 'feed:schedule',
        intervalMs: hour,
        runAtStart: true,
        run: async () => {
          runs.push(`${instance} ${clock.now().toISOString()}`);
        },
      });
      scheduler.register({ name: 'later', intervalMs: hour, run: async () => runs.push(`${instance} later`) });
      return scheduler;
    });
    for (const scheduler of schedulers) scheduler.start();
    await clock.tick(0);
    // The second instance finds this hour's tick claimed; the job without runAtStart waits for its tick.
    expect(runs).toEqual(['a 2025-06-11T16:20:00.000Z']);
    await clock.tick(40 * 60_000);
    expect(runs.slice(1).sort()).toEqual(['a 2025-06-11T17:00:00.000Z', 'a later']);
    for (const scheduler of schedulers) await scheduler.stop();
  });

  it('puts ticks on the grid of the interval from the epoch, wherever start happens', async () => {
    const clock = fixedClock('2025-06-11T16:00:00.700Z');
    const scheduler = createScheduler({ clock, lock: memoryLock().lock, log: logSpy() });
    const runs: string[] = [];
    scheduler.every('grid', 1000, async () => {
      runs.push(clock.now().toISOString());
    });
    scheduler.start();
    await clock.tick(299);
    expect(runs).toEqual([]);
    await clock.tick(1);
    expect(runs).toEqual(['2025-06-11T16:00:01.000Z']);
    await scheduler.stop();
  });

  it('never overlaps itself: a tick that comes while the last run is going is skipped', async () => {
    const clock = fixedClock(start);
    const scheduler = createScheduler({ clock, lock: memoryLock().lock, log: logSpy() });
    const gate = deferred();
    let started = 0;
    let running = 0;
    let most = 0;
    scheduler.every('slow', 1000, async () => {
      started++;
      running++;
      most = Math.max(most, running);
      if (started === 1) await gate.promise;
      running--;
    });
    scheduler.start();
    const first = clock.tick(1000);
    await new Promise((r) => setImmediate(r));
    expect(started).toBe(1);
    await clock.tick(1000);
    await clock.tick(1000);
    expect(started).toBe(1);
    gate.resolve();
    await first;
    await clock.tick(1000);
    expect(started).toBe(2);
    expect(most).toBe(1);
    await scheduler.stop();
  });

  it('logs a job that throws, records the error, and runs it again at the next tick', async () => {
    const clock = fixedClock(start);
    const { lock, finished } = memoryLock();
    const log = logSpy();
    const scheduler = createScheduler({ clock, lock, log });
    let calls = 0;
    scheduler.every('flaky', 1000, async () => {
      calls++;
      if (calls === 1) throw new Error('database went away');
    });
    scheduler.start();
    await clock.tick(1000);
    expect(calls).toBe(1);
    expect(log.lines).toMatchObject([{ level: 'error', obj: { job: 'flaky' }, msg: expect.stringMatching(/failed/) }]);
    expect(finished).toEqual([{ name: 'flaky', at: startMs + 1000, error: 'database went away' }]);
    await clock.tick(1000);
    expect(calls).toBe(2);
    expect(finished[1]).toEqual({ name: 'flaky', at: startMs + 2000, error: null });
    await scheduler.stop();
  });

  it('warns once a minute, without a stack, while the database cannot be reached (not per job and tick)', async () => {
    const clock = fixedClock(start);
    const { lock } = memoryLock();
    let down = true;
    const refused = () =>
      Object.assign(new Error('Failed query: insert into scheduled_jobs'), {
        cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      });
    const lostLock: JobLock = {
      claim: (...args) => (down ? Promise.reject(refused()) : lock.claim(...args)),
      finished: lock.finished,
    };
    const log = logSpy();
    const scheduler = createScheduler({ clock, lock: lostLock, log });
    let calls = 0;
    for (const name of ['holds', 'texts', 'mail']) {
      scheduler.every(name, 1000, async () => {
        calls++;
      });
    }
    scheduler.start();
    for (let s = 0; s < 90; s++) await clock.tick(1000);
    expect(calls).toBe(0);
    // 270 ticks skipped in 90 s: two warnings, the second counting the ticks skipped in between.
    expect(log.lines).toHaveLength(2);
    expect(log.lines[0]).toMatchObject({
      level: 'warn',
      msg: 'scheduled jobs: database unreachable; trying again next tick',
      obj: { cause: { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' } },
    });
    expect(log.lines[0]?.obj).not.toHaveProperty('err');
    expect(log.lines[1]?.obj).toMatchObject({ alsoSkippedSinceLastWarning: (unreachableWarnEveryMs / 1000) * 3 - 1 });
    down = false;
    await clock.tick(1000);
    expect(calls).toBe(3);
    await scheduler.stop();
  });

  it('skips a tick it cannot claim (lock unreachable or already taken) and tries the next one', async () => {
    const clock = fixedClock(start);
    const { lock, lastTick } = memoryLock();
    let unreachable = true;
    const flakyLock: JobLock = {
      claim: (...args) => (unreachable ? Promise.reject(new Error('connection refused')) : lock.claim(...args)),
      finished: lock.finished,
    };
    const log = logSpy();
    const scheduler = createScheduler({ clock, lock: flakyLock, log });
    let calls = 0;
    scheduler.every('claimed', 1000, async () => {
      calls++;
    });
    scheduler.start();
    await clock.tick(1000);
    expect(calls).toBe(0);
    expect(log.lines).toMatchObject([{ level: 'warn', obj: { job: 'claimed' } }]);
    unreachable = false;
    // Another instance already ran the next tick.
    lastTick.set('claimed', startMs + 2000);
    await clock.tick(1000);
    expect(calls).toBe(0);
    await clock.tick(1000);
    expect(calls).toBe(1);
    await scheduler.stop();
  });

  it('runs each tick once across instances sharing one lock', async () => {
    const clock = fixedClock(start);
    const { lock } = memoryLock();
    let calls = 0;
    const instances = [1, 2, 3].map(() => createScheduler({ clock, lock, log: logSpy() }));
    for (const s of instances) {
      s.every('shared', 1000, async () => {
        calls++;
      });
      s.start();
    }
    for (let i = 1; i <= 5; i++) {
      await clock.tick(1000);
      expect(calls).toBe(i);
    }
    await Promise.all(instances.map((s) => s.stop()));
  });

  it('stop waits for the run under way, and nothing runs after it', async () => {
    const clock = fixedClock(start);
    const scheduler = createScheduler({ clock, lock: memoryLock().lock, log: logSpy() });
    const gate = deferred();
    let calls = 0;
    let done = false;
    scheduler.every('long', 1000, async () => {
      calls++;
      await gate.promise;
      done = true;
    });
    scheduler.start();
    const ticking = clock.tick(1000);
    await new Promise((r) => setImmediate(r));
    let stopped = false;
    const stopping = scheduler.stop().then(() => {
      stopped = true;
    });
    await new Promise((r) => setImmediate(r));
    expect(stopped).toBe(false);
    gate.resolve();
    await stopping;
    expect(done).toBe(true);
    await ticking;
    await clock.tick(10_000);
    expect(calls).toBe(1);
    scheduler.start();
    await clock.tick(10_000);
    expect(calls).toBe(1);
  });
});

describe('a scheduled job on the system clock', () => {
  it('runs on real timers that do not hold the process open, and stops', async () => {
    const scheduler = createScheduler({ clock: systemClock, lock: memoryLock().lock, log: logSpy() });
    let calls = 0;
    scheduler.every('real', 20, async () => {
      calls++;
    });
    scheduler.start();
    const deadline = Date.now() + 5000;
    while (calls < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(calls).toBeGreaterThanOrEqual(2);
    await scheduler.stop();
    const after = calls;
    await new Promise((r) => setTimeout(r, 60));
    expect(calls).toBe(after);
  });

  it('cancels a real timer before it fires', async () => {
    let fired = false;
    const cancel = systemClock.setTimer(10, () => {
      fired = true;
    });
    cancel();
    await new Promise((r) => setTimeout(r, 30));
    expect(fired).toBe(false);
  });
});
