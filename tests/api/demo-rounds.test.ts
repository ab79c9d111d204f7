import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEntrantGoal, demoSlug } from '../../src/server/features/demo';
import { type DemoRound, demoRoundsStarting } from '../../src/server/platform/scores/demo';
import type { BoardView } from '../../src/shared/contracts/boards';
import { Client } from '../support/http';
import { type EventStream, openEventStream } from '../support/sse';
import { createTestApp, type TestContext } from '../support/test-app';

// The embedded demo on the injected clock: the app starts at 01:01; rounds start every 5 minutes on the grid
// (01:05, 01:10, 01:15...), each a recorded real game replayed over 7 minutes by the fixtures source. Expected
// scores are the recorded games' own (platform/scores/replays/README.md): Hornets (home, team A) 25-18-24-25 vs
// Knicks 26-20-44-23; Capitals (home) 0-3-1 vs Blue Jackets 0-1-2.
const start = new Date('2026-11-25T01:01:00Z');
const [first, second, third] = demoRoundsStarting(start, new Date('2026-11-25T01:16:00Z')) as [
  DemoRound,
  DemoRound,
  DemoRound,
];
const expected: Record<string, { period: string; teamAScore: number; teamBScore: number }[]> = {
  nba: [
    { period: 'q1', teamAScore: 25, teamBScore: 26 },
    { period: 'q2', teamAScore: 43, teamBScore: 46 },
    { period: 'q3', teamAScore: 67, teamBScore: 90 },
    { period: 'final', teamAScore: 92, teamBScore: 113 },
  ],
  nhl: [
    { period: 'p1', teamAScore: 0, teamBScore: 0 },
    { period: 'p2', teamAScore: 3, teamBScore: 1 },
    { period: 'final', teamAScore: 4, teamBScore: 3 },
  ],
};

let ctx: TestContext;
let stream: EventStream;
const slug = demoSlug(first);

beforeAll(async () => {
  ctx = await createTestApp({ settings: { demoRounds: true, scoresPollSeconds: 30, scoresScheduleDays: 0 } });
  ctx.clock.set(start);
  await ctx.app.ready();
  await ctx.clock.tick(0);
});
afterAll(async () => {
  stream?.close();
  await ctx?.close();
});

/** Moves the clock on in 15-second steps (the demo's tick) until `until`, running whatever comes due. */
async function runUntil(until: string) {
  const end = new Date(until).getTime();
  while (ctx.clock.now().getTime() < end) {
    await ctx.clock.tick(Math.min(15_000, end - ctx.clock.now().getTime()));
  }
}
const view = async (s: string): Promise<BoardView> => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/boards/${s}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const scores = (v: BoardView) =>
  v.results.map((r) => ({ period: r.period, teamAScore: r.teamAScore, teamBScore: r.teamBScore }));
const redirect = async (url: string) => {
  const res = await ctx.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(302);
  return res.headers.location;
};

