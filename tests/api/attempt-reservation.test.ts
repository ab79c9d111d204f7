import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { rateLimits } from '../../src/server/db/schema';
import { createAttemptReservations } from '../../src/server/platform/attempt-reservation';
import { fixedClock } from '../../src/server/platform/clock';
import { createTestDatabase, openSecondConnection, testDatabaseKind } from '../support/test-db';

/**
 * Reserving an attempt before it is made (platform/attempt-reservation.ts): the rules of a lockout (`recordFailure`) and
 * a backoff (`Backoff`), counted before the check, so that concurrent reservations admit no more than sequential ones.
 */
let database: Database;
let other: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  other = await openSecondConnection(database);
});
afterAll(async () => {
  await other.close();
  await database.close();
});

const lockRule = { max: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };
const backoffRule = { max: 3, windowMs: 15 * 60_000, baseMs: 1000, capMs: 4000 };
const row = async (key: string) => (await database.db.select().from(rateLimits).where(eq(rateLimits.key, key)))[0];
let n = 0;
const fresh = (name: string) => `${name}-${n++}`;

describe(`attempt reservations (${testDatabaseKind})`, () => {
  it('admits as sequential failures would: max at once, then one per wait (1 s doubling to the cap)', async () => {
    const clock = fixedClock('2025-06-11T12:00:00Z');
    const r = createAttemptReservations(database.db, clock);
    const account = fresh('acct');
    const outcomes: string[] = [];
    const attempt = async () => {
      const res = await r.reserve({ key: fresh('client'), rule: lockRule }, { key: account, rule: backoffRule });
      outcomes.push(res.admitted ? 'in' : `${res.refusedBy} ${(res.until.getTime() - clock.now().getTime()) / 1000}s`);
    };
    for (let i = 0; i < 5; i++) await attempt();
    expect(outcomes.splice(0)).toEqual(['in', 'in', 'in', 'backoff 1s', 'backoff 1s']);
    for (const wait of [1000, 2000, 4000, 4000]) {
      clock.advance(wait);
      await attempt();
      await attempt();
    }
    expect(outcomes).toEqual(['in', 'backoff 2s', 'in', 'backoff 4s', 'in', 'backoff 4s', 'in', 'backoff 4s']);
    expect((await row(account))?.count).toBe(7);
    // The window passes: the count starts again.
    clock.advance(15 * 60_000);
    expect(
      (await r.reserve({ key: fresh('client'), rule: lockRule }, { key: account, rule: backoffRule })).admitted,
    ).toBe(true);
    expect((await row(account))?.count).toBe(1);
  });

  it('a locked client is refused without counting the account; the lock ends after lockMs', async () => {
    const clock = fixedClock('2025-06-11T12:00:00Z');
    const r = createAttemptReservations(database.db, clock);
    const account = fresh('acct');
    const client = fresh('client');
    const wide = { ...backoffRule, max: 100 };
    const admitted = [];
    for (let i = 0; i < 7; i++)
      admitted.push((await r.reserve({ key: client, rule: lockRule }, { key: account, rule: wide })).admitted);
    expect(admitted).toEqual([true, true, true, true, true, false, false]);
    expect((await row(account))?.count).toBe(5);
    const refused = await r.reserve({ key: client, rule: lockRule }, { key: account, rule: wide });
    expect(refused).toEqual({ admitted: false, refusedBy: 'lock', until: new Date('2025-06-11T12:15:00Z') });
    clock.advance(15 * 60_000);
    expect((await r.reserve({ key: client, rule: lockRule }, { key: account, rule: wide })).admitted).toBe(true);
    expect((await row(client))?.count).toBe(1);
  });

  it('gives a reservation back: the count, and the wait or lock it set', async () => {
    const clock = fixedClock('2025-06-11T12:00:00Z');
    const r = createAttemptReservations(database.db, clock);
    const account = fresh('acct');
    const client = fresh('client');
    for (let i = 0; i < 2; i++)
      await r.reserve({ key: fresh('client'), rule: lockRule }, { key: account, rule: backoffRule });
    const third = await r.reserve({ key: client, rule: { ...lockRule, max: 1 } }, { key: account, rule: backoffRule });
    if (!third.admitted) throw new Error('the third attempt should be admitted');
    expect((await row(account))?.lockedUntil).toEqual(new Date('2025-06-11T12:00:01Z'));
    expect((await row(client))?.lockedUntil).toEqual(new Date('2025-06-11T12:15:00Z'));
    await r.giveBack(third.reservation);
    expect(await row(account)).toMatchObject({ count: 2, lockedUntil: null });
    expect(await row(client)).toMatchObject({ count: 0, lockedUntil: null });
    expect((await r.reserve({ key: client, rule: lockRule }, { key: account, rule: backoffRule })).admitted).toBe(true);
  });

  it('100 concurrent reservations for one account from 100 clients over two connection pools: exactly 3 admitted', async () => {
    const clock = fixedClock('2025-06-11T12:00:00Z');
    const pools = [createAttemptReservations(database.db, clock), createAttemptReservations(other.db, clock)];
    const account = fresh('acct');
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        pools[i % 2]?.reserve({ key: fresh('client'), rule: lockRule }, { key: account, rule: backoffRule }),
      ),
    );
    expect(results.filter((res) => res?.admitted)).toHaveLength(3);
    expect(results.filter((res) => !res?.admitted && res?.refusedBy === 'backoff')).toHaveLength(97);
    expect((await row(account))?.count).toBe(3);
  });

  it('30 concurrent reservations from one client (its lock binds first): exactly 5 admitted, the account counts 5', async () => {
    const clock = fixedClock('2025-06-11T12:00:00Z');
    const pools = [createAttemptReservations(database.db, clock), createAttemptReservations(other.db, clock)];
    const account = fresh('acct');
    const client = fresh('client');
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        pools[i % 2]?.reserve({ key: client, rule: lockRule }, { key: account, rule: { ...backoffRule, max: 100 } }),
      ),
    );
    expect(results.filter((res) => res?.admitted)).toHaveLength(5);
    expect(results.filter((res) => !res?.admitted && res?.refusedBy === 'lock')).toHaveLength(25);
    // Attempts the client's lock refused after the account had counted them gave the account's count back.
    expect((await row(account))?.count).toBe(5);
    expect((await row(client))?.count).toBe(5);
  });
});
