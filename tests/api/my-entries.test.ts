import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoBoards } from '../../src/server/db/seed/boards';
import { cellPosition, entryRules } from '../../src/shared/domain/boards';
import { signedInFan } from '../support/accounts';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';

let ctx: TestContext;
const SLUG = 'thunder-timberwolves';

async function enter(c: Client, nickname: string) {
  const res = await c.post(`/api/boards/${SLUG}/entries`, {
    phone: '+12025550191',
    nickname,
    amountCents: 200,
    ageConfirmed: true,
    rulesAccepted: true,
    state: 'OH',
    idempotencyKey: `mine-${nickname}-key`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().entry as { ticketNumber: string; cells: number[]; code: string };
}

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoBoards(ctx.database.db, ctx.clock, () => 'de'.repeat(32));
});
afterAll(() => ctx.close());

describe('my entries', () => {
  it('finds a visitor’s entries by ticket number and derives Pending / In Progress / Won / Lost from the real results', async () => {
    const visitor = new Client(ctx.app, '10.7.0.1');
    const winner = await enter(visitor, 'Winner');
    const loser = await enter(visitor, 'Loser');
    const lookup = async () =>
      (await visitor.post('/api/entries/lookup', { tickets: [winner.ticketNumber, loser.ticketNumber] })).json()
        .entries;

    let list = await lookup();
    expect(list).toHaveLength(2);
    expect(list.map((e: { status: string }) => e.status)).toEqual(['Pending', 'Pending']);
    expect(list[0]).toMatchObject({
      boardSlug: SLUG,
      game: { teamA: 'Thunder', teamB: 'Timberwolves' },
      amountCents: 200,
    });
    expect(JSON.stringify(list)).not.toContain('2025550191');

    ctx.clock.advance(46 * 60_000); // the game has started
    list = await lookup();
    expect(list.map((e: { status: string }) => e.status)).toEqual(['In Progress', 'In Progress']);

    const admin = new Client(ctx.app, '10.7.0.2');
    await admin.post('/api/admin-gate/passcode', { passcode: 'fangrid1' });
    await admin.post('/api/admin-gate/phrase', { phrase: 'game day' });
    const board = (await admin.get(`/api/boards/${SLUG}`)).json();
    const { row, column } = cellPosition(winner.cells[0] ?? 0);
    const score = { teamAScore: 100 + board.axes.columns[column], teamBScore: 90 + board.axes.rows[row] };
    for (const period of ['q1', 'q2', 'q3', 'final']) {
      expect((await admin.post(`/api/admin/boards/${SLUG}/scores`, { period, ...score })).statusCode).toBe(200);
    }
    list = await lookup();
    const byCode = Object.fromEntries(list.map((e: { code: string }) => [e.code, e]));
    expect(byCode[winner.code]).toMatchObject({ status: 'Won' });
    expect(byCode[winner.code].wins.map((w: { prizeCents: number }) => w.prizeCents)).toEqual([
      5000, 10000, 5000, 15000,
    ]);
    // Each win names its period as the board's prize table does.
    expect(byCode[winner.code].wins.map((w: { label: string }) => w.label)).toEqual([
      '1st quarter',
      '2nd quarter',
      '3rd quarter',
      'Final score (including overtime)',
    ]);
    expect(byCode[loser.code]).toMatchObject({ status: 'Lost', wins: [] });
  });

  it('shows nothing for unknown tickets, and refuses malformed ones', async () => {
    const c = new Client(ctx.app, '10.7.0.3');
    expect((await c.post('/api/entries/lookup', { tickets: ['ZZZZZZZZZ'] })).json()).toEqual({ entries: [] });
    expect((await c.post('/api/entries/lookup', { tickets: ['short'] })).statusCode).toBe(400);
    expect((await c.post('/api/entries/lookup', { tickets: Array(101).fill('AAAAAAAAA') })).statusCode).toBe(400);
  });

  it("lists a signed-in fan's own entries without tickets, and never another account's", async () => {
    ctx.clock.advance(-46 * 60_000);
    const fan = await signedInFan(ctx.database.db, new Client(ctx.app, '10.7.0.4'), {
      email: 'owner@example.com',
      name: 'Owner Fan',
      phone: '+12025550101',
    });
    // The Thunder board is settled by now, so use a fresh open board: the Knicks demo board.
    const res = await fan.post('/api/boards/knicks-vs-pacers/entries', {
      phone: '+12025550101',
      nickname: 'Owner',
      amountCents: 500,
      ageConfirmed: true,
      rulesAccepted: true,
      state: 'OH',
      idempotencyKey: 'owner-entry-key',
    });
    expect(res.statusCode, res.body).toBe(201);
    const own = (await fan.post('/api/entries/lookup', { tickets: [] })).json().entries;
    expect(own.map((e: { code: string }) => e.code)).toEqual(['OWR']);
    const stranger = new Client(ctx.app, '10.7.0.5');
    expect((await stranger.post('/api/entries/lookup', { tickets: [] })).json().entries).toEqual([]);
  });

  it('follows the board’s lock, not only the scheduled start: an organizer’s early lock makes it In Progress', async () => {
    const admin = new Client(ctx.app, '10.7.0.6');
    await admin.post('/api/admin-gate/passcode', { passcode: 'fangrid1' });
    await admin.post('/api/admin-gate/phrase', { phrase: 'game day' });
    const startsAt = new Date(ctx.clock.now().getTime() + 30 * 60_000).toISOString();
    const created = await admin.post('/api/admin/boards', {
      slug: 'early-lock-board',
      game: { league: 'NBA', teamA: 'Suns', teamB: 'Jazz', startsAt, venue: 'Footprint Center' },
      format: '1v99',
      entryRule: entryRules.presets,
      prizeTable: [{ key: 'final', label: 'Final score', prizeCents: 10000 }],
      organization: 'Suns Charities',
      mode: 'sweepstakes',
      paymentRequired: false,
    });
    expect(created.statusCode, created.body).toBe(201);
    const fan = new Client(ctx.app, '10.7.0.7');
    const res = await fan.post('/api/boards/early-lock-board/entries', {
      phone: '+12025550105',
      nickname: 'Early',
      amountCents: 100,
      ageConfirmed: true,
      rulesAccepted: true,
      state: 'OH',
      idempotencyKey: 'early-lock-entry-key',
    });
    expect(res.statusCode, res.body).toBe(201);
    const ticket = res.json().entry.ticketNumber as string;
    const status = async () =>
      (await fan.post('/api/entries/lookup', { tickets: [ticket] }))
        .json()
        .entries.map((e: { status: string }) => e.status);

    const axes = async () =>
      (await fan.post('/api/entries/lookup', { tickets: [ticket] }))
        .json()
        .entries.map((e: { axes: unknown }) => e.axes);

    expect(await status()).toEqual(['Pending']);
    // Before the draw an entry has no digits: its cells are named by their place alone.
    expect(await axes()).toEqual([null]);
    expect((await admin.post('/api/admin/boards/early-lock-board/lock')).statusCode).toBe(200);
    // Still 30 minutes before the scheduled start: the board's lock decides.
    expect(ctx.clock.now().getTime()).toBeLessThan(Date.parse(startsAt));
    expect(await status()).toEqual(['In Progress']);
    // Locked, the entry carries the digits its board shows.
    const board = (await ctx.app.inject({ method: 'GET', url: '/api/boards/early-lock-board' })).json();
    expect(board.axes.drawn).toBe(true);
    expect(await axes()).toEqual([{ columns: board.axes.columns, rows: board.axes.rows }]);
  });
});

