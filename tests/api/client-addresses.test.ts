import { eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { rateLimits } from '../../src/server/db/schema';
import { ORIGIN } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { testDatabaseKind } from '../support/test-db';

/**
 * Client addresses come only from proxies FanGrid trusts: X-Forwarded-For from any other peer is ignored, so a
 * rotating forged header defeats none of the per-address limits. Two instances share one database, as in
 * production behind a load balancer.
 */
let ctx: TestContext;
let second: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestApp();
  second = await buildApp({ database: ctx.database, clock: ctx.clock, logger: false });
});
afterAll(async () => {
  await second.close();
  await ctx.close();
});

let forged = 0;
const forgedAddress = () => `203.0.113.${(forged++ % 250) + 1}`;

const post = (app: FastifyInstance, url: string, payload: object, remoteAddress: string, xff?: string) =>
  app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress,
    headers: { origin: ORIGIN, ...(xff ? { 'x-forwarded-for': xff } : {}) },
  });

describe(`TRUST_PROXY unset: X-Forwarded-For changes nothing (${testDatabaseKind}, two instances)`, () => {
  it('the sign-in limit counts the peer, not the forged header, across both instances', async () => {
    const peer = '198.51.100.7';
    const statuses: number[] = [];
    for (let i = 0; i < 24; i++) {
      const app = i % 2 === 0 ? ctx.app : second;
      const xff = `${forgedAddress()}, ${forgedAddress()}`;
      const res = await post(
        app,
        '/api/auth/sign-in/email',
        { email: `x${i}@example.com`, password: 'wrong-pass' },
        peer,
        xff,
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429]);
    const keys = await ctx.database.db.select().from(rateLimits).where(like(rateLimits.key, 'auth-ip:%'));
    expect(keys.map((k) => k.key)).toContain(`auth-ip:${peer}`);
    expect(keys.some((k) => k.key.includes('203.0.113.'))).toBe(false);
  });

  it('the admin gate locks the peer after 5 wrong passcodes, whatever it forges', async () => {
    const peer = '198.51.100.8';
    for (let i = 0; i < 5; i++) {
      const res = await post(
        i % 2 ? second : ctx.app,
        '/api/admin-gate/passcode',
        { passcode: 'wrong123' },
        peer,
        forgedAddress(),
      );
      expect(res.statusCode).toBe(i < 4 ? 401 : 429);
    }
    // Even the right passcode, with yet another forged address, on either instance, is refused while locked.
    for (const app of [ctx.app, second]) {
      const res = await post(app, '/api/admin-gate/passcode', { passcode: 'fangrid1' }, peer, forgedAddress());
      expect(res.statusCode).toBe(429);
      expect(res.json().error.code).toBe('ADMIN_GATE_LOCKED');
    }
    // Another real address is not locked.
    expect((await post(ctx.app, '/api/admin-gate/passcode', { passcode: 'fangrid1' }, '198.51.100.9')).statusCode).toBe(
      200,
    );
  });

  it('an IPv6 client rotating addresses inside its /64 is one client (admin gate, sign-in limit)', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await post(ctx.app, '/api/admin-gate/passcode', { passcode: 'wrong123' }, `2001:db8:77:1::${i + 1}`);
      expect(res.statusCode).toBe(i < 4 ? 401 : 429);
    }
    const other = await post(second, '/api/admin-gate/passcode', { passcode: 'fangrid1' }, '2001:db8:77:1:ffff::9');
    expect(other.statusCode).toBe(429);
    expect(
      (await post(ctx.app, '/api/admin-gate/passcode', { passcode: 'fangrid1' }, '2001:db8:77:2::1')).statusCode,
    ).toBe(200);
    const keys = await ctx.database.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, 'admin-gate:2001:db8:77:%'));
    expect(keys.map((k) => k.key).sort()).toEqual(['admin-gate:2001:db8:77:1::/64']);
  });

  it('the upload limit counts the peer, not the header', async () => {
    const app = await buildApp({
      database: ctx.database,
      clock: ctx.clock,
      logger: false,
      settings: { partnersRateLimitPerHour: 3 },
    });
    const peer = '198.51.100.10';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/partners/inquiries',
        remoteAddress: peer,
        headers: { origin: ORIGIN, 'x-forwarded-for': forgedAddress(), 'x-real-ip': forgedAddress() },
        payload: {
          name: 'Riley Coach',
          email: 'riley@example.com',
          organization: 'Eagles',
          message: 'Hello there, partners!',
        },
      });
      statuses.push(res.statusCode);
    }
    await app.close();
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
  });
});

describe('TRUST_PROXY set: only the named proxies may name the client', () => {
  const whoAmI = async (app: FastifyInstance, remoteAddress: string, xff: string) => {
    // The admin gate's status names no IP, so read the per-address counter the sign-in limit writes.
    const email = `who-${forged++}@example.com`;
    await post(app, '/api/auth/sign-in/email', { email, password: 'wrong-pass' }, remoteAddress, xff);
    const rows = await ctx.database.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `signin:${email}:ip:%`));
    return rows[0]?.key.split(':ip:')[1];
  };

  it('a list of addresses/CIDRs: the listed proxy is believed, a forged header from any other peer is not', async () => {
    const app = await buildApp({
      database: ctx.database,
      clock: ctx.clock,
      logger: false,
      settings: { trustProxy: ['10.0.0.0/8', '::1'] },
    });
    expect(await whoAmI(app, '10.1.2.3', '192.0.2.44')).toBe('192.0.2.44');
    // A client behind the proxy prepends a forged hop: the proxy appends the real one, which is believed.
    expect(await whoAmI(app, '10.1.2.3', '1.1.1.1, 192.0.2.45')).toBe('192.0.2.45');
    expect(await whoAmI(app, '198.51.100.20', '192.0.2.46')).toBe('198.51.100.20');
    await app.close();
  });

  it('a hop count trusts exactly that many proxies in front', async () => {
    const app = await buildApp({
      database: ctx.database,
      clock: ctx.clock,
      logger: false,
      settings: { trustProxy: 1 },
    });
    expect(await whoAmI(app, '10.9.9.9', '6.6.6.6, 192.0.2.50')).toBe('192.0.2.50');
    await app.close();
  });
});

