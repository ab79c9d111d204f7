import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devOutbox } from '../../src/server/db/schema';
import { createSmsOutbox } from '../../src/server/platform/sms';
import { devMailListSchema, devTextsSchema } from '../../src/shared/contracts/dev-outbox';
import { createTestApp, type TestContext } from '../support/test-app';

// Without Twilio, texts land in the dev outbox and /dev/mail lists them (outside production only).
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.ready();
});
afterAll(() => ctx?.close());

describe('dev text outbox', () => {
  it("lists each text with its state once the scheduler's job has handed it to the dev outbox", async () => {
    const outbox = createSmsOutbox({
      db: ctx.database.db,
      sms: { kind: 'outbox', send: async () => ({ providerId: 'unused' }) },
      clock: ctx.clock,
      random: () => 0,
      leaseMs: 60_000,
      log: { warn: () => {} },
    });
    await outbox.enqueue({ key: 'dev:1', to: '(202) 555-0199', body: 'Board locked: 4 and 9', consent: true });
    await outbox.enqueue({ key: 'dev:2', to: '+12125550100', body: 'not asked for', consent: false });
    const before = devTextsSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/dev/texts' })).json());
    expect(before.texts.map((t) => [t.to, t.status]).sort()).toEqual([
      ['+12025550199', 'queued'],
      ['+12125550100', 'skipped'],
    ]);
    await ctx.clock.tick(5_000);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/dev/texts' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const after = devTextsSchema.parse(res.json());
    expect(after.texts.find((t) => t.to === '+12025550199')).toMatchObject({
      status: 'sent',
      body: 'Board locked: 4 and 9',
      at: ctx.clock.now().toISOString(),
    });
  });

  it('pages back from the newest 100 texts and emails with the older cursor, and refuses a bad cursor', async () => {
    const outbox = createSmsOutbox({
      db: ctx.database.db,
      sms: { kind: 'outbox', send: async () => ({ providerId: 'unused' }) },
      clock: ctx.clock,
      random: () => 0,
      leaseMs: 60_000,
      log: { warn: () => {} },
    });
    // 205 texts, many in one instant (the cursor breaks ties by id), then 3 more a second later.
    await outbox.enqueueMany(
      Array.from({ length: 205 }, (_, i) => ({ key: `page:${i}`, to: '+12025550150', body: `t${i}`, consent: true })),
    );
    ctx.clock.advance(1_000);
    await outbox.enqueueMany(
      Array.from({ length: 3 }, (_, i) => ({
        key: `page:late:${i}`,
        to: '+12025550150',
        body: `late${i}`,
        consent: true,
      })),
    );
    const textsPage = async (before?: string) => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/dev/texts', query: before ? { before } : {} });
      expect(res.statusCode, res.body).toBe(200);
      return devTextsSchema.parse(res.json());
    };
    const seen: string[] = [];
    let page = await textsPage();
    expect(new Set(page.texts.slice(0, 3).map((t) => t.body))).toEqual(new Set(['late0', 'late1', 'late2']));
    const sizes: number[] = [];
    for (;;) {
      sizes.push(page.texts.length);
      seen.push(...page.texts.map((t) => t.id));
      if (!page.older) break;
      page = await textsPage(page.older);
    }
    const total = seen.length;
    expect(new Set(seen).size).toBe(total);
    expect(sizes.slice(0, -1).every((n) => n === 100)).toBe(true);
    expect(total).toBeGreaterThanOrEqual(208);

    await ctx.database.db.insert(devOutbox).values(
      Array.from({ length: 130 }, (_, i) => ({
        to: 'pager@example.com',
        from: 'FanGrid <no-reply@fangrid.test>',
        subject: `Page ${i}`,
        text: `Message ${i}`,
        html: `<p>Message ${i}</p>`,
        sentAt: ctx.clock.now(),
      })),
    );
    const mailPage = async (before?: string) => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/dev/mail', query: before ? { before } : {} });
      expect(res.statusCode, res.body).toBe(200);
      return devMailListSchema.parse(res.json());
    };
    const first = await mailPage();
    expect(first.messages).toHaveLength(100);
    expect(first.messages[0]?.subject).toBe('Page 129');
    expect(first.older).not.toBeNull();
    const second = await mailPage(first.older ?? '');
    expect(second.messages.slice(0, 30).map((m) => m.subject)).toEqual(
      Array.from({ length: 30 }, (_, i) => `Page ${29 - i}`),
    );
    expect(second.older).toBeNull();

    for (const [url, before] of [
      ['/api/dev/texts', 'nope'],
      ['/api/dev/texts', '123_not-a-uuid'],
      ['/api/dev/mail', '-1'],
      ['/api/dev/mail', 'abc'],
      ['/api/dev/mail', '1'.repeat(12)],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url, query: { before } });
      expect(res.statusCode, `${url} ${before}`).toBe(400);
      expect(res.json().error.fields).toHaveProperty('before');
    }
  });

  it('is not mounted in production', async () => {
    const prod = await createTestApp({ settings: { production: true, paymentsTestMode: true } });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/api/dev/texts' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
