import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmsOutbox } from '../../src/server/platform/sms';
import { devTextsSchema } from '../../src/shared/contracts/sms';
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

  it('is not mounted in production', async () => {
    const prod = await createTestApp({ settings: { production: true, paymentsTestMode: true } });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/api/dev/texts' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
