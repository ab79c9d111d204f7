import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDemoStartAfterMs } from '../../src/server/config';
import { boards, entries, games } from '../../src/server/db/schema';
import { DEMO_RENEW_EVERY_MS, seedDemoBoards } from '../../src/server/db/seed/boards';
import { lockDueEveryMs } from '../../src/server/features/boards';
import type { BoardView } from '../../src/shared/contracts/boards';
import { apiPaths } from '../../src/shared/contracts/paths';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';

/**
 * The embedded demo never goes stale: its board screens' boards lock (or, empty, are cancelled) when their
 * game starts like any board, and then an empty one opens again on a game 45 minutes on, while the server
 * runs; a restart opens every demo board again and keeps its entries.
 */
let ctx: TestContext;
let n = 0;
const seeds = () => (n++).toString(16).padStart(64, 'd');

beforeAll(async () => {
  ctx = await createTestApp({ settings: { seedDemo: true, entryLimitPerMinute: 1000 } });
  await seedDemoBoards(ctx.database.db, ctx.clock, seeds);
});
afterAll(() => ctx?.close());

const view = async (slug: string): Promise<BoardView> =>
  (await ctx.app.inject({ method: 'GET', url: `/api/boards/${slug}` })).json();
const startOf = async (slug: string) => {
  const [row] = await ctx.database.db
    .select({ startsAt: games.startsAt })
    .from(boards)
    .innerJoin(games, eq(boards.gameId, games.id))
    .where(eq(boards.slug, slug));
  return row?.startsAt.getTime();
};

describe('the demo boards while the server runs', () => {
  it('opens an empty demo board again on a game 45 minutes on once its game has started', async () => {
    const entered = await new Client(ctx.app, '10.63.0.2').post(apiPaths.boardEntries('finals-game-5'), {
      phone: '+12025550162',
      nickname: 'Shai',
      idempotencyKey: 'demo-renew-1',
      ageConfirmed: true,
      rulesAccepted: true,
    });
    expect(entered.statusCode, entered.body).toBe(201);
    expect((await view('thunder-timberwolves')).status).toBe('open');

    // Past the start: the lock at the start has cancelled the empty boards (tests/api/lock-at-start.test.ts) and
    // locked the entered one; within a minute the empty ones open again.
    await ctx.clock.tick(defaultDemoStartAfterMs + lockDueEveryMs);
    expect((await view('finals-game-5')).status).toBe('locked');
    await ctx.clock.tick(DEMO_RENEW_EVERY_MS);
    const now = ctx.clock.now().getTime();
    for (const slug of ['thunder-timberwolves', 'finals-game-7', 'knicks-vs-pacers']) {
      const board = await view(slug);
      expect(board.status, slug).toBe('open');
      expect(board.notice, slug).toBeNull();
      const startsAt = (await startOf(slug)) ?? 0;
      expect(startsAt - now, slug).toBeGreaterThan(defaultDemoStartAfterMs - DEMO_RENEW_EVERY_MS - lockDueEveryMs);
      expect(startsAt - now, slug).toBeLessThanOrEqual(defaultDemoStartAfterMs);
    }
    // The board a fan entered plays out: locked, its draw revealed, its entry kept.
    const played = await view('finals-game-5');
    expect(played.status).toBe('locked');
    expect(played.axes.drawn).toBe(true);
    expect(played.entryCount).toBe(1);
  });

  it('opens every demo board again at the next start of the server, keeping its entries', async () => {
    await seedDemoBoards(ctx.database.db, ctx.clock, seeds);
    const board = await view('finals-game-5');
    expect(board.status).toBe('open');
    expect(board.entryCount).toBe(1);
    const [row] = await ctx.database.db.select().from(boards).where(eq(boards.slug, 'finals-game-5'));
    const kept = await ctx.database.db
      .select()
      .from(entries)
      .where(eq(entries.boardId, row?.id ?? ''));
    expect(kept.map((e) => e.nickname)).toEqual(['Shai']);
  });
});

describe('demo games further off than the hour a board opens before its game', () => {
  const startAfterMs = 240 * 60_000;
  let far: TestContext;
  beforeAll(async () => {
    far = await createTestApp({ settings: { seedDemo: true, demoStartAfterMs: startAfterMs } });
    await seedDemoBoards(far.database.db, far.clock, seeds, startAfterMs);
  });
  afterAll(() => far?.close());
  const farView = async (slug: string): Promise<BoardView> =>
    (await far.app.inject({ method: 'GET', url: `/api/boards/${slug}` })).json();

  it('keeps their boards open from the start of the server to the game, and again after each renewal', async () => {
    expect((await farView('thunder-timberwolves')).status).toBe('open');
    // Three hours on, well before the start: still open (a board opens an hour before its game otherwise).
    await far.clock.tick(3 * 3600_000);
    expect((await farView('thunder-timberwolves')).status).toBe('open');
    // Past the start the empty board is cancelled, then opens again on a game four hours on.
    await far.clock.tick(3600_000 + lockDueEveryMs + DEMO_RENEW_EVERY_MS);
    const board = await farView('thunder-timberwolves');
    expect(board.status).toBe('open');
    expect(board.notice).toBeNull();
    const [row] = await far.database.db
      .select({ startsAt: games.startsAt })
      .from(boards)
      .innerJoin(games, eq(boards.gameId, games.id))
      .where(eq(boards.slug, 'thunder-timberwolves'));
    const ahead = (row?.startsAt.getTime() ?? 0) - far.clock.now().getTime();
    expect(ahead).toBeGreaterThan(startAfterMs - DEMO_RENEW_EVERY_MS - lockDueEveryMs);
    expect(ahead).toBeLessThanOrEqual(startAfterMs);
  });
});
