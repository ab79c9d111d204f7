import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpScoresSource } from '../../src/server/platform/scores';
import type { AdminBoardDetail, AdminBoardSummary, AuditEvent } from '../../src/shared/contracts/admin';
import type { BoardView } from '../../src/shared/contracts/boards';
import { nbaFinalsPrizes } from '../../src/shared/domain/boards';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { feedBoardInput, liveReadCounter, recordedScoreboard, signedInAdmin, startFakeFeed } from './fake-feed';

// The recorded final of Knicks at Hornets (2024-01-29, tests/support/recorded/espn/nba-final.json) cut into the
// reads a live feed gives while it is played: each stage keeps the quarters played so far, the score as their
// sum and the status shown between quarters. Every number is the real game's except in 'corrected', which
// stands for a stat correction after the final: two of the Hornets' points move from the 4th quarter into the
// 1st, and two more into the 3rd (quarters 27, 18, 26, 21; the final score stays the real 92-113).
const recorded = recordedScoreboard('nba-final');
type Stage = 'pre' | 'q1' | 'half' | 'q3' | 'final' | 'corrected' | 'failing';
function documentAt(stage: Stage): string | null {
  if (stage === 'failing') return null; // the feed answers HTTP 500
  const doc = structuredClone(recorded);
  const event = doc.events[0];
  doc.events = [event];
  const competition = event.competitions[0];
  if (stage === 'pre' || stage === 'q1' || stage === 'half' || stage === 'q3') {
    const played = { pre: 0, q1: 1, half: 2, q3: 3 }[stage];
    const name = { pre: 'STATUS_SCHEDULED', q1: 'STATUS_END_PERIOD', half: 'STATUS_HALFTIME', q3: 'STATUS_END_PERIOD' };
    const detail = { pre: '7:00 PM ET', q1: 'End of 1st', half: 'Halftime', q3: 'End of 3rd' };
    competition.status = {
      period: played,
      type: { name: name[stage], state: stage === 'pre' ? 'pre' : 'in', completed: false, shortDetail: detail[stage] },
    };
    for (const c of competition.competitors) {
      c.linescores = c.linescores.slice(0, played);
      c.score = String(c.linescores.reduce((a: number, l: { value: number }) => a + l.value, 0));
    }
  }
  if (stage === 'corrected') {
    const home = competition.competitors.find((c: { homeAway: string }) => c.homeAway === 'home');
    home.linescores[0].value = 27;
    home.linescores[2].value = 26;
    home.linescores[3].value = 21;
  }
  return JSON.stringify(doc);
}

const nbaPath = '/apis/site/v2/sports/basketball/nba/scoreboard';
let stage: Stage = 'pre';
let feed: Awaited<ReturnType<typeof startFakeFeed>>;
// The game (00:00Z on 30 January) is on the feed's day of 29 January (7 pm Eastern).
let liveReads: ReturnType<typeof liveReadCounter>;
let ctx: TestContext;
let admin: Client;
const SLUG = 'hornets-knicks-organizer';

beforeAll(async () => {
  feed = await startFakeFeed(nbaPath, () => documentAt(stage));
  liveReads = liveReadCounter(feed, `${nbaPath}?dates=20240129`, { now: () => ctx.clock.now() });
  ctx = await createTestApp({
    scores: createHttpScoresSource({ baseUrl: feed.baseUrl, timeoutMs: 5000 }),
    settings: { scoresPollSeconds: 30, scoresScheduleDays: 0, entryLimitPerMinute: 1000 },
  });
  ctx.clock.set('2024-01-29T23:10:00Z'); // the board is open (the game starts at 00:00Z)
  await ctx.app.ready();
  await ctx.clock.tick(0);
  admin = await signedInAdmin(ctx.app, '10.22.0.1');
  const res = await admin.post(
    '/api/admin/boards',
    feedBoardInput(SLUG, { league: 'nba', eventId: '401585285' }, nbaFinalsPrizes, 'Hornets Foundation'),
  );
  expect(res.statusCode, res.body).toBe(201);
  const entry = await new Client(ctx.app, '10.22.0.2').post(`/api/boards/${SLUG}/entries`, {
    phone: '+12025550116',
    nickname: 'Melo',
    ageConfirmed: true,
    rulesAccepted: true,
    state: 'OH',
    idempotencyKey: 'feed-organizer-1',
  });
  expect(entry.statusCode, entry.body).toBe(201);
});
afterAll(async () => {
  await ctx?.close();
  await feed?.close();
});

