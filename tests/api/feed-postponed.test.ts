import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boards, games } from '../../src/server/db/schema';
import { createHttpScoresSource } from '../../src/server/platform/scores';
import type { BoardView } from '../../src/shared/contracts/boards';
import { hockeyPrizes } from '../../src/shared/domain/feed-periods';
import { createTestApp, type TestContext } from '../support/test-app';
import { feedBoardInput, recordedScoreboard, signedInAdmin, startFakeFeed } from './fake-feed';

// The recorded NHL schedule of 2025-09-20 (Blues at Stars, 23:00Z, tests/support/recorded/espn/nhl-scheduled.json).
// Changed for this test: 'postponed' gives the game the feed's postponed status and moves it to the same time
// the next day; 'cancelled' gives it the feed's cancelled status (at that new time).
const recorded = recordedScoreboard('nhl-scheduled');
type Stage = 'scheduled' | 'postponed' | 'cancelled';
const newTime = '2025-09-21T23:00Z';
function documentAt(stage: Stage): string {
  const doc = structuredClone(recorded);
  const event = doc.events[0];
  if (stage !== 'scheduled') {
    event.date = newTime;
    event.competitions[0].date = newTime;
    const name = stage === 'postponed' ? 'STATUS_POSTPONED' : 'STATUS_CANCELED';
    const status = { period: 0, type: { name, state: 'post', completed: false, shortDetail: name.slice(7) } };
    event.status = status;
    event.competitions[0].status = status;
  }
  return JSON.stringify(doc);
}

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
  it('moves a postponed game to the feed’s new time: its board is not locked and opens again by then', async () => {
    await poll('scheduled');
    expect((await view()).status).toBe('open');
    await poll('postponed');
    const [game] = await ctx.database.db.select().from(games).where(eq(games.feedId, 'nhl:401801790'));
    expect(game?.startsAt.toISOString()).toBe('2025-09-21T23:00:00.000Z');
    const v = await view();
    expect(v.status).toBe('scheduled');
    expect(v.game.startsAt).toBe('2025-09-21T23:00:00.000Z');
    expect((await ctx.database.db.select().from(boards).where(eq(boards.slug, SLUG)))[0]?.lockedAt).toBeNull();
  });

  it('cancels the boards of a cancelled game through the cancel path', async () => {
    await poll('cancelled', 24 * 60 * 60_000);
    expect((await view()).status).toBe('cancelled');
  });
});