describe('donation commitment (game info)', () => {
  it("records a commitment on the viewer's entry matched by ticket number or board code, and summarises it", async () => {
    const visitor = new Client(ctx.app, '10.7.1.1');
    const res = await visitor.post('/api/boards/knicks-vs-pacers/entries', {
      phone: '+12025550191',
      nickname: 'Brunson',
      amountCents: 1000,
      gameCode: 'EGB',
      teamSupport: 'Knicks',
      ageConfirmed: true,
      rulesAccepted: true,
      state: 'OH',
      idempotencyKey: 'commit-brunson-key',
    });
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json().entry;

    const byTicket = await visitor.post('/api/entries/commitment', {
      confirmationCode: entry.ticketNumber,
      amountCents: 5000,
      tickets: [entry.ticketNumber],
    });
    expect(byTicket.statusCode, byTicket.body).toBe(200);
    expect(byTicket.json()).toMatchObject({
      ticketNumber: entry.ticketNumber,
      team: 'Knicks vs Pacers',
      donationCommitmentCents: 5000,
      organization: 'FanGrid Community Fund',
      teamSupport: 'Knicks',
      gameCode: 'EGB',
      referralCode: 'Not specified',
    });
    const byCode = await visitor.post('/api/entries/commitment', {
      confirmationCode: ` ${entry.code.toLowerCase()} `,
      amountCents: 2000,
      tickets: [entry.ticketNumber],
    });
    expect(byCode.json().donationCommitmentCents).toBe(2000);
    const summary = await new Client(ctx.app, '10.7.1.9').post('/api/entries/summary', { ticket: entry.ticketNumber });
    expect(summary.json().donationCommitmentCents).toBe(2000);
  });

  it("refuses a code that is not one of the viewer's entries, a blank code and a too-small amount", async () => {
    const owner = new Client(ctx.app, '10.7.1.2');
    const { entry } = (
      await owner.post('/api/boards/knicks-vs-pacers/entries', {
        phone: '+12025550191',
        nickname: 'Hart',
        amountCents: 500,
        ageConfirmed: true,
        rulesAccepted: true,
        state: 'OH',
        idempotencyKey: 'commit-hart-key',
      })
    ).json();
    const stranger = new Client(ctx.app, '10.7.1.3');
    const stolen = await stranger.post('/api/entries/commitment', {
      confirmationCode: entry.code,
      amountCents: 500,
      tickets: [],
    });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().error.code).toBe('NO_MATCHING_ENTRY');
    const blank = await owner.post('/api/entries/commitment', {
      confirmationCode: '  ',
      amountCents: 500,
      tickets: [entry.ticketNumber],
    });
    expect(blank.statusCode).toBe(400);
    const small = await owner.post('/api/entries/commitment', {
      confirmationCode: entry.code,
      amountCents: 50,
      tickets: [entry.ticketNumber],
    });
    expect(small.statusCode).toBe(400);
    expect((await owner.post('/api/entries/summary', { ticket: 'ZZZZZZZZZ' })).statusCode).toBe(404);
  });
});
