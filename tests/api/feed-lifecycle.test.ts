import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { boardResultLog, boardResults, boards } from '../../src/server/db/schema';
import { fixedClock } from '../../src/server/platform/clock';
import { createHttpScoresSource } from '../../src/server/platform/scores';
import type { BoardView } from '../../src/shared/contracts/boards';
import { nbaFinalsPrizes } from '../../src/shared/domain/boards';
import { fictionPhone } from '../support/fiction-phones.mjs';
import { Client } from '../support/http';
import { type EventStream, openEventStream } from '../support/sse';
import { createTestApp, listenOn, type TestContext } from '../support/test-app';
import { openSecondConnection } from '../support/test-db';
import { feedBoardInput, liveReadCounter, recordedScoreboard, signedInAdmin, startFakeFeed } from './fake-feed';

// A real game cut into the reads a live feed gives while it is played: the recorded final of Knicks at Hornets
// (2024-01-29, tests/support/recorded/espn/nba-final.json). Each stage keeps the quarters played so far, the
// score as their sum and the status the feed shows between quarters (End of 1st, Halftime, End of 3rd); `pre`
// is the scheduled game with no quarters. Every number is the real game's; only 'contradicting' changes one
// (the home score reads 93 while its quarters add up to 92), to show a read that contradicts itself, and
// 'corrected' stands for a stat correction after the final: it moves two of the Hornets' points from the 4th
// quarter into the 3rd (quarters 25, 18, 26, 23; the final score stays the real 92-113).
const recorded = recordedScoreboard('nba-final');
type Stage = 'pre' | 'q1' | 'half' | 'q3' | 'final' | 'contradicting' | 'corrected' | 'failing';
function documentAt(stage: Stage): string | null {
  if (stage === 'failing') return null; // the feed answers HTTP 500
  const doc = structuredClone(recorded);
  const event = doc.events[0];
  doc.events = [event];
  const competition = event.competitions[0];
  const played = { pre: 0, q1: 1, half: 2, q3: 3, final: 4, contradicting: 4, corrected: 4 }[stage];
  if (stage === 'pre' || stage === 'q1' || stage === 'half' || stage === 'q3') {
    const name = { pre: 'STATUS_SCHEDULED', q1: 'STATUS_END_PERIOD', half: 'STATUS_HALFTIME', q3: 'STATUS_END_PERIOD' };
    const detail = { pre: '7:00 PM ET', q1: 'End of 1st', half: 'Halftime', q3: 'End of 3rd' };
    competition.status = {
      period: played,
      type: {
        name: name[stage],
        state: stage === 'pre' ? 'pre' : 'in',
        completed: false,
        shortDetail: detail[stage],
      },
    };
    for (const c of competition.competitors) {
      c.linescores = c.linescores.slice(0, played);
      c.score = String(c.linescores.reduce((a: number, l: { value: number }) => a + l.value, 0));
    }
  }
  const home = competition.competitors.find((c: { homeAway: string }) => c.homeAway === 'home');
  if (stage === 'contradicting') home.score = '93';
  if (stage === 'corrected') {
    home.linescores[2].value = 26;
    home.linescores[3].value = 23;
  }
  return JSON.stringify(doc);
}

const nbaPath = '/apis/site/v2/sports/basketball/nba/scoreboard';
let stage: Stage = 'pre';
let feed: Awaited<ReturnType<typeof startFakeFeed>>;
/**
 * The game starts at 00:00Z on 30 January, 7 pm Eastern on the 29th: the feed files it under 29 January, and
 * that is the day read for it.
 */
const gameDayUrl = `${nbaPath}?dates=20240129`;
let liveReads: ReturnType<typeof liveReadCounter>;

const start = '2024-01-29T22:30:00Z'; // 90 minutes before the game (00:00Z): its board is not open yet
const settings = { scoresPollSeconds: 30, scoresScheduleDays: 0, entryLimitPerMinute: 1000 };
let ctx: TestContext;
let second: Database;
let appB: FastifyInstance;
const clockB = fixedClock(start);
let admin: Client;
let stream: EventStream;
const SLUG = 'hornets-knicks-live';

