import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customGameEntries } from '../../src/server/db/schema';
import { seedDemoBoards } from '../../src/server/db/seed/boards';
import { baseballPage } from '../../src/server/db/seed/pages/baseball';
import type { CustomEntry } from '../../src/shared/contracts/baseball';
import type { BoardView } from '../../src/shared/contracts/boards';
import { apiPaths } from '../../src/shared/contracts/paths';
import { baseballPrizes, customEntryMessages } from '../../src/shared/domain/baseball';
import { cellPosition } from '../../src/shared/domain/boards';
import { signedInFan } from '../support/accounts';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';

let ctx: TestContext;
const url = apiPaths.baseball.customEntries;
const fields = {
  team1: 'Los Angeles Dodgers',
  team2: 'San Francisco Giants',
  gameDate: '2025-06-20',
  amountCents: 2500,
};
/** Every entry carries the fan's ticks: old enough, rules accepted. */
const good = { ...fields, ageConfirmed: true, rulesAccepted: true };

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoBoards(ctx.database.db, ctx.clock, () => 'ba5eba11'.padEnd(64, '7'));
});
afterAll(() => ctx.close());

const countEntries = async () => (await ctx.database.db.select().from(customGameEntries)).length;

describe('baseball fixture boards', () => {
  it('opens a board for each of the six fixtures, scored at the 5th and 9th innings', async () => {
    for (const fixture of baseballPage.fixtures) {
      const res = await ctx.app.inject({ method: 'GET', url: apiPaths.board(fixture.boardSlug) });
      expect(res.statusCode, fixture.id).toBe(200);
      const board = res.json<BoardView>();
      expect(board).toMatchObject({
        status: 'open',
        format: '1v99',
        organization: baseballPage.organization,
        game: { league: 'MLB', teamA: fixture.teams[0], teamB: fixture.teams[1], venue: fixture.venue },
        entryRule: { kind: 'presets-or-custom', presetsCents: [100, 500, 1000, 2000] },
      });
      expect(board.prizeTable.map((p) => p.key)).toEqual([
        'inning5-runs',
        'inning5-hits',
        'inning9-runs',
        'inning9-hits',
      ]);
    }
  });

  it('takes a modal entry (preset or custom amount, referral code, fixture game code) and refuses a bad amount', async () => {
    const fan = new Client(ctx.app, '10.9.0.1');
    const entry = {
      phone: '+12125550110',
      nickname: 'Bambino',
      amountCents: 1250,
      referralCode: 'FRIEND1',
      organization: baseballPage.organization,
      gameCode: 'DODGERS-GIANTS',
      ageConfirmed: true,
      rulesAccepted: true,
      state: 'OH',
      idempotencyKey: 'baseball-modal-entry-1',
    };
    const res = await fan.post(apiPaths.boardEntries('dodgers-giants'), entry);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().entry).toMatchObject({ code: 'BAO', amountCents: 1250 });
    expect(res.json().entry.ticketNumber).toMatch(/^[A-Z]{9}$/);
    for (const amountCents of [0, 50, null]) {
      const bad = await fan.post(apiPaths.boardEntries('dodgers-giants'), {
        ...entry,
        amountCents,
        idempotencyKey: `baseball-bad-${amountCents}`,
      });
      expect(bad.statusCode, String(amountCents)).toBe(400);
    }
    const board = (await ctx.app.inject({ method: 'GET', url: apiPaths.board('dodgers-giants') })).json<BoardView>();
    expect(board.entryCount).toBe(1);
  });

  it('scores runs and hits at the 5th and 9th innings once the board is locked', async () => {
    const admin = new Client(ctx.app, '10.9.0.2');
    await admin.post('/api/admin-gate/passcode', { passcode: 'fangrid1' });
    await admin.post('/api/admin-gate/phrase', { phrase: 'game day' });
    expect((await admin.post('/api/admin/boards/dodgers-giants/lock', {})).statusCode).toBe(200);
    const board = (await ctx.app.inject({ method: 'GET', url: apiPaths.board('dodgers-giants') })).json<BoardView>();
    const held = board.cells[0];
    if (!held) throw new Error('the entry holds a cell');
    const { row, column } = cellPosition(held.cell);
    const runs = { teamAScore: 10 + (board.axes.columns[column] ?? 0), teamBScore: board.axes.rows[row] ?? 0 };
    const scored = await admin.post('/api/admin/boards/dodgers-giants/scores', { period: 'inning5-runs', ...runs });
    expect(scored.statusCode, scored.body).toBe(200);
    const after = (await ctx.app.inject({ method: 'GET', url: apiPaths.board('dodgers-giants') })).json<BoardView>();
    expect(after.results[0]).toMatchObject({
      period: 'inning5-runs',
      code: 'BAO',
      prizeCents: baseballPrizes[0]?.prizeCents,
    });
    const quarter = await admin.post('/api/admin/boards/dodgers-giants/scores', { period: 'q1', ...runs });
    expect(quarter.statusCode).toBe(400);
  });
});

