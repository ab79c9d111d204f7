import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { type Database, openDatabase } from '../../src/server/db/client';
import { boards, customGameEntries, entries, rateLimits } from '../../src/server/db/schema';
import { seedDemoBoards } from '../../src/server/db/seed/boards';
import { apiPaths } from '../../src/shared/contracts/paths';
import { fictionPhone } from '../support/fiction-phones.mjs';
import { Client, ORIGIN } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { testDatabaseKind } from '../support/test-db';

/**
 * Entry limits (ENTRY_LIMIT_PER_MINUTE = 30 and ENTRIES_PER_PHONE_PER_BOARD = 10, the defaults): per client
 * address per minute across every public path that creates an entry, and per phone number per board,
 * both counted in PostgreSQL. Bad paths first: what is refused, then what still goes through.
 */

let ctx: TestContext;
let seq = 0;
const uniquePhone = () => fictionPhone(seq++);
const body = (over: Record<string, unknown> = {}) => ({
  phone: uniquePhone(),
  nickname: `F${seq}`,
  amountCents: 500,
  ageConfirmed: true,
  rulesAccepted: true,
  state: 'OH',
  idempotencyKey: `limits-${seq++}-${Math.random().toString(36).slice(2)}`,
  ...over,
});
let addressSeq = 0;
const freshAddress = () => `10.60.${(addressSeq >> 8) & 255}.${addressSeq++ & 255}`;
const enter = (slug: string, payload: Record<string, unknown>, remoteAddress = freshAddress(), app = ctx.app) =>
  app.inject({ method: 'POST', url: apiPaths.boardEntries(slug), headers: { origin: ORIGIN }, payload, remoteAddress });
const customEntry = (remoteAddress: string) =>
  ctx.app.inject({
    method: 'POST',
    url: apiPaths.baseball.customEntries,
    headers: { origin: ORIGIN },
    remoteAddress,
    payload: {
      team1: 'Los Angeles Dodgers',
      team2: 'San Francisco Giants',
      gameDate: '2025-06-20',
      amountCents: 2500,
      ageConfirmed: true,
      rulesAccepted: true,
    },
  });

async function boardId(slug: string) {
  const [row] = await ctx.database.db.select({ id: boards.id }).from(boards).where(eq(boards.slug, slug));
  if (!row) throw new Error(`no board ${slug}`);
  return row.id;
}
async function entryCount(slug: string, phone?: string) {
  const id = await boardId(slug);
  const [row] = await ctx.database.db
    .select({ n: count() })
    .from(entries)
    .where(phone ? and(eq(entries.boardId, id), eq(entries.phone, phone)) : eq(entries.boardId, id));
  return row?.n ?? 0;
}
/** The entries the address's budget has counted in its current window (its rate_limits row). */
async function budgetCount(address: string) {
  const [row] = await ctx.database.db
    .select()
    .from(rateLimits)
    .where(eq(rateLimits.key, `entries:${address}`));
  return row?.count;
}
/** A fresh open 1v99 board (a copy of the Thunder board) for a test of its own. */
async function freshBoard(slug: string) {
  const [template] = await ctx.database.db.select().from(boards).where(eq(boards.slug, 'thunder-timberwolves'));
  await ctx.database.db.insert(boards).values({
    ...(template as typeof boards.$inferInsert),
    id: undefined,
    slug,
    sequence: 100 + seq++,
    lockedAt: null,
  });
  return slug;
}

beforeAll(async () => {
  ctx = await createTestApp();
  let n = 0;
  await seedDemoBoards(ctx.database.db, ctx.clock, () => (n++).toString(16).padStart(64, 'e'));
});
afterAll(() => ctx.close());

