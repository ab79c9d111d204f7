import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { account, devOutbox, loginAttempts, session, user } from '../../src/server/db/schema';
import { isCommonPassword } from '../../src/server/features/accounts/passwords';
import { authMessages } from '../../src/shared/contracts/auth-messages';
import { Client, latestMailTo, linkIn } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';

let ctx: TestContext;
let ipCounter = 10;
/** Each test gets its own client IP so per-IP limits never leak between tests. */
const client = () => new Client(ctx.app, `10.0.0.${ipCounter++}`);

const fan = (email: string) => ({ name: 'Jordan Fan', phone: '+12025550191', email, password: 'Squares-2025!' });

async function signUpAndConfirm(email: string) {
  const c = client();
  const res = await c.post('/api/auth/sign-up/email', { ...fan(email), callbackURL: '/login?confirmed=1' });
  expect(res.statusCode, res.body).toBe(200);
  const mail = await latestMailTo(ctx.database.db, email);
  if (!mail) throw new Error('no confirmation mail');
  const confirm = await c.get(linkIn(mail.text));
  expect(confirm.statusCode).toBe(302);
  return c;
}

const attempts = (email: string) =>
  ctx.database.db.select().from(loginAttempts).where(eq(loginAttempts.email, email)).orderBy(loginAttempts.timestamp);

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
afterEach(() => vi.useRealTimers());

