import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardResults, boards, feedGames, smsOutbox } from '../../src/server/db/schema';
import { createHttpScoresSource } from '../../src/server/platform/scores';
import type { BoardView } from '../../src/shared/contracts/boards';
import { apiPaths } from '../../src/shared/contracts/paths';
import { baseballPrizes } from '../../src/shared/domain/baseball';
import { SUSPENDED_GAME_MS, voidNotice, voidReasons } from '../../src/shared/domain/board-ends';
import { scoreboardPaths } from '../../src/shared/domain/scores';
import { fictionPhone } from '../support/fiction-phones.mjs';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { testDatabaseKind } from '../support/test-db';
import { cancelledStatusType, feedBoardInput, recordedScoreboard, signedInAdmin, startFakeFeed } from './fake-feed';

/**
 * The feed voids a board once part of its game was played (issue 36, item 2), from recorded MLB games
 * (tests/support/recorded/README.md, "Suspended, resumed and cancelled MLB games"):
 * - ARI at ATL, cancelled after the 5th inning was scored: voided at once, and the feed leaves it alone after;
 * - ARI at CIN, suspended in the 7th and never resumed: voided by the scheduler's check once it has been
 *   suspended for SUSPENDED_GAME_DAYS (not a day before);
 * - CLE at MIN, suspended in the 4th and resumed two days later: finished and settled, never voided.
 * Each board's scored prizes stand and its entrants are told with the void's words.
 */

/** One recorded event (a whole `events[i]` object of a scoreboard). */
const recordedEvent = (name: string) => recordedScoreboard(name) as Record<string, unknown> & { id: string };

/** The status object of a scheduled game as the feed writes it (tests/support/recorded/espn/nhl-scheduled.json). */
const scheduledStatus = recordedScoreboard('nhl-scheduled').events[0].status;

type Competitor = { linescores?: unknown[]; score?: string };
type Event = { id: string; status: unknown; competitions: { status: unknown; competitors: Competitor[] }[] };

/** The recorded game before its start: the scheduled status (period 0), no linescores, scores 0. */
function beforeStart(name: string): Event {
  const event = structuredClone(recordedEvent(name)) as unknown as Event;
  const status = { ...scheduledStatus, period: 0 };
  event.status = status;
  for (const competition of event.competitions) {
    competition.status = status;
    for (const c of competition.competitors) {
      delete c.linescores;
      c.score = '0';
    }
  }
  return event;
}
/** The recorded game with the cancelled status object the real feed writes (state post, not completed). */
function cancelled(name: string): Event {
  const event = structuredClone(recordedEvent(name)) as unknown as Event;
  const status = { clock: 0, displayClock: '0:00', period: 8, type: { ...cancelledStatusType } };
  event.status = status;
  for (const competition of event.competitions) competition.status = status;
  return event;
}

const games = {
  atl: { eventId: '401695818', slug: 'void-feed-atl' },
  cin: { eventId: '401695844', slug: 'void-feed-cin' },
  min: { eventId: '401695613', slug: 'void-feed-min' },
} as const;
type GameKey = keyof typeof games;
const stage: Record<GameKey, Event> = {
  atl: beforeStart('mlb-2025-06-04-ARI-at-ATL-in-progress-top8-processed'),
  cin: beforeStart('mlb-2025-06-06-ARI-at-CIN-suspended'),
  min: beforeStart('mlb-2025-05-19-CLE-at-MIN-suspended-processed'),
};
const show = (game: GameKey, event: Event | string) => {
  stage[game] = typeof event === 'string' ? (structuredClone(recordedEvent(event)) as unknown as Event) : event;
};

let ctx: TestContext;
let feed: Awaited<ReturnType<typeof startFakeFeed>>;
let admin: Client;
let ip = 1;
let key = 0;

