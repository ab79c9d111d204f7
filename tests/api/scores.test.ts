import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { scoresFixturesDir } from '../../src/server/paths';
import { createHttpScoresSource } from '../../src/server/platform/scores';
import { apiPaths } from '../../src/shared/contracts/paths';
import type { MlbScoresResponse, NflPreseasonResponse, TickerResponse } from '../../src/shared/contracts/scores';
import { type ScoreFeed, scoreboardPaths } from '../../src/shared/domain/scores';
import { createTestApp, type TestContext } from '../support/test-app';

type Behaviour = 'ok' | 'timeout' | 'error500' | 'malformed' | 'not-a-scoreboard';

/** A local stand-in for the public scores service: serves the recordings, or fails as told, and counts calls. */
function fakeScoresServer() {
  const behaviour = new Map<ScoreFeed, Behaviour>();
  const calls = new Map<string, number>();
  const feedOf = new Map(Object.entries(scoreboardPaths).map(([feed, p]) => [p, feed as ScoreFeed]));
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '';
    calls.set(url, (calls.get(url) ?? 0) + 1);
    const feed = feedOf.get(url);
    if (!feed) return res.writeHead(404).end();
    const mode = behaviour.get(feed) ?? 'ok';
    if (mode === 'timeout') return; // never answers; the client's timeout must give up
    if (mode === 'error500') return res.writeHead(500, { 'content-type': 'text/plain' }).end('upstream broke');
    res.writeHead(200, { 'content-type': 'application/json' });
    if (mode === 'malformed') return res.end('{"events": [');
    if (mode === 'not-a-scoreboard') return res.end('{"message":"rate limited"}');
    res.end(readFileSync(path.join(scoresFixturesDir, `${feed}.json`)));
  });
  return {
    server,
    behaviour,
    calls: (feed: ScoreFeed) => calls.get(scoreboardPaths[feed]) ?? 0,
    reset() {
      behaviour.clear();
      calls.clear();
    },
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
  };
}

const fake = fakeScoresServer();
let ctx: TestContext;
let baseUrl: string;

beforeAll(async () => {
  baseUrl = await fake.listen();
  ctx = await createTestApp({ scores: createHttpScoresSource({ baseUrl, timeoutMs: 300 }) });
});
afterAll(async () => {
  await ctx.close();
  fake.server.closeAllConnections();
  await new Promise((resolve) => fake.server.close(resolve));
});
// Each test runs 11 minutes after the one before, past every cache period (5 and 10 minutes), and
// still on the recordings' day: the window of recent games holds for all of them.
let step = 0;
beforeEach(() => {
  fake.reset();
  ctx.clock.set(new Date(Date.parse('2025-06-11T16:00:00Z') + step++ * 11 * 60_000));
});

const get = async <T>(url: string) => {
  const res = await ctx.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

describe('GET /api/scores/ticker', () => {
  it('reads the four feeds through the server and keeps the last 2 days and today, labelled', async () => {
    const body = await get<TickerResponse>(apiPaths.scores.ticker);
    expect(body.failedFeeds).toEqual([]);
    expect(body.games.map((g) => `${g.league}:${g.id}:${g.label}`)).toEqual([
      'nhl:401771003:Final',
      'mlb:401695410:Final',
      'wnba:401736210:Final',
      'mlb:401695411:Final',
      'wnba:401736211:Final',
      'wnba:401736212:Live',
      'mlb:401695412:Live',
      'mlb:401695413:Upcoming',
      'wnba:401736213:Upcoming',
      'nba:401766130:Upcoming',
    ]);
    for (const g of body.games) expect(`${g.label} ${g.detail}`).not.toMatch(/^(\w+) \1\b/i);
    const liberty = body.games.find((g) => g.id === '401736210');
    expect(liberty?.detail).toBe('');
    expect(liberty?.competitors).toEqual([
      { name: 'Indiana Fever', abbreviation: 'IND', score: '85' },
      { name: 'New York Liberty', abbreviation: 'NY', score: '77' },
    ]);
    expect(['wnba', 'nba', 'mlb', 'nhl'].map((f) => fake.calls(f as ScoreFeed))).toEqual([1, 1, 1, 1]);
    expect(fake.calls('nfl')).toBe(0);
  });

  it('lets a burst of 100 visitors cause one upstream call per feed, then refreshes after 5 minutes', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => ctx.app.inject({ method: 'GET', url: apiPaths.scores.ticker })),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(['wnba', 'nba', 'mlb', 'nhl'].map((f) => fake.calls(f as ScoreFeed))).toEqual([1, 1, 1, 1]);
    ctx.clock.advance(4 * 60_000 + 59_000);
    await get(apiPaths.scores.ticker);
    expect(fake.calls('nba')).toBe(1);
    ctx.clock.advance(2_000);
    await get(apiPaths.scores.ticker);
    expect(fake.calls('nba')).toBe(2);
  });

  it.each<[Behaviour]>([['timeout'], ['error500'], ['malformed'], ['not-a-scoreboard']])(
    'counts a feed that fails (%s) as empty and names it',
    async (mode) => {
      fake.behaviour.set('nba', mode);
      const body = await get<TickerResponse>(apiPaths.scores.ticker);
      expect(body.failedFeeds).toEqual(['nba']);
      expect(body.games.some((g) => g.league === 'nba')).toBe(false);
      expect(body.games.some((g) => g.league === 'wnba')).toBe(true);
    },
  );

  it('reports every feed failed when the scores service is down, and retries after 30 s, not per visit', async () => {
    for (const f of ['wnba', 'nba', 'mlb', 'nhl'] as const) fake.behaviour.set(f, 'error500');
    const body = await get<TickerResponse>(apiPaths.scores.ticker);
    expect(body).toEqual({ games: [], failedFeeds: ['wnba', 'nba', 'mlb', 'nhl'] });
    await Promise.all(Array.from({ length: 20 }, () => get(apiPaths.scores.ticker)));
    expect(fake.calls('nba')).toBe(1);
    fake.behaviour.clear();
    ctx.clock.advance(31_000);
    expect((await get<TickerResponse>(apiPaths.scores.ticker)).failedFeeds).toEqual([]);
    expect(fake.calls('nba')).toBe(2);
  });
});

