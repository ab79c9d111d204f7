import { like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { rateLimits } from '../../src/server/db/schema';
import { authErrorCodes } from '../../src/shared/contracts/auth-messages';
import { Client, latestMailTo, linkIn, ORIGIN } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { openSecondConnection, testDatabaseKind } from '../support/test-db';

/**
 * Issue 35, item 1: guessing a password does not get cheaper in parallel. Every sign-in reserves its attempt in
 * PostgreSQL before the password is checked, so N concurrent guesses from any number of addresses, on any
 * number of instances, check no more passwords than N sequential ones would. The checks are counted where
 * Better Auth verifies a password against the account's hash, on both instances (two connection pools on
 * PostgreSQL).
 */
let ctx: TestContext;
let secondDb: Database;
let second: FastifyInstance;
let checks = 0;
const onPasswordCheck = () => {
  checks++;
};

const password = 'Squares-2025!';

beforeAll(async () => {
  ctx = await createTestApp({ onPasswordCheck });
  secondDb = await openSecondConnection(ctx.database);
  second = await buildApp({ database: secondDb, clock: ctx.clock, logger: false, onPasswordCheck });
});
afterAll(async () => {
  await second?.close();
  await secondDb?.close();
  await ctx?.close();
});

let account = 0;
/** A confirmed account, signed up and confirmed through the first instance. */
async function confirmedAccount(confirm = true): Promise<string> {
  const email = `guessed-${account++}@example.com`;
  const c = new Client(ctx.app, `192.0.2.${account}`);
  const res = await c.post('/api/auth/sign-up/email', { name: 'Gus Guessed', phone: '+12025550186', email, password });
  expect(res.statusCode, res.body).toBe(200);
  if (confirm) await c.get(linkIn((await latestMailTo(ctx.database.db, email))?.text ?? ''));
  return email;
}

let address = 0;
/** A fresh address for each request (so no per-address limit is reached): 40 strangers are 40 addresses. */
const nextAddress = () => {
  address++;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

const signIn = (app: FastifyInstance, email: string, pass: string, remoteAddress = nextAddress(), cookie?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    payload: { email, password: pass },
  });

/** How many passwords `run` got checked, and the statuses it was answered with (sorted). */
async function checked(run: () => Promise<{ statusCode: number }[]>) {
  const before = checks;
  const statuses = (await run()).map((r) => r.statusCode).sort();
  return { checked: checks - before, statuses };
}

const tally = (statuses: number[]) =>
  Object.entries(
    statuses.reduce<Record<number, number>>((acc, s) => {
      acc[s] = (acc[s] ?? 0) + 1;
      return acc;
    }, {}),
  )
    .map(([status, n]) => `${n}×${status}`)
    .join(', ');

describe(`concurrent guesses check no more passwords than sequential ones (${testDatabaseKind}, two instances)`, () => {
  it('40 wrong sign-ins from 40 addresses at once: 10 checked, as 40 in a row; a minute later 40 more: 1, as in a row', async () => {
    const sequentialEmail = await confirmedAccount();
    const concurrentEmail = await confirmedAccount();
    const instance = (i: number) => (i % 2 ? second : ctx.app);

    // The baseline: 40 guesses one after another at the same moment, alternating instances.
    const sequential = await checked(async () => {
      const results = [];
      for (let i = 0; i < 40; i++) results.push(await signIn(instance(i), sequentialEmail, `wrong-${i}`));
      return results;
    });
    // The attack: 40 guesses at once, from 40 addresses, over both instances.
    const concurrent = await checked(() =>
      Promise.all(Array.from({ length: 40 }, (_, i) => signIn(instance(i), concurrentEmail, `wrong-${i}`))),
    );
    expect(sequential).toEqual({ checked: 10, statuses: [...Array(10).fill(401), ...Array(30).fill(429)] });
    expect(concurrent).toEqual(sequential);

    // A minute later the account's 1 s wait is long over: one more guess each way, then it waits 2 s.
    ctx.clock.advance(60_000);
    const sequentialLater = await checked(async () => {
      const results = [];
      for (let i = 0; i < 40; i++) results.push(await signIn(instance(i), sequentialEmail, `later-${i}`));
      return results;
    });
    const concurrentLater = await checked(() =>
      Promise.all(Array.from({ length: 40 }, (_, i) => signIn(instance(i), concurrentEmail, `later-${i}`))),
    );
    expect(sequentialLater).toEqual({ checked: 1, statuses: [401, ...Array(39).fill(429)] });
    expect(concurrentLater).toEqual(sequentialLater);
    console.info(
      `sign-in guessing (${testDatabaseKind}, two instances): 40 concurrent wrong sign-ins from 40 addresses: ` +
        `${concurrent.checked} passwords checked (${tally(concurrent.statuses)}); 40 sequential: ${sequential.checked}; ` +
        `60 s later, 40 concurrent: ${concurrentLater.checked} checked, 40 sequential: ${sequentialLater.checked}`,
    );

    // The refusals named the account-wide wait, with Retry-After, and nothing was counted for them.
    const waiting = await signIn(ctx.app, concurrentEmail, 'one-more');
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBe(2);
    expect(waiting.json().error.message).toMatch(/try again in 2 seconds, or reset your password/);
    const [row] = await ctx.database.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `signin:${concurrentEmail}:*account`));
    expect(row?.count).toBe(11);
  });

  it('one browser with the account’s device cookie (no account wait): 16 guesses at once check 10, as in a row', async () => {
    const email = await confirmedAccount();
    const home = await signIn(ctx.app, email, password);
    expect(home.statusCode, home.body).toBe(200);
    const device =
      ([] as string[])
        .concat(home.headers['set-cookie'] ?? [])
        .find((c) => c.startsWith('fangrid_device='))
        ?.split(';')[0] ?? '';
    expect(device).toMatch(/^fangrid_device=/);
    const before = checks;
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        signIn(i % 2 ? second : ctx.app, email, `wrong-${i}`, `10.200.0.${i + 1}`, device),
      ),
    );
    expect(checks - before).toBe(10);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(6).fill(429)]);
    const locked = results.find((r) => r.statusCode === 429);
    expect(locked?.json().error.code).toBe(authErrorCodes.accountLocked);
    expect(locked?.json().error.message).toMatch(/locked for 15 minutes on this network/);
    // That device is locked for 15 minutes, even with the right password; the account itself is not waiting.
    expect((await signIn(second, email, password, nextAddress(), device)).statusCode).toBe(429);
    expect((await signIn(second, email, password)).statusCode).toBe(200);
  });

  it('a right password on an unconfirmed account gives its reservation back: never counted, never locked', async () => {
    const email = await confirmedAccount(false);
    const from = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await signIn(i % 2 ? second : ctx.app, email, password, from)).statusCode);
    expect(statuses).toEqual(Array(12).fill(403));
    const rows = await ctx.database.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `signin:${email}:%`));
    expect(rows.map((r) => r.count)).toEqual([0, 0]);
    expect(rows.every((r) => r.lockedUntil === null)).toBe(true);
  });
});
