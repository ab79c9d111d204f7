import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boards, mailNotifications, smsOutbox } from '../../src/server/db/schema';
import { apiPaths } from '../../src/shared/contracts/paths';
import { LOCK_TEXT_MAX_CHARS } from '../../src/shared/domain/lock-text';
import { signedInFan } from '../support/accounts';
import { knicksBoardBody } from '../support/boards';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { signedInAdmin } from './fake-feed';

/**
 * At lock every phone is told its digits once per board in one batch: one text listing all the phone's codes
 * (queued with consent, skipped without), and one email for each account listing its codes.
 */
const SLUG = 'lock-notices';
const OWNER_PHONE = '+12025550141';
const OTHER_PHONE = '+12025550142';
const SILENT_PHONE = '+12025550143';
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ settings: { entryLimitPerMinute: 1000, entriesPerPhonePerBoard: 100 } });
});
afterAll(() => ctx?.close());

describe('notices at lock', () => {
  it('texts each phone once listing all its codes, and emails each account once, however often it locks', async () => {
    const admin = await signedInAdmin(ctx.app, '10.42.0.1');
    const made = await admin.post('/api/admin/boards', knicksBoardBody(SLUG, ctx.clock.now(), 30));
    expect(made.statusCode, made.body).toBe(201);
    const [row] = await ctx.database.db.select({ id: boards.id }).from(boards).where(eq(boards.slug, SLUG));
    const boardId = row?.id;
    const owner = await signedInFan(ctx.database.db, new Client(ctx.app, '10.42.0.2'), {
      email: 'lock-owner@example.com',
      name: 'Lock Owner',
      phone: OWNER_PHONE,
    });
    const visitor = new Client(ctx.app, '10.42.0.3');
    const entrants = [
      ...Array.from({ length: 10 }, () => [owner, OWNER_PHONE, true] as const),
      [visitor, OTHER_PHONE, true] as const,
      [visitor, SILENT_PHONE, false] as const,
    ];
    const made2: { ticket: string; code: string; phone: string }[] = [];
    for (const [i, [client, phone, smsConsent]] of entrants.entries()) {
      const res = await client.post(apiPaths.boardEntries(SLUG), {
        phone,
        nickname: `Fan${i}`,
        ageConfirmed: true,
        rulesAccepted: true,
        idempotencyKey: `lock-notice-${i}`,
        smsConsent,
      });
      expect(res.statusCode, res.body).toBe(201);
      made2.push({ ticket: res.json().entry.ticketNumber, code: res.json().entry.code, phone });
    }
    const ownerTickets = made2.filter((e) => e.phone === OWNER_PHONE).map((e) => e.ticket);
    expect((await owner.post(apiPaths.entryLinks, { tickets: ownerTickets })).json().linked).toHaveLength(10);

    // Twice at once and once more (a retry, another instance): still one text per phone.
    const locks = await Promise.all([
      admin.post(apiPaths.admin.boardLock(SLUG)),
      admin.post(apiPaths.admin.boardLock(SLUG)),
    ]);
    expect(locks.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await admin.post(apiPaths.admin.boardLock(SLUG))).statusCode).toBe(200);

    const texts = await ctx.database.db.select().from(smsOutbox).where(like(smsOutbox.key, 'lock:%'));
    expect(texts.map((t) => [t.key, t.to, t.status]).sort()).toEqual(
      [
        [`lock:${boardId}:${OWNER_PHONE}`, OWNER_PHONE, 'queued'],
        [`lock:${boardId}:${OTHER_PHONE}`, OTHER_PHONE, 'queued'],
        [`lock:${boardId}:${SILENT_PHONE}`, SILENT_PHONE, 'skipped'],
      ].sort(),
    );
    const ownerText = texts.find((t) => t.to === OWNER_PHONE)?.body ?? '';
    expect(ownerText).toMatch(/^FanGrid: Knicks vs Pacers is locked\. Your 10 codes \(Knicks\/Pacers digits\): /);
    for (const e of made2.filter((x) => x.phone === OWNER_PHONE))
      expect(ownerText).toMatch(new RegExp(`${e.code} \\d/\\d`));
    expect(ownerText).not.toContain('more code');
    expect(ownerText.length).toBeLessThanOrEqual(LOCK_TEXT_MAX_CHARS);
    const otherCode = made2.find((x) => x.phone === OTHER_PHONE)?.code;
    expect(texts.find((t) => t.to === OTHER_PHONE)?.body).toMatch(
      new RegExp(
        `^FanGrid: Knicks vs Pacers is locked\\. Your code ${otherCode} has Knicks \\d / Pacers \\d \\(row \\d+, column \\d+\\)\\. Good luck!$`,
      ),
    );

    const mails = await ctx.database.db.select().from(mailNotifications).where(like(mailNotifications.key, 'lock:%'));
    expect(mails.map((m) => m.to)).toEqual(['lock-owner@example.com']);
    expect(mails[0]?.subject).toBe('Knicks vs Pacers is locked: your numbers');
    expect(mails[0]?.text).toBe(ownerText);
  });
});
