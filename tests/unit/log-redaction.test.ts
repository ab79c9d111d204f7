import { Writable } from 'node:stream';
import fc from 'fast-check';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  EMAIL_MARK,
  PHONE_MARK,
  REDACTED,
  redactingLoggerOptions,
  scrubText,
  scrubValue,
} from '../../src/server/platform/log-redaction';

/** Characters that may stand right before or after a value in a message or a stack trace. */
const separator = fc.constantFrom(' ', '=', ': ', '(', ')', ',', '"', "'", '\n', '<', '>', '[', ']', '\t', '=(');
const words = fc.array(fc.constantFrom('Key', 'already', 'exists', 'at', 'insert', 'user', 'failed', '409', 'x'), {
  maxLength: 6,
});

const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n });

/** Phone numbers as people and forms write them. */
const phone = fc.oneof(
  digits(10).map((d) => `+1${d.join('')}`),
  digits(10).map((d) => d.join('')),
  digits(10).map((d) => `(${d.slice(0, 3).join('')}) ${d.slice(3, 6).join('')}-${d.slice(6).join('')}`),
  digits(10).map((d) => `${d.slice(0, 3).join('')}-${d.slice(3, 6).join('')}-${d.slice(6).join('')}`),
  digits(10).map((d) => `${d.slice(0, 3).join('')}.${d.slice(3, 6).join('')}.${d.slice(6).join('')}`),
  digits(10).map((d) => `+1 (${d.slice(0, 3).join('')}) ${d.slice(3, 6).join('')}-${d.slice(6).join('')}`),
  digits(10).map((d) => `+44 ${d.slice(0, 2).join('')} ${d.slice(2, 6).join('')} ${d.slice(6).join('')}`),
  fc.integer({ min: 8, max: 15 }).chain((n) => digits(n).map((d) => `+${d.join('')}`)),
);

/**
 * Email addresses (RFC 5322 local parts), except the few whose local part ends in `/`, `=`, `?` or `&`: those
 * characters end a path or a query parameter, so the scrubber does not read them as part of an address.
 */
const email = fc.emailAddress().filter((e) => /[^/=?&]@/.test(e));

describe('scrubText (property)', () => {
  it('removes any email address embedded anywhere in a message', () => {
    let runs = 0;
    fc.assert(
      fc.property(words, separator, email, separator, words, (before, s1, email, s2, after) => {
        const text = `${before.join(' ')}${s1}${email}${s2}${after.join(' ')}`;
        const out = scrubText(text);
        expect(out).not.toContain(email);
        expect(out).toContain(EMAIL_MARK);
        runs++;
      }),
      { numRuns: 500 },
    );
    console.info(`log redaction: ${runs} random emails in messages scrubbed`);
  });

  it('removes emails URL-encoded in a query string', () => {
    fc.assert(
      fc.property(email, (address) => {
        const url = `/api/x?email=${encodeURIComponent(address)}&y=1`;
        expect(scrubText(url)).not.toContain(encodeURIComponent(address));
      }),
      { numRuns: 200 },
    );
  });

  it('removes any phone number embedded anywhere in a message', () => {
    let runs = 0;
    fc.assert(
      fc.property(words, separator, phone, separator, words, (before, s1, number, s2, after) => {
        const text = `${before.join(' ')}${s1}${number}${s2}${after.join(' ')}`;
        const out = scrubText(text);
        expect(out).not.toContain(number);
        expect(out.replace(/\D/g, '')).not.toContain(number.replace(/\D/g, ''));
        expect(out).toContain(PHONE_MARK);
        runs++;
      }),
      { numRuns: 500 },
    );
    console.info(`log redaction: ${runs} random phone numbers in messages scrubbed`);
  });

  it('keeps what is not personal: dates, times, addresses, ids, counts, statuses', () => {
    for (const text of [
      'request completed in 12.5 ms with status 409',
      '2025-06-11T16:00:00.000Z',
      '2025-06-11 16:00:00+00',
      'peer 192.168.100.200 port 54321',
      'board abc123 row 7 col 9',
      'prepared statement rate_limit_count',
      'user 3f2a9c1e-8b7d-4e2f-9a1b-7c6d5e4f3a2b',
      'took 1749657600000123 ms',
      'event 401697317 is final',
    ])
      expect(scrubText(text), text).toBe(text);
  });

  it('scrubs a PostgreSQL unique violation and a failed query the way they are logged', () => {
    const detail = 'Key (email)=(jordan.fan+2@example.com) already exists.';
    expect(scrubText(detail)).toBe(`Key (email)=(${EMAIL_MARK}) already exists.`);
    const drizzle =
      'Failed query: insert into "user" ("id", "name", "email", "phone") values ($1, $2, $3, $4)\nparams: abc,Jordan Fan,jordan@example.com,+12025550191';
    const out = scrubText(drizzle);
    expect(out).toContain('Failed query: insert into "user"');
    expect(out).not.toMatch(/Jordan|example\.com|2025550191/);
  });
});