beforeAll(async () => {
  // The feed lists the three games on any day asked for, each at the stage the test shows it.
  feed = await startFakeFeed(scoreboardPaths.mlb, () => JSON.stringify({ events: Object.values(stage) }));
  ctx = await createTestApp({
    scores: createHttpScoresSource({ baseUrl: feed.baseUrl, timeoutMs: 5000 }),
    settings: { scoresPollSeconds: 30, scoresScheduleDays: 0, entryLimitPerMinute: 1000 },
  });
  ctx.clock.set('2025-05-19T23:00:00Z'); // CLE at MIN starts at 23:40: its board is open
  await ctx.app.ready();
  await ctx.clock.tick(0);
  admin = await signedInAdmin(ctx.app, '10.36.5.1');
  for (const { eventId, slug } of Object.values(games)) {
    const res = await admin.post(
      apiPaths.admin.boards,
      feedBoardInput(slug, { league: 'mlb', eventId }, baseballPrizes, 'Diamond Fund'),
    );
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(async () => {
  await ctx?.close();
  await feed?.close();
});

const view = async (slug: string): Promise<BoardView> =>
  (await ctx.app.inject({ method: 'GET', url: apiPaths.board(slug) })).json();
/** The clock moves on by `ms` and whatever came due runs (the feed's poll, its suspended check, ...). */
const moveOn = async (ms: number) => {
  ctx.clock.advance(ms);
  await ctx.clock.tick(0);
};
const poll = () => moveOn(30_000);

/** Two entrants of the board, texts allowed; answers their entry ids. */
async function twoEntrants(slug: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < 2; i++) {
    const res = await new Client(ctx.app, `10.36.6.${ip++}`).post(apiPaths.boardEntries(slug), {
      phone: fictionPhone(key),
      nickname: `Feed${key}`,
      ageConfirmed: true,
      rulesAccepted: true,
      state: 'OH',
      smsConsent: true,
      idempotencyKey: `void-feed-${key++}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json().entry.id);
  }
  return ids;
}
const scoredPeriods = async (slug: string) =>
  (
    await ctx.database.db
      .select({ period: boardResults.period })
      .from(boardResults)
      .innerJoin(boards, eq(boardResults.boardId, boards.id))
      .where(eq(boards.slug, slug))
  )
    .map((r) => r.period)
    .sort();
const voidText = async (entryId: string) =>
  (
    await ctx.database.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.key, `void:${entryId}`))
  )[0];
const suspendedAt = async (eventId: string) =>
  (await ctx.database.db.select().from(feedGames).where(eq(feedGames.eventId, eventId)))[0]?.suspendedAt ?? null;

describe(`the feed voids a board once part of its game was played (${testDatabaseKind})`, () => {
  it('a game suspended and resumed within the days allowed plays on, and is never voided', async () => {
    await twoEntrants(games.min.slug);
    await moveOn(60 * 60_000); // 00:00Z: under way
    show('min', 'mlb-2025-05-19-CLE-at-MIN-suspended-processed');
    await poll();
    const suspended = await view(games.min.slug);
    expect(suspended).toMatchObject({ status: 'locked', results: [] });
    expect(suspended.notice).toMatch(/^Game suspended/);
    expect(await suspendedAt(games.min.eventId)).toEqual(ctx.clock.now());
    // Resumed and finished two days later: the feed scores what it can read. The 5th inning's hits are the
    // organizer's to enter (the feed gives them only as a running total by then), and the later periods wait
    // for them: the board plays on.
    await moveOn(2 * 24 * 60 * 60_000);
    show('min', 'mlb-2025-05-19-CLE-at-MIN-resumed-final-processed');
    await poll();
    expect(await suspendedAt(games.min.eventId)).toBeNull();
    expect(await scoredPeriods(games.min.slug)).toEqual(['inning5-runs']);
    expect((await view(games.min.slug)).status).toBe('locked');
    // Past the days a suspension is allowed, counted from when it began: the board is still in play.
    await moveOn(SUSPENDED_GAME_MS);
    const played = await view(games.min.slug);
    expect(played.status).toBe('locked');
    expect(played.voidReason).toBeNull();
  });

  it('a game cancelled after a period was scored voids its board at once; the feed leaves it alone after', async () => {
    ctx.clock.set('2025-06-04T22:30:00Z');
    await ctx.clock.tick(0);
    const [first, second] = await twoEntrants(games.atl.slug);
    await moveOn(60 * 60_000);
    show('atl', 'mlb-2025-06-04-ARI-at-ATL-in-progress-top8-processed');
    await poll();
    expect(await scoredPeriods(games.atl.slug)).toEqual(['inning5-runs']);
    admin = await signedInAdmin(ctx.app, '10.36.5.2');
    // A cancel now would refund entries of a game partly played: the organizer's route refuses it too.
    expect((await admin.post(apiPaths.admin.boardCancel(games.atl.slug))).json().error.code).toBe('BOARD_SCORED');

    show('atl', cancelled('mlb-2025-06-04-ARI-at-ATL-in-progress-top8-processed'));
    await poll();
    const voided = await view(games.atl.slug);
    expect(voided).toMatchObject({
      status: 'voided',
      voidReason: voidReasons.gameCancelled,
      notice: voidNotice(voidReasons.gameCancelled, 'Diamond Fund'),
    });
    expect(voided.results.map((r) => r.period)).toEqual(['inning5-runs']);
    for (const id of [first, second]) {
      expect((await voidText(id ?? ''))?.body).toContain(voidNotice(voidReasons.gameCancelled, 'Diamond Fund'));
    }
    // The feed shows the game final later (it had been played after all): a voided board awards nothing more.
    show('atl', 'mlb-2025-06-04-ARI-at-ATL-final-processed');
    await poll();
    expect((await view(games.atl.slug)).status).toBe('voided');
    expect(await scoredPeriods(games.atl.slug)).toEqual(['inning5-runs']);
  });

  it('a game suspended and not resumed within the days allowed voids its board, by the scheduled check', async () => {
    ctx.clock.set('2025-06-06T22:30:00Z');
    await ctx.clock.tick(0);
    const [first] = await twoEntrants(games.cin.slug);
    await moveOn(2 * 60 * 60_000);
    show('cin', 'mlb-2025-06-06-ARI-at-CIN-suspended');
    await poll();
    const since = ctx.clock.now();
    expect(await suspendedAt(games.cin.eventId)).toEqual(since);
    expect((await view(games.cin.slug)).status).toBe('locked');
    expect(await scoredPeriods(games.cin.slug)).toEqual(['inning5-runs']);
    // The feed keeps showing it suspended; a day short of the limit the board is still in play.
    await moveOn(SUSPENDED_GAME_MS - 24 * 60 * 60_000);
    expect((await view(games.cin.slug)).status).toBe('locked');
    expect(await suspendedAt(games.cin.eventId)).toEqual(since);
    await moveOn(24 * 60 * 60_000);
    const voided = await view(games.cin.slug);
    expect(voided).toMatchObject({ status: 'voided', voidReason: voidReasons.suspended });
    expect(voided.results.map((r) => r.period)).toEqual(['inning5-runs']);
    expect((await voidText(first ?? ''))?.body).toContain(voidNotice(voidReasons.suspended, 'Diamond Fund'));
  });
});
