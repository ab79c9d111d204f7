import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { boardResults, boards } from '../../src/server/db/schema';
import { fixedClock } from '../../src/server/platform/clock';
import { createHttpScoresSource } from '../../src/server/platform/scores';
import type { AdminBoardDetail } from '../../src/shared/contracts/admin';
import { nbaFinalsPrizes } from '../../src/shared/domain/boards';
import { fictionPhone } from '../support/fiction-phones.mjs';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { openSecondConnection } from '../support/test-db';
import { feedBoardInput, liveReadCounter, recordedScoreboard, signedInAdmin, startFakeFeed } from './fake-feed';

// Two NBA games on two feed days, read by two instances. Both are the recorded final of Knicks at Hornets
// (tests/support/recorded/espn/nba-final.json) cut to a stage as tests/api/feed-lifecycle.test.ts does.
// Changed for the tests: game A is moved to 00:30Z on 30 January (7:30 pm Eastern on the 29th, so the feed
// files it under 29 January); game B is a copy of it under another event id, at 17:00Z on 30 January
// (noon Eastern, filed under the 30th).
type Stage = 'pre' | 'q1' | 'final' | 'failing';
const recorded = recordedScoreboard('nba-final');
const gameA = { eventId: '401585285', startsAt: '2024-01-30T00:30Z', day: '20240129' };
const gameB = { eventId: '401585285-b', startsAt: '2024-01-30T17:00Z', day: '20240130' };

function documentOf(game: typeof gameA, stage: Stage): string | null {
  if (stage === 'failing') return null; // the feed answers HTTP 500 for that day
  const doc = structuredClone(recorded);
  const event = doc.events[0];
  doc.events = [event];
  event.id = game.eventId;
  event.date = game.startsAt;
  const competition = event.competitions[0];
  competition.id = game.eventId;
  competition.date = game.startsAt;
  if (stage !== 'final') {
    const played = stage === 'q1' ? 1 : 0;
    competition.status = {
      period: played,
      type: {
        name: stage === 'q1' ? 'STATUS_END_PERIOD' : 'STATUS_SCHEDULED',
        state: stage === 'q1' ? 'in' : 'pre',
        completed: false,
        shortDetail: stage === 'q1' ? 'End of 1st' : '7:30 PM ET',
      },
    };
    for (const c of competition.competitors) {
      c.linescores = c.linescores.slice(0, played);
      c.score = String(c.linescores.reduce((a: number, l: { value: number }) => a + l.value, 0));
    }
  }
  return JSON.stringify(doc);
}

const nbaPath = '/apis/site/v2/sports/basketball/nba/scoreboard';
const stages: Record<string, Stage> = { [gameA.day]: 'pre', [gameB.day]: 'pre' };
let feed: Awaited<ReturnType<typeof startFakeFeed>>;
let readsA: ReturnType<typeof liveReadCounter>;
let readsB: ReturnType<typeof liveReadCounter>;

const start = '2024-01-29T23:00:00Z'; // 6 pm Eastern on the 29th: no board is open yet
const settings = { scoresPollSeconds: 30, scoresScheduleDays: 1, entryLimitPerMinute: 1000 };
let ctx: TestContext;
let second: Database;
let appB: FastifyInstance;
const clockB = fixedClock(start);
const A1 = 'days-a-first';
const A2 = 'days-a-second';
const B1 = 'days-b';

beforeAll(async () => {
  feed = await startFakeFeed(nbaPath, (url) => {
    const day = new URL(url, 'http://feed').searchParams.get('dates');
    if (day === gameA.day) return documentOf(gameA, stages[gameA.day] ?? 'pre');
    if (day === gameB.day) return documentOf(gameB, stages[gameB.day] ?? 'pre');
    return JSON.stringify({ events: [] });
  });
  const scores = createHttpScoresSource({ baseUrl: feed.baseUrl, timeoutMs: 5000 });
  ctx = await createTestApp({ scores, settings });
  ctx.clock.set(start);
  readsA = liveReadCounter(feed, `${nbaPath}?dates=${gameA.day}`, ctx.clock, settings.scoresScheduleDays);
  readsB = liveReadCounter(feed, `${nbaPath}?dates=${gameB.day}`, ctx.clock, settings.scoresScheduleDays);
  second = await openSecondConnection(ctx.database);
  appB = await buildApp({ database: second, clock: clockB, logger: false, scores, settings });
  await Promise.all([ctx.app.ready(), appB.ready()]);
  await tick(0);
  const admin = await signedInAdmin(ctx.app, '10.23.0.1');
  const boardsToMake = [
    [A1, gameA],
    [A2, gameA],
    [B1, gameB],
  ] as const;
  for (const [slug, game] of boardsToMake) {
    const input = feedBoardInput(slug, { league: 'nba', eventId: game.eventId }, nbaFinalsPrizes, 'Hornets Foundation');
    const res = await admin.post('/api/admin/boards', input);
    expect(res.statusCode, res.body).toBe(201);
  }
});