beforeAll(async () => {
  feed = await startFakeFeed(nbaPath, () => documentAt(stage));
  liveReads = liveReadCounter(feed, gameDayUrl, { now: () => ctx.clock.now() });
  const scores = createHttpScoresSource({ baseUrl: feed.baseUrl, timeoutMs: 5000 });
  ctx = await createTestApp({ scores, settings });
  ctx.clock.set(start);
  second = await openSecondConnection(ctx.database);
  appB = await buildApp({ database: second, clock: clockB, logger: false, scores, settings });
  await Promise.all([ctx.app.ready(), appB.ready()]);
  await tick(0);
  await signIn();
  const res = await admin.post(
    '/api/admin/boards',
    feedBoardInput(SLUG, { league: 'nba', eventId: '401585285' }, nbaFinalsPrizes, 'Hornets Foundation'),
  );
  expect(res.statusCode, res.body).toBe(201);
  // A fan watching the board on instance A hears what either instance's lifecycle run does.
  stream = await openEventStream(`${await listenOn(ctx.app)}/api/boards/${SLUG}/events`);
  expect(stream.status).toBe(200);
});
afterAll(async () => {
  stream?.close();
  await appB?.close();
  await second?.close();
  await ctx?.close();
  await feed?.close();
});

/** A fresh admin session (the clock moves on past a session's idle limit here). */
async function signIn() {
  admin = await signedInAdmin(ctx.app, '10.19.0.1');
}
/** Both instances' clocks move on together and run what came due (each job once per tick across them). */
async function tick(ms: number) {
  ctx.clock.advance(ms);
  clockB.advance(ms);
  await Promise.all([ctx.clock.tick(0), clockB.tick(0)]);
}
/** One poll tick at `stage`: the number of live reads it made. */
async function pollAt(next: Stage, ms = 30_000): Promise<number> {
  stage = next;
  return liveReads.during(() => tick(ms));
}
const view = async (): Promise<BoardView> =>
  (await ctx.app.inject({ method: 'GET', url: `/api/boards/${SLUG}` })).json();
const boardRow = async () => (await ctx.database.db.select().from(boards).where(eq(boards.slug, SLUG)))[0];
const results = async () => {
  const board = await boardRow();
  return ctx.database.db
    .select({
      period: boardResults.period,
      a: boardResults.teamAScore,
      b: boardResults.teamBScore,
      source: boardResults.source,
    })
    .from(boardResults)
    .where(eq(boardResults.boardId, board?.id ?? ''))
    .orderBy(asc(boardResults.period));
};

