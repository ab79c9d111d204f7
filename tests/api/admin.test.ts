import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, boards, entries, loginAttempts } from '../../src/server/db/schema';
import { seedDemoBoards } from '../../src/server/db/seed/boards';
import type { AdminEntry, AdminKpis, AuditEvent } from '../../src/shared/contracts/admin';
import { gameEntriesCsvColumns, loginAttemptsCsvColumns } from '../../src/shared/contracts/admin';
import type { BoardView } from '../../src/shared/contracts/boards';
import { wholeRangeRule } from '../../src/shared/domain/admin';
import { cellPosition, entryRuleMessages, nbaFinalsPrizes } from '../../src/shared/domain/boards';
import { legalMessages } from '../../src/shared/domain/legal';
import { parseCsv } from '../support/csv';
import { Client, latestMailTo, linkIn } from '../support/http';
import { fillPattern, routeTable } from '../support/routes';
import { createTestApp, type TestContext } from '../support/test-app';

let ctx: TestContext;
let admin: Client;
let ipSeq = 1;
const client = () => new Client(ctx.app, `10.9.0.${ipSeq++}`);

async function passGate(c: Client) {
  expect((await c.post('/api/admin-gate/passcode', { passcode: 'fangrid1' })).statusCode).toBe(200);
  expect((await c.post('/api/admin-gate/phrase', { phrase: 'game day' })).statusCode).toBe(200);
}

const publicBoard = async (slug: string): Promise<BoardView> =>
  (await ctx.app.inject({ method: 'GET', url: `/api/boards/${slug}` })).json();

async function fanEntry(slug: string, i: number, extra: Record<string, unknown> = {}) {
  const res = await client().post(`/api/boards/${slug}/entries`, {
    phone: '+12025550101',
    nickname: `Fan${i}`,
    amountCents: 500,
    ageConfirmed: true,
    rulesAccepted: true,
    state: 'OH',
    idempotencyKey: `admin-test-${slug}-${i}`,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().entry as { id: string; code: string; cells: number[] };
}

async function auditRows() {
  return (await admin.get('/api/admin/audit')).json().events as AuditEvent[];
}

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoBoards(ctx.database.db, ctx.clock, () => 'ab'.repeat(32));
  admin = client();
  await passGate(admin);
});
afterAll(() => ctx.close());

describe('the admin API is closed without the admin session', () => {
  /** Every route under /api/admin that the app has, read from Fastify's own route table. */
  function adminRoutes(): { method: string; url: string }[] {
    return routeTable(ctx.app)
      .filter((r) => r.pattern.startsWith('/api/admin/'))
      .map((r) => ({
        method: r.method,
        url: fillPattern(r.pattern, { slug: 'thunder-timberwolves', id: '00000000-0000-4000-8000-000000000000' }),
      }));
  }

  it('lists the routes it checks (the table is not empty and has every admin capability)', () => {
    const urls = adminRoutes().map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'GET /api/admin/kpis',
      'GET /api/admin/entries',
      'POST /api/admin/entries',
      'DELETE /api/admin/entries/00000000-0000-4000-8000-000000000000',
      'POST /api/admin/entries/00000000-0000-4000-8000-000000000000/paid',
      'DELETE /api/admin/entries/00000000-0000-4000-8000-000000000000/paid',
      'POST /api/admin/entries/paid',
      'GET /api/admin/login-attempts',
      'GET /api/admin/exports/game-entries.csv',
      'GET /api/admin/exports/login-attempts.csv',
      'GET /api/admin/boards',
      'POST /api/admin/boards',
      'GET /api/admin/boards/thunder-timberwolves',
      'POST /api/admin/boards/thunder-timberwolves/lock',
      'POST /api/admin/boards/thunder-timberwolves/cancel',
      'POST /api/admin/boards/thunder-timberwolves/scores',
      'POST /api/admin/boards/thunder-timberwolves/scores/preview',
      'POST /api/admin/boards/thunder-timberwolves/open',
      'GET /api/admin/audit',
      'GET /api/admin/session',
    ]) {
      expect(urls).toContain(expected);
    }
  });

  it('answers 401 to every admin route for a visitor, a half-passed gate and a signed-out admin, and changes nothing', async () => {
    const db = ctx.database.db;
    const counts = async () => ({
      entries: (await db.select({ n: count() }).from(entries))[0]?.n,
      boards: (await db.select({ n: count() }).from(boards))[0]?.n,
      audit: (await db.select({ n: count() }).from(auditLog))[0]?.n,
    });
    const before = await counts();
    const visitor = client();
    const halfway = client();
    expect((await halfway.post('/api/admin-gate/passcode', { passcode: 'fangrid1' })).statusCode).toBe(200);
    const left = client();
    await passGate(left);
    expect((await left.post('/api/admin-gate/sign-out')).statusCode).toBe(200);
    const body = { boardSlug: 'thunder-timberwolves', nickname: 'Sneaky', period: 'q1', teamAScore: 1, teamBScore: 1 };
    for (const who of [visitor, halfway, left]) {
      for (const route of adminRoutes()) {
        const res = await who.send(route.method as 'GET', route.url, route.method === 'GET' ? undefined : body);
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(res.json().error.code).toBe('ADMIN_REQUIRED');
        expect(res.body).not.toContain('Fan');
      }
    }
    // A forged cookie is no session either.
    const forged = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/exports/game-entries.csv',
      headers: { cookie: 'fangrid_admin=not-a-real-token' },
    });
    expect(forged.statusCode).toBe(401);
    expect(await counts()).toEqual(before);
  });
});

