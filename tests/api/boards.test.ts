import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardCells, boards, entries } from '../../src/server/db/schema';
import { seedDemoBoards } from '../../src/server/db/seed/boards';
import { fictionPhone } from '../support/fiction-phones.mjs';
import { Client, ORIGIN } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { testDatabaseKind } from '../support/test-db';

let ctx: TestContext;
let key = 0;
/**
 * A new fan each time: their own phone number and, in `enter`, their own address, so these tests of the
 * board rules stay under the entry limits (tests/api/entry-limits.test.ts covers those).
 */
const fan = (over: Record<string, unknown> = {}) => ({
  phone: fictionPhone(key),
  nickname: 'Jordan',
  amountCents: 500,
  ageConfirmed: true,
  rulesAccepted: true,
  state: 'OH',
  idempotencyKey: `key-${Date.now()}-${key++}`,
  ...over,
});
let address = 0;
const nextAddress = () => `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address++ & 255}`;
const enter = (slug: string, body: Record<string, unknown>, remoteAddress = nextAddress()) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/boards/${slug}/entries`,
    headers: { origin: ORIGIN },
    payload: body,
    remoteAddress,
  });

beforeAll(async () => {
  ctx = await createTestApp();
  let n = 0;
  await seedDemoBoards(ctx.database.db, ctx.clock, () => (n++).toString(16).padStart(64, 'a'));
});
afterAll(() => ctx.close());

describe('board view', () => {
  it('shows an open board with codes only, 0-9 headers until lock, and the seed commitment', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/boards/thunder-timberwolves' });
    expect(res.statusCode).toBe(200);
    const board = res.json();
    expect(board).toMatchObject({
      status: 'open',
      format: '1v99',
      capacity: 100,
      seed: null,
      axes: { columns: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], rows: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], drawn: false },
      game: { teamA: 'Thunder', teamB: 'Timberwolves' },
    });
    expect(board.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/boards/nope' })).statusCode).toBe(404);
  });
});

describe('entries', () => {
  it('places an entry on one free cell with its code and ticket number; the board shows only the code', async () => {
    const body = fan({ nickname: 'Jordan', amountCents: 1000 });
    const res = await enter('thunder-timberwolves', body);
    expect(res.statusCode, res.body).toBe(201);
    const { entry } = res.json();
    expect(entry.code).toBe('JON');
    expect(entry.ticketNumber).toMatch(/^[A-Z]{9}$/);
    expect(entry.cells).toHaveLength(1);
    const view = (await ctx.app.inject({ method: 'GET', url: '/api/boards/thunder-timberwolves' })).json();
    expect(view.cells).toContainEqual({ cell: entry.cells[0], code: 'JON' });
    expect(JSON.stringify(view)).not.toMatch(/Jordan|ticket/i);
    expect(JSON.stringify(view)).not.toContain(body.phone.slice(2));
  });

  it('gives a second "Jordan" 3 random capital letters instead of a duplicate code', async () => {
    const { entry } = (await enter('thunder-timberwolves', fan({ nickname: 'Jordan' }))).json();
    expect(entry.code).toMatch(/^[A-Z]{3}$/);
    expect(entry.code).not.toBe('JON');
  });

  it('takes the code from the letters A–Z, accents removed; an emoji nickname gets random letters', async () => {
    const accented = (await enter('thunder-timberwolves', fan({ nickname: 'Zoë' }))).json();
    expect(accented.entry.code).toBe('ZOE');
    const emoji = await enter('thunder-timberwolves', fan({ nickname: '🏈🏀⚾' }));
    expect(emoji.statusCode, emoji.body).toBe(201);
    expect(emoji.json().entry.code).toMatch(/^[A-Z]{3}$/);
  });

  it('keeps a code stored before the letters rule as it is', async () => {
    const { entry } = (await enter('thunder-timberwolves', fan({ nickname: 'Legacy' }))).json();
    await ctx.database.db.update(entries).set({ code: '🏈🏀⚾' }).where(eq(entries.ticketNumber, entry.ticketNumber));
    await enter('thunder-timberwolves', fan({ nickname: 'After' }));
    const view = (await ctx.app.inject({ method: 'GET', url: '/api/boards/thunder-timberwolves' })).json();
    expect(view.cells).toContainEqual({ cell: entry.cells[0], code: '🏈🏀⚾' });
  });

  it('returns the same entry for a replayed request with the same idempotency key', async () => {
    const body = fan({ nickname: 'Replay' });
    const first = await enter('thunder-timberwolves', body);
    const second = await enter('thunder-timberwolves', body);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    const rows = await ctx.database.db
      .select({ n: count() })
      .from(entries)
      .where(eq(entries.idempotencyKey, body.idempotencyKey));
    expect(rows[0]?.n).toBe(1);
  });

  it('refuses bad input and changes nothing', async () => {
    const before = await ctx.database.db.select({ n: count() }).from(entries);
    const cases: Array<[Record<string, unknown>, number]> = [
      [fan({ nickname: 'EIGHTCHR' }), 400],
      [fan({ nickname: '' }), 400],
      [fan({ phone: '0123' }), 400],
      [fan({ amountCents: 2100 }), 400], // Thunder: $1-$20
      [fan({ amountCents: 50 }), 400], // $0.50
      [fan({ amountCents: 150 }), 400], // not a whole dollar
      [fan({ amountCents: 0 }), 400],
      [fan({ amountCents: 'five' }), 400],
      [fan({ idempotencyKey: 'short' }), 400],
    ];
    for (const [body, status] of cases) {
      const res = await enter('thunder-timberwolves', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
    }
    expect((await enter('no-such-board', fan())).statusCode).toBe(404);
    expect(await ctx.database.db.select({ n: count() }).from(entries)).toEqual(before);
  });

  it('refuses entries before the board opens and after the game starts', async () => {
    const original = ctx.clock.now();
    ctx.clock.advance(-20 * 60_000); // 65 minutes before the start: still scheduled
    const early = await enter('thunder-timberwolves', fan());
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toEqual({
      code: 'BOARD_NOT_OPEN',
      message: 'This board opens 1 hour before the game starts.',
    });
    ctx.clock.set(new Date(original.getTime() + 46 * 60_000)); // the game has started
    const late = await enter('thunder-timberwolves', fan());
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('BOARD_NOT_OPEN');
    const view = (await ctx.app.inject({ method: 'GET', url: '/api/boards/thunder-timberwolves' })).json();
    expect(view.status).toBe('locked');
    expect(view.axes.drawn).toBe(true);
    expect(view.seed).toMatch(/^[0-9a-f]{64}$/);
    ctx.clock.set(original);
  });

  it('fills a 1v49 board with 50 entries on 100 distinct cells, then answers Board full with the next board', async () => {
    for (let i = 0; i < 50; i++) {
      const res = await enter('knicks-vs-pacers', fan({ nickname: `Fan${i}`, amountCents: 100 }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().entry.cells).toHaveLength(2);
    }
    const full = await enter('knicks-vs-pacers', fan({ nickname: 'Late' }));
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toEqual({
      code: 'BOARD_FULL',
      message: 'Board full',
      fields: { nextBoard: 'knicks-vs-pacers-2' },
    });
    const [board] = await ctx.database.db.select().from(boards).where(eq(boards.slug, 'knicks-vs-pacers'));
    const cells = await ctx.database.db
      .select()
      .from(boardCells)
      .where(eq(boardCells.boardId, board?.id ?? ''));
    expect(new Set(cells.map((c) => c.cell)).size).toBe(100);
    const next = await enter('knicks-vs-pacers-2', fan({ nickname: 'Late' }));
    expect(next.statusCode).toBe(201);
  });
});

describe('a board that takes no entries says why', () => {
  const admin = () => {
    const c = new Client(ctx.app, '10.250.0.1');
    return c;
  };
  const passGate = async (c: Client) => {
    expect((await c.post('/api/admin-gate/passcode', { passcode: 'fangrid1' })).statusCode).toBe(200);
    expect((await c.post('/api/admin-gate/phrase', { phrase: 'game day' })).statusCode).toBe(200);
  };
  const entriesOn = async (slug: string) => {
    const [board] = await ctx.database.db.select().from(boards).where(eq(boards.slug, slug));
    const [row] = await ctx.database.db
      .select({ n: count() })
      .from(entries)
      .where(eq(entries.boardId, board?.id ?? ''));
    return row?.n ?? 0;
  };

  it('a board an organizer locked says it is locked (not full), offers no next board, and stores nothing', async () => {
    const slug = 'finals-game-6';
    const first = fan({ nickname: 'Early', amountCents: 500 });
    expect((await enter(slug, first)).statusCode).toBe(201);
    const c = admin();
    await passGate(c);
    expect((await c.post(`/api/admin/boards/${slug}/lock`)).statusCode).toBe(200);
    const before = await entriesOn(slug);

    const late = await enter(slug, fan({ nickname: 'Late', amountCents: 500 }));
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toEqual({
      code: 'BOARD_LOCKED',
      message: 'This board was locked by the organizer and takes no more entries.',
    });
    const view = (await ctx.app.inject({ method: 'GET', url: `/api/boards/${slug}` })).json();
    expect(view).toMatchObject({ status: 'locked', closure: 'locked', nextBoardSlug: null });
    // A replay of the entry made before the lock still answers with that entry.
    const replay = await enter(slug, first);
    expect(replay.statusCode).toBe(201);
    expect(await entriesOn(slug)).toBe(before);
  });

  it('a full board says Board full with the next board, and its view says full', async () => {
    // knicks-vs-pacers was filled above (1v49: 50 entries).
    const res = await enter('knicks-vs-pacers', fan({ nickname: 'Again', amountCents: 100 }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'BOARD_FULL',
      message: 'Board full',
      fields: { nextBoard: 'knicks-vs-pacers-2' },
    });
    const view = (await ctx.app.inject({ method: 'GET', url: '/api/boards/knicks-vs-pacers' })).json();
    expect(view).toMatchObject({ status: 'locked', closure: 'full', nextBoardSlug: 'knicks-vs-pacers-2' });
  });

  it('a cancelled board says it was cancelled; a board whose game started says entries are closed', async () => {
    const c = admin();
    await passGate(c);
    expect((await c.post('/api/admin/boards/finals-game-7/cancel')).statusCode).toBe(200);
    const cancelled = await enter('finals-game-7', fan({ nickname: 'Gone', amountCents: null }));
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().error).toEqual({
      code: 'BOARD_NOT_OPEN',
      message: 'This board was cancelled and takes no more entries.',
    });
    const original = ctx.clock.now();
    ctx.clock.advance(46 * 60_000); // every demo game has started
    const started = await enter('finals-game-5', fan({ nickname: 'Late', amountCents: null }));
    expect(started.json().error).toEqual({ code: 'BOARD_NOT_OPEN', message: 'Entries are closed for this board.' });
    const view = (await ctx.app.inject({ method: 'GET', url: '/api/boards/finals-game-5' })).json();
    expect(view).toMatchObject({ status: 'locked', closure: 'closed' });
    ctx.clock.set(original);
  });
});

describe.runIf(testDatabaseKind === 'postgres')('concurrency (needs real PostgreSQL)', () => {
  it('1,000 concurrent entries on a 1v99 board: exactly 100 entries on 100 distinct cells, 900 Board full', async () => {
    const { buildApp } = await import('../../src/server/app');
    let n = 100;
    await seedDemoBoards(ctx.database.db, ctx.clock, () => (n++).toString(16).padStart(64, 'b'));
    // A fresh board on the same game for the race.
    const [template] = await ctx.database.db.select().from(boards).where(eq(boards.slug, 'thunder-timberwolves'));
    await ctx.database.db.insert(boards).values({
      ...(template as typeof boards.$inferInsert),
      id: undefined,
      slug: 'race-board',
      sequence: 50,
      lockedAt: null,
    });
    const app = await buildApp({ database: ctx.database, clock: ctx.clock, logger: false });
    const attempt = (i: number, remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/boards/race-board/entries',
        headers: { origin: ORIGIN },
        payload: fan({ nickname: `R${i}`, amountCents: 100 }),
        remoteAddress,
      });
    const addresses = Array.from({ length: 1000 }, () => nextAddress());
    const results = await Promise.all(addresses.map((address, i) => attempt(i, address)));
    // On a loaded machine a request can wait longer for one of the pool's 4 connections than the connect
    // timeout allows: it answers 503 with Retry-After having changed nothing, and the fan's client tries again.
    let retried = 0;
    for (let round = 0; round < 5; round++) {
      const waiting = results.flatMap((r, i) => (r.statusCode === 503 ? [i] : []));
      if (waiting.length === 0) break;
      retried += waiting.length;
      const again = await Promise.all(waiting.map((i) => attempt(i, addresses[i] ?? nextAddress())));
      waiting.forEach((i, k) => {
        results[i] = again[k] as (typeof results)[number];
      });
    }
    if (retried > 0) console.info(`1,000 concurrent entries: ${retried} answered 503 and were sent again`);
    const statuses = results.map((r) => r.statusCode);
    const counts: Record<number, number> = {};
    for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
    const tally = JSON.stringify(counts);
    expect(
      statuses.filter((s) => s === 201),
      tally,
    ).toHaveLength(100);
    expect(
      statuses.filter((s) => s === 409),
      tally,
    ).toHaveLength(900);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().error.message).toBe('Board full');
    const [race] = await ctx.database.db.select().from(boards).where(eq(boards.slug, 'race-board'));
    const cells = await ctx.database.db
      .select()
      .from(boardCells)
      .where(eq(boardCells.boardId, race?.id ?? ''));
    expect(cells).toHaveLength(100);
    expect(new Set(cells.map((c) => c.cell)).size).toBe(100);
    await app.close();
  }, 120_000);
});

describe('next board slugs', () => {
  it('number the boards of a game after the first, even when its slug ends in a number', async () => {
    const { nextSlug } = await import('../../src/server/features/boards/service');
    expect(nextSlug({ slug: 'finals-game-5', sequence: 1 })).toBe('finals-game-5-2');
    expect(nextSlug({ slug: 'finals-game-5-2', sequence: 2 })).toBe('finals-game-5-3');
    expect(nextSlug({ slug: 'knicks-vs-pacers', sequence: 1 })).toBe('knicks-vs-pacers-2');
  });
});
