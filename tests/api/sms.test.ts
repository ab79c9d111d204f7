import { eq } from 'drizzle-orm';
import twilio from 'twilio';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { entries, smsInbound, smsOptOuts, smsOutbox } from '../../src/server/db/schema';
import { seedDemoBoards } from '../../src/server/db/seed/boards';
import { createSmsOutbox, createTwilioSms, type SmsOutbox } from '../../src/server/platform/sms';
import { entryRules } from '../../src/shared/domain/boards';
import { SMS_CONSENT_TEXT, SMS_HELP_REPLY, SMS_MAX_ATTEMPTS, smsKeywords } from '../../src/shared/domain/sms';
import { knicksBoardBody } from '../support/boards';
import { type FakeTwilio, startFakeTwilio } from '../support/fake-twilio';
import { fictionPhone } from '../support/fiction-phones.mjs';
import { ORIGIN } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { openSecondConnection } from '../support/test-db';
import { signedInAdmin } from './fake-feed';

const PUBLIC_URL = 'http://localhost:3000';
const INBOUND = '/api/sms/inbound';
const quiet = { warn: () => {} };
let ctx: TestContext;
let fake: FakeTwilio;
let outbox: SmsOutbox;
let n = 0;

const twilioSms = (timeoutMs = 400) =>
  createTwilioSms({
    accountSid: fake.accountSid,
    authToken: fake.authToken,
    from: fake.from,
    apiBase: fake.url,
    timeoutMs,
  });
const outboxOn = (db: Database['db'], timeoutMs?: number) =>
  createSmsOutbox({ db, sms: twilioSms(timeoutMs), clock: ctx.clock, random: () => 0.5, leaseMs: 120_000, log: quiet });
const row = async (key: string) => (await ctx.database.db.select().from(smsOutbox).where(eq(smsOutbox.key, key)))[0];
const nextPhone = () => fictionPhone(n++);

beforeAll(async () => {
  fake = await startFakeTwilio();
  ctx = await createTestApp({ sms: twilioSms(), twilioAuthToken: fake.authToken });
  await seedDemoBoards(ctx.database.db, ctx.clock, () => (n++).toString(16).padStart(64, 'c'));
  outbox = outboxOn(ctx.database.db);
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.received.length = 0;
});