describe(`a stranger cannot lock the owner out (${testDatabaseKind})`, () => {
  const email = 'owner@example.com';
  const password = 'Squares-2025!';
  let ownerDevice = '';

  beforeAll(async () => {
    const home = '192.0.2.200';
    const res = await post(
      ctx.app,
      '/api/auth/sign-up/email',
      { name: 'Olive Owner', phone: '+12025550191', email, password, callbackURL: '/login' },
      home,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { devOutbox } = await import('../../src/server/db/schema');
    const [mail] = await ctx.database.db.select().from(devOutbox).where(eq(devOutbox.to, email));
    const link = new URL(mail?.text.match(/https?:\/\/\S+/)?.[0] ?? '');
    expect((await ctx.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })).statusCode).toBe(302);
    // The owner signs in once at home: that browser gets the account's device cookie.
    const signIn = await post(ctx.app, '/api/auth/sign-in/email', { email, password }, home);
    expect(signIn.statusCode).toBe(200);
    const cookies = ([] as string[]).concat(signIn.headers['set-cookie'] ?? []);
    const device = cookies.find((c) => c.startsWith('fangrid_device='));
    expect(device).toMatch(/HttpOnly/);
    expect(device).toMatch(/Path=\/api\/auth/);
    ownerDevice = (device ?? '').split(';')[0] ?? '';
    expect(cookies.some((c) => c.includes('session_token'))).toBe(true);
  });

  it('eleven wrong passwords from one address lock that address only; the owner signs in from another', async () => {
    const attacker = '198.51.100.66';
    for (let i = 0; i < 11; i++) {
      const res = await post(
        i % 2 ? second : ctx.app,
        '/api/auth/sign-in/email',
        { email, password: `guess-${i}` },
        attacker,
      );
      expect(res.statusCode, `try ${i}`).toBe(i < 10 ? 401 : 429);
      ctx.clock.advance(1000);
    }
    const locked = await post(ctx.app, '/api/auth/sign-in/email', { email, password }, attacker);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toMatch(/locked for 15 minutes on this network/);
    // The owner's phone on another network, no device cookie: waits out the account's short backoff at most.
    ctx.clock.advance(61_000);
    const owner = await post(second, '/api/auth/sign-in/email', { email, password }, '192.0.2.201');
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it("guesses from many addresses slow the account down (backoff) but never lock out the owner's device", async () => {
    const tries: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await post(
        i % 2 ? second : ctx.app,
        '/api/auth/sign-in/email',
        { email, password: `g${i}` },
        forgedAddress(),
      );
      tries.push(res.statusCode);
      ctx.clock.advance(500);
    }
    // Ten guesses are answered, then the account waits 1 s, 2 s, 4 s… so most of the rest are refused unanswered.
    const answered = tries.filter((s) => s === 401).length;
    expect(answered).toBeGreaterThanOrEqual(10);
    expect(answered).toBeLessThan(20);
    const waiting = await post(ctx.app, '/api/auth/sign-in/email', { email, password }, forgedAddress());
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(waiting.json().error.message).toMatch(/try again in \d+ seconds?, or reset your password/);
    // The owner's own browser (device cookie) is let in at once, from any address, on either instance.
    const home = await second.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: forgedAddress(),
      headers: { origin: ORIGIN, cookie: ownerDevice },
      payload: { email, password },
    });
    expect(home.statusCode, home.body).toBe(200);
    // A device cookie made for another account, or forged, counts for nothing.
    const bogus = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: forgedAddress(),
      headers: { origin: ORIGIN, cookie: `fangrid_device=${'A'.repeat(22)}.forged` },
      payload: { email: 'someone@example.com', password: 'wrong-pass' },
    });
    expect(bogus.statusCode).toBe(401);
  });

  it('the emailed reset link always gets the owner back in, and clears every counter of the account', async () => {
    const attacker = '198.51.100.77';
    for (let i = 0; i < 10; i++) await post(ctx.app, '/api/auth/sign-in/email', { email, password: `x${i}` }, attacker);
    const reset = await post(
      ctx.app,
      '/api/auth/request-password-reset',
      { email, redirectTo: '/login' },
      '192.0.2.202',
    );
    expect(reset.statusCode).toBe(200);
    const { devOutbox } = await import('../../src/server/db/schema');
    const mails = await ctx.database.db.select().from(devOutbox).where(eq(devOutbox.to, email));
    const resetMail = mails.find((m) => m.subject.includes('Reset'));
    const link = new URL(resetMail?.text.match(/https?:\/\/\S+/)?.[0] ?? '');
    const redirect = await ctx.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    const token = new URL(String(redirect.headers.location), ORIGIN).searchParams.get('token');
    expect(token).toBeTruthy();
    const done = await post(
      ctx.app,
      '/api/auth/reset-password',
      { token, newPassword: 'New-Squares-2026!' },
      '192.0.2.202',
    );
    expect(done.statusCode, done.body).toBe(200);
    const left = await ctx.database.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `signin:${email}:%`));
    expect(left).toEqual([]);
    const back = await post(
      ctx.app,
      '/api/auth/sign-in/email',
      { email, password: 'New-Squares-2026!' },
      '192.0.2.203',
    );
    expect(back.statusCode).toBe(200);
  });
});