describe('entries: add, list, delete, mark paid', () => {
  const SLUG = 'thunder-timberwolves';

  it('adds an entry for a fan: random free cells on the board, a board code, audited', async () => {
    const before = await publicBoard(SLUG);
    const res = await admin.post('/api/admin/entries', {
      boardSlug: SLUG,
      nickname: 'Cashier',
      amountCents: 1000,
      ageConfirmed: true,
      state: 'OH',
      teamSupport: 'Thunder',
      referralCode: 'VENUE',
    });
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json() as AdminEntry;
    expect(entry).toMatchObject({
      boardSlug: SLUG,
      team: 'Thunder vs Timberwolves',
      nickname: 'Cashier',
      code: 'CAR',
      phone: null,
      amountCents: 1000,
      totalCents: 1000,
      paymentState: 'pledged',
      deletable: true,
      organization: before.organization,
    });
    expect(entry.cells).toHaveLength(1);
    const after = await publicBoard(SLUG);
    expect(after.entryCount).toBe(before.entryCount + 1);
    expect(after.cells).toContainEqual({ cell: entry.cells[0], code: 'CAR' });
    const [row] = await ctx.database.db.select().from(entries).where(eq(entries.id, entry.id));
    expect(row?.addedByAdmin).toBe(true);
    const [event] = await auditRows();
    expect(event).toMatchObject({ action: 'entry.add', target: SLUG, before: null });
    expect(event?.after).toMatchObject({ code: 'CAR', nickname: 'Cashier', cells: entry.cells });
    expect(event?.actor).toMatch(/^admin session [0-9a-f]{8} · 10\.9\.0\.\d+$/);
  });

  it("refuses a missing board or nickname with the spec's message, and bad values, changing nothing", async () => {
    const db = ctx.database.db;
    const [{ n: before } = { n: 0 }] = await db.select({ n: count() }).from(entries);
    const auditBefore = (await auditRows()).length;
    for (const body of [{}, { boardSlug: SLUG }, { nickname: 'Ann' }, { boardSlug: '  ', nickname: '  ' }]) {
      const res = await admin.post('/api/admin/entries', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBe('Team name and nickname are required');
    }
    const bad = [
      [{ boardSlug: SLUG, nickname: 'EightChr' }, 400, 'Nickname can be at most 7 characters'],
      [{ boardSlug: SLUG, nickname: 'Ann', phone: '12ab' }, 400, 'Enter a valid US phone number'],
      [{ boardSlug: SLUG, nickname: 'Ann', amountCents: 'ten' }, 400, null],
      [{ boardSlug: SLUG, nickname: 'Ann', amountCents: 2500 }, 400, 'Enter a whole amount from $1 to $20.'],
      [{ boardSlug: SLUG, nickname: 'Ann', amountCents: 150 }, 400, 'Enter a whole dollar amount.'],
      // The board's amount rule holds for an organizer's entry as for a fan's, with the same messages.
      [{ boardSlug: SLUG, nickname: 'Ann', amountCents: 0 }, 400, 'Enter an amount of at least $1.'],
      [{ boardSlug: SLUG, nickname: 'Ann' }, 400, 'Choose a support amount.'],
      [{ boardSlug: SLUG, nickname: 'Ann', amountCents: null }, 400, 'Choose a support amount.'],
      [{ boardSlug: 'no-such-board', nickname: 'Ann' }, 404, 'We could not find that game board.'],
      // finals-game-5 is free to play: an organizer cannot add money to it either.
      [{ boardSlug: 'finals-game-5', nickname: 'Ann', amountCents: 500 }, 400, legalMessages.noMoney],
    ] as const;
    for (const [body, status, message] of bad) {
      const res = await admin.post('/api/admin/entries', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      if (message) expect(JSON.stringify(res.json().error)).toContain(message);
    }
    const [{ n: after } = { n: 0 }] = await db.select({ n: count() }).from(entries);
    expect(after).toBe(before);
    expect((await auditRows()).length).toBe(auditBefore);
  });

  it('takes a replayed or doubled submission once: same entry, one audit record', async () => {
    const before = await publicBoard(SLUG);
    const auditBefore = (await auditRows()).length;
    const body = {
      boardSlug: SLUG,
      nickname: 'Twice',
      amountCents: 100,
      ageConfirmed: true,
      state: 'OH',
      idempotencyKey: 'admin-form-submission-1',
    };
    const [a, b] = await Promise.all([admin.post('/api/admin/entries', body), admin.post('/api/admin/entries', body)]);
    const c = await admin.post('/api/admin/entries', body);
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([201, 201, 201]);
    expect(new Set([a.json().id, b.json().id, c.json().id]).size).toBe(1);
    expect((await publicBoard(SLUG)).entryCount).toBe(before.entryCount + 1);
    expect((await auditRows()).length).toBe(auditBefore + 1);
    expect((await admin.delete(`/api/admin/entries/${a.json().id}`)).statusCode).toBe(200);
  });

  it('lists entries newest first, page by page, and rejects a forged cursor', async () => {
    for (let i = 0; i < 5; i++) {
      ctx.clock.advance(1000);
      await fanEntry(SLUG, i, { teamSupport: i % 2 ? 'Thunder' : 'Timberwolves' });
    }
    const first = await admin.get(`/api/admin/entries?board=${SLUG}&limit=4`);
    expect(first.statusCode).toBe(200);
    const page1 = first.json() as { entries: AdminEntry[]; nextCursor: string | null };
    expect(page1.entries.map((e) => e.nickname)).toEqual(['Fan4', 'Fan3', 'Fan2', 'Fan1']);
    expect(page1.nextCursor).toBeTruthy();
    const page2 = (await admin.get(`/api/admin/entries?board=${SLUG}&limit=4&cursor=${page1.nextCursor}`)).json();
    expect(page2.entries.map((e: AdminEntry) => e.nickname)).toEqual(['Fan0', 'Cashier']);
    expect(page2.nextCursor).toBeNull();
    expect((await admin.get('/api/admin/entries?cursor=bm9wZQ')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/entries?limit=0')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/entries?limit=many')).statusCode).toBe(400);
    const none = (await admin.get('/api/admin/entries?board=finals-game-7')).json();
    expect(none).toEqual({ entries: [], nextCursor: null });
  });

  it('deletes an entry: its cells are free again on the public board, and the live stream hears it', async () => {
    const entry = await fanEntry(SLUG, 10, { nickname: 'Gone' });
    const before = await publicBoard(SLUG);
    expect(before.cells.map((c) => c.cell)).toContain(entry.cells[0]);
    const res = await admin.delete(`/api/admin/entries/${entry.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const after = await publicBoard(SLUG);
    expect(after.entryCount).toBe(before.entryCount - 1);
    expect(after.cells.map((c) => c.cell)).not.toContain(entry.cells[0]);
    const [event] = await auditRows();
    expect(event).toMatchObject({
      action: 'entry.delete',
      target: SLUG,
      after: { removed: 'deleted', cells: [], freedCells: entry.cells, refundedCents: 0 },
    });
    // The row stays for the ledger: released, its cells freed, removed as deleted.
    const [kept] = await ctx.database.db.select().from(entries).where(eq(entries.id, entry.id));
    expect(kept).toMatchObject({ status: 'released', removedHow: 'deleted' });
    expect(event?.before).toMatchObject({ code: entry.code, nickname: 'Gone', cells: entry.cells });
    // Replayed: the entry is gone, nothing else changes.
    const again = await admin.delete(`/api/admin/entries/${entry.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('ENTRY_NOT_FOUND');
    expect((await admin.delete('/api/admin/entries/not-a-uuid')).statusCode).toBe(404);
    expect((await publicBoard(SLUG)).entryCount).toBe(after.entryCount);
    // A new entry can take the freed cell (the board only ever holds each cell once).
    const cellsAfter = new Set(after.cells.map((c) => c.cell));
    expect(cellsAfter.size).toBe(after.cells.length);
  });

  it('delete and claims on the same board never leave a cell held twice (concurrent)', async () => {
    const victims = await Promise.all([20, 21, 22].map((i) => fanEntry(SLUG, i)));
    const results = await Promise.all([
      ...victims.map((v) => admin.delete(`/api/admin/entries/${v.id}`)),
      ...[30, 31, 32].map((i) =>
        client().post(`/api/boards/${SLUG}/entries`, {
          phone: '+12025550105',
          nickname: `Rush${i}`,
          amountCents: 100,
          ageConfirmed: true,
          rulesAccepted: true,
          state: 'OH',
          idempotencyKey: `admin-race-${i}`,
        }),
      ),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 201, 201, 201]);
    const board = await publicBoard(SLUG);
    expect(new Set(board.cells.map((c) => c.cell)).size).toBe(board.cells.length);
    expect(board.cells.length).toBe(board.entryCount);
  });

  it('marks a pledge collected once; refuses entries with nothing to collect', async () => {
    const pledged = await fanEntry(SLUG, 40, { amountCents: 700 });
    const kpisBefore = (await admin.get('/api/admin/kpis')).json() as AdminKpis;
    const res = await admin.post(`/api/admin/entries/${pledged.id}/paid`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().paymentState).toBe('collected');
    const kpisAfter = (await admin.get('/api/admin/kpis')).json() as AdminKpis;
    expect(kpisAfter.totals.collectedCents - kpisBefore.totals.collectedCents).toBe(700);
    expect(kpisAfter.totals.outstandingCents - kpisBefore.totals.outstandingCents).toBe(-700);
    const events = await auditRows();
    expect(events[0]).toMatchObject({ action: 'entry.mark-paid', before: { paymentState: 'pledged' } });
    expect(events[0]?.after).toMatchObject({ paymentState: 'collected' });
    // Replayed: same answer, no second audit record.
    const again = await admin.post(`/api/admin/entries/${pledged.id}/paid`);
    expect(again.statusCode).toBe(200);
    expect((await auditRows()).length).toBe(events.length);
    // Nothing pledged (a finals board without amounts).
    const free = await fanEntry('finals-game-5', 41, { amountCents: null });
    const refused = await admin.post(`/api/admin/entries/${free.id}/paid`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('This entry has no pledged amount to collect.');
    expect((await admin.post('/api/admin/entries/00000000-0000-4000-8000-000000000000/paid')).statusCode).toBe(404);
  });
});

describe('KPIs', () => {
  it('totals entries and amounts per board, per team and per day from the server', async () => {
    const kpis = (await admin.get('/api/admin/kpis')).json() as AdminKpis;
    const db = ctx.database.db;
    const [truth] = await db
      .select({
        n: count(),
        cents: sql<number>`sum(coalesce(${entries.amountCents}, 0) + coalesce(${entries.donationCommitmentCents}, 0))::int`,
      })
      .from(entries)
      .where(eq(entries.status, 'confirmed'));
    expect(kpis.totals.entries).toBe(truth?.n);
    expect(kpis.totals.amountCents).toBe(truth?.cents);
    expect(kpis.totals.collectedCents + kpis.totals.outstandingCents).toBe(kpis.totals.amountCents);
    expect(kpis.perBoard.reduce((s, b) => s + b.entries, 0)).toBe(kpis.totals.entries);
    expect(kpis.perTeam.reduce((s, t) => s + t.amountCents, 0)).toBe(kpis.totals.amountCents);
    expect(kpis.perBoard.find((b) => b.slug === 'thunder-timberwolves')).toMatchObject({
      team: 'Thunder vs Timberwolves',
      status: 'open',
    });
    expect(kpis.perTeam.map((t) => t.team)).toEqual(
      expect.arrayContaining(['Thunder', 'Timberwolves', 'Not specified']),
    );
    expect(kpis.overTime.at(-1)?.day).toBe('2025-06-11');
    expect(kpis.overTime.reduce((s, d) => s + d.entries, 0)).toBe(kpis.totals.entries);
  });

  it('fills days without entries and leaves out cancelled boards', async () => {
    const fresh = await createTestApp();
    try {
      await seedDemoBoards(fresh.database.db, fresh.clock, () => 'cd'.repeat(32));
      const a = new Client(fresh.app, '10.9.1.1');
      await a.post('/api/admin-gate/passcode', { passcode: 'fangrid1' });
      await a.post('/api/admin-gate/phrase', { phrase: 'game day' });
      expect((await a.get('/api/admin/kpis')).json()).toMatchObject({
        totals: { entries: 0, amountCents: 0, boards: 0 },
        perBoard: [],
        perTeam: [],
        overTime: [],
      });
      await a.post('/api/admin/entries', {
        boardSlug: 'thunder-timberwolves',
        nickname: 'Day1',
        amountCents: 300,
        ageConfirmed: true,
        state: 'OH',
      });
      fresh.clock.advance(2 * 86_400_000);
      // Two days on, the admin session has long expired: pass the gate again.
      expect((await a.get('/api/admin/kpis')).statusCode).toBe(401);
      await a.post('/api/admin-gate/passcode', { passcode: 'fangrid1' });
      await a.post('/api/admin-gate/phrase', { phrase: 'game day' });
      const kpis = (await a.get('/api/admin/kpis')).json() as AdminKpis;
      expect(kpis.overTime).toEqual([
        { day: '2025-06-11', entries: 1, amountCents: 300 },
        { day: '2025-06-12', entries: 0, amountCents: 0 },
        { day: '2025-06-13', entries: 0, amountCents: 0 },
      ]);
      expect((await a.post('/api/admin/boards/thunder-timberwolves/cancel')).statusCode).toBe(200);
      expect(((await a.get('/api/admin/kpis')).json() as AdminKpis).totals.entries).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});

describe('CSV exports', () => {
  it('streams game_entries_{date}.csv with exactly the spec columns, formula cells neutralised', async () => {
    const hostile = await client().post('/api/boards/thunder-timberwolves/entries', {
      phone: '+12025550106',
      nickname: '=cmd',
      amountCents: 200,
      teamSupport: '=HYPERLINK("http://evil.example","x")',
      organization: '+SUM(A1:A9)',
      referralCode: '@calc',
      gameCode: '-2+3',
      ageConfirmed: true,
      rulesAccepted: true,
      state: 'OH',
      idempotencyKey: 'admin-test-hostile',
    });
    expect(hostile.statusCode, hostile.body).toBe(201);
    // A gift pledged on an entry after entering is a donation apart from the entry: its own column, never
    // added into Entry Amount.
    const fan = new Client(ctx.app, '10.3.8.4');
    const pledged = (
      await fan.post('/api/boards/thunder-timberwolves/entries', {
        phone: '+12025550107',
        nickname: 'Pledge',
        amountCents: 300,
        ageConfirmed: true,
        rulesAccepted: true,
        state: 'OH',
        idempotencyKey: 'admin-test-pledge',
      })
    ).json().entry;
    const commitment = await fan.post('/api/entries/commitment', {
      confirmationCode: pledged.ticketNumber,
      amountCents: 2500,
      tickets: [pledged.ticketNumber],
    });
    expect(commitment.statusCode, commitment.body).toBe(200);
    const res = await admin.get('/api/admin/exports/game-entries.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="game_entries_2025-06-11.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.body.slice(1));
    expect(rows[0]).toEqual([...gameEntriesCsvColumns]);
    const dbCount = (
      await ctx.database.db.select({ n: count() }).from(entries).where(sql`${entries.status} <> 'released'`)
    )[0]?.n;
    expect(rows.length - 1).toBe(dbCount);
    const row = rows.find((r) => r[8] === "'=cmd");
    expect(row).toEqual([
      expect.stringMatching(/^2025-06-11T/),
      'Thunder vs Timberwolves',
      `'=HYPERLINK("http://evil.example","x")`,
      // The entry supports its board's organization: the one the fan sent is not stored.
      'FanGrid Community Fund',
      "'@calc",
      "'-2+3",
      '2',
      // A phone number alone can run no formula: it stays plain.
      '+12025550106',
      "'=cmd",
      // The board code is taken from the nickname's letters only, so it can never start a formula.
      'CMD',
      '',
      'thunder-timberwolves',
      'pledged',
      // The fan's US state, beside where the entry's money stands.
      'OH',
      '',
    ]);
    expect(rows.find((r) => r[8] === 'Pledge')?.slice(6)).toEqual([
      '3',
      '+12025550107',
      'Pledge',
      'PLE',
      '25',
      'thunder-timberwolves',
      'pledged',
      'OH',
      '',
    ]);
    // No raw cell of the file starts a formula (a phone number alone is no formula).
    for (const r of rows) {
      for (const cell of r) if (!/^\+[0-9 ()-]+$/.test(cell)) expect(cell).not.toMatch(/^[=+\-@]/);
    }
    const cashier = rows.find((r) => r[8] === 'Cashier');
    expect(cashier?.[7]).toBe('Not provided');
    expect(cashier?.[6]).toBe('10');
    // An entry without a US state says so, as the entries screen does.
    const [cashierRow] = await ctx.database.db
      .select({ state: entries.state })
      .from(entries)
      .where(eq(entries.nickname, 'Cashier'));
    expect(cashier?.[gameEntriesCsvColumns.indexOf('US State')]).toBe(cashierRow?.state ?? 'Not specified');
  });

  it('pages through thousands of entries without holding them all (every row, once, newest first)', async () => {
    const fresh = await createTestApp();
    try {
      const db = fresh.database.db;
      await seedDemoBoards(db, fresh.clock, () => 'ef'.repeat(32));
      const [board] = await db.select().from(boards).where(eq(boards.slug, 'knicks-vs-pacers'));
      if (!board) throw new Error('the demo board knicks-vs-pacers is missing');
      await db.execute(sql`
        insert into entries (board_id, phone, nickname, code, amount_cents, ticket_number, idempotency_key, created_at)
        select ${board.id}::uuid, '2025550100', 'Bulk' || i, 'B' || i, 100, 'T' || lpad(i::text, 8, '0'), 'bulk-' || i,
          timestamptz '2025-06-01T00:00:00Z' + (i / 3) * interval '1 second'
        from generate_series(1, 1234) as i`);
      const a = new Client(fresh.app, '10.9.2.1');
      await a.post('/api/admin-gate/passcode', { passcode: 'fangrid1' });
      await a.post('/api/admin-gate/phrase', { phrase: 'game day' });
      const rows = parseCsv((await a.get('/api/admin/exports/game-entries.csv')).body.slice(1)).slice(1);
      expect(rows).toHaveLength(1234);
      expect(new Set(rows.map((r) => r[8])).size).toBe(1234);
      const times = rows.map((r) => r[0] ?? '');
      expect([...times].sort().reverse()).toEqual(times);
    } finally {
      await fresh.close();
    }
  });

  it('exports login_attempts_{date}.csv newest first with the spec columns', async () => {
    const db = ctx.database.db;
    await db.insert(loginAttempts).values([
      {
        timestamp: new Date('2025-06-10T10:00:00Z'),
        status: 'attempted',
        email: 'fan@example.com',
        name: '=evil()',
        phone: '+12025550191',
        ip: '203.0.113.7',
      },
      { timestamp: new Date('2025-06-11T09:00:00Z'), status: 'success', email: 'pat@example.com', name: 'Pat' },
    ]);
    const res = await admin.get('/api/admin/exports/login-attempts.csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="login_attempts_2025-06-11.csv"');
    const rows = parseCsv(res.body.slice(1));
    expect(rows[0]).toEqual([...loginAttemptsCsvColumns]);
    const total = (await db.select({ n: count() }).from(loginAttempts))[0]?.n;
    expect(rows.length - 1).toBe(total);
    expect(rows.find((r) => r[2] === 'fan@example.com')).toEqual([
      '2025-06-10T10:00:00.000Z',
      "'=evil()",
      'fan@example.com',
      '+12025550191',
      'attempted',
      '',
      '203.0.113.7',
    ]);
    // The IP the screen shows, in the screen's column: empty where none was recorded.
    expect(rows[0]?.at(-1)).toBe('IP');
    expect(rows.find((r) => r[2] === 'pat@example.com')?.at(-1)).toBe('');
    const times = rows.slice(1).map((r) => r[0] ?? '');
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe('login attempts', () => {
  it('lists attempts newest first with the total, statuses as recorded', async () => {
    const res = await admin.get('/api/admin/login-attempts');
    expect(res.statusCode).toBe(200);
    const { attempts, total } = res.json() as { attempts: { timestamp: string; status: string }[]; total: number };
    expect(total).toBe(attempts.length);
    const times = attempts.map((a) => a.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
    const statuses = attempts.map((a) => a.status);
    expect(statuses).toEqual(expect.arrayContaining(['attempted', 'success', 'admin_gate_passed']));
  });
});

describe('board operations', () => {
  const newGame = {
    league: 'WNBA',
    teamA: 'Fever',
    teamB: 'Sky',
    startsAt: '2025-06-11T16:30:00Z',
    venue: 'Gainbridge Fieldhouse',
  };
  const board = {
    slug: 'fever-sky',
    game: newGame,
    format: '1v49',
    entryRule: { kind: 'presets-or-custom', presetsCents: [500, 1000], minCents: 500 },
    prizeTable: nbaFinalsPrizes,
    organization: 'Fever Foundation',
    mode: 'sweepstakes',
    paymentRequired: false,
  };

  it('creates a board on a new game; it opens to fans at once (the game starts within the hour)', async () => {
    const res = await admin.post('/api/admin/boards', board);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ slug: 'fever-sky', sequence: 1, status: 'open', capacity: 50, entryCount: 0 });
    const pub = await publicBoard('fever-sky');
    expect(pub).toMatchObject({ format: '1v49', organization: 'Fever Foundation', status: 'open', seed: null });
    const [event] = await auditRows();
    expect(event).toMatchObject({ action: 'board.create', target: 'fever-sky', before: null });
    expect(JSON.stringify(event?.after)).not.toContain('"seed"');
    const entry = await fanEntry('fever-sky', 1, { amountCents: 500 });
    expect(entry.cells).toHaveLength(2);
  });

  it('adds a second board to an existing game with the next sequence number', async () => {
    const { games } = (await admin.get('/api/admin/boards')).json() as { games: { id: string; slug: string }[] };
    const game = games.find((g) => g.slug === 'fever-sky');
    const res = await admin.post('/api/admin/boards', {
      ...board,
      slug: 'fever-sky-paid',
      game: undefined,
      gameId: game?.id,
      format: '1v99',
      paymentRequired: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ sequence: 2, paymentRequired: true, game: { slug: 'fever-sky' } });
  });

  it('refuses bad boards with a message at the field, creating nothing', async () => {
    const db = ctx.database.db;
    const [{ n: before } = { n: 0 }] = await db.select({ n: count() }).from(boards);
    const cases: [Record<string, unknown>, number, string][] = [
      [board, 409, 'slug'],
      [{ ...board, slug: 'Bad Slug!' }, 400, 'slug'],
      [{ ...board, slug: 'x' }, 400, 'slug'],
      [{ ...board, slug: 'no-game', game: undefined }, 400, 'gameId'],
      [{ ...board, slug: 'both', gameId: '00000000-0000-4000-8000-000000000000' }, 400, 'gameId'],
      [
        { ...board, slug: 'ghost-game', game: undefined, gameId: '00000000-0000-4000-8000-000000000000' },
        400,
        'gameId',
      ],
      [
        { ...board, slug: 'paid-free', entryRule: { kind: 'no-amount' }, paymentRequired: true },
        400,
        'paymentRequired',
      ],
      [{ ...board, slug: 'no-prizes', prizeTable: [] }, 400, 'prizeTable'],
      [{ ...board, slug: 'dup-keys', prizeTable: [nbaFinalsPrizes[0], nbaFinalsPrizes[0]] }, 400, 'prizeTable'],
      [{ ...board, slug: 'bad-date', game: { ...newGame, startsAt: 'tomorrow' } }, 400, 'startsAt'],
      [{ ...board, slug: 'no-team', game: { ...newGame, teamA: ' ' } }, 400, 'teamA'],
      [{ ...board, slug: 'bad-format', format: '1v9' }, 400, 'format'],
    ];
    for (const [body, status, field] of cases) {
      const res = await admin.post('/api/admin/boards', body);
      expect(res.statusCode, `${body.slug}: ${res.body}`).toBe(status);
      expect(JSON.stringify(res.json().error), String(body.slug)).toContain(field);
    }
    const [{ n: after } = { n: 0 }] = await db.select({ n: count() }).from(boards);
    expect(after).toBe(before);
  });

  it("refuses entry rules that cannot work with the board form's own messages, creating nothing", async () => {
    const db = ctx.database.db;
    const [{ n: before } = { n: 0 }] = await db.select({ n: count() }).from(boards);
    const range = {
      kind: 'whole-range',
      minCents: 100,
      maxCents: 2000,
      defaultCents: 100,
      quickPicksCents: [100, 500],
    };
    const presets = { kind: 'presets-or-custom', presetsCents: [100, 500], minCents: 100 };
    const m = entryRuleMessages;
    // Each problem is reported beside the part of the rule it is about ('entryRule.maxCents').
    const cases: [string, Record<string, unknown>, string, string][] = [
      [
        'min-above-max',
        { ...range, minCents: 2000, maxCents: 100, defaultCents: 2000, quickPicksCents: [] },
        'minCents',
        m.minAboveMax,
      ],
      ['default-below', { ...range, defaultCents: 0 }, 'defaultCents', m.defaultOutside],
      ['default-above', { ...range, defaultCents: 2100 }, 'defaultCents', m.defaultOutside],
      ['default-cents', { ...range, defaultCents: 150 }, 'defaultCents', m.defaultOutside],
      ['min-fraction', { ...range, minCents: 100.5 }, 'minCents', m.wholeDollars],
      ['max-fraction', { ...range, maxCents: 1999.99 }, 'maxCents', m.maxWholeDollars],
      ['min-cents', { ...range, minCents: 150, defaultCents: 150, quickPicksCents: [] }, 'minCents', m.wholeDollars],
      ['min-zero', { ...range, minCents: 0, defaultCents: 0, quickPicksCents: [] }, 'minCents', m.wholeDollars],
      [
        'min-negative',
        { ...range, minCents: -500, defaultCents: -500, quickPicksCents: [] },
        'minCents',
        m.wholeDollars,
      ],
      ['max-huge', { ...range, maxCents: 100_000_000 }, 'maxCents', m.tooHigh],
      ['pick-outside', { ...range, quickPicksCents: [100, 5000] }, 'quickPicksCents', m.quickPicks],
      ['pick-repeat', { ...range, quickPicksCents: [500, 500] }, 'quickPicksCents', m.quickPicks],
      ['pick-unsorted', { ...range, quickPicksCents: [500, 100] }, 'quickPicksCents', m.quickPicks],
      ['pick-fraction', { ...range, quickPicksCents: [100.25] }, 'quickPicksCents', m.quickPicks],
      [
        'picks-many',
        { ...range, maxCents: 200_000, quickPicksCents: Array.from({ length: 11 }, (_, i) => (i + 1) * 100) },
        'quickPicksCents',
        m.tooMany,
      ],
      ['presets-empty', { ...presets, presetsCents: [] }, 'presetsCents', m.presetsEmpty],
      ['presets-repeat', { ...presets, presetsCents: [500, 500] }, 'presetsCents', m.presetsOrder],
      ['presets-unsorted', { ...presets, presetsCents: [1000, 500] }, 'presetsCents', m.presetsOrder],
      ['presets-fraction', { ...presets, presetsCents: [100, 250.5] }, 'presetsCents', m.wholeCents],
      ['presets-min-fraction', { ...presets, minCents: 99.5 }, 'minCents', m.wholeCents],
      ['presets-min-low', { ...presets, minCents: 50, presetsCents: [50, 100] }, 'minCents', m.minTooLow],
      ['presets-min-huge', { ...presets, minCents: 2_000_000 }, 'minCents', m.minTooHigh],
      ['presets-below-min', { ...presets, minCents: 500 }, 'presetsCents', m.presetsBelowMin],
      ['presets-huge', { ...presets, presetsCents: [100, 2_000_000] }, 'presetsCents', m.presetsTooHigh],
      [
        'presets-many',
        { ...presets, presetsCents: Array.from({ length: 11 }, (_, i) => (i + 1) * 100) },
        'presetsCents',
        m.tooMany,
      ],
    ];
    for (const [slug, entryRule, field, message] of cases) {
      const res = await admin.post('/api/admin/boards', { ...board, slug: `rule-${slug}`, entryRule });
      expect(res.statusCode, `${slug}: ${res.body}`).toBe(400);
      expect(res.json().error, slug).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { [`entryRule.${field}`]: message },
      });
    }
    // Not numbers at all: refused by the rule's shape before its sense is checked.
    for (const minCents of ['100', null, Number.POSITIVE_INFINITY, true]) {
      const res = await admin.post('/api/admin/boards', {
        ...board,
        slug: 'rule-shape',
        entryRule: { ...range, minCents },
      });
      expect(res.statusCode, res.body).toBe(400);
    }
    const [{ n: after } = { n: 0 }] = await db.select({ n: count() }).from(boards);
    expect(after).toBe(before);
    // The rule the board form builds for $5-$50 passes the server's check.
    const ok = await admin.post('/api/admin/boards', {
      ...board,
      slug: 'rule-range-ok',
      entryRule: wholeRangeRule(500, 5000),
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await publicBoard('rule-range-ok')).entryRule).toEqual(wholeRangeRule(500, 5000));
  });

  it('locks early (once), scores a period with its winner, corrects it, all audited with before and after', async () => {
    const fan = await fanEntry('fever-sky', 2, { amountCents: 1000, nickname: 'Winner' });
    const locked = await admin.post('/api/admin/boards/fever-sky/lock');
    expect(locked.statusCode).toBe(200);
    expect(locked.json().status).toBe('locked');
    const auditCount = (await auditRows()).length;
    expect((await admin.post('/api/admin/boards/fever-sky/lock')).json().status).toBe('locked');
    expect((await auditRows()).length).toBe(auditCount);
    expect((await auditRows())[0]).toMatchObject({
      action: 'board.lock',
      before: { status: 'open' },
      after: { status: 'locked' },
    });
    // Adding or deleting entries is over once the draw is revealed.
    const late = await admin.post('/api/admin/entries', { boardSlug: 'fever-sky', nickname: 'Late' });
    expect(late.statusCode).toBe(409);
    const del = await admin.delete(`/api/admin/entries/${fan.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().error.code).toBe('ENTRY_LOCKED');

    const pub = await publicBoard('fever-sky');
    const { row, column } = cellPosition(fan.cells[0] ?? 0);
    const score = {
      period: 'q1',
      teamAScore: 20 + (pub.axes.columns[column] ?? 0),
      teamBScore: 30 + (pub.axes.rows[row] ?? 0),
    };
    const scored = await admin.post('/api/admin/boards/fever-sky/scores', score);
    expect(scored.statusCode, scored.body).toBe(200);
    const detail = (await admin.get('/api/admin/boards/fever-sky')).json();
    expect(detail.results[0]).toMatchObject({
      period: 'q1',
      prizeCents: 5000,
      winner: { code: fan.code, nickname: 'Winner', phone: '+12025550101' },
    });
    expect((await auditRows())[0]).toMatchObject({
      action: 'board.score',
      before: null,
      after: { ...score, winningCode: fan.code },
    });

    const corrected = { ...score, teamAScore: score.teamAScore + 1 };
    expect((await admin.post('/api/admin/boards/fever-sky/scores', corrected)).statusCode).toBe(200);
    expect((await auditRows())[0]).toMatchObject({
      action: 'board.score',
      before: { period: 'q1', teamAScore: score.teamAScore, teamBScore: score.teamBScore },
      after: { teamAScore: corrected.teamAScore },
    });
    // The same score again is not a change.
    const n = (await auditRows()).length;
    expect((await admin.post('/api/admin/boards/fever-sky/scores', corrected)).statusCode).toBe(200);
    expect((await auditRows()).length).toBe(n);
    expect((await admin.post('/api/admin/boards/fever-sky/scores', { ...score, period: 'q9' })).statusCode).toBe(400);
    expect((await admin.get('/api/admin/boards/nope')).statusCode).toBe(404);
  });

  it('cancels a board (once); its entries show as Cancelled and no longer count', async () => {
    const res = await admin.post('/api/admin/boards/fever-sky-paid/cancel');
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('cancelled');
    expect((await auditRows())[0]).toMatchObject({ action: 'board.cancel', after: { status: 'cancelled' } });
    const n = (await auditRows()).length;
    await admin.post('/api/admin/boards/fever-sky-paid/cancel');
    expect((await auditRows()).length).toBe(n);
    expect((await admin.post('/api/admin/boards/no-such/cancel')).statusCode).toBe(404);
  });

  it('names a signed-in admin by their account in the audit log', async () => {
    const named = client();
    const email = 'organizer@example.com';
    const signUp = await named.post('/api/auth/sign-up/email', {
      name: 'Org Anizer',
      email,
      password: 'Squares-2025!',
      phone: '+12125550110',
      callbackURL: '/login?confirmed=1',
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const mail = await latestMailTo(ctx.database.db, email);
    expect((await named.get(linkIn(mail?.text ?? ''))).statusCode).toBe(302);
    await passGate(named);
    expect((await named.post('/api/admin/boards/finals-game-7/lock')).statusCode).toBe(200);
    const [event] = (await named.get('/api/admin/audit?limit=1')).json().events as AuditEvent[];
    expect(event?.actor).toMatch(/^organizer@example\.com · admin session [0-9a-f]{8} · 10\.9\.0\.\d+$/);
  });
});