describe('entries per client address per minute', () => {
  it('refuses the 31st entry of a minute with 429, Retry-After and the error shape, storing nothing', async () => {
    const slug = await freshBoard('address-limit');
    const address = '203.0.113.7';
    for (let i = 0; i < 30; i++) {
      const res = await enter(slug, body(), address);
      expect(res.statusCode, res.body).toBe(201);
    }
    const before = await entryCount(slug);
    ctx.clock.advance(15_000);
    for (let i = 0; i < 5; i++) {
      const refused = await enter(slug, body(), address);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('45');
      expect(refused.json()).toEqual({
        error: {
          code: 'ENTRY_RATE_LIMITED',
          message: 'Too many entries from your network right now. Please wait a minute and try again.',
        },
      });
    }
    expect(await entryCount(slug)).toBe(before);
    // Other addresses are not held back; the same address may enter again once its minute has passed.
    expect((await enter(slug, body(), '203.0.113.8')).statusCode).toBe(201);
    ctx.clock.advance(45_000);
    expect((await enter(slug, body(), address)).statusCode).toBe(201);
  });

  it('shares one budget across every public entry path (board entries and custom game entries)', async () => {
    const slug = await freshBoard('shared-budget');
    const address = '203.0.113.20';
    for (let i = 0; i < 20; i++) expect((await enter(slug, body(), address)).statusCode).toBe(201);
    for (let i = 0; i < 10; i++) expect((await customEntry(address)).statusCode).toBe(201);
    const customBefore = (await ctx.database.db.select({ n: count() }).from(customGameEntries))[0]?.n;
    const refusedCustom = await customEntry(address);
    expect(refusedCustom.statusCode).toBe(429);
    expect(refusedCustom.headers['retry-after']).toBe('60');
    expect(refusedCustom.json().error.code).toBe('ENTRY_RATE_LIMITED');
    expect((await enter(slug, body(), address)).statusCode).toBe(429);
    expect((await ctx.database.db.select({ n: count() }).from(customGameEntries))[0]?.n).toBe(customBefore);
    // A custom entry refused for its own fields takes nothing from the budget.
    const other = '203.0.113.21';
    for (let i = 0; i < 40; i++) {
      const bad = await ctx.app.inject({
        method: 'POST',
        url: apiPaths.baseball.customEntries,
        headers: { origin: ORIGIN },
        remoteAddress: other,
        payload: {
          team1: 'Los Angeles Dodgers',
          team2: 'Los Angeles Dodgers',
          gameDate: '2025-06-20',
          amountCents: 2500,
          ageConfirmed: true,
          rulesAccepted: true,
        },
      });
      expect(bad.statusCode).toBe(400);
    }
    expect((await customEntry(other)).statusCode).toBe(201);
    ctx.clock.advance(60_000);
  });

  it('answers a replay (same idempotency key) with its entry and never counts it, even at the limit', async () => {
    const slug = await freshBoard('replays-free');
    const address = '203.0.113.30';
    const first = body();
    const made = await enter(slug, first, address);
    expect(made.statusCode).toBe(201);
    for (let i = 0; i < 10; i++) {
      const again = await enter(slug, first, address);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(made.json());
    }
    for (let i = 0; i < 29; i++) expect((await enter(slug, body(), address)).statusCode).toBe(201);
    expect((await enter(slug, body(), address)).statusCode).toBe(429);
    // At the limit, a replay still gets its entry back.
    const atLimit = await enter(slug, first, address);
    expect(atLimit.statusCode).toBe(201);
    expect(atLimit.json()).toEqual(made.json());
    ctx.clock.advance(60_000);
  });

  it('counts one double-submitted request once, however many copies arrive together', async () => {
    const slug = await freshBoard('double-submit');
    const address = '203.0.113.40';
    const once = body();
    const results = await Promise.all(Array.from({ length: 6 }, () => enter(slug, once, address)));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.json().entry.id)).size).toBe(1);
    expect(await budgetCount(address)).toBe(1);
    ctx.clock.advance(60_000);
  });

  // PostgreSQL only: counts the queries the pool's clients send (PGlite has no pool).
  it.skipIf(testDatabaseKind !== 'postgres')(
    'counts an entry and claims it in one statement: two queries per entry, the board and the claim',
    async () => {
      const slug = await freshBoard('one-round-trip');
      const address = '203.0.113.45';
      expect((await enter(slug, body(), address)).statusCode).toBe(201);
      const realQuery = pg.Client.prototype.query;
      const sent: string[] = [];
      pg.Client.prototype.query = function query(this: pg.Client, ...args: unknown[]) {
        const [config] = args as [string | { text?: string; name?: string }];
        sent.push(typeof config === 'string' ? config : (config.name ?? config.text ?? ''));
        return (realQuery as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof realQuery;
      try {
        expect((await enter(slug, body(), address)).statusCode).toBe(201);
      } finally {
        pg.Client.prototype.query = realQuery;
      }
      expect(sent).toEqual(['boards_with_game_by_slug', 'entry_claim_within_budget']);
      expect(await budgetCount(address)).toBe(2);
      ctx.clock.advance(60_000);
    },
  );

  it('counts an IPv6 client by its /64 (it can pick any address in it) and an IPv4-mapped one as IPv4', async () => {
    const slug = await freshBoard('address-spellings');
    for (let i = 1; i <= 30; i++) {
      expect((await enter(slug, body(), `2001:db8:77:1::${i.toString(16)}`)).statusCode).toBe(201);
    }
    expect((await enter(slug, body(), '2001:db8:77:1:dead:beef:0:1')).statusCode).toBe(429);
    expect((await enter(slug, body(), '2001:db8:77:2::1')).statusCode).toBe(201);
    for (let i = 0; i < 15; i++) expect((await enter(slug, body(), '203.0.113.99')).statusCode).toBe(201);
    for (let i = 0; i < 15; i++) expect((await enter(slug, body(), '::ffff:203.0.113.99')).statusCode).toBe(201);
    expect((await enter(slug, body(), '203.0.113.99')).statusCode).toBe(429);
    expect((await enter(slug, body(), '::ffff:203.0.113.99')).statusCode).toBe(429);
    ctx.clock.advance(60_000);
  });

  it('takes the limit from ENTRY_LIMIT_PER_MINUTE', async () => {
    const app = await buildApp({
      database: ctx.database,
      clock: ctx.clock,
      logger: false,
      settings: { entryLimitPerMinute: 3 },
    });
    const slug = await freshBoard('configured-limit');
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await enter(slug, body(), '203.0.113.50', app)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    await app.close();
    ctx.clock.advance(60_000);
  });
});