/** A fan joins an open board (a board with no entries is cancelled when its game starts). */
async function enter(slug: string, n: number) {
  const entry = await new Client(ctx.app, '10.23.0.2').post(`/api/boards/${slug}/entries`, {
    phone: fictionPhone(n),
    nickname: 'Fan',
    ageConfirmed: true,
    rulesAccepted: true,
    state: 'OH',
    idempotencyKey: `feed-days-${slug}`,
  });
  expect(entry.statusCode, entry.body).toBe(201);
}
afterAll(async () => {
  await appB?.close();
  await second?.close();
  await ctx?.close();
  await feed?.close();
});

/** Both instances' clocks move on together and run what came due (each job once per tick across them). */
async function tick(ms: number) {
  ctx.clock.advance(ms);
  clockB.advance(ms);
  await Promise.all([ctx.clock.tick(0), clockB.tick(0)]);
}
/** One poll tick with the days at these stages: the live reads of each day it made. */
async function pollAt(next: { a?: Stage; b?: Stage }, ms = 30_000): Promise<{ a: number; b: number }> {
  if (next.a) stages[gameA.day] = next.a;
  if (next.b) stages[gameB.day] = next.b;
  const before = { a: readsA, b: readsB };
  let a = 0;
  const b = await before.b.during(async () => {
    a = await before.a.during(() => tick(ms));
  });
  return { a, b };
}
const scored = async (slug: string) => {
  const [board] = await ctx.database.db.select().from(boards).where(eq(boards.slug, slug));
  const rows = await ctx.database.db
    .select()
    .from(boardResults)
    .where(eq(boardResults.boardId, board?.id ?? ''));
  return rows.map((r) => `${r.period}:${r.teamAScore}-${r.teamBScore}`).sort();
};
const feedProblem = async (slug: string) => {
  const admin = await signedInAdmin(ctx.app, '10.23.0.1');
  return (await admin.get(`/api/admin/boards/${slug}`)).json<AdminBoardDetail>().board.feedProblem;
};

describe('the live poll reads each game on its own feed day', () => {
  it('reads a 00:30Z game on its Eastern day, once per tick for its two boards across two instances', async () => {
    // 23:31Z: game A's boards are open (an hour before 00:30Z); game B's opens at 16:00Z on the 30th.
    expect(await pollAt({}, 31 * 60_000)).toEqual({ a: 1, b: 0 });
    await enter(A1, 1);
    await enter(A2, 2);
    for (let i = 0; i < 3; i++) expect(await pollAt({})).toEqual({ a: 1, b: 0 });
    expect(await pollAt({ a: 'q1' })).toEqual({ a: 1, b: 0 });
    expect(await scored(A1)).toEqual(['q1:25-26']);
    expect(await scored(A2)).toEqual(['q1:25-26']);
    expect(await scored(B1)).toEqual([]);
    // No live read asked for the feed's default (undated) scoreboard.
    expect(feed.requests.filter((u) => u === nbaPath)).toEqual([]);
  });

  it('keeps reading a final in its correction window after midnight on its own day, beside the next day', async () => {
    expect(await pollAt({ a: 'final' })).toEqual({ a: 1, b: 0 });
    expect(await scored(A1)).toEqual(['final:92-113', 'q1:25-26', 'q2:43-46', 'q3:67-90']);
    // About 16:34Z on the 30th: game B's board is open; game A went final 17 hours ago, still in its window.
    await pollAt({}, 17 * 60 * 60_000);
    expect(await pollAt({})).toEqual({ a: 1, b: 1 });
    await enter(B1, 3);
  });

  it('scores one day’s boards when the other day’s read fails, and flags only the failed day’s boards', async () => {
    expect(await pollAt({ a: 'failing', b: 'q1' })).toEqual({ a: 1, b: 1 });
    expect(await scored(B1)).toEqual(['q1:25-26']);
    expect(await feedProblem(A1)).toMatch(/^The scores feed could not be read/);
    expect(await feedProblem(A2)).toMatch(/^The scores feed could not be read/);
    expect(await feedProblem(B1)).toBeNull();

    expect(await pollAt({ a: 'final', b: 'failing' })).toEqual({ a: 1, b: 1 });
    expect(await feedProblem(A1)).toBeNull();
    expect(await feedProblem(B1)).toMatch(/^The scores feed could not be read/);
    expect(await pollAt({ b: 'final' })).toEqual({ a: 1, b: 1 });
    expect(await scored(B1)).toEqual(['final:92-113', 'q1:25-26', 'q2:43-46', 'q3:67-90']);
    expect(await feedProblem(B1)).toBeNull();
  });
});