/** One poll tick at `next`: the number of live reads it made. */
async function pollAt(next: Stage): Promise<number> {
  stage = next;
  return liveReads.during(async () => {
    ctx.clock.advance(30_000);
    await ctx.clock.tick(0);
  });
}
const view = async (): Promise<BoardView> =>
  (await ctx.app.inject({ method: 'GET', url: `/api/boards/${SLUG}` })).json();
const detail = async (): Promise<AdminBoardDetail> => (await admin.get(`/api/admin/boards/${SLUG}`)).json();
const summaryOf = async (): Promise<AdminBoardSummary | undefined> =>
  (await admin.get('/api/admin/boards')).json().boards.find((b: AdminBoardSummary) => b.slug === SLUG);
const audit = async (): Promise<AuditEvent[]> => (await admin.get('/api/admin/audit?limit=50')).json().events;
const scores = (v: { results: { period: string; teamAScore: number; teamBScore: number }[] }) =>
  v.results.map((r) => `${r.period}:${r.teamAScore}-${r.teamBScore}`);

describe('the organizer stays in charge of a feed-scored board', () => {
  it('flags a failed read on the admin board and scores nothing, then clears it on the next usable read', async () => {
    expect(await pollAt('failing')).toBe(1);
    expect((await summaryOf())?.feedProblem).toMatch(/^The scores feed could not be read/);
    expect((await detail()).board).toMatchObject({ scoring: 'feed', feedProblem: expect.any(String) });
    // No usable read yet: neither the board nor its admin detail has a live score.
    expect((await detail()).live).toBeNull();
    expect((await view()).results).toEqual([]);
    expect(await pollAt('q1')).toBe(1);
    const v = await view();
    expect(v.status).toBe('locked');
    expect(scores(v)).toEqual(['q1:25-26']);
    expect(v.results[0]).toMatchObject({ source: 'feed', confirmedAt: null, correctedAt: null });
    expect((await summaryOf())?.feedProblem).toBeNull();
    // The admin board detail carries the same live score as the public board.
    expect((await detail()).live).toEqual({ teamAScore: 25, teamBScore: 26, status: 'End of 1st' });
    expect((await detail()).live).toEqual(v.live);
  });

  it('confirms a feed score (audited once); refuses unknown boards and periods and unscored periods', async () => {
    expect((await admin.post('/api/admin/boards/no-such-board/results/q1/confirm')).statusCode).toBe(404);
    const unknown = await admin.post(`/api/admin/boards/${SLUG}/results/q9/confirm`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toMatch(/no period "q9"/);
    const unscored = await admin.post(`/api/admin/boards/${SLUG}/results/q3/confirm`);
    expect(unscored.statusCode).toBe(409);
    expect(unscored.json().error).toEqual({
      code: 'NO_RESULT',
      message: 'This period has no score yet, so there is nothing to confirm.',
    });
    const res = await admin.post(`/api/admin/boards/${SLUG}/results/q1/confirm`);
    expect(res.statusCode, res.body).toBe(200);
    const q1 = res.json<AdminBoardDetail>().results.find((r) => r.period === 'q1');
    expect(q1).toMatchObject({ source: 'feed', confirmedAt: ctx.clock.now().toISOString(), correctedAt: null });
    expect((await admin.post(`/api/admin/boards/${SLUG}/results/q1/confirm`)).statusCode).toBe(200);
    const confirms = (await audit()).filter((e) => e.action === 'board.confirm');
    expect(confirms).toHaveLength(1);
    expect(confirms[0]).toMatchObject({ target: SLUG, after: { period: 'q1', teamAScore: 25, teamBScore: 26 } });
    expect((await view()).results[0]?.confirmedAt).toBe(q1?.confirmedAt);
  });

  it('says it waits for the official score while reads fail, keeping the last usable one', async () => {
    expect(await pollAt('failing')).toBe(1);
    expect((await view()).live).toEqual({ teamAScore: 25, teamBScore: 26, status: 'Waiting for the official score' });
    expect((await detail()).board.feedProblem).toMatch(/could not be read/);
    expect(await pollAt('half')).toBe(1);
    expect((await view()).live).toEqual({ teamAScore: 43, teamBScore: 46, status: 'Halftime' });
    expect((await detail()).board.feedProblem).toBeNull();
    expect((await detail()).live).toEqual({ teamAScore: 43, teamBScore: 46, status: 'Halftime' });
  });

  it('switches to manual scoring: the poller leaves the board alone until it is switched back', async () => {
    const bad = await admin.post(`/api/admin/boards/${SLUG}/scoring`, { scoring: 'robots' });
    expect(bad.statusCode).toBe(400);
    expect((await admin.post('/api/admin/boards/no-such-board/scoring', { scoring: 'manual' })).statusCode).toBe(404);
    const res = await admin.post(`/api/admin/boards/${SLUG}/scoring`, { scoring: 'manual' });
    expect(res.statusCode, res.body).toBe(200);
    // Still a game of the feed: the admin can switch it back.
    expect(res.json()).toMatchObject({ slug: SLUG, scoring: 'manual', feedGame: true, feedProblem: null });
    expect(await pollAt('q3')).toBe(0);
    const v = await view();
    expect(v).toMatchObject({ scoring: 'manual', live: null });
    expect((await detail()).live).toBeNull();
    expect(scores(v)).toEqual(['q1:25-26', 'q2:43-46']);
    expect((await admin.post(`/api/admin/boards/${SLUG}/scoring`, { scoring: 'feed' })).json().scoring).toBe('feed');
    expect(await pollAt('final')).toBe(1);
    const settled = await view();
    expect(settled.status).toBe('settled');
    expect(scores(settled)).toEqual(['q1:25-26', 'q2:43-46', 'q3:67-90', 'final:92-113']);
    const switches = (await audit()).filter((e) => e.action === 'board.scoring');
    expect(switches.map((e) => e.after)).toEqual([{ scoring: 'feed' }, { scoring: 'manual' }]);
  });

  it('takes a stat correction for periods not confirmed, marks them corrected and audits it as the feed', async () => {
    ctx.clock.advance(60 * 60_000);
    expect(await pollAt('corrected')).toBe(1);
    // A fresh admin session: the clock moved past the last one's idle limit.
    admin = await signedInAdmin(ctx.app, '10.22.0.1');
    const v = await view();
    // q1 was confirmed by the organizer: the feed's correction of it changes nothing.
    expect(scores(v)).toEqual(['q1:25-26', 'q2:45-46', 'q3:71-90', 'final:92-113']);
    const byPeriod = Object.fromEntries(v.results.map((r) => [r.period, r]));
    expect(byPeriod.q1?.correctedAt).toBeNull();
    expect(byPeriod.q2?.correctedAt).toBe(ctx.clock.now().toISOString());
    expect(byPeriod.q3?.correctedAt).toBe(ctx.clock.now().toISOString());
    expect(byPeriod.final?.correctedAt).toBeNull();
    const corrections = (await audit()).filter((e) => e.actor === 'feed');
    expect(corrections.map((e) => [e.action, e.target, e.before, e.after])).toEqual([
      [
        'board.score.feed-correction',
        SLUG,
        { period: 'q3', teamAScore: 67, teamBScore: 90 },
        { period: 'q3', teamAScore: 71, teamBScore: 90 },
      ],
      [
        'board.score.feed-correction',
        SLUG,
        { period: 'q2', teamAScore: 43, teamBScore: 46 },
        { period: 'q2', teamAScore: 45, teamBScore: 46 },
      ],
    ]);
    expect((await detail()).results.find((r) => r.period === 'q3')).toMatchObject({
      source: 'feed',
      correctedAt: ctx.clock.now().toISOString(),
    });
  });

  it('keeps an organizer’s score over a later feed correction of that period', async () => {
    const res = await admin.post(`/api/admin/boards/${SLUG}/scores`, { period: 'q3', teamAScore: 70, teamBScore: 90 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await pollAt('corrected')).toBe(1);
    const q3 = (await view()).results.find((r) => r.period === 'q3');
    expect(q3).toMatchObject({ teamAScore: 70, teamBScore: 90, source: 'organizer' });
  });
});

describe('scoring switches on a board without a feed game', () => {
  it('refuses feed scoring with a clear message and changes nothing', async () => {
    const res = await admin.post('/api/admin/boards', {
      slug: 'manual-only-board',
      game: {
        league: 'NBA',
        teamA: 'Hornets',
        teamB: 'Knicks',
        startsAt: '2024-02-01T00:00:00Z',
        venue: 'Spectrum Center',
      },
      format: '1v99',
      entryRule: { kind: 'no-amount' },
      prizeTable: nbaFinalsPrizes,
      organization: 'Hornets Foundation',
      mode: 'sweepstakes',
      paymentRequired: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    // Not a game of the feed: the admin screen offers no switch to feed scoring.
    expect(res.json()).toMatchObject({ scoring: 'manual', feedGame: false, feedProblem: null });
    const refused = await admin.post('/api/admin/boards/manual-only-board/scoring', { scoring: 'feed' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'NO_FEED_GAME',
      message: 'This board’s game is not a game of the scores feed, so it can only be scored by hand.',
    });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/boards/manual-only-board' })).json().scoring).toBe(
      'manual',
    );
  });
});
