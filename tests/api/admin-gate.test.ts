import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts } from '../../src/server/db/schema';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';

// Development defaults (README): passcode 'fangrid1', phrase 'game day'.
const PASSCODE = 'fangrid1';
const PHRASE = 'game day';

let ctx: TestContext;
let n = 1;
const client = () => new Client(ctx.app, `10.1.0.${n++}`);

async function passGate(c: Client) {
  expect((await c.post('/api/admin-gate/passcode', { passcode: PASSCODE })).statusCode).toBe(200);
  const res = await c.post('/api/admin-gate/phrase', { phrase: PHRASE });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('admin guard', () => {
  it('refuses every /api/admin route, known or not, without an admin session', async () => {
    const c = client();
    for (const url of ['/api/admin/session', '/api/admin/entries', '/api/admin', '/api/admin/login-attempts?x=1']) {
      const get = await c.get(url);
      expect(get.statusCode, url).toBe(401);
      expect(get.json().error.code).toBe('ADMIN_REQUIRED');
      expect((await c.post(url, {})).statusCode, url).toBe(401);
    }
  });

  it('guards admin routes registered later in other plugins too', async () => {
    const { buildApp } = await import('../../src/server/app');
    const app = await buildApp({ database: ctx.database, clock: ctx.clock, logger: false });
    await app.register(async (child) => {
      child.get('/api/admin/late-route', async () => ({ secret: true }));
    });
    const res = await app.inject({ method: 'GET', url: '/api/admin/late-route' });
    expect(res.statusCode).toBe(401);
    await app.close();
  });
});

describe('admin gate', () => {
  it('needs both steps: passcode, then the phrase in any case, then admin routes open', async () => {
    const c = client();
    expect((await c.get('/api/admin-gate')).json()).toEqual({ stage: 'none', lockedUntil: null });
    const step1 = await c.post('/api/admin-gate/passcode', { passcode: PASSCODE });
    expect(step1.statusCode).toBe(200);
    const cookie = String(step1.headers['set-cookie']);
    expect(cookie).toMatch(/fangrid_admin=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect((await c.get('/api/admin-gate')).json().stage).toBe('passcode');
    expect((await c.get('/api/admin/session')).statusCode).toBe(401);

    const step2 = await c.post('/api/admin-gate/phrase', { phrase: '  GAME Day ' });
    expect(step2.statusCode).toBe(200);
    expect((await c.get('/api/admin-gate')).json().stage).toBe('admin');
    expect((await c.get('/api/admin/session')).json()).toEqual({ admin: true });
  });

  it("answers 'Invalid password' for a wrong passcode or phrase and records each try", async () => {
    const c = client();
    const wrong = await c.post('/api/admin-gate/passcode', { passcode: 'abcdefgh' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toEqual({ code: 'ADMIN_INVALID_PASSWORD', message: 'Invalid password' });
    await c.post('/api/admin-gate/passcode', { passcode: PASSCODE });
    const badPhrase = await c.post('/api/admin-gate/phrase', { phrase: 'wrong words' });
    expect(badPhrase.statusCode).toBe(401);
    expect(badPhrase.json().error.message).toBe('Invalid password');
    const rows = await ctx.database.db
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.ip, c.ip))
      .orderBy(loginAttempts.timestamp);
    expect(rows.map((r) => r.status)).toEqual(['admin_gate_failed', 'admin_gate_step1', 'admin_gate_failed']);
  });

  it('validates the passcode length and the body type', async () => {
    const c = client();
    for (const passcode of ['short', 'ninechars', '', 12345678]) {
      const res = await c.post('/api/admin-gate/passcode', { passcode });
      expect(res.statusCode, String(passcode)).toBe(400);
    }
  });

  it('refuses the phrase without a passed first step, or after 5 minutes', async () => {
    const c = client();
    const skip = await c.post('/api/admin-gate/phrase', { phrase: PHRASE });
    expect(skip.statusCode).toBe(401);
    expect(skip.json().error.code).toBe('ADMIN_STEP_EXPIRED');
    await c.post('/api/admin-gate/passcode', { passcode: PASSCODE });
    ctx.clock.advance(5 * 60_000 + 1);
    expect((await c.post('/api/admin-gate/phrase', { phrase: PHRASE })).json().error.code).toBe('ADMIN_STEP_EXPIRED');
  });

  it('ends an admin session after 30 idle minutes', async () => {
    const c = client();
    await passGate(c);
    ctx.clock.advance(29 * 60_000);
    expect((await c.get('/api/admin/session')).statusCode).toBe(200);
    ctx.clock.advance(30 * 60_000 + 1);
    expect((await c.get('/api/admin/session')).statusCode).toBe(401);
  });

  it('ends an admin session after 8 hours even when active', async () => {
    const c = client();
    await passGate(c);
    for (let elapsed = 0; elapsed < 8 * 60; elapsed += 20) {
      expect((await c.get('/api/admin/session')).statusCode, `${elapsed} min`).toBe(200);
      ctx.clock.advance(20 * 60_000);
    }
    ctx.clock.advance(1); // now just past 8 hours since the gate was passed
    expect((await c.get('/api/admin/session')).statusCode).toBe(401);
  });

  it('locks the gate for 15 minutes after 5 failures from one IP, for that IP only', async () => {
    const c = client();
    for (let i = 0; i < 4; i++) {
      expect((await c.post('/api/admin-gate/passcode', { passcode: `wrong00${i}` })).statusCode).toBe(401);
    }
    const fifth = await c.post('/api/admin-gate/passcode', { passcode: 'wrong005' });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().error.code).toBe('ADMIN_GATE_LOCKED');
    const locked = await c.post('/api/admin-gate/passcode', { passcode: PASSCODE });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toMatch(/locked for 15 minutes/);
    expect((await c.get('/api/admin-gate')).json().lockedUntil).toBeTruthy();
    await passGate(client());
    ctx.clock.advance(15 * 60_000 + 1);
    await passGate(c);
    const lockRows = await ctx.database.db.select().from(loginAttempts).where(like(loginAttempts.status, 'locked'));
    expect(lockRows.some((r) => r.ip === c.ip)).toBe(true);
  });

  it('signs out of admin on the server', async () => {
    const c = client();
    await passGate(c);
    const token = c.cookieHeader;
    await c.post('/api/admin-gate/sign-out');
    const replay = await ctx.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie: token } });
    expect(replay.statusCode).toBe(401);
  });
});