describe('entries per phone number per board', () => {
  it('refuses an 11th entry with one number, however it is written, on the phone field; stores nothing', async () => {
    const slug = await freshBoard('phone-limit');
    const spellings = [
      '+12025550186',
      '+1 (202) 555-0186',
      '202-555-0186',
      '(202) 555-0186',
      '202.555.0186',
      '2025550186',
      '12025550186',
      '+1 202 555 0186',
      '1 202 555 0186',
      '+1-202-555-0186',
    ];
    for (const phone of spellings) {
      const res = await enter(slug, body({ phone }));
      expect(res.statusCode, `${phone}: ${res.body}`).toBe(201);
    }
    expect(await entryCount(slug, '+12025550186')).toBe(10);
    const message = 'This phone number already has 10 entries on this board, the most one number can have.';
    for (const phone of ['+12025550186', '202 555 0186', '(202)555-0186']) {
      const refused = await enter(slug, body({ phone }));
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: { code: 'PHONE_ENTRY_LIMIT', message, fields: { phone: message } } });
    }
    expect(await entryCount(slug)).toBe(10);
    // Another number on this board, and this number on another board, still go through.
    expect((await enter(slug, body({ phone: '+12025550187' }))).statusCode).toBe(201);
    expect((await enter('finals-game-6', body({ phone: '202-555-0186' }))).statusCode).toBe(201);
  });

  it('never counts a replay: the 10th entry replayed answers with itself, the 11th new one is refused', async () => {
    const slug = await freshBoard('phone-replays');
    const phone = '+12025550194';
    let tenth: Record<string, unknown> = {};
    for (let i = 0; i < 10; i++) {
      tenth = body({ phone });
      expect((await enter(slug, tenth)).statusCode).toBe(201);
    }
    const replay = await enter(slug, tenth);
    expect(replay.statusCode).toBe(201);
    expect((await enter(slug, body({ phone }))).statusCode).toBe(409);
  });

  it("does not limit an organizer's entries, which still count towards the number's own", async () => {
    const slug = await freshBoard('phone-admin');
    const phone = '+12025550195';
    const admin = new Client(ctx.app, '10.61.0.1');
    expect((await admin.post('/api/admin-gate/passcode', { passcode: 'fangrid1' })).statusCode).toBe(200);
    expect((await admin.post('/api/admin-gate/phrase', { phrase: 'game day' })).statusCode).toBe(200);
    for (let i = 0; i < 12; i++) {
      const res = await admin.post(apiPaths.admin.entries, {
        boardSlug: slug,
        nickname: `Cash${i}`,
        phone: '(202) 555-0195',
        amountCents: 500,
        ageConfirmed: true,
        state: 'OH',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().phone).toBe(phone);
    }
    expect((await enter(slug, body({ phone }))).statusCode).toBe(409);
    expect(await entryCount(slug, phone)).toBe(12);
  });

  it('does not count entries whose paid hold ended unpaid (they hold no cells)', async () => {
    const slug = await freshBoard('phone-released');
    const phone = '+12025550196';
    for (let i = 0; i < 10; i++) expect((await enter(slug, body({ phone }))).statusCode).toBe(201);
    expect((await enter(slug, body({ phone }))).statusCode).toBe(409);
    const id = await boardId(slug);
    await ctx.database.db.execute(
      sql`update entries set status = 'released' where board_id = ${id} and ctid in (select ctid from entries where board_id = ${id} limit 1)`,
    );
    expect((await enter(slug, body({ phone }))).statusCode).toBe(201);
  });

  it('holds under concurrency: 12 entries with one number at once give exactly 10', async () => {
    const slug = await freshBoard('phone-race');
    const phone = '+12025550197';
    const results = await Promise.all(Array.from({ length: 12 }, () => enter(slug, body({ phone }))));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(2);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().error.code).toBe('PHONE_ENTRY_LIMIT');
    expect(await entryCount(slug, phone)).toBe(10);
  });
});