describe('a feed-scored board runs itself', () => {
  it('reads nothing while its board is not open yet', async () => {
    expect(await pollAt('pre')).toBe(0);
    expect(await view()).toMatchObject({ status: 'scheduled', scoring: 'feed', live: null });
  });

  it('reads the league once per tick across two instances once the board opens', async () => {
    // 23:00: the board opens (an hour before the game).
    expect(await pollAt('pre', 30 * 60_000)).toBe(1);
    expect((await view()).status).toBe('open');
    const fan = new Client(ctx.app, '10.19.0.2');
    for (let i = 0; i < 3; i++) {
      const res = await fan.post(`/api/boards/${SLUG}/entries`, {
        phone: fictionPhone(i),
        nickname: `Fan${i}`,
        ageConfirmed: true,
        rulesAccepted: true,
        state: 'OH',
        idempotencyKey: `feed-lifecycle-${i}`,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    for (let i = 0; i < 3; i++) expect(await pollAt('pre')).toBe(1);
    // Every read named the game's Eastern day; none read the default (undated) scoreboard.
    expect(feed.requests.filter((u) => u.startsWith(nbaPath) && u !== gameDayUrl)).toEqual([]);
    expect((await boardRow())?.lockedAt).toBeNull();
  });

  it('locks as soon as the feed shows the game under way, before its start, and scores the 1st quarter', async () => {
    expect(await pollAt('q1')).toBe(1);
    const board = await boardRow();
    expect(board?.lockedAt).not.toBeNull();
    const v = await view();
    expect(v.status).toBe('locked');
    expect(v.seed).not.toBeNull();
    // Team A is the home team (Hornets 25), team B the away team (Knicks 26).
    expect(await results()).toEqual([{ period: 'q1', a: 25, b: 26, source: 'feed' }]);
    expect(v.live).toEqual({ teamAScore: 25, teamBScore: 26, status: 'End of 1st' });
    const locked = await stream.waitFor((e) => e.event === 'locked');
    expect(locked.data).toEqual({ axes: { columns: v.axes.columns, rows: v.axes.rows } });
    const scored = await stream.waitFor((e) => e.event === 'scored');
    expect(scored.data).toMatchObject({ period: 'q1', teamAScore: 25, teamBScore: 26 });
    expect(v.results).toEqual([
      expect.objectContaining({ period: 'q1', teamAScore: 25, teamBScore: 26, source: 'feed' }),
    ]);
  });

  it('keeps an organizer’s score over later feed data for that period', async () => {
    expect(await pollAt('half')).toBe(1);
    expect((await results()).find((r) => r.period === 'q2')).toEqual({ period: 'q2', a: 43, b: 46, source: 'feed' });
    await signIn();
    const res = await admin.post(`/api/admin/boards/${SLUG}/scores`, { period: 'q2', teamAScore: 44, teamBScore: 46 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await pollAt('half')).toBe(1);
    expect(await pollAt('q3')).toBe(1);
    expect(await results()).toEqual([
      { period: 'q1', a: 25, b: 26, source: 'feed' },
      { period: 'q2', a: 44, b: 46, source: 'organizer' },
      { period: 'q3', a: 67, b: 90, source: 'feed' },
    ]);
  });

  it('scores nothing from a failed read, nor from one that contradicts itself, then settles at the final', async () => {
    const before = await results();
    expect(await pollAt('failing')).toBe(1);
    expect(await results()).toEqual(before);
    expect(await pollAt('contradicting')).toBe(1);
    expect((await results()).map((r) => r.period)).not.toContain('final');
    expect((await boardRow())?.settledAt).toBeNull();
    // The board keeps the last usable score and says it waits for the official one.
    expect((await view()).live).toEqual({ teamAScore: 67, teamBScore: 90, status: 'Waiting for the official score' });
    expect(await pollAt('final')).toBe(1);
    expect((await results()).find((r) => r.period === 'final')).toEqual({
      period: 'final',
      a: 92,
      b: 113,
      source: 'feed',
    });
    expect((await boardRow())?.settledAt).not.toBeNull();
    const settled = await view();
    expect(settled.status).toBe('settled');
    expect(settled.live).toEqual({ teamAScore: 92, teamBScore: 113, status: 'Final' });
    expect(settled.results.map((r) => `${r.period}:${r.source}`)).toEqual([
      'q1:feed',
      'q2:organizer',
      'q3:feed',
      'final:feed',
    ]);
    const log = await ctx.database.db
      .select({ period: boardResultLog.period, source: boardResultLog.source })
      .from(boardResultLog)
      .orderBy(asc(boardResultLog.at));
    expect(log.map((l) => `${l.period}:${l.source}`)).toEqual([
      'q1:feed',
      'q2:feed',
      'q2:organizer',
      'q3:feed',
      'final:feed',
    ]);
  });

  it('re-scores a period the feed corrects within 24 hours of the final, and logs it', async () => {
    expect(await pollAt('corrected', 60 * 60_000)).toBe(1);
    expect((await results()).find((r) => r.period === 'q3')).toEqual({ period: 'q3', a: 69, b: 90, source: 'feed' });
    const [last] = await ctx.database.db.select().from(boardResultLog).orderBy(desc(boardResultLog.at)).limit(1);
    expect(last).toMatchObject({
      period: 'q3',
      before: { teamAScore: 67, teamBScore: 90 },
      after: { teamAScore: 69, teamBScore: 90 },
      source: 'feed',
    });
  });

  it('keeps reading through the 24-hour correction window after the final, then stops', async () => {
    expect(await pollAt('corrected', 22 * 60 * 60_000)).toBe(1);
    expect(await pollAt('final', 2 * 60 * 60_000)).toBe(0);
  });
});