describe('sending through Twilio (a local fake of its REST API)', () => {
  it('sends a consenting number its text once, however often the key is enqueued, and records the sid', async () => {
    const to = nextPhone();
    const text = { key: `lock:${to}`, to, body: 'Board locked: your numbers are 3 and 7.', consent: true };
    expect(await outbox.enqueue(text)).toBe('queued');
    expect(await outbox.enqueue(text)).toBe('duplicate');
    expect(await outbox.drain()).toMatchObject({ sent: 1, failed: 0, retried: 0 });
    expect(await outbox.drain()).toMatchObject({ sent: 0 });
    expect(fake.received).toEqual([{ to, from: fake.from, body: text.body }]);
    expect(await row(text.key)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect((await row(text.key))?.providerId).toMatch(/^SM[0-9a-f]{32}$/);
  });

  it('never texts a number without consent, or that opted out (skipped, not sent)', async () => {
    const to = nextPhone();
    expect(await outbox.enqueue({ key: `a:${to}`, to, body: 'no consent', consent: false })).toBe('skipped');
    await outbox.optOut(to, 'STOP');
    expect(await outbox.enqueue({ key: `b:${to}`, to, body: 'opted out', consent: true })).toBe('skipped');
    // Queued before the STOP arrived: still not sent.
    const other = nextPhone();
    await outbox.enqueue({ key: `c:${other}`, to: other, body: 'queued first', consent: true });
    await outbox.optOut(other, 'QUIT');
    await outbox.drain();
    expect(fake.received).toEqual([]);
    expect(await row(`a:${to}`)).toMatchObject({ status: 'skipped', attempts: 0 });
    expect(await row(`b:${to}`)).toMatchObject({ status: 'skipped', lastError: 'the number opted out (STOP)' });
    expect(await row(`c:${other}`)).toMatchObject({ status: 'skipped' });
  });

  it('enqueues a batch in order: queued, skipped for each reason, and a key already written as duplicate', async () => {
    const [yes, no, stopped, again] = [nextPhone(), nextPhone(), nextPhone(), nextPhone()];
    await outbox.optOut(stopped, 'STOP');
    await outbox.enqueue({ key: `batch:${again}`, to: again, body: 'first', consent: true });
    const results = await outbox.enqueueMany([
      { key: `batch:${yes}`, to: yes, body: 'yes', consent: true },
      { key: `batch:${no}`, to: no, body: 'no', consent: false },
      { key: `batch:${stopped}`, to: stopped, body: 'stopped', consent: true },
      { key: 'batch:bad', to: 'not a number', body: 'bad', consent: true },
      { key: `batch:${again}`, to: again, body: 'second', consent: true },
    ]);
    expect(results).toEqual(['queued', 'skipped', 'skipped', 'skipped', 'duplicate']);
    expect(await row(`batch:${no}`)).toMatchObject({ status: 'skipped', lastError: 'no consent to text this number' });
    expect(await row(`batch:${stopped}`)).toMatchObject({ lastError: 'the number opted out (STOP)' });
    expect(await row('batch:bad')).toMatchObject({ status: 'skipped', lastError: 'not a phone number' });
    expect(await row(`batch:${again}`)).toMatchObject({ body: 'first' });
    expect(await outbox.enqueueMany([])).toEqual([]);
    await outbox.drain();
    expect(fake.received.map((t) => t.body).sort()).toEqual(['first', 'yes']);
  });

  it("fails a text Twilio refuses (4xx) with Twilio's message and never retries it", async () => {
    const to = nextPhone();
    fake.script({ status: 400, code: 21211, message: `Invalid 'To' Phone Number: ${to}` });
    await outbox.enqueue({ key: `bad:${to}`, to, body: 'refused', consent: true });
    expect(await outbox.drain()).toMatchObject({ failed: 1, sent: 0 });
    ctx.clock.advance(24 * 3600_000);
    await outbox.drain();
    expect(fake.received).toHaveLength(1);
    expect(await row(`bad:${to}`)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: `Twilio 21211 (HTTP 400): Invalid 'To' Phone Number: ${to}`,
      nextAttemptAt: null,
    });
  });

  it('retries a 5xx with backoff and sends once Twilio is back', async () => {
    const to = nextPhone();
    fake.script({ status: 503, code: 20503, message: 'Service Unavailable' }, { status: 502, html: true });
    await outbox.enqueue({ key: `retry:${to}`, to, body: 'try again', consent: true });
    expect(await outbox.drain()).toMatchObject({ retried: 1 });
    const first = await row(`retry:${to}`);
    expect(first).toMatchObject({ status: 'queued', attempts: 1 });
    expect(first?.lastError).toContain('20503');
    // random 0.5: half the ceiling plus half of the other half. The first wait is 22.5 s, the second 45 s.
    expect(first?.nextAttemptAt?.getTime()).toBe(ctx.clock.now().getTime() + 22_500);
    ctx.clock.advance(22_499);
    expect(await outbox.drain()).toMatchObject({ retried: 0, sent: 0 });
    ctx.clock.advance(1);
    expect(await outbox.drain()).toMatchObject({ retried: 1 });
    expect((await row(`retry:${to}`))?.lastError).toContain('HTTP 502');
    ctx.clock.advance(45_000);
    expect(await outbox.drain()).toMatchObject({ sent: 1 });
    expect(await row(`retry:${to}`)).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(fake.received).toHaveLength(3);
  });

  it('counts a request Twilio does not answer in time as a timeout, retried later', async () => {
    const to = nextPhone();
    fake.script({ hangMs: 5_000 });
    const slow = outboxOn(ctx.database.db, 200);
    await slow.enqueue({ key: `slow:${to}`, to, body: 'slow', consent: true });
    expect(await slow.drain()).toMatchObject({ retried: 1 });
    const after = await row(`slow:${to}`);
    expect(after).toMatchObject({ status: 'queued', attempts: 1 });
    expect(after?.lastError).toMatch(/Twilio unreachable: timeout/);
    ctx.clock.advance(30_000);
    expect(await slow.drain()).toMatchObject({ sent: 1 });
  });

  it('gives up as failed after the last try of a text that keeps failing', async () => {
    const to = nextPhone();
    fake.script(...Array.from({ length: SMS_MAX_ATTEMPTS }, () => ({ status: 500, code: 20500, message: 'Internal' })));
    await outbox.enqueue({ key: `down:${to}`, to, body: 'down', consent: true });
    for (let i = 0; i < SMS_MAX_ATTEMPTS; i++) {
      await outbox.drain();
      ctx.clock.advance(3600_000);
    }
    expect(await row(`down:${to}`)).toMatchObject({ status: 'failed', attempts: SMS_MAX_ATTEMPTS });
    expect((await row(`down:${to}`))?.lastError).toMatch(/^gave up after 8 tries/);
    expect(fake.received).toHaveLength(SMS_MAX_ATTEMPTS);
  });

  it('sends each key once when two instances drain the same outbox at once', async () => {
    const second = await openSecondConnection(ctx.database);
    try {
      const a = outboxOn(ctx.database.db);
      const b = outboxOn(second.db);
      const keys = Array.from({ length: 12 }, () => nextPhone());
      for (const to of keys) await a.enqueue({ key: `pair:${to}`, to, body: `hello ${to}`, consent: true });
      const [ra, rb] = await Promise.all([a.drain(), b.drain()]);
      expect(ra.sent + rb.sent).toBe(keys.length);
      expect(fake.received.map((r) => r.to).sort()).toEqual([...keys].sort());
    } finally {
      await second.close();
    }
  });

  it("the app's scheduled job sends what is due, without the caller waiting", async () => {
    await ctx.app.ready();
    const to = nextPhone();
    await outbox.enqueue({ key: `job:${to}`, to, body: 'from the job', consent: true });
    expect(fake.received).toEqual([]);
    await ctx.clock.tick(5_000);
    expect(fake.received.map((r) => r.body)).toContain('from the job');
    expect(await row(`job:${to}`)).toMatchObject({ status: 'sent' });
  });
});

