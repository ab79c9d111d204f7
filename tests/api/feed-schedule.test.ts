import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../src/server/db/schema';
import { createHttpScoresSource } from '../../src/server/platform/scores';
import type { BoardView } from '../../src/shared/contracts/boards';
import { nbaFinalsPrizes } from '../../src/shared/domain/boards';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { feedBoardInput, recordedScoreboard, signedInAdmin, startFakeFeed } from './fake-feed';

// The recorded NBA scoreboard of 2024-01-29 (Knicks at Hornets), served for every day asked as the feed shows
// it at 1 pm Eastern, before the game: scheduled, no score yet. The schedule is read for today and the coming
// SCORES_SCHEDULE_DAYS days.
function beforeTipOff(): string {
  const doc = recordedScoreboard('nba-final');
  const competition = doc.events[0].competitions[0];
  competition.status = {
    period: 0,
    type: { name: 'STATUS_SCHEDULED', state: 'pre', completed: false, shortDetail: '1/29 - 7:00 PM EST' },
  };
  for (const c of competition.competitors) {
    c.linescores = [];
    c.score = '0';
  }
  return JSON.stringify(doc);
}
const recorded = beforeTipOff();
const nbaPath = '/apis/site/v2/sports/basketball/nba/scoreboard';
let feed: Awaited<ReturnType<typeof startFakeFeed>>;

let ctx: TestContext;
let admin: Client;
beforeAll(async () => {
  feed = await startFakeFeed(nbaPath, () => recorded);
  ctx = await createTestApp({
    scores: createHttpScoresSource({ baseUrl: feed.baseUrl, timeoutMs: 2000 }),
    settings: { scoresScheduleDays: 2 },
  });
  ctx.clock.advance(Date.parse('2024-01-29T18:00:00Z') - ctx.clock.now().getTime());
  await ctx.app.ready();
  await ctx.clock.tick(0); // the read at start
  admin = await signedInAdmin(ctx.app, '10.18.0.1');
});
afterAll(async () => {
  await ctx?.close();
  await feed?.close();
});

const board = feedBoardInput(
  'knicks-hornets',
  { league: 'nba', eventId: '401585285' },
  nbaFinalsPrizes,
  'Hornets Foundation',
);

describe('the schedule from the feed', () => {
  it('reads each league for today and the coming days at start, with ?dates=', () => {
    const nba = feed.requests.filter((u) => u.startsWith(nbaPath)).sort();
    expect(nba).toEqual([`${nbaPath}?dates=20240129`, `${nbaPath}?dates=20240130`, `${nbaPath}?dates=20240131`]);
    // The other leagues were asked too (and failed here: nothing stored for them).
    expect(feed.requests.filter((u) => u.includes('/hockey/nhl/scoreboard?dates='))).toHaveLength(3);
  });

  it('lists a league’s games for admins: home team as team A', async () => {
    const res = await admin.get('/api/admin/feed-games?league=nba');
    expect(res.statusCode, res.body).toBe(200);
    const listed = res.json<{ games: Record<string, string>[] }>().games;
    expect(listed).toContainEqual({
      league: 'nba',
      eventId: '401585285',
      teamA: 'Charlotte Hornets',
      teamB: 'New York Knicks',
      startsAt: '2024-01-30T00:00:00.000Z',
      status: 'scheduled',
    });
    expect((await admin.get('/api/admin/feed-games?league=nhl')).json()).toEqual({ games: [] });
  });

  it('refuses a bad league with the house error shape, and visitors', async () => {
    const res = await admin.get('/api/admin/feed-games?league=xfl');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: { league: expect.any(String) } } });
    expect((await new Client(ctx.app, '10.18.0.2').get('/api/admin/feed-games?league=nba')).statusCode).toBe(401);
  });

  it('creates boards on a feed game, reusing its game row', async () => {
    const res = await admin.post('/api/admin/boards', board);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ game: { league: 'NBA', teamA: 'Charlotte Hornets', teamB: 'New York Knicks' } });
    const second = await admin.post('/api/admin/boards', { ...board, slug: 'knicks-hornets-b' });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({ sequence: 2 });
    const rows = await ctx.database.db.select().from(games).where(eq(games.feedId, 'nba:401585285'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.startsAt.toISOString()).toBe('2024-01-30T00:00:00.000Z');
    const view = (await ctx.app.inject({ method: 'GET', url: '/api/boards/knicks-hornets' })).json<BoardView>();
    expect(view.game).toMatchObject({ teamA: 'Charlotte Hornets', teamB: 'New York Knicks' });
  });

  it('refuses an unknown feed game (404) and more than one way to name the game (400)', async () => {
    const unknown = await admin.post('/api/admin/boards', {
      ...board,
      slug: 'ghost-feed',
      feedGame: { league: 'nba', eventId: '999' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('FEED_GAME_NOT_FOUND');
    const both = await admin.post('/api/admin/boards', {
      ...board,
      slug: 'two-ways',
      gameId: '00000000-0000-4000-8000-000000000000',
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.fields).toHaveProperty('gameId');
    const badLeague = await admin.post('/api/admin/boards', {
      ...board,
      slug: 'bad-league',
      feedGame: { league: 'xfl', eventId: '1' },
    });
    expect(badLeague.statusCode).toBe(400);
  });

  it('refuses a board whose prize periods the game’s sport does not have (it could never settle)', async () => {
    const before = await ctx.database.db.select().from(games);
    const innings = [
      { key: 'inning5-runs', label: '5th inning runs', prizeCents: 5000 },
      { key: 'final', label: 'Final score', prizeCents: 5000 },
    ];
    const res = await admin.post('/api/admin/boards', { ...board, slug: 'innings-on-hoops', prizeTable: innings });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'FEED_PERIODS_UNKNOWN',
      fields: { prizeTable: expect.stringContaining('scored by q1, q2, q3, final; this board has inning5-runs') },
    });
    expect(await ctx.database.db.select().from(games)).toHaveLength(before.length);
    const view = await ctx.app.inject({ method: 'GET', url: '/api/boards/innings-on-hoops' });
    expect(view.statusCode).toBe(404);
  });
});