describe('the embedded demo runs a round by itself', () => {
  it('has no demo board before its first tick: the stable addresses lead home', async () => {
    expect(await redirect('/boards/demo-open')).toBe('/');
    expect(await redirect('/boards/demo-live')).toBe('/');
  });

  it('sets up the next two rounds on feed games and demo entrants start joining', async () => {
    await runUntil('2026-11-25T01:01:15Z');
    const v = await view(slug);
    expect(v).toMatchObject({ status: 'open', scoring: 'feed', format: '1v49', live: null });
    expect(v.game.startsAt).toBe(first.startsAt.toISOString());
    expect(v.entryCount).toBeGreaterThan(0);
    expect(v.entryCount).toBeLessThan(demoEntrantGoal);
    expect((await view(demoSlug(second))).status).toBe('open');
    expect(await redirect('/boards/demo-open')).toBe(`/boards/${slug}`);
    // Before the first round is played, the live address shows the board about to be.
    expect(await redirect('/boards/demo-live')).toBe(`/boards/${slug}`);
    // A fan watching the board hears the demo entrants' cells as they are taken.
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const address = ctx.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    stream = await openEventStream(`http://127.0.0.1:${port}/api/boards/${slug}/events`);
    expect(stream.status).toBe(200);
  });

  it('fills the board over the minutes before the game, leaving room for a visitor', async () => {
    await runUntil('2026-11-25T01:02:00Z');
    const before = (await view(slug)).entryCount;
    await stream.waitFor((e) => e.event === 'cells');
    await runUntil('2026-11-25T01:04:40Z');
    const v = await view(slug);
    expect(v.entryCount).toBe(demoEntrantGoal);
    expect(v.entryCount).toBeGreaterThan(before);
    expect(v.status).toBe('open');
    const visitor = new Client(ctx.app, '10.18.6.1');
    const res = await visitor.post(`/api/boards/${slug}/entries`, {
      phone: '+12025550188',
      nickname: 'Newbie',
      ageConfirmed: true,
      rulesAccepted: true,
      state: 'OH',
      idempotencyKey: 'demo-visitor-1',
    });
    expect(res.statusCode, res.body).toBe(201);
    await runUntil('2026-11-25T01:04:59Z');
    expect((await view(slug)).entryCount).toBe(demoEntrantGoal + 1);
  });

  it('locks at the start, scores each period as the replayed game completes it, and settles', async () => {
    await runUntil('2026-11-25T01:05:30Z');
    let v = await view(slug);
    expect(v.status).toBe('locked');
    expect(v.seed).not.toBeNull();
    await stream.waitFor((e) => e.event === 'locked');
    expect(await redirect('/boards/demo-live')).toBe(`/boards/${slug}`);
    const periods = expected[first.league] as (typeof expected)['nba'];
    // Each period is scored by the first poll after the replay shows it over, never before.
    const seen: number[] = [];
    while (ctx.clock.now() < new Date('2026-11-25T01:13:00Z')) {
      await ctx.clock.tick(15_000);
      v = await view(slug);
      seen.push(v.results.length);
      expect(scores(v)).toEqual(periods.slice(0, v.results.length));
    }
    // Every stage was seen on the way: none scored, then one period more at a time.
    expect([...new Set(seen)]).toEqual(Array.from({ length: periods.length + 1 }, (_, i) => i));
    expect(v.status).toBe('settled');
    expect(v.results.every((r) => r.source === 'feed')).toBe(true);
    await stream.waitFor((e) => e.event === 'scored' && (e.data as { period: string }).period === 'final');
  });

  it('always has a round being played and one open to join', async () => {
    // 01:13: the 01:10 round is being played; the 01:15 round takes entries.
    expect(await redirect('/boards/demo-live')).toBe(`/boards/${demoSlug(second)}`);
    expect(await redirect('/boards/demo-open')).toBe(`/boards/${demoSlug(third)}`);
    expect((await view(demoSlug(second))).status).toBe('locked');
    const next = await view(demoSlug(third));
    expect(next.status).toBe('open');
    expect(next.entryCount).toBeGreaterThan(0);
  });
});

describe('the next round', () => {
  it('replays the other recorded game and settles it too', async () => {
    expect(second.league).not.toBe(first.league);
    await runUntil('2026-11-25T01:17:30Z');
    const v = await view(demoSlug(second));
    expect(v.status).toBe('settled');
    expect(scores(v)).toEqual(expected[second.league]);
    expect((await view(demoSlug(third))).status).toBe('locked');
  });
});

describe('a demo that was stopped', () => {
  it('ends the round it missed the end of (voided: part of it was scored), and carries on with new rounds', async () => {
    // As if the server had been stopped for an hour during the 01:15 round: the feed no longer lists it.
    const playing = await view(demoSlug(third));
    expect(playing.status).toBe('locked');
    expect(playing.results.length).toBeGreaterThan(0);
    ctx.clock.advance(60 * 60_000);
    await ctx.clock.tick(15_000);
    // A scored board is never cancelled: it is voided, and the periods scored before keep their results.
    const ended = await view(demoSlug(third));
    expect(ended).toMatchObject({
      status: 'voided',
      voidReason: 'The demo round ended before all its periods were scored.',
    });
    expect(ended.results.map((r) => r.period)).toEqual(playing.results.map((r) => r.period));
    expect((await view(demoSlug(second))).status).toBe('settled');
    const open = await redirect('/boards/demo-open');
    const [next] = demoRoundsStarting(new Date(ctx.clock.now().getTime() + 90_000), new Date('2026-11-25T03:00:00Z'));
    expect(open).toBe(`/boards/${demoSlug(next as DemoRound)}`);
  });
});