/** Posts a form to the inbound webhook, signed as Twilio signs it unless `signature` is given. */
function inbound(form: Record<string, string>, signature?: string | null) {
  const sig =
    signature === undefined
      ? twilio.getExpectedTwilioSignature(fake.authToken, `${PUBLIC_URL}${INBOUND}`, form)
      : signature;
  return ctx.app.inject({
    method: 'POST',
    url: INBOUND,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(sig === null ? {} : { 'x-twilio-signature': sig }),
    },
    payload: new URLSearchParams(form).toString(),
  });
}
const textFrom = (from: string, body: string) => ({
  MessageSid: `SM${(n++).toString(16).padStart(32, '0')}`,
  AccountSid: 'ACxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
  From: from,
  To: '+15005550006',
  Body: body,
  NumMedia: '0',
});
const optedOut = async (phone: string) =>
  (await ctx.database.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, phone))).length > 0;

describe('inbound texts (STOP, START, HELP)', () => {
  it('opts the number out on every spelling of STOP and back in on START/UNSTOP/YES', async () => {
    for (const word of smsKeywords.stop) {
      for (const spelling of [word, word.toLowerCase(), `  ${word[0]}${word.slice(1).toLowerCase()}\n`]) {
        const phone = nextPhone();
        // Written the way people type it: the stored form is E.164.
        const res = await inbound(textFrom(`(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`, spelling));
        expect(res.statusCode, `${spelling}: ${res.body}`).toBe(200);
        expect(res.headers['content-type']).toContain('text/xml');
        expect(res.body).not.toContain('<Message>');
        expect(await optedOut(phone), spelling).toBe(true);
        const back = smsKeywords.start[n % smsKeywords.start.length] ?? 'START';
        expect((await inbound(textFrom(phone, back))).statusCode).toBe(200);
        expect(await optedOut(phone), back).toBe(false);
      }
    }
  });

  it('answers HELP and INFO with who is texting and how to stop, and changes nothing', async () => {
    for (const word of [...smsKeywords.help, 'help', ' Info ']) {
      const phone = nextPhone();
      const res = await inbound(textFrom(phone, word));
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<Message>');
      expect(res.body).toContain('FanGrid');
      expect(res.body).toContain('Reply STOP to opt out');
      expect(SMS_HELP_REPLY).toContain('FanGrid');
      expect(await optedOut(phone)).toBe(false);
    }
  });

  it('treats a sentence as a message, not a keyword', async () => {
    const phone = nextPhone();
    const res = await inbound(textFrom(phone, 'please stop texting me'));
    expect(res.statusCode).toBe(200);
    expect(await optedOut(phone)).toBe(false);
  });

  it('refuses a forged, missing or reused-for-other-fields signature with 403 and changes nothing', async () => {
    const phone = nextPhone();
    const form = textFrom(phone, 'STOP');
    const forged = twilio.getExpectedTwilioSignature('not-the-auth-token-000000', `${PUBLIC_URL}${INBOUND}`, form);
    for (const signature of [forged, null, '', 'abc']) {
      const res = await inbound(form, signature);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: { code: 'SMS_SIGNATURE' } });
    }
    // A real signature over another body does not carry over to this one.
    const real = twilio.getExpectedTwilioSignature(fake.authToken, `${PUBLIC_URL}${INBOUND}`, textFrom(phone, 'HELP'));
    expect((await inbound(form, real)).statusCode).toBe(403);
    expect(await optedOut(phone)).toBe(false);
    const seen = await ctx.database.db.select().from(smsInbound).where(eq(smsInbound.messageSid, form.MessageSid));
    expect(seen).toEqual([]);
  });

  it('acts on a message once: a replayed START cannot undo a later STOP', async () => {
    const phone = nextPhone();
    const start = textFrom(phone, 'START');
    expect((await inbound(start)).statusCode).toBe(200);
    expect((await inbound(textFrom(phone, 'STOP'))).statusCode).toBe(200);
    expect(await optedOut(phone)).toBe(true);
    const replay = await inbound(start);
    expect(replay.statusCode).toBe(200);
    expect(await optedOut(phone)).toBe(true);
  });

  it('answers 400 to a signed form that is not a text, and changes nothing', async () => {
    const res = await inbound({ Body: 'STOP' });
    expect(res.statusCode).toBe(400);
  });
});

