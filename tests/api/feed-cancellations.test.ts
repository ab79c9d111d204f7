import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devOutbox, payments } from '../../src/server/db/schema';
import { createLocalProvider } from '../../src/server/platform/payments';
import { createHttpScoresSource } from '../../src/server/platform/scores';
import type { EntryCreated } from '../../src/shared/contracts/board-responses';
import type { BoardView } from '../../src/shared/contracts/boards';
import { apiPaths } from '../../src/shared/contracts/paths';
import { hockeyPrizes } from '../../src/shared/domain/feed-periods';
import { Client, latestMailTo, linkIn } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { feedBoardInput, type NhlStage, nhlPostponedThenCancelled, signedInAdmin, startFakeFeed } from './fake-feed';

// The recorded Blues at Stars schedule, then postponed, then cancelled (fake-feed.ts nhlPostponedThenCancelled).
type Stage = NhlStage;
const documentAt = nhlPostponedThenCancelled;

const nhlPath = '/apis/site/v2/sports/hockey/nhl/scoreboard';
const secret = 'test-secret-for-feed-cancellations-0123';
let stage: Stage = 'scheduled';
let feed: Awaited<ReturnType<typeof startFakeFeed>>;
let ctx: TestContext;
let fan: Client;
const PAID = 'blues-stars-paid';
const FREE = 'blues-stars-free';
const EMAIL = 'stars-fan@example.com';

beforeAll(async () => {
  feed = await startFakeFeed(nhlPath, () => documentAt(stage));
  ctx = await createTestApp({
    scores: createHttpScoresSource({ baseUrl: feed.baseUrl, timeoutMs: 5000 }),
    payments: createLocalProvider({ publicUrl: 'http://localhost:3000', secret }),
    settings: { authSecret: secret, scoresPollSeconds: 30, scoresScheduleDays: 0, entryLimitPerMinute: 1000 },
  });
  ctx.clock.set('2025-09-20T22:10:00Z');
  await ctx.app.ready();
  await ctx.clock.tick(0);
  const admin = await signedInAdmin(ctx.app, '10.21.0.1');
  const game = { league: 'nhl', eventId: '401801790' };
  const paid = {
    ...feedBoardInput(PAID, game, hockeyPrizes, 'Stars Foundation'),
    entryRule: { kind: 'presets-or-custom', presetsCents: [500, 1000], minCents: 500 },
    paymentRequired: true,
  };
  expect((await admin.post('/api/admin/boards', paid)).statusCode).toBe(201);
  const free = feedBoardInput(FREE, game, hockeyPrizes, 'Stars Foundation');
  expect((await admin.post('/api/admin/boards', free)).statusCode).toBe(201);
  // A signed-in fan (with an email) enters and pays on the paid board, and enters the free one.
  fan = new Client(ctx.app, '10.21.0.2');
  await fan.post('/api/auth/sign-up/email', {
    name: 'Stars Fan',
    phone: '+12025550104',
    email: EMAIL,
    password: 'Squares-2025!',
    callbackURL: '/login',
  });
  await fan.get(linkIn((await latestMailTo(ctx.database.db, EMAIL))?.text ?? ''));
  const res = await fan.post(apiPaths.boardEntries(PAID), {
    phone: '+12025550104',
    nickname: 'Robbie',
    amountCents: 500,
    ageConfirmed: true,
    rulesAccepted: true,
    state: 'OH',
    idempotencyKey: 'feed-cancellations-paid',
  });
  expect(res.statusCode, res.body).toBe(201);
  const entry = res.json<{ entry: EntryCreated }>().entry;
  const sessionId = (entry.checkoutUrl ?? '').split('/checkout/')[1] ?? '';
  const paidRes = await fan.post(apiPaths.payments.localPay(sessionId), {
    number: '4242424242424242',
    expiry: '12/30',
    cvc: '123',
  });
  expect(paidRes.statusCode, paidRes.body).toBe(200);
  const freeEntry = await fan.post(apiPaths.boardEntries(FREE), {
    phone: '+12025550104',
    nickname: 'Robbie',
    ageConfirmed: true,
    rulesAccepted: true,
    state: 'OH',
    idempotencyKey: 'feed-cancellations-free',
  });
  expect(freeEntry.statusCode, freeEntry.body).toBe(201);
});
afterAll(async () => {
  await ctx?.close();
  await feed?.close();
});

const view = async (slug: string): Promise<BoardView> =>
  (await ctx.app.inject({ method: 'GET', url: `/api/boards/${slug}` })).json();
const poll = async (next: Stage, ms = 30_000) => {
  stage = next;
  ctx.clock.advance(ms);
  await ctx.clock.tick(0);
};
const mailsTo = async (to: string) =>
  (await ctx.database.db.select().from(devOutbox).where(eq(devOutbox.to, to))).filter((m) =>
    /postponed|cancelled/i.test(m.text),
  );
const entryPayments = () => ctx.database.db.select().from(payments).where(eq(payments.purpose, 'entry'));

describe('a feed game postponed, then cancelled', () => {
  it('keeps its boards with the new time, says so on each board and tells each signed-in entrant once', async () => {
    await poll('scheduled');
    expect(await view(PAID)).toMatchObject({ status: 'open', notice: null });
    expect((await entryPayments()).map((p) => p.status)).toEqual(['paid']);
    await poll('postponed');
    await poll('postponed');
    const notice = 'Game postponed: now starts 2025-09-21 23:00 UTC.';
    for (const slug of [PAID, FREE]) {
      const v = await view(slug);
      expect(v).toMatchObject({ notice, game: { startsAt: '2025-09-21T23:00:00.000Z' } });
      expect(v.status).not.toBe('cancelled');
    }
    // One email per board the fan entered, once however often the feed repeats the postponement.
    const mails = await mailsTo(EMAIL);
    expect(mails).toHaveLength(2);
    expect(mails.every((m) => m.text.includes(notice))).toBe(true);
    expect(mails.map((m) => linkIn(m.text)).sort()).toEqual([`/boards/${PAID}`, `/boards/${FREE}`].sort());
  });

  it('cancels its boards, refunds the paid entries in full and tells the entrants', async () => {
    await poll('cancelled', 24 * 60 * 60_000);
    await poll('cancelled');
    const paid = await view(PAID);
    expect(paid.status).toBe('cancelled');
    expect(paid.notice).toBe('Game cancelled: this board is cancelled. Paid entries are refunded in full.');
    const free = await view(FREE);
    expect(free).toMatchObject({ status: 'cancelled', notice: 'Game cancelled: this board is cancelled.' });
    expect((await entryPayments()).map((p) => p.status)).toEqual(['refunded']);
    const cancelled = (await mailsTo(EMAIL)).filter((m) => m.text.startsWith('Game cancelled'));
    expect(cancelled.map((m) => linkIn(m.text)).sort()).toEqual([`/boards/${PAID}`, `/boards/${FREE}`].sort());
    // The fan's entries show as cancelled.
    const mine = (await fan.post('/api/entries/lookup', { tickets: [] })).json().entries;
    expect(mine.map((e: { status: string }) => e.status)).toEqual(['Cancelled', 'Cancelled']);
  });
});