describe('POST /api/baseball/custom-entries', () => {
  it('stores a visitor’s custom game entry and answers with it', async () => {
    const res = await new Client(ctx.app, '10.9.1.1').post(url, good);
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json<CustomEntry>();
    expect(entry).toMatchObject({ ...fields, createdAt: '2025-06-11T16:00:00.000Z' });
    const [row] = await ctx.database.db.select().from(customGameEntries).where(eq(customGameEntries.id, entry.id));
    expect(row).toMatchObject({ userId: null, team1: good.team1, amountCents: 2500 });
  });

  it.each([
    ['an empty team', { ...good, team1: '' }, customEntryMessages.missing],
    ['no date', { ...good, gameDate: '' }, customEntryMessages.missing],
    ['no amount', { ...good, amountCents: null }, customEntryMessages.missing],
    ['the same team twice', { ...good, team2: good.team1 }, customEntryMessages.sameTeams],
    ['a club that is not in MLB', { ...good, team2: 'Springfield Isotopes' }, customEntryMessages.unknownTeam],
    ['an amount under $1', { ...good, amountCents: 99 }, customEntryMessages.amount],
    ['a zero amount', { ...good, amountCents: 0 }, customEntryMessages.amount],
    ['a date that does not exist', { ...good, gameDate: '2025-02-30' }, 'Enter the game date as a real calendar date.'],
  ])('refuses %s with a clear message and stores nothing', async (_name, body, message) => {
    const before = await countEntries();
    const res = await new Client(ctx.app, '10.9.1.2').post(url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await countEntries()).toBe(before);
  });

  it.each([
    ['a fractional amount', { ...good, amountCents: 12.5 }],
    ['a text amount', { ...good, amountCents: '25' }],
    ['a team name over 60 characters', { ...good, team1: 'x'.repeat(61) }],
    ['a missing field', { team1: good.team1, team2: good.team2, gameDate: good.gameDate }],
  ])('refuses %s as invalid input', async (_name, body) => {
    const before = await countEntries();
    const res = await new Client(ctx.app, '10.9.1.3').post(url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(await countEntries()).toBe(before);
  });

  it('keeps a signed-in fan’s entries on the account, listed to that fan only', async () => {
    const fan = await signedInFan(ctx.database.db, new Client(ctx.app, '10.9.2.1'), {
      email: 'slugger@example.com',
      name: 'Baseball Fan',
      phone: '+12025550105',
    });
    expect((await fan.post(url, { ...good, team2: 'San Diego Padres' })).statusCode).toBe(201);
    const mine = (await fan.get(url)).json<{ entries: CustomEntry[] }>().entries;
    expect(mine.map((e) => `${e.team1} v ${e.team2}`)).toEqual(['Los Angeles Dodgers v San Diego Padres']);
    expect((await new Client(ctx.app, '10.9.2.2').get(url)).json()).toEqual({ entries: [] });
  });
});