describe('consent on board entries', () => {
  const enter = (body: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/boards/${CONSENT_SLUG}/entries`,
      headers: { origin: ORIGIN },
      payload: {
        nickname: 'Texter',
        amountCents: 500,
        ageConfirmed: true,
        rulesAccepted: true,
        state: 'OH',
        idempotencyKey: `sms-${n++}-key`,
        ...body,
      },
      remoteAddress: `10.19.0.${n++ % 250}`,
    });
  // The sending tests moved time on past the seeded boards' start (they locked): a board of its own, open now.
  const CONSENT_SLUG = 'sms-consent';
  beforeAll(async () => {
    const admin = await signedInAdmin(ctx.app, '10.19.1.1');
    const body = knicksBoardBody(CONSENT_SLUG, ctx.clock.now(), 30, {
      entryRule: entryRules.thunder,
      mode: 'sweepstakes',
    });
    const made = await admin.post('/api/admin/boards', body);
    expect(made.statusCode, made.body).toBe(201);
  });
  const stored = async (id: string) => (await ctx.database.db.select().from(entries).where(eq(entries.id, id)))[0];

  it('stores a ticked box with its wording and time, and no consent when unticked or unsent', async () => {
    const ticked = await enter({ phone: nextPhone(), smsConsent: true });
    expect(ticked.statusCode, ticked.body).toBe(201);
    expect(await stored(ticked.json().entry.id)).toMatchObject({
      smsConsent: true,
      smsConsentText: SMS_CONSENT_TEXT,
      smsConsentedAt: ctx.clock.now(),
    });
    for (const body of [{ smsConsent: false }, {}]) {
      const res = await enter({ phone: nextPhone(), ...body });
      expect(res.statusCode, res.body).toBe(201);
      expect(await stored(res.json().entry.id)).toMatchObject({
        smsConsent: false,
        smsConsentText: null,
        smsConsentedAt: null,
      });
    }
  });

  it('refuses a consent that is not yes or no with 400 and takes no entry', async () => {
    const phone = nextPhone();
    const res = await enter({ phone, smsConsent: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(await ctx.database.db.select().from(entries).where(eq(entries.phone, phone))).toEqual([]);
  });
});