describe('GET /api/scores/nfl-preseason', () => {
  it('lists the two fixed games, then the feed’s preseason games by date, 12 in all', async () => {
    const body = await get<NflPreseasonResponse>(apiPaths.scores.nflPreseason);
    expect(body.feedFailed).toBe(false);
    expect(body.games).toHaveLength(12);
    expect(body.games.slice(0, 2).map((g) => [g.name, g.teams])).toEqual([
      ['Hall of Fame Game', ['Chargers', 'Lions']],
      ['Preseason Week 1', ['Raiders', 'Seahawks']],
    ]);
    expect(body.games[2]?.teams).toEqual(['New York Giants', 'Buffalo Bills']);
  });

  it.each<[Behaviour]>([['timeout'], ['error500'], ['malformed']])(
    'falls back to the fixed games alone when the feed fails (%s)',
    async (mode) => {
      fake.behaviour.set('nfl', mode);
      const body = await get<NflPreseasonResponse>(apiPaths.scores.nflPreseason);
      expect(body.feedFailed).toBe(true);
      expect(body.games.map((g) => g.id)).toEqual(['nfl-hof-2025', 'nfl-raiders-seahawks-2025']);
    },
  );

  it('caches the NFL feed for 10 minutes', async () => {
    await get(apiPaths.scores.nflPreseason);
    ctx.clock.advance(9 * 60_000);
    await Promise.all(Array.from({ length: 100 }, () => get(apiPaths.scores.nflPreseason)));
    expect(fake.calls('nfl')).toBe(1);
    ctx.clock.advance(61_000);
    await get(apiPaths.scores.nflPreseason);
    expect(fake.calls('nfl')).toBe(2);
  });
});

describe('GET /api/scores/mlb', () => {
  it('keeps the games from 16 June on, by date', async () => {
    const body = await get<MlbScoresResponse>(apiPaths.scores.mlb);
    expect(body).toMatchObject({ feedFailed: false });
    expect(body.games.map((g) => [g.shortName, g.label])).toEqual([
      ['ARI @ SEA', 'Upcoming'],
      ['SF @ LAD', 'Upcoming'],
      ['BOS @ NYY', 'Upcoming'],
    ]);
  });

  it.each<[Behaviour]>([['timeout'], ['error500'], ['malformed']])('says the feed failed (%s)', async (mode) => {
    fake.behaviour.set('mlb', mode);
    expect(await get<MlbScoresResponse>(apiPaths.scores.mlb)).toEqual({ games: [], feedFailed: true });
  });
});

describe('an old recording', () => {
  // Last in the file: it moves the clock weeks ahead of every other test.
  it('gives no games from the last 2 days or today', async () => {
    ctx.clock.set('2025-07-01T12:00:00Z');
    expect(await get<TickerResponse>(apiPaths.scores.ticker)).toEqual({ games: [], failedFeeds: [] });
  });
});
