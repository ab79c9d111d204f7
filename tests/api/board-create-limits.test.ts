import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, boards, games } from '../../src/server/db/schema';
import { createHttpScoresSource } from '../../src/server/platform/scores';
import { boardLimitMessages as m, PRIZE_MAX_CENTS, PRIZE_TABLE_MAX_CENTS } from '../../src/shared/domain/board-limits';
import { entryRuleMessages, nbaFinalsPrizes } from '../../src/shared/domain/boards';
import { knicksBoardBody } from '../support/boards';
import type { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import {
  cancelledStatusType,
  feedBoardInput,
  postponedStatusType,
  recordedScoreboard,
  signedInAdmin,
  startFakeFeed,
} from './fake-feed';

// The organizer's clock: 3 pm Eastern on 29 January 2024, the day of the recorded Knicks at Hornets final.
const NOW = '2024-01-29T20:00:00Z';
const dayMs = 24 * 60 * 60_000;

/**
 * The feed's NBA schedule of 29 January (Eastern), made of the recorded final (tests/support/recorded/espn/
 * nba-final.json): one game of each kind a board may or may not be made on. Games not yet played keep no score.
 */
function schedule(): string {
  const doc = recordedScoreboard('nba-final');
  const [recorded] = doc.events;
  const game = (id: string, date: string, status: Record<string, unknown>, played: number) => {
    const event = structuredClone(recorded);
    event.id = id;
    event.uid = `s:40~l:46~e:${id}`;
    event.date = date;
    const competition = event.competitions[0];
    Object.assign(competition, { id, date, startDate: date, status: { ...status } });
    for (const c of competition.competitors) {
      c.linescores = c.linescores.slice(0, played);
      c.score = String(c.linescores.reduce((a: number, l: { value: number }) => a + l.value, 0));
    }
    return event;
  };
  const pre = { period: 0, type: { name: 'STATUS_SCHEDULED', state: 'pre', completed: false, shortDetail: '7 PM' } };
  const live = {
    period: 1,
    type: { name: 'STATUS_END_PERIOD', state: 'in', completed: false, shortDetail: 'End 1st' },
  };
  doc.events = [
    game('9001', '2024-01-30T00:00Z', pre, 0),
    game('9002', '2024-01-29T17:00Z', recorded.competitions[0].status, 4),
    game('9003', '2024-01-30T01:00Z', { period: 0, type: cancelledStatusType }, 0),
    game('9004', '2024-01-30T02:00Z', { period: 0, type: postponedStatusType }, 0),
    game('9005', '2024-01-29T19:30Z', live, 1),
  ];
  return JSON.stringify(doc);
}

const nbaPath = '/apis/site/v2/sports/basketball/nba/scoreboard';
let feed: Awaited<ReturnType<typeof startFakeFeed>>;
let ctx: TestContext;
let admin: Client;

beforeAll(async () => {
  feed = await startFakeFeed(nbaPath, schedule);
  ctx = await createTestApp({
    scores: createHttpScoresSource({ baseUrl: feed.baseUrl, timeoutMs: 5000 }),
    settings: { scoresPollSeconds: 30, scoresScheduleDays: 0 },
  });
  ctx.clock.set(NOW);
  await ctx.app.ready();
  await ctx.clock.tick(0); // the feed's schedule of the day is read and stored
  admin = await signedInAdmin(ctx.app, '10.36.5.1');
});
afterAll(async () => {
  await ctx?.close();
  await feed?.close();
});

/** What a refusal must leave as it was: every board, game and audit row. */
async function rowCounts() {
  const db = ctx.database.db;
  const [b] = await db.select({ n: count() }).from(boards);
  const [g] = await db.select({ n: count() }).from(games);
  const [a] = await db.select({ n: count() }).from(auditLog);
  return { boards: b?.n, games: g?.n, audit: a?.n };
}

/** Posts `body`; expects a 400 naming only `field`, with `message`, and nothing created. */
async function expectRefused(body: Record<string, unknown>, field: string, message: string) {
  const before = await rowCounts();
  const res = await admin.post('/api/admin/boards', body);
  expect(res.statusCode, `${body.slug}: ${res.body}`).toBe(400);
  const { error } = res.json();
  expect(error.code, String(body.slug)).toBe('VALIDATION_FAILED');
  expect(error.fields, String(body.slug)).toEqual({ [field]: message });
  expect(await rowCounts(), String(body.slug)).toEqual(before);
  expect((await ctx.app.inject({ method: 'GET', url: `/api/boards/${body.slug}` })).statusCode).toBe(404);
  return error as { message: string };
}

async function expectCreated(body: Record<string, unknown>) {
  const res = await admin.post('/api/admin/boards', body);
  expect(res.statusCode, `${body.slug}: ${res.body}`).toBe(201);
  return res.json();
}

const now = () => ctx.clock.now();
/** A free board on a new Knicks game `minutes` from now. */
const board = (slug: string, minutes: number, extra: Record<string, unknown> = {}) =>
  knicksBoardBody(slug, now(), minutes, extra);
/** A sweepstakes board (it may take amounts and free entries) on a new Knicks game in two hours. */
const sweepstakes = (slug: string, extra: Record<string, unknown> = {}) =>
  board(slug, 120, { mode: 'sweepstakes', ...extra });
const withGame = (slug: string, game: Record<string, unknown>) => {
  const body = board(slug, 120);
  return { ...body, game: { ...body.game, ...game } };
};
const prizes = (...cents: number[]) =>
  cents.map((prizeCents, i) => ({ key: `p${i + 1}`, label: `P${i + 1}`, prizeCents }));

describe('a new game that cannot be played is refused at its start or its teams', () => {
  it('refuses a start in the past, at this very moment, or more than a year ahead, by the server clock', async () => {
    const past = await expectRefused(board('limits-past', -60), 'game.startsAt', m.gameStarted);
    // A refusal the server makes (it needs its clock) says the problem as its message too.
    expect(past.message).toBe(m.gameStarted);
    await expectRefused(board('limits-now', 0), 'game.startsAt', m.gameStarted);
    await expectRefused(board('limits-far', 365 * 24 * 60 + 1), 'game.startsAt', m.gameTooFar);
    await expectRefused(board('limits-two-years', 2 * 365 * 24 * 60), 'game.startsAt', m.gameTooFar);
  });

  it('takes a game starting a minute from now, and one exactly a year ahead', async () => {
    expect(await expectCreated(board('limits-soon', 1))).toMatchObject({ status: 'open' });
    expect(await expectCreated(board('limits-year', 365 * 24 * 60))).toMatchObject({ status: 'scheduled' });
  });

  it('refuses the same team on both sides, however it is spaced or capitalised', async () => {
    await expectRefused(withGame('limits-same', { teamB: 'Knicks' }), 'game.teamB', m.sameTeams);
    await expectRefused(withGame('limits-same-case', { teamB: '  KNICKS ' }), 'game.teamB', m.sameTeams);
    await expectRefused(
      withGame('limits-same-both', { teamA: 'new york knicks', teamB: 'New York Knicks' }),
      'game.teamB',
      m.sameTeams,
    );
  });
});

describe('a game on record that cannot carry a new board is refused at the list of games', () => {
  it('refuses one more than a year ahead and one with a team on both sides (kept from before the rules)', async () => {
    const [far, same] = await ctx.database.db
      .insert(games)
      .values([
        {
          slug: 'limits-far-game',
          league: 'NBA',
          teamA: 'Knicks',
          teamB: 'Pacers',
          startsAt: new Date(now().getTime() + 400 * dayMs),
          venue: 'Madison Square Garden',
        },
        {
          slug: 'limits-same-game',
          league: 'NBA',
          teamA: 'Knicks',
          teamB: 'knicks',
          startsAt: new Date(now().getTime() + 2 * 60 * 60_000),
          venue: 'Madison Square Garden',
        },
      ])
      .returning();
    const onGame = (slug: string, gameId: string | undefined) => ({ ...board(slug, 120), game: undefined, gameId });
    await expectRefused(onGame('limits-on-far', far?.id), 'gameId', m.gameTooFar);
    await expectRefused(onGame('limits-on-same', same?.id), 'gameId', m.gameSameTeams);
  });
});

describe('a feed game already over, or under way, is refused at the feed’s list', () => {
  const onFeed = (slug: string, eventId: string) =>
    feedBoardInput(slug, { league: 'nba', eventId }, nbaFinalsPrizes, 'Hornets Foundation');

  it('refuses the final, the cancelled game, the postponed one and the one in play; takes the scheduled one', async () => {
    await expectRefused(onFeed('limits-feed-final', '9002'), 'feedGame', m.feedFinal);
    await expectRefused(onFeed('limits-feed-cancelled', '9003'), 'feedGame', m.feedCancelled);
    await expectRefused(onFeed('limits-feed-postponed', '9004'), 'feedGame', m.feedPostponed);
    await expectRefused(onFeed('limits-feed-live', '9005'), 'feedGame', m.gameStarted);
    expect(await expectCreated(onFeed('limits-feed-ok', '9001'))).toMatchObject({ feedGame: true });
  });
});

describe('entry counts the format cannot hold are refused at their field', () => {
  it('refuses a cancel-below minimum above the capacity (50 on 1 vs 49, 100 on 1 vs 99)', async () => {
    const cancelBelow = (slug: string, format: string, minEntries: number) =>
      board(slug, 120, { format, unfilledPolicy: 'cancel-below', minEntries });
    await expectRefused(cancelBelow('limits-min-49', '1v49', 51), 'minEntries', m.minEntries('1v49'));
    await expectRefused(cancelBelow('limits-min-49-high', '1v49', 100), 'minEntries', m.minEntries('1v49'));
    await expectRefused(
      cancelBelow('limits-min-99', '1v99', 101),
      'minEntries',
      'A board holds at most 100 entries: the minimum can be at most 100',
    );
    expect(await expectCreated(cancelBelow('limits-min-49-full', '1v49', 50))).toMatchObject({ capacity: 50 });
    expect(await expectCreated(cancelBelow('limits-min-99-full', '1v99', 100))).toMatchObject({ capacity: 100 });
  });

  it('refuses a free-entry cap above the capacity, and free entries per person beyond the cap', async () => {
    await expectRefused(
      sweepstakes('limits-free-49', { format: '1v49', freeEntriesPerBoard: 51 }),
      'freeEntriesPerBoard',
      m.freeEntriesPerBoard('1v49'),
    );
    await expectRefused(
      sweepstakes('limits-free-99', { freeEntriesPerBoard: 101 }),
      'freeEntriesPerBoard',
      'A board holds at most 100 entries',
    );
    await expectRefused(
      sweepstakes('limits-free-person', { freeEntriesPerPerson: 11 }),
      'freeEntriesPerPerson',
      'Allow at most 10 free entries per person',
    );
  });
});

describe('amounts, prizes and the claim window beyond a sane range are refused at their field', () => {
  it('says which amount of an entry rule is too high ($99,999,999 as the highest amount included)', async () => {
    const range = { kind: 'whole-range', minCents: 100, defaultCents: 100, quickPicksCents: [100] };
    await expectRefused(
      sweepstakes('limits-rule-max', { entryRule: { ...range, maxCents: 9_999_999_900 } }),
      'entryRule.maxCents',
      entryRuleMessages.tooHigh,
    );
    expect(entryRuleMessages.tooHigh).toBe('The highest amount can be at most $10,000');
    await expectRefused(
      sweepstakes('limits-rule-min', {
        entryRule: { kind: 'presets-or-custom', minCents: 2_000_000, presetsCents: [100] },
      }),
      'entryRule.minCents',
      'The lowest amount can be at most $10,000',
    );
    await expectRefused(
      sweepstakes('limits-rule-preset', {
        entryRule: { kind: 'presets-or-custom', minCents: 100, presetsCents: [100, 1_000_100] },
      }),
      'entryRule.presetsCents',
      'Preset amounts can be at most $10,000',
    );
  });

  it('refuses a prize of $0, a negative or fractional one, and one above $100,000', async () => {
    const field = 'prizeTable.1.prizeCents';
    await expectRefused(board('limits-prize-zero', 120, { prizeTable: prizes(500, 0) }), field, m.prizeTooLow);
    await expectRefused(board('limits-prize-negative', 120, { prizeTable: prizes(500, -2500) }), field, m.prizeTooLow);
    await expectRefused(board('limits-prize-cents', 120, { prizeTable: prizes(500, 99) }), field, m.prizeTooLow);
    await expectRefused(board('limits-prize-fraction', 120, { prizeTable: prizes(500, 250.5) }), field, m.prizeWhole);
    await expectRefused(
      board('limits-prize-huge', 120, { prizeTable: prizes(500, PRIZE_MAX_CENTS + 1) }),
      field,
      'A prize can be at most $100,000',
    );
  });

  it('refuses a prize table above $1,000,000 in all, naming its total; takes one of exactly $1,000,000', async () => {
    const eleven = prizes(...Array.from({ length: 11 }, () => PRIZE_MAX_CENTS));
    await expectRefused(
      board('limits-prize-total', 120, { prizeTable: eleven }),
      'prizeTable',
      "The prizes add up to $1,100,000: a board's prizes can total at most $1,000,000",
    );
    const ten = prizes(...Array.from({ length: 10 }, () => PRIZE_TABLE_MAX_CENTS / 10));
    expect(await expectCreated(board('limits-prize-million', 120, { prizeTable: ten }))).toMatchObject({
      slug: 'limits-prize-million',
    });
  });

  it('refuses a claim window beyond a year', async () => {
    await expectRefused(
      board('limits-claim', 120, { claimWindowDays: 366 }),
      'claimWindowDays',
      'The claim window must be at most 365 days',
    );
  });
});

describe('a game on record that has started takes no new board', () => {
  it('refuses a second board on a game once it began, by the server clock', async () => {
    const first = await expectCreated(board('limits-started-first', 30));
    ctx.clock.set(new Date(now().getTime() + 31 * 60_000));
    admin = await signedInAdmin(ctx.app, '10.36.5.2'); // the admin session idles out meanwhile
    await expectRefused(
      { ...board('limits-started-second', 120), game: undefined, gameId: first.game.id },
      'gameId',
      m.gameStarted,
    );
  });
});
