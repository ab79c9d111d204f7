import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boards, games } from '../../src/server/db/schema';
import { createHttpScoresSource } from '../../src/server/platform/scores';
import type { BoardView } from '../../src/shared/contracts/boards';
import { hockeyPrizes } from '../../src/shared/domain/feed-periods';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { feedBoardInput, type NhlStage, nhlPostponedThenCancelled, signedInAdmin, startFakeFeed } from './fake-feed';

// The recorded Blues at Stars schedule, then postponed, then cancelled (fake-feed.ts nhlPostponedThenCancelled),
// with the status objects the real feed gives those games (state post, not completed, period 0).
type Stage = NhlStage;
const documentAt = nhlPostponedThenCancelled;

const nhlPath = '/apis/site/v2/sports/hockey/nhl/scoreboard';
let stage: Stage = 'scheduled';
let feed: Awaited<ReturnType<typeof startFakeFeed>>;

let ctx: TestContext;
const SLUG = 'stars-blues';
beforeAll(async () => {
  feed = await startFakeFeed(nhlPath, () => documentAt(stage));
  ctx = await createTestApp({
    scores: createHttpScoresSource({ baseUrl: feed.baseUrl, timeoutMs: 5000 }),
    settings: { scoresPollSeconds: 30, scoresScheduleDays: 0, entryLimitPerMinute: 1000 },
  });
  ctx.clock.set('2025-09-20T22:10:00Z');
  await ctx.app.ready();
  await ctx.clock.tick(0);
  const admin = await signedInAdmin(ctx.app, '10.20.0.1');
  const res = await admin.post(
    '/api/admin/boards',
    feedBoardInput(SLUG, { league: 'nhl', eventId: '401801790' }, hockeyPrizes, 'Stars Foundation'),
  );
  expect(res.statusCode, res.body).toBe(201);
});
afterAll(async () => {
  await ctx?.close();
  await feed?.close();
});

const view = async (): Promise<BoardView> =>
  (await ctx.app.inject({ method: 'GET', url: `/api/boards/${SLUG}` })).json();
const poll = async (next: Stage, ms = 30_000) => {
  stage = next;
  ctx.clock.advance(ms);
  await ctx.clock.tick(0);
};

describe('a postponed, then cancelled feed game', () => {
  it('moves a postponed game to the feed’s new time: its open board stays open and takes entries', async () => {
    await poll('scheduled');
    expect((await view()).status).toBe('open');
    await poll('postponed');
    const [game] = await ctx.database.db.select().from(games).where(eq(games.feedId, 'nhl:401801790'));
    expect(game?.startsAt.toISOString()).toBe('2025-09-21T23:00:00.000Z');
    const v = await view();
    expect(v.status).toBe('open');
    expect(v.game.startsAt).toBe('2025-09-21T23:00:00.000Z');
    // Entrants are told; the feed's "post" state of a postponed game is not a final: nothing is scored.
    expect(v.notice).toMatch(/^Game postponed: now starts /);
    expect(v.results).toEqual([]);
    expect(v.live?.status).toBe('Postponed');
    expect((await ctx.database.db.select().from(boards).where(eq(boards.slug, SLUG)))[0]?.lockedAt).toBeNull();
    // Past the original start, the board is still open and a fan can join.
    await poll('postponed', 2 * 60 * 60_000);
    expect((await view()).status).toBe('open');
    const entry = await new Client(ctx.app, '10.20.0.7').post(`/api/boards/${SLUG}/entries`, {
      phone: '+12025550125',
      nickname: 'Later',
      ageConfirmed: true,
      rulesAccepted: true,
      state: 'OH',
      idempotencyKey: 'postponed-entry-1',
    });
    expect(entry.statusCode, entry.body).toBe(201);
  });

  it('cancels the boards of a cancelled game through the cancel path', async () => {
    await poll('cancelled', 24 * 60 * 60_000);
    expect((await view()).status).toBe('cancelled');
  });
});