describe('sign-up and email confirmation', () => {
  it('creates the account, sends a confirmation email and records signup_pending', async () => {
    const c = client();
    const res = await c.post('/api/auth/sign-up/email', {
      ...fan('Ada@Example.com'),
      callbackURL: '/login?confirmed=1',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined(); // no session before confirmation
    const mail = await latestMailTo(ctx.database.db, 'ada@example.com');
    expect(mail?.subject).toBe('Confirm your FanGrid account');
    expect(mail?.text).toMatch(/http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/);
    const [u] = await ctx.database.db.select().from(user).where(eq(user.email, 'ada@example.com'));
    expect(u).toMatchObject({ name: 'Jordan Fan', phone: '+12025550191', emailVerified: false });
    const rows = await attempts('ada@example.com');
    expect(rows.map((r) => r.status)).toEqual(['signup_pending']);
    expect(rows[0]).toMatchObject({ phone: '+12025550191', name: 'Jordan Fan', userId: u?.id, ip: c.ip });
  });

  it('refuses bad input with field messages and changes nothing', async () => {
    const c = client();
    const bad = [
      [{ ...fan('x@example.com'), email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
      [{ ...fan('x@example.com'), email: '' }, 'email', 'Email is required'],
      [{ ...fan('x@example.com'), name: 'J' }, 'name', 'Name must be at least 2 characters'],
      [{ ...fan('x@example.com'), name: '' }, 'name', 'Name is required'],
      [{ ...fan('x@example.com'), phone: '0123' }, 'phone', 'Enter a valid US phone number'],
      [{ ...fan('x@example.com'), phone: '+1234567890123456789' }, 'phone', 'Enter a valid US phone number'],
      [{ ...fan('x@example.com'), password: '12345' }, 'password', 'Password must be at least 6 characters'],
      [
        { ...fan('x@example.com'), password: 'x'.repeat(10_240) },
        'password',
        'Password must be at most 128 characters',
      ],
      [{ ...fan('x@example.com'), name: 42 }, 'name', undefined],
    ] as const;
    for (const [body, field, message] of bad) {
      const res = await c.post('/api/auth/sign-up/email', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      const err = res.json().error;
      expect(err.code).toBe('VALIDATION_FAILED');
      if (message) expect(err.fields[field]).toBe(message);
      else expect(err.fields[field]).toBeTruthy();
    }
    const [n] = await ctx.database.db.select({ n: count() }).from(user).where(eq(user.email, 'x@example.com'));
    expect(n?.n).toBe(0);
    expect(await latestMailTo(ctx.database.db, 'x@example.com')).toBeUndefined();
  });

  it('refuses a password from the common-password list with a clear message', async () => {
    expect(isCommonPassword('password1')).toBe(true);
    expect(isCommonPassword('Squares-2025!')).toBe(false);
    const res = await client().post('/api/auth/sign-up/email', { ...fan('common@example.com'), password: 'PassWord1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'PASSWORD_TOO_COMMON' });
    expect(res.json().error.message).toMatch(/most common passwords/);
    expect((await attempts('common@example.com')).map((r) => r.status)).toEqual(['attempted']);
  });

  it("says an email is already registered, in the spec's words", async () => {
    await client().post('/api/auth/sign-up/email', fan('twice@example.com'));
    const res = await client().post('/api/auth/sign-up/email', { ...fan('TWICE@example.com'), name: 'Other' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'USER_ALREADY_EXISTS', message: authMessages.alreadyRegistered.message });
  });

  it('refuses sign-in before confirmation with Email Not Confirmed', async () => {
    const c = client();
    await c.post('/api/auth/sign-up/email', fan('early@example.com'));
    const res = await c.post('/api/auth/sign-in/email', { email: 'early@example.com', password: 'Squares-2025!' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: 'EMAIL_NOT_VERIFIED', message: authMessages.emailNotConfirmed.message });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('confirms through the emailed link, signs the fan in and records signup_confirmed', async () => {
    const c = await signUpAndConfirm('confirm@example.com');
    const me = await c.get('/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      user: {
        id: expect.any(String),
        name: 'Jordan Fan',
        email: 'confirm@example.com',
        phone: '+12025550191',
        emailVerified: true,
      },
    });
    expect(me.body).not.toMatch(/password|argon2|token/i);
    expect((await attempts('confirm@example.com')).map((r) => r.status)).toEqual([
      'signup_pending',
      'signup_confirmed',
    ]);
  });

  it('sends a bad or expired confirmation link back to the callback with an error', async () => {
    const c = client();
    const bad = await c.get('/api/auth/verify-email?token=not-a-token&callbackURL=%2Flogin');
    expect(bad.statusCode).toBe(302);
    expect(bad.headers.location).toMatch(/^\/login\?error=/);

    await c.post('/api/auth/sign-up/email', { ...fan('late@example.com'), callbackURL: '/login' });
    const mail = await latestMailTo(ctx.database.db, 'late@example.com');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 25 * 60 * 60 * 1000 });
    const expired = await c.get(linkIn(mail?.text ?? ''));
    expect(expired.statusCode).toBe(302);
    expect(expired.headers.location).toMatch(/error=/);
    const [u] = await ctx.database.db.select().from(user).where(eq(user.email, 'late@example.com'));
    expect(u?.emailVerified).toBe(false);
  });
});

describe('sign-in, sessions and sign-out', () => {
  it('signs in with an HttpOnly, SameSite=Lax session cookie and records success', async () => {
    await signUpAndConfirm('sam@example.com');
    const c = client();
    const res = await c.post('/api/auth/sign-in/email', { email: 'SAM@example.com', password: 'Squares-2025!' });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/fangrid\.session_token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/);
    expect((await c.get('/api/me')).json().user.email).toBe('sam@example.com');
    expect((await attempts('sam@example.com')).at(-1)?.status).toBe('success');
  });

  it("answers 'Login Failed' alike for a wrong password and an unknown email, both after a hash", async () => {
    await signUpAndConfirm('lee@example.com');
    const c = client();
    const t0 = performance.now();
    const wrong = await c.post('/api/auth/sign-in/email', { email: 'lee@example.com', password: 'not-the-password' });
    const t1 = performance.now();
    const unknown = await c.post('/api/auth/sign-in/email', {
      email: 'nobody@example.com',
      password: 'not-the-password',
    });
    const t2 = performance.now();
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({
        code: 'INVALID_EMAIL_OR_PASSWORD',
        message: authMessages.loginFailed.message,
      });
    }
    // Both paths spend an argon2id hash (tens of ms); an unknown email is not answered instantly.
    expect(t2 - t1).toBeGreaterThan((t1 - t0) / 4);
    expect((await attempts('nobody@example.com')).map((r) => r.status)).toEqual(['attempted']);
  });

  it('signs out on the server: the old cookie no longer works', async () => {
    const c = await signUpAndConfirm('out@example.com');
    const stolen = c.cookieHeader;
    expect((await c.post('/api/auth/sign-out')).statusCode).toBe(200);
    expect((await c.get('/api/me')).json()).toEqual({ user: null });
    const replay = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: stolen } });
    expect(replay.json()).toEqual({ user: null });
  });

  it('refuses state-changing requests from a foreign or missing Origin', async () => {
    const c = client();
    const body = { email: 'sam@example.com', password: 'Squares-2025!' };
    for (const origin of ['https://evil.example', 'null']) {
      const res = await c.post('/api/auth/sign-in/email', body, { origin });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('ORIGIN_REJECTED');
    }
    const noOrigin = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: body });
    expect(noOrigin.statusCode).toBe(403);
    const viaReferer = await c.post('/api/auth/sign-in/email', body, {
      origin: '',
      referer: 'http://localhost:3000/login',
    });
    expect(viaReferer.statusCode).toBe(200);
  });
});

