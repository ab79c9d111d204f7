import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitingForOfficialScore } from '../../src/server/features/boards';
import { createHttpScoresSource } from '../../src/server/platform/scores';
import type { AdminBoardDetail } from '../../src/shared/contracts/admin';
import type { BoardView } from '../../src/shared/contracts/boards';
import { baseballPrizes } from '../../src/shared/domain/baseball';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { feedBoardInput, recordedScoreboard, signedInAdmin, startFakeFeed } from './fake-feed';

// A real baseball game as the public feed gave it while it was played: Cardinals at Cubs on 2025-09-27, read in
// the top of the 7th (tests/support/recorded/espn/mlb-final-and-live.json). Before the first pitch the feed
// shows it scheduled, with no innings (the 'pre' stage keeps the real teams and start, drops the innings).
// The feed gives hits only as a running total, so by the 7th the 5th inning's hits can no longer be read.
const recorded = recordedScoreboard('mlb-final-and-live');
const EVENT = '401697317';
type Stage = 'pre' | 'top-7th';
function documentAt(stage: Stage): string {
  const doc = structuredClone(recorded);
  doc.events = doc.events.filter((e: { id: string }) => e.id === EVENT);
  if (stage === 'pre') {
    const competition = doc.events[0].competitions[0];
    const status = { period: 0, type: { name: 'STATUS_SCHEDULED', state: 'pre', completed: false, detail: '2:20 PM' } };
    doc.events[0].status = status;
    competition.status = status;
    for (const c of competition.competitors) {
      c.linescores = [];
      c.score = '0';
      c.hits = 0;
    }
  }
  return JSON.stringify(doc);
}

const mlbPath = '/apis/site/v2/sports/baseball/mlb/scoreboard';
let stage: Stage = 'pre';
let feed: Awaited<ReturnType<typeof startFakeFeed>>;
let ctx: TestContext;
let admin: Client;
const SLUG = 'cardinals-cubs-feed';

beforeAll(async () => {
  feed = await startFakeFeed(mlbPath, () => documentAt(stage));
  ctx = await createTestApp({
    scores: createHttpScoresSource({ baseUrl: feed.baseUrl, timeoutMs: 5000 }),
    settings: { scoresPollSeconds: 30, scoresScheduleDays: 0, entryLimitPerMinute: 1000 },
  });
  ctx.clock.set('2025-09-27T17:40:00Z'); // the board is open (the game starts at 18:20Z)
  await ctx.app.ready();
  await ctx.clock.tick(0);
  admin = await signedInAdmin(ctx.app, '10.62.0.1');
  const res = await admin.post(
    '/api/admin/boards',
    feedBoardInput(SLUG, { league: 'mlb', eventId: EVENT }, baseballPrizes, 'Cubs Charities'),
  );
  expect(res.statusCode, res.body).toBe(201);
  const entry = await new Client(ctx.app, '10.62.0.2').post(`/api/boards/${SLUG}/entries`, {
    phone: '+12025550120',
    nickname: 'Hoerner',
    idempotencyKey: 'feed-baseball-1',
    ageConfirmed: true,
    rulesAccepted: true,
    state: 'OH',
  });
  expect(entry.statusCode, entry.body).toBe(201);
});
afterAll(async () => {
  await ctx?.close();
  await feed?.close();
});

const view = async (): Promise<BoardView> =>
  (await ctx.app.inject({ method: 'GET', url: `/api/boards/${SLUG}` })).json();
const detail = async (): Promise<AdminBoardDetail> => (await admin.get(`/api/admin/boards/${SLUG}`)).json();

describe('a baseball board scored from the feed', () => {
  it('scores the 5th inning’s runs in the 7th, and asks the organizer for the 5th’s hits it cannot read', async () => {
    stage = 'top-7th';
    ctx.clock.set('2025-09-27T20:00:00Z');
    await ctx.clock.tick(30_000);
    admin = await signedInAdmin(ctx.app, '10.62.0.3'); // the morning's admin session has ended
    const board = await view();
    expect(board.status).toBe('locked');
    // Runs at the end of the 5th are the first five innings of the real linescores.
    const runs = board.results.find((r) => r.period === 'inning5-runs');
    expect(runs).toMatchObject({ teamAScore: 3, teamBScore: 1, source: 'feed' }); // Cubs 1+0+0+0+2, Cardinals 0+0+0+1+0
    expect(board.results.map((r) => r.period)).toEqual(['inning5-runs']);
    expect(board.live?.status).toBe(waitingForOfficialScore);
    expect((await detail()).board.feedProblem).toBe(
      'Score by hand: End of the 5th: total hits. The 6th inning has begun and the feed gives hits only as a running total.',
    );
  });

  it('clears the flag once the organizer enters the 5th’s hits, and later reads keep their score', async () => {
    const scored = await admin.post(`/api/admin/boards/${SLUG}/scores`, {
      period: 'inning5-hits',
      teamAScore: 7,
      teamBScore: 4,
    });
    expect(scored.statusCode, scored.body).toBe(200);
    await ctx.clock.tick(30_000);
    expect((await detail()).board.feedProblem).toBeNull();
    const board = await view();
    expect(board.results.find((r) => r.period === 'inning5-hits')).toMatchObject({
      teamAScore: 7,
      teamBScore: 4,
      source: 'organizer',
    });
    expect(board.live?.status).not.toBe(waitingForOfficialScore);
  });
});
