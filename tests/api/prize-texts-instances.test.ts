import { eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { prizes, smsOutbox } from '../../src/server/db/schema';
import { fixedClock } from '../../src/server/platform/clock';
import { type Sms, type SmsMessage, SmsSendError } from '../../src/server/platform/sms';
import type { BoardView } from '../../src/shared/contracts/boards';
import { apiPaths } from '../../src/shared/contracts/paths';
import { nbaFinalsPrizes } from '../../src/shared/domain/boards';
import { scoresFor } from '../support/boards';
import { fictionPhone } from '../support/fiction-phones.mjs';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { openSecondConnection } from '../support/test-db';
import { signedInAdmin } from './fake-feed';

// Two instances on one database, a provider that fails each text's first try: every lock and win text is
// queued once, however many instances lock and score, and reaches the provider exactly once.
const SLUG = 'prize-instances';
const settings = { authSecret: 'test-secret-for-prize-instances-012345', entriesPerPhonePerBoard: 100 };
const attempts = new Map<string, number>();
const delivered: SmsMessage[] = [];
const flaky: Sms = {
  kind: 'twilio',
  async send(message) {
    const n = (attempts.get(message.key) ?? 0) + 1;
    attempts.set(message.key, n);
    if (n === 1) throw new SmsSendError('provider busy (503)', true, 503);
    delivered.push(message);
    return { providerId: `SM${delivered.length}` };
  },
};
let ctx: TestContext;
let second: Database;
let appB: FastifyInstance;
let adminA: Client;
let adminB: Client;
const clockB = fixedClock('2025-06-11T16:00:00Z');
let seed = 7;
const random = () => {
  seed = (seed * 48271) % 2147483647;
  return (seed - 1) / 2147483646;
};

beforeAll(async () => {
  ctx = await createTestApp({ settings, sms: flaky, random });
  second = await openSecondConnection(ctx.database);
  appB = await buildApp({ database: second, clock: clockB, logger: false, settings, sms: flaky, random });
  await Promise.all([ctx.app.ready(), appB.ready()]);
  adminA = await signedInAdmin(ctx.app, '10.42.0.1');
  adminB = await signedInAdmin(appB, '10.42.0.2');
  const made = await adminA.post('/api/admin/boards', {
    slug: SLUG,
    game: {
      league: 'NBA',
      teamA: 'Knicks',
      teamB: 'Pacers',
      startsAt: new Date(ctx.clock.now().getTime() + 30 * 60_000).toISOString(),
      venue: 'MSG',
    },
    format: '1v99',
    entryRule: { kind: 'no-amount' },
    prizeTable: nbaFinalsPrizes,
    organization: 'Knicks Cares',
    mode: 'sweepstakes',
    paymentRequired: false,
  });
  expect(made.statusCode, made.body).toBe(201);
  const fan = new Client(ctx.app, '10.42.0.3');
  for (let i = 0; i < 3; i++) {
    const res = await fan.post(apiPaths.boardEntries(SLUG), {
      phone: fictionPhone(i),
      nickname: `Two${i}`,
      ageConfirmed: true,
      rulesAccepted: true,
      state: 'OH',
      idempotencyKey: `instances-${i}`,
      smsConsent: true,
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(async () => {
  await appB?.close();
  await second?.close();
  await ctx?.close();
});

async function tick(ms: number) {
  ctx.clock.advance(ms);
  clockB.advance(ms);
  await Promise.all([ctx.clock.tick(0), clockB.tick(0)]);
}

describe('prize texts on two instances with retries', () => {
  it('locks and scores from both instances at once, queueing and sending each text once', async () => {
    const locks = await Promise.all([
      adminA.post(apiPaths.admin.boardLock(SLUG)),
      adminB.post(apiPaths.admin.boardLock(SLUG)),
    ]);
    expect(locks.map((r) => r.statusCode)).toEqual([200, 200]);
    const board: BoardView = (await ctx.app.inject({ method: 'GET', url: `/api/boards/${SLUG}` })).json();
    const cell = board.cells[0]?.cell ?? 0;
    const body = { period: 'q1', ...scoresFor(board, cell) };
    const scored = await Promise.all([
      adminA.post(apiPaths.admin.boardScores(SLUG), body),
      adminB.post(apiPaths.admin.boardScores(SLUG), body),
    ]);
    expect(scored.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await ctx.database.db.select().from(prizes).where(eq(prizes.period, 'q1'))).toHaveLength(1);

    const queued = await ctx.database.db.select().from(smsOutbox).where(like(smsOutbox.key, '%:%'));
    const lockKeys = queued.filter((t) => t.key.startsWith('lock:'));
    const winKeys = queued.filter((t) => t.key.startsWith('win:'));
    expect(lockKeys).toHaveLength(3);
    expect(winKeys).toHaveLength(1);

    // Both instances run the outbox job; the first try of each text fails, the retry (after its backoff) sends.
    for (let i = 0; i < 30; i++) await tick(5_000);
    const keys = [...lockKeys, ...winKeys].map((t) => t.key).sort();
    expect(delivered.map((m) => m.key).sort()).toEqual(keys);
    for (const key of keys) expect(attempts.get(key)).toBe(2);
    const rows = await ctx.database.db.select().from(smsOutbox).where(like(smsOutbox.key, '%:%'));
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
  });
});