describe('stored secrets and production cookies', () => {
  it('stores passwords as argon2id with m=19 MiB, t=2, p=1', async () => {
    await signUpAndConfirm('hash@example.com');
    const [u] = await ctx.database.db.select().from(user).where(eq(user.email, 'hash@example.com'));
    const [acc] = await ctx.database.db
      .select()
      .from(account)
      .where(eq(account.userId, u?.id ?? ''));
    expect(acc?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('marks the session cookie Secure in production', async () => {
    const { buildApp } = await import('../../src/server/app');
    const app = await buildApp({
      database: ctx.database,
      clock: ctx.clock,
      logger: false,
      settings: {
        production: true,
        publicUrl: 'https://fangrid.example',
        trustedOrigins: ['https://fangrid.example'],
        // A staging server: production's cookies, the local test checkout.
        paymentsTestMode: true,
      },
    });
    await signUpAndConfirm('secure@example.com');
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: '10.9.9.9',
      headers: { origin: 'https://fangrid.example' },
      payload: { email: 'secure@example.com', password: 'Squares-2025!' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/__Secure-fangrid\.session_token=/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    await app.close();
  });
});

describe('brute force', () => {
  it('locks the failing address out of the account for 15 minutes after 10 failed sign-ins, then lets it in again', async () => {
    await signUpAndConfirm('target@example.com');
    const attacker = client();
    for (let i = 0; i < 10; i++) {
      const res = await attacker.post('/api/auth/sign-in/email', {
        email: 'target@example.com',
        password: `guess-${i}`,
      });
      expect(res.statusCode).toBe(401);
      ctx.clock.advance(60_000);
    }
    // Even the right password from that network is refused while locked, with a message that says so.
    const locked = await attacker.post('/api/auth/sign-in/email', {
      email: 'target@example.com',
      password: 'Squares-2025!',
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('ACCOUNT_LOCKED');
    expect(locked.json().error.message).toMatch(/locked for 15 minutes/);
    // The owner on another network is not locked out.
    const owner = client();
    const elsewhere = await owner.post('/api/auth/sign-in/email', {
      email: 'target@example.com',
      password: 'Squares-2025!',
    });
    expect(elsewhere.statusCode).toBe(200);
    // The lock started with the 10th failure (9 minutes in) and lasts 15 minutes.
    ctx.clock.advance(13 * 60_000);
    expect(
      (await attacker.post('/api/auth/sign-in/email', { email: 'target@example.com', password: 'Squares-2025!' }))
        .statusCode,
    ).toBe(429);
    ctx.clock.advance(2 * 60_000);
    const ok = await attacker.post('/api/auth/sign-in/email', {
      email: 'target@example.com',
      password: 'Squares-2025!',
    });
    expect(ok.statusCode).toBe(200);
  });

  it('does not lock on 9 failures spread so the window passes', async () => {
    await signUpAndConfirm('spread@example.com');
    const c = client();
    for (let i = 0; i < 9; i++)
      await c.post('/api/auth/sign-in/email', { email: 'spread@example.com', password: 'nope-nope' });
    ctx.clock.advance(16 * 60_000);
    for (let i = 0; i < 9; i++)
      await c.post('/api/auth/sign-in/email', { email: 'spread@example.com', password: 'nope-nope' });
    const ok = await c.post('/api/auth/sign-in/email', { email: 'spread@example.com', password: 'Squares-2025!' });
    expect(ok.statusCode).toBe(200);
  });

  it('limits each IP to 20 account requests a minute', async () => {
    const c = client();
    for (let i = 0; i < 20; i++) {
      const res = await c.post('/api/auth/request-password-reset', {
        email: `n${i}@example.com`,
        redirectTo: '/login',
      });
      expect(res.statusCode).toBe(200);
    }
    const limited = await c.post('/api/auth/sign-in/email', { email: 'a@example.com', password: 'whatever' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (await client().post('/api/auth/sign-in/email', { email: 'a@example.com', password: 'whatever' })).statusCode,
    ).toBe(401);
    ctx.clock.advance(61_000);
    expect((await c.post('/api/auth/sign-in/email', { email: 'a@example.com', password: 'whatever' })).statusCode).toBe(
      401,
    );
  });
});

describe('password reset', () => {
  const resetLink = async (email: string) => {
    const mail = await latestMailTo(ctx.database.db, email);
    if (!mail) throw new Error(`no reset mail for ${email}`);
    expect(mail.subject).toBe('Reset your FanGrid password');
    return linkIn(mail.text);
  };

  it('answers the same whether or not the email has an account', async () => {
    await signUpAndConfirm('known@example.com');
    const c = client();
    const known = await c.post('/api/auth/request-password-reset', {
      email: 'known@example.com',
      redirectTo: '/login',
    });
    const unknown = await c.post('/api/auth/request-password-reset', {
      email: 'ghost@example.com',
      redirectTo: '/login',
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(await latestMailTo(ctx.database.db, 'ghost@example.com')).toBeUndefined();
    const empty = await c.post('/api/auth/request-password-reset', { email: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.email).toBe('Please enter your email address.');
  });

  it('resets once with the emailed token, ends other sessions, and refuses a replay', async () => {
    const phone = await signUpAndConfirm('reset@example.com');
    const laptop = client();
    await laptop.post('/api/auth/sign-in/email', { email: 'reset@example.com', password: 'Squares-2025!' });
    expect((await laptop.get('/api/me')).json().user.email).toBe('reset@example.com');

    await client().post('/api/auth/request-password-reset', {
      email: 'reset@example.com',
      redirectTo: '/login?reset=1',
    });
    const opened = await client().get(await resetLink('reset@example.com'));
    expect(opened.statusCode).toBe(302);
    const token = new URL(String(opened.headers.location), 'http://x').searchParams.get('token');
    expect(token).toBeTruthy();

    const common = await client().post('/api/auth/reset-password', { token, newPassword: 'qwerty123' });
    expect(common.statusCode).toBe(400);
    expect(common.json().error.code).toBe('PASSWORD_TOO_COMMON');

    const done = await client().post('/api/auth/reset-password', { token, newPassword: 'New-Squares-2026' });
    expect(done.statusCode, done.body).toBe(200);
    const replay = await client().post('/api/auth/reset-password', { token, newPassword: 'Another-2027-pass' });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('INVALID_TOKEN');

    expect((await laptop.get('/api/me')).json()).toEqual({ user: null });
    expect((await phone.get('/api/me')).json()).toEqual({ user: null });
    const [u] = await ctx.database.db.select().from(user).where(eq(user.email, 'reset@example.com'));
    const [left] = await ctx.database.db
      .select({ n: count() })
      .from(session)
      .where(eq(session.userId, u?.id ?? ''));
    expect(left?.n).toBe(0);
    const old = await client().post('/api/auth/sign-in/email', {
      email: 'reset@example.com',
      password: 'Squares-2025!',
    });
    expect(old.statusCode).toBe(401);
    const fresh = await client().post('/api/auth/sign-in/email', {
      email: 'reset@example.com',
      password: 'New-Squares-2026',
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('lets exactly one of several concurrent resets with one token win', async () => {
    await signUpAndConfirm('race@example.com');
    await client().post('/api/auth/request-password-reset', { email: 'race@example.com', redirectTo: '/login' });
    const opened = await client().get(await resetLink('race@example.com'));
    const token = new URL(String(opened.headers.location), 'http://x').searchParams.get('token');
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        client().post('/api/auth/reset-password', { token, newPassword: `Racer-${i}-Squares!` }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
  });

  it('expires reset links after an hour', async () => {
    await signUpAndConfirm('slow@example.com');
    await client().post('/api/auth/request-password-reset', { email: 'slow@example.com', redirectTo: '/login' });
    const link = await resetLink('slow@example.com');
    const token = link.split('/').pop()?.split('?')[0];
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60 * 1000 });
    const opened = await client().get(link);
    expect(opened.headers.location).toMatch(/error=INVALID_TOKEN/);
    const res = await client().post('/api/auth/reset-password', { token, newPassword: 'Too-Late-Squares' });
    expect(res.statusCode).toBe(400);
  });
});

describe('what the browser can reach', () => {
  it('exposes no route that reads or writes login attempts', async () => {
    const before = await ctx.database.db.select({ n: count() }).from(loginAttempts);
    for (const url of ['/api/login-attempts', '/api/login_attempts', '/api/auth/login-attempts']) {
      expect((await client().get(url)).statusCode).toBe(404);
      expect((await client().post(url, { status: 'success' })).statusCode).toBe(404);
    }
    const after = await ctx.database.db.select({ n: count() }).from(loginAttempts);
    expect(after).toEqual(before);
    const mails = await ctx.database.db
      .select({ n: count() })
      .from(devOutbox)
      .where(and(eq(devOutbox.to, 'x')));
    expect(mails[0]?.n).toBe(0);
  });
});
