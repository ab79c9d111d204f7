import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { fixedClock } from '../../src/server/platform/clock';
import { createRateLimiter } from '../../src/server/platform/rate-limit';
import { createTestDatabase } from '../support/test-db';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('rate limiter (PostgreSQL-backed)', () => {
  it('allows max hits per window, then refuses until the window passes', async () => {
    const clock = fixedClock('2025-06-11T12:00:00Z');
    const limiter = createRateLimiter(database.db, clock);
    const rule = { max: 3, windowMs: 60_000 };
    const results = [];
    for (let i = 0; i < 4; i++) results.push((await limiter.hit('ip:1', rule)).allowed);
    expect(results).toEqual([true, true, true, false]);
    expect((await limiter.hit('ip:2', rule)).allowed).toBe(true);
    clock.advance(60_001);
    expect((await limiter.hit('ip:1', rule)).allowed).toBe(true);
  });

  it('locks a key when failures reach max within the window, until the lock ends', async () => {
    const clock = fixedClock('2025-06-11T12:00:00Z');
    const limiter = createRateLimiter(database.db, clock);
    const rule = { max: 3, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };
    expect(await limiter.recordFailure('acct:a', rule)).toBeUndefined();
    clock.advance(60_000);
    expect(await limiter.recordFailure('acct:a', rule)).toBeUndefined();
    clock.advance(60_000);
    const until = await limiter.recordFailure('acct:a', rule);
    expect(until?.toISOString()).toBe('2025-06-11T12:17:00.000Z');
    expect((await limiter.lockedUntil('acct:a'))?.toISOString()).toBe('2025-06-11T12:17:00.000Z');
    // Failures while locked do not extend the lock.
    clock.advance(60_000);
    await limiter.recordFailure('acct:a', rule);
    expect((await limiter.lockedUntil('acct:a'))?.toISOString()).toBe('2025-06-11T12:17:00.000Z');
    clock.set('2025-06-11T12:17:00.001Z');
    expect(await limiter.lockedUntil('acct:a')).toBeUndefined();
    // After the lock the count starts again.
    expect(await limiter.recordFailure('acct:a', rule)).toBeUndefined();
    await limiter.clear('acct:a');
    expect(await limiter.lockedUntil('acct:a')).toBeUndefined();
  });

  it('restarts the count when failures are spread beyond the window', async () => {
    const clock = fixedClock('2025-06-11T12:00:00Z');
    const limiter = createRateLimiter(database.db, clock);
    const rule = { max: 2, windowMs: 60_000, lockMs: 60_000 };
    await limiter.recordFailure('acct:b', rule);
    clock.advance(61_000);
    expect(await limiter.recordFailure('acct:b', rule)).toBeUndefined();
  });

  it('counts concurrent hits exactly once each', async () => {
    const clock = fixedClock('2025-06-11T12:00:00Z');
    const limiter = createRateLimiter(database.db, clock);
    const rule = { max: 10, windowMs: 60_000 };
    const results = await Promise.all(Array.from({ length: 15 }, () => limiter.hit('ip:burst', rule)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it('gives back a hit of the current window, never below zero, and never into a later window', async () => {
    const clock = fixedClock('2025-06-11T12:00:00Z');
    const limiter = createRateLimiter(database.db, clock);
    const rule = { max: 2, windowMs: 60_000 };
    const first = await limiter.hit('ip:refund', rule);
    await limiter.hit('ip:refund', rule);
    await limiter.refund('ip:refund', first.windowStart);
    expect((await limiter.hit('ip:refund', rule)).allowed).toBe(true);
    expect((await limiter.hit('ip:refund', rule)).allowed).toBe(false);
    // A refund for a window that has passed leaves the new window's count alone.
    clock.advance(60_001);
    const next = await limiter.hit('ip:refund', rule);
    await limiter.refund('ip:refund', first.windowStart);
    await limiter.hit('ip:refund', rule);
    expect((await limiter.hit('ip:refund', rule)).allowed).toBe(false);
    expect(next.windowStart.toISOString()).toBe('2025-06-11T12:01:00.001Z');
    for (let i = 0; i < 5; i++) await limiter.refund('ip:refund', next.windowStart);
    expect((await limiter.hit('ip:refund', rule)).allowed).toBe(true);
  });
});