describe.runIf(testDatabaseKind === 'postgres')('two instances on one database (needs real PostgreSQL)', () => {
  let second: Database;
  let appA: FastifyInstance;
  let appB: FastifyInstance;

  beforeAll(async () => {
    // Instance B has its own connection pool on the same test database, as a second server would.
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    const current = (await ctx.database.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    url.pathname = `/${current.rows[0]?.name}`;
    second = await openDatabase({ kind: 'postgres', url: url.toString(), max: 4 });
    appA = ctx.app;
    appB = await buildApp({ database: second, clock: ctx.clock, logger: false });
  });
  afterAll(async () => {
    await appB?.close();
    await second?.close();
  });

  it('share the per-phone limit: 12 concurrent entries with one number across both give exactly 10', async () => {
    const slug = await freshBoard('two-instances-phone');
    const phone = '+12025550198';
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => enter(slug, body({ phone }), freshAddress(), i % 2 ? appB : appA)),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(2);
    expect(await entryCount(slug, phone)).toBe(10);
  });

  it('share the per-address limit: 40 concurrent entries from one address across both give exactly 30', async () => {
    ctx.clock.advance(60_000);
    const slug = await freshBoard('two-instances-address');
    const address = '198.51.100.9';
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => enter(slug, body(), address, i % 2 ? appB : appA)),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(30);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(10);
    expect(await entryCount(slug)).toBe(30);
    // Still refused on either instance until the minute has passed.
    expect((await enter(slug, body(), address, appA)).statusCode).toBe(429);
    expect((await enter(slug, body(), address, appB)).statusCode).toBe(429);
    ctx.clock.advance(60_000);
    expect((await enter(slug, body(), address, appB)).statusCode).toBe(201);
  });
});