describe('scrubValue', () => {
  it('redacts personal keys at any depth and scrubs strings everywhere', () => {
    const out = scrubValue({
      board: 'ab12',
      entry: { person: { email: 'a@b.co', phone: '+12025550191', name: 'Ann Lee', note: 'call 202-555-0191' } },
      list: [{ token: 'secret-token-value' }, 'mail me at z@y.org'],
      headers: { authorization: 'Bearer abc', cookie: 'fangrid.session=xyz' },
      card: { number: '4242424242424242' },
    });
    expect(out).toEqual({
      board: 'ab12',
      entry: { person: { email: REDACTED, phone: REDACTED, name: REDACTED, note: `call ${PHONE_MARK}` } },
      list: [{ token: REDACTED }, `mail me at ${EMAIL_MARK}`],
      headers: { authorization: REDACTED, cookie: REDACTED },
      card: REDACTED,
    });
  });
});

/** A Fastify app whose redacting logger writes its lines into `lines`. */
function loggingApp() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const app = Fastify({ logger: redactingLoggerOptions({ level: 'info', stream }) });
  return { app, lines };
}

describe('the app logger', () => {
  const address = 'jordan.fan@example.com';
  const phoneNumber = '+12025550191';

  it('writes no email, phone, name, token or cookie, whatever the shape of the log call', async () => {
    const { app, lines } = loggingApp();
    class PgError extends Error {
      detail = `Key (email)=(${address}) already exists.`;
      code = '23505';
      constraint = 'user_email_unique';
    }
    const pg = new PgError('duplicate key value violates unique constraint "user_email_unique"');
    const drizzle = new Error(`Failed query: insert into "user" values ($1, $2)\nparams: Jordan Fan,${address}`, {
      cause: pg,
    });
    app.log.error(pg);
    app.log.error(drizzle);
    app.log.error({ err: new Error(`no account for ${address}`) });
    app.log.error({ err: pg, email: address, phone: phoneNumber }, `sign-up failed for ${address} (${phoneNumber})`);
    app.log.warn({ to: phoneNumber, err: `Twilio refused ${phoneNumber}` }, 'text not sent');
    app.log.info({ user: { profile: { name: 'Jordan Fan', email: address, phone: phoneNumber } } }, 'nested');
    app.log.info('%s signed up with %s', address, phoneNumber);
    app.log.info({ error: new Error(`mail to ${address} bounced`) }, 'mail');
    app.get('/lookup', async () => ({ ok: true }));
    await app.inject({
      url: `/lookup?email=${encodeURIComponent(address)}&phone=${encodeURIComponent(phoneNumber)}`,
      headers: { authorization: 'Bearer top-secret', cookie: 'fangrid.session=abc' },
    });
    await app.close();
    const text = lines.join('\n');
    for (const secret of [address, 'example.com', '2025550191', 'Jordan', 'top-secret', 'fangrid.session=abc'])
      expect(text, secret).not.toContain(secret);
    // The lines still say what happened.
    const parsed = lines.map((l) => JSON.parse(l));
    expect(parsed[0]).toMatchObject({ level: 50, err: { code: '23505', constraint: 'user_email_unique' } });
    expect(parsed[0].msg).toContain('duplicate key value');
    expect(parsed[1].err.cause.detail).toBe(`Key (email)=(${EMAIL_MARK}) already exists.`);
    expect(parsed[3]).toMatchObject({
      email: REDACTED,
      phone: REDACTED,
      msg: `sign-up failed for ${EMAIL_MARK} (${PHONE_MARK})`,
    });
    expect(text).toContain('/lookup?email=');
    console.info(`log redaction: ${lines.length} log lines of 10 shapes, no personal value in them`);
  });
});
