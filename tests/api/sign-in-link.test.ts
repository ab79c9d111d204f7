import { eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { devOutbox, loginAttempts, rateLimits } from '../../src/server/db/schema';
import { authErrorCodes, authMessages } from '../../src/shared/contracts/auth-messages';
import { errorCodes } from '../../src/shared/contracts/errors';
import { Client, latestMailTo, linkIn } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { testDatabaseKind } from '../support/test-db';

/**
 * Issue 35, item 1: an owner on a new device whom a stranger's guesses slowed down is offered a one-time sign-in
 * link by email on the refusal, so a stranger cannot keep them out.
 */
let ctx: TestContext;
let host = 0;
/** A browser on an address of its own. */
const browser = () => new Client(ctx.app, `10.44.${host >> 8}.${host++ & 255}`);
const password = 'Squares-2025!';

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
afterEach(() => vi.useRealTimers());

let account = 0;
async function confirmedAccount(confirm = true): Promise<string> {
  const email = `linked-${account++}@example.com`;
  const c = browser();
  const res = await c.post('/api/auth/sign-up/email', { name: 'Lin Linked', phone: '+12025550193', email, password });
  expect(res.statusCode, res.body).toBe(200);
  if (confirm) await c.get(linkIn((await latestMailTo(ctx.database.db, email))?.text ?? ''));
  return email;
}

const mailsTo = (email: string) => ctx.database.db.select().from(devOutbox).where(eq(devOutbox.to, email));
const linkMailsTo = async (email: string) => (await mailsTo(email)).filter((m) => m.subject.includes('sign-in link'));

/** Strangers guess from 12 addresses: the account waits, with no device cookie involved. */
async function slowedDown(email: string) {
  for (let i = 0; i < 12; i++) await browser().post('/api/auth/sign-in/email', { email, password: `guess-${i}` });
}

describe(`the one-time sign-in link (${testDatabaseKind})`, () => {
  it('is offered on the wait, signs the owner in exactly once with the device cookie, and a second use fails', async () => {
    const email = await confirmedAccount();
    await slowedDown(email);

    // The owner on a new phone, right password: refused by the account's wait, with the offer.
    const phone = browser();
    const refused = await phone.post('/api/auth/sign-in/email', { email, password });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.json().error).toEqual({
      code: authErrorCodes.accountSlowed,
      message: expect.stringMatching(
        /try again in \d+ seconds?, or reset your password\. If this is your account, we can email you a one-time sign-in link\./,
      ),
    });

    const asked = await phone.post('/api/auth/sign-in/link', { email: email.toUpperCase() });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ sent: true, message: authMessages.signInLinkSent.message });
    const [mail, ...more] = await linkMailsTo(email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Your FanGrid sign-in link');
    expect(mail?.text).toMatch(/works once, for 15 minutes/);
    const link = linkIn(mail?.text ?? '');
    expect(link).toMatch(
      /^\/api\/auth\/magic-link\/verify\?token=[A-Za-z0-9]{32}&callbackURL=%2F&errorCallbackURL=%2Flogin%3Flink%3Dfailed$/,
    );

    const opened = await phone.get(link);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('http://localhost:3000/');
    const cookies = ([] as string[]).concat(opened.headers['set-cookie'] ?? []);
    expect(cookies.some((c) => c.startsWith('fangrid.session_token='))).toBe(true);
    const device = cookies.find((c) => c.startsWith('fangrid_device=')) ?? '';
    expect(device).toMatch(/HttpOnly/);
    expect(device).toMatch(/Path=\/api\/auth/);
    expect((await phone.get('/api/me')).json().user?.email).toBe(email);
    const [success] = await ctx.database.db
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.email, email))
      .then((rows) => rows.filter((r) => r.status === 'success'));
    expect(success?.ip).toBe(phone.ip);

    // The link is spent: another browser (or the same one) gets the error page and no session.
    const thief = browser();
    const again = await thief.get(link);
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe('http://localhost:3000/login?link=failed&error=INVALID_TOKEN');
    expect(([] as string[]).concat(again.headers['set-cookie'] ?? []).join()).not.toMatch(/session_token=[^;]/);
    expect((await thief.get('/api/me')).json().user).toBeNull();

    // The account still waits for everyone else, but the phone now holds the device cookie: it signs in at once.
    expect((await browser().post('/api/auth/sign-in/email', { email, password })).statusCode).toBe(429);
    await phone.post('/api/auth/sign-out', {});
    const back = await phone.post('/api/auth/sign-in/email', { email, password });
    expect(back.statusCode, back.body).toBe(200);
  });

  it('answers the same for an unknown or unconfirmed email, and sends nothing', async () => {
    const unconfirmed = await confirmedAccount(false);
    const known = await confirmedAccount();
    const answers = [];
    for (const email of ['nobody-here@example.com', unconfirmed, known]) {
      const res = await browser().post('/api/auth/sign-in/link', { email });
      answers.push([res.statusCode, res.body]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(await linkMailsTo('nobody-here@example.com')).toEqual([]);
    expect(await linkMailsTo(unconfirmed)).toEqual([]);
    expect(await linkMailsTo(known)).toHaveLength(1);
  });

  it('the link expires after 15 minutes', async () => {
    const email = await confirmedAccount();
    await browser().post('/api/auth/sign-in/link', { email });
    const [mail] = await linkMailsTo(email);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 16 * 60 * 1000 });
    const late = browser();
    const opened = await late.get(linkIn(mail?.text ?? ''));
    expect(opened.headers.location).toBe('http://localhost:3000/login?link=failed&error=INVALID_TOKEN');
    expect((await late.get('/api/me')).json().user).toBeNull();
  });

  it('sends at most 3 links per account in 15 minutes (same answer after), 5 requests per address', async () => {
    const email = await confirmedAccount();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await browser().post('/api/auth/sign-in/link', { email })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(await linkMailsTo(email)).toHaveLength(3);
    const one = browser();
    const fromOne: number[] = [];
    for (let i = 0; i < 6; i++) {
      fromOne.push((await one.post('/api/auth/sign-in/link', { email: `someone-${i}@example.com` })).statusCode);
    }
    expect(fromOne).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await one.post('/api/auth/sign-in/link', { email });
    expect(limited.json().error.code).toBe(authErrorCodes.rateLimited);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // After the window, the account may get a link again.
    ctx.clock.advance(15 * 60_000 + 1);
    expect((await browser().post('/api/auth/sign-in/link', { email })).statusCode).toBe(200);
    expect(await linkMailsTo(email)).toHaveLength(4);
  });

  it('refuses bad input with the field named, counting and sending nothing; Better Auth’s own link endpoint is not served', async () => {
    const c = browser();
    for (const body of [
      {},
      { email: '' },
      { email: 'not-an-email' },
      { email: 42 },
      { email: 'a\u0000b@example.com' },
    ]) {
      const res = await c.post('/api/auth/sign-in/link', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe(errorCodes.validation);
      expect(res.json().error.fields.email).toBeTruthy();
    }
    const counted = await ctx.database.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `signin-link:ip:${c.ip}%`));
    expect(counted).toEqual([]);
    const email = await confirmedAccount();
    for (const url of [
      '/api/auth/sign-in/magic-link',
      '/api/auth/./sign-in/magic-link',
      '/api/auth/sign-in/magic-link/',
    ]) {
      const res = await c.post(url, { email, callbackURL: '/' });
      expect(res.statusCode, url).toBe(404);
    }
    expect(await linkMailsTo(email)).toEqual([]);
    // A link pointed outside FanGrid is refused before its token is looked at (no open redirect).
    for (const target of ['https://evil.example/', '//evil.example/', '/\\evil.example/', 'javascript:alert(1)']) {
      for (const param of ['callbackURL', 'errorCallbackURL']) {
        const res = await c.get(`/api/auth/magic-link/verify?token=abc&${param}=${encodeURIComponent(target)}`);
        expect(res.statusCode, `${param}=${target}`).toBe(400);
        expect(res.json().error.fields[param]).toBe('Must be a path inside FanGrid');
        expect(res.headers.location).toBeUndefined();
      }
    }
    // A verify link without a token, or with a control character, is a 400, not a session.
    expect((await c.get('/api/auth/magic-link/verify')).statusCode).toBe(400);
    expect((await c.get('/api/auth/magic-link/verify?token=%00')).statusCode).toBe(400);
  });
});
