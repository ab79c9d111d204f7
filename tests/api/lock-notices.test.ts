import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, mailNotifications, smsOutbox } from '../../src/server/db/schema';
import { apiPaths } from '../../src/shared/contracts/paths';
import { signedInFan } from '../support/accounts';
import { knicksBoardBody } from '../support/boards';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { signedInAdmin } from './fake-feed';

/**
 * At lock every entrant is told their digits in one batch: a text for each entry with a phone (queued with
 * consent, skipped without), and an email for each entry that belongs to an account.
 */
const SLUG = 'lock-notices';
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ settings: { entryLimitPerMinute: 1000, entriesPerPhonePerBoard: 100 } });
});
afterAll(() => ctx?.close());

describe('notices at lock', () => {
  it('texts every entry and emails the entries of accounts, once, in one lock', async () => {
    const admin = await signedInAdmin(ctx.app, '10.42.0.1');
    const made = await admin.post('/api/admin/boards', knicksBoardBody(SLUG, ctx.clock.now(), 30));
    expect(made.statusCode, made.body).toBe(201);
    const owner = await signedInFan(ctx.database.db, new Client(ctx.app, '10.42.0.2'), {
      email: 'lock-owner@example.com',
      name: 'Lock Owner',
      phone: '+12025550154',
    });
    const visitor = new Client(ctx.app, '10.42.0.3');
    const tickets: string[] = [];
    for (const [i, [client, phone, smsConsent]] of (
      [
        [owner, '+12025550154', true],
        [visitor, '+12025550155', false],
        [visitor, '+12025550156', true],
      ] as const
    ).entries()) {
      const res = await client.post(apiPaths.boardEntries(SLUG), {
        phone,
        nickname: `Fan${i}`,
        ageConfirmed: true,
        rulesAccepted: true,
        idempotencyKey: `lock-notice-${i}`,
        smsConsent,
      });
      expect(res.statusCode, res.body).toBe(201);
      tickets.push(res.json().entry.ticketNumber);
    }
    expect((await owner.post(apiPaths.entryLinks, { tickets: [tickets[0]] })).json().linked).toHaveLength(1);

    for (let i = 0; i < 2; i++) expect((await admin.post(apiPaths.admin.boardLock(SLUG))).statusCode).toBe(200);

    const ids = await Promise.all(
      tickets.map(
        async (t) => (await ctx.database.db.select().from(entries).where(eq(entries.ticketNumber, t)))[0]?.id,
      ),
    );
    const texts = await ctx.database.db.select().from(smsOutbox).where(like(smsOutbox.key, 'lock:%'));
    expect(texts.map((t) => [t.key, t.status]).sort()).toEqual(
      [
        [`lock:${ids[0]}`, 'queued'],
        [`lock:${ids[1]}`, 'skipped'],
        [`lock:${ids[2]}`, 'queued'],
      ].sort(),
    );
    const mails = await ctx.database.db.select().from(mailNotifications).where(like(mailNotifications.key, 'lock:%'));
    expect(mails.map((m) => [m.key, m.to, m.subject])).toEqual([
      [`lock:${ids[0]}`, 'lock-owner@example.com', 'Knicks vs Pacers is locked: your numbers'],
    ]);
    expect(mails[0]?.text).toBe(texts.find((t) => t.key === `lock:${ids[0]}`)?.body);
  });
});
