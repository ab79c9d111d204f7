import { afterEach, describe, expect, it } from 'vitest';
import { createBuildCache } from '../../src/server/platform/workers/cache';
import { createWorkerPool, WorkerQueueFullError } from '../../src/server/platform/workers/pool';
import { createGate, gateWorkerFile } from '../support/gate-worker';

type GateTasks = {
  hold: (gate: SharedArrayBuffer) => string;
  csvLines: (rows: (string | number | null)[][]) => string;
};

const pools: { close(): Promise<void> }[] = [];
const poolOf = (threads: number, maxQueue: number) => {
  const pool = createWorkerPool<GateTasks>({ filename: gateWorkerFile, threads, maxQueue, retryAfterSeconds: 3 });
  pools.push(pool);
  return pool;
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('the worker pool', () => {
  it('starts no thread until its first task, then runs tasks off the main thread', async () => {
    const pool = poolOf(1, 4);
    expect(pool.started).toBe(false);
    expect(pool.threads).toBe(1);
    const csv = await pool.run('csvLines', [['=SUM(A1)', 2, null]]);
    expect(pool.started).toBe(true);
    expect(csv).toBe(`"'=SUM(A1)",2,""\r\n`);
  });

  it('sizes itself to the machine when no thread count is given (at least one)', () => {
    const pool = createWorkerPool<GateTasks>({ filename: gateWorkerFile, maxQueue: 1 });
    expect(pool.threads).toBeGreaterThanOrEqual(1);
    expect(pool.started).toBe(false);
  });

  it('refuses a task past threads + maxQueue with a typed error carrying Retry-After, and takes work again after', async () => {
    const pool = poolOf(1, 2);
    const gate = createGate();
    const held = [pool.run('hold', gate.buffer), pool.run('hold', gate.buffer), pool.run('hold', gate.buffer)];
    expect(pool.pending).toBe(3);
    const refused = await pool.run('hold', gate.buffer).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(WorkerQueueFullError);
    expect((refused as WorkerQueueFullError).retryAfterSeconds).toBe(3);
    expect(pool.pending).toBe(3);
    gate.open();
    expect(await Promise.all(held)).toEqual(['released', 'released', 'released']);
    expect(pool.pending).toBe(0);
    expect(await pool.run('csvLines', [['ok']])).toBe('"ok"\r\n');
  });

  it('with maxQueue 0 runs only as many tasks as it has threads', async () => {
    const pool = poolOf(2, 0);
    const gate = createGate();
    const held = [pool.run('hold', gate.buffer), pool.run('hold', gate.buffer)];
    await expect(pool.run('csvLines', [['x']])).rejects.toBeInstanceOf(WorkerQueueFullError);
    gate.open();
    await Promise.all(held);
  });

  it('closes after its running tasks finish, and refuses tasks afterwards', async () => {
    const pool = poolOf(1, 1);
    const gate = createGate();
    const held = pool.run('hold', gate.buffer);
    expect(pool.pending).toBe(1);
    const closing = pool.close();
    gate.open();
    expect(await held).toBe('released');
    await closing;
    await expect(pool.run('csvLines', [['x']])).rejects.toBeInstanceOf(WorkerQueueFullError);
  });

  it('closes at once when it never started', async () => {
    const pool = poolOf(1, 1);
    await pool.close();
    expect(pool.started).toBe(false);
  });
});

describe('the build cache', () => {
  it('shares one build among concurrent requests for a key, and keeps it', async () => {
    const cache = createBuildCache<string>({ maxEntries: 2 });
    let builds = 0;
    const build = async () => {
      builds++;
      await new Promise((r) => setImmediate(r));
      return `v${builds}`;
    };
    const got = await Promise.all(Array.from({ length: 50 }, () => cache.get('a', build)));
    expect(new Set(got)).toEqual(new Set(['v1']));
    expect(await cache.get('a', build)).toBe('v1');
    expect(builds).toBe(1);
  });

  it('drops the least recently used key past its bound, and never keeps a failed build', async () => {
    const cache = createBuildCache<string>({ maxEntries: 2 });
    const built: string[] = [];
    const build = (key: string) => async () => {
      built.push(key);
      return key;
    };
    await cache.get('a', build('a'));
    await cache.get('b', build('b'));
    await cache.get('a', build('a')); // a is now the most recent
    await cache.get('c', build('c')); // drops b
    expect(cache.size).toBe(2);
    await cache.get('a', build('a'));
    await cache.get('b', build('b'));
    expect(built).toEqual(['a', 'b', 'c', 'b']);
    let tries = 0;
    const failing = async () => {
      tries++;
      throw new Error('no');
    };
    await expect(cache.get('x', failing)).rejects.toThrow('no');
    await expect(cache.get('x', failing)).rejects.toThrow('no');
    expect(tries).toBe(2);
  });
});
