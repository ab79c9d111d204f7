import { count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boards, entries, smsOutbox, user } from '../../src/server/db/schema';
import { apiPaths } from '../../src/shared/contracts/paths';
import { knicksBoardBody } from '../support/boards';
import { Client, latestMailTo } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { signedInAdmin } from './fake-feed';

/**
 * A phone number a person types, at entry and at sign-up, is a valid US number: anything else is a 400 on
 * the phone field that changes nothing; a valid spelling is stored in E.164 and texts go to that number.
 */
const SLUG = 'phone-rule';
const invalid = 'Enter a valid US phone number';
/** Refused phones, with the field's message. */
const refused: Array<[string, string]> = [
  ['123', invalid],
  ['555-0100', invalid],
  ['+15551234567', invalid],
  ['(555) 123-4567', invalid],
  ['+442071234567', invalid],
  ['', 'Phone number is required'],
  ['📞 ٢٠٢٥٥٥٠١٢٣', invalid],
  ['\u202e2025550123', invalid],
  ['202-555-0123\u0000', invalid],
];

let ctx: TestContext;
let admin: Client;
let ip = 1;
const fan = () => new Client(ctx.app, `10.137.0.${ip++}`);

beforeAll(async () => {
  ctx = await createTestApp({ settings: { entryLimitPerMinute: 1000 } });
  admin = await signedInAdmin(ctx.app, '10.137.1.1');
  const made = await admin.post('/api/admin/boards', knicksBoardBody(SLUG, ctx.clock.now(), 30));
  expect(made.statusCode, made.body).toBe(201);
});
afterAll(() => ctx?.close());

const boardEntries = async () => {
  const [board] = await ctx.database.db.select().from(boards).where(eq(boards.slug, SLUG));
  return ctx.database.db
    .select()
    .from(entries)
    .where(eq(entries.boardId, board?.id ?? ''));
};

const entry = (phone: string, i: number) => ({
  phone,
  nickname: `Ph${i}`,
  ageConfirmed: true,
  rulesAccepted: true,
  smsConsent: true,
  idempotencyKey: `phone-rule-${i}`,
});

describe('a phone at entry', () => {
  it('refuses what is not a valid US number on the phone field, and enters nothing', async () => {
    for (const [i, [phone, message]] of refused.entries()) {
      const res = await fan().post(apiPaths.boardEntries(SLUG), entry(phone, i));
      expect(res.statusCode, JSON.stringify(phone)).toBe(400);
      expect(res.json().error.fields, JSON.stringify(phone)).toEqual({ phone: message });
    }
    expect(await boardEntries()).toEqual([]);
    expect(await ctx.database.db.select().from(smsOutbox)).toEqual([]);
  });

  it('an organizer’s added entry follows the same rule', async () => {
    for (const [phone] of refused.filter(([p]) => p !== '')) {
      const res = await admin.post(apiPaths.admin.entries, {
        boardSlug: SLUG,
        nickname: 'Org',
        ageConfirmed: true,
        phone,
      });
      expect(res.statusCode, JSON.stringify(phone)).toBe(400);
      expect(res.json().error.fields, JSON.stringify(phone)).toEqual({ phone: invalid });
    }
    expect(await boardEntries()).toEqual([]);
    const added = await admin.post(apiPaths.admin.entries, {
      boardSlug: SLUG,
      nickname: 'Org',
      ageConfirmed: true,
      phone: '212.555.0142',
      idempotencyKey: 'phone-rule-org',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect((await boardEntries()).map((e) => e.phone)).toEqual(['+12125550142']);
  });

  it('stores a valid spelling in E.164, and the lock text goes to that number', async () => {
    const res = await fan().post(apiPaths.boardEntries(SLUG), entry('(202) 555-0123', 100));
    expect(res.statusCode, res.body).toBe(201);
    const again = await fan().post(apiPaths.boardEntries(SLUG), entry('+1 202 555 0124', 101));
    expect(again.statusCode, again.body).toBe(201);
    expect((await boardEntries()).map((e) => e.phone).sort()).toEqual(['+12025550123', '+12025550124', '+12125550142']);
    expect((await admin.post(apiPaths.admin.boardLock(SLUG))).statusCode).toBe(200);
    const texts = await ctx.database.db.select().from(smsOutbox).where(like(smsOutbox.key, 'lock:%'));
    expect(
      texts
        .filter((t) => t.status !== 'skipped')
        .map((t) => t.to)
        .sort(),
    ).toEqual(['+12025550123', '+12025550124']);
  });
});

describe('a phone at sign-up', () => {
  const body = (email: string, phone: string) => ({ name: 'Phone Fan', phone, email, password: 'Squares-2025!' });

  it('refuses what is not a valid US number on the phone field, and makes no account', async () => {
    for (const [phone, message] of refused) {
      const res = await fan().post('/api/auth/sign-up/email', body('phone-bad@example.com', phone));
      expect(res.statusCode, JSON.stringify(phone)).toBe(400);
      expect(res.json().error.fields?.phone, JSON.stringify(phone)).toBe(message);
    }
    const [n] = await ctx.database.db.select({ n: count() }).from(user).where(eq(user.email, 'phone-bad@example.com'));
    expect(n?.n).toBe(0);
    expect(await latestMailTo(ctx.database.db, 'phone-bad@example.com')).toBeUndefined();
  });

  it('stores a valid spelling in E.164', async () => {
    const res = await fan().post('/api/auth/sign-up/email', body('phone-good@example.com', '617.555.0199'));
    expect(res.statusCode, res.body).toBe(200);
    const [u] = await ctx.database.db.select().from(user).where(eq(user.email, 'phone-good@example.com'));
    expect(u?.phone).toBe('+16175550199');
  });
});
