import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { boards, customGameEntries, entries } from '../../src/server/db/schema';
import { seedDemoBoards } from '../../src/server/db/seed/boards';
import type { AdminBoardSummary, AdminKpis } from '../../src/shared/contracts/admin';
import { type BoardView, boardErrorCodes } from '../../src/shared/contracts/boards';
import { apiPaths } from '../../src/shared/contracts/paths';
import { entryRules, nbaFinalsPrizes } from '../../src/shared/domain/boards';
import { legalMessages } from '../../src/shared/domain/legal';
import { fictionPhone } from '../support/fiction-phones.mjs';
import { textedCode } from '../support/free-entry';
import { Client, ORIGIN } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { signedInAdmin } from './fake-feed';

/**
 * Legal modes, enforced by the server whatever the form sends: direct API calls with every forbidden
 * combination (no ticks, no or an excluded state, money on a free-to-play board, free entries where none is
 * offered or past their limits, a raffle without its registration) change nothing and say which rule refused.
 */

let ctx: TestContext;
let admin: Client;
let seq = 0;
const fan = () => new Client(ctx.app, `10.77.${(seq >> 8) & 255}.${seq & 255}`);
const phone = () => fictionPhone(seq++);
const entry = (over: Record<string, unknown> = {}) => ({
  phone: phone(),
  nickname: `L${seq}`,
  ageConfirmed: true,
  rulesAccepted: true,
  state: 'OH',
  idempotencyKey: `legal-${seq++}-key`,
  ...over,
});
const view = async (slug: string) =>
  (await ctx.app.inject({ method: 'GET', url: apiPaths.board(slug) })).json<BoardView>();
async function entriesOn(slug: string, where: 'all' | 'free' = 'all') {
  const [board] = await ctx.database.db.select({ id: boards.id }).from(boards).where(eq(boards.slug, slug));
  const [row] = await ctx.database.db
    .select({ n: count() })
    .from(entries)
    .where(
      where === 'free'
        ? and(eq(entries.boardId, board?.id ?? ''), eq(entries.freeEntry, true))
        : eq(entries.boardId, board?.id ?? ''),
    );
  return row?.n ?? 0;
}
const gameIn = (minutes: number, teamA = 'Suns') => ({
  league: 'NBA',
  teamA,
  teamB: 'Jazz',
  startsAt: new Date(ctx.clock.now().getTime() + minutes * 60_000).toISOString(),
  venue: 'Footprint Center',
});
const newBoard = (slug: string, over: Record<string, unknown> = {}) => ({
  slug,
  game: gameIn(30, slug),
  format: '1v99',
  entryRule: entryRules.presets,
  prizeTable: nbaFinalsPrizes,
  organization: 'Suns Charities',
  paymentRequired: false,
  mode: 'sweepstakes',
  ...over,
});

beforeAll(async () => {
  // Many entries from few addresses and numbers: the per-address and per-number limits are set out of the way.
  ctx = await createTestApp({ settings: { entryLimitPerMinute: 10_000, entriesPerPhonePerBoard: 100 } });
  await seedDemoBoards(ctx.database.db, ctx.clock, () => '1e9a1'.padEnd(64, '7'));
  admin = await signedInAdmin(ctx.app, '10.77.255.1');
});
afterAll(() => ctx.close());

describe('the demo has a board of each mode, and the board view publishes its legal settings', () => {
  it('free-to-play, charitable raffle and sweepstakes boards say so', async () => {
    const free = await view('finals-game-5');
    expect(free.mode).toBe('free-to-play');
    expect(free.legal).toMatchObject({ moneyAllowed: false, freeEntryOffered: false, stateRequired: false });
    const raffle = await view('knicks-vs-pacers');
    expect(raffle.mode).toBe('charitable-raffle');
    expect(raffle.legal).toMatchObject({
      legalName: 'FanGrid Community Fund (demo)',
      registration: 'DEMO-RAFFLE-0001',
      minimumAge: 18,
      moneyAllowed: true,
      freeEntryOffered: false,
      stateRequired: true,
      excludedStates: ['AL', 'HI', 'UT'],
    });
    const sweepstakes = await view('lakers-warriors');
    expect(sweepstakes).toMatchObject({ mode: 'sweepstakes', paymentRequired: true });
    expect(sweepstakes.legal).toMatchObject({
      freeEntryOffered: true,
      freeEntriesPerPerson: 1,
      freeEntriesPerBoard: null,
      excludedStates: ['FL', 'NY', 'RI'],
    });
  });

  it('serves the official rules as sections, and as plain text', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: apiPaths.boardRules('lakers-warriors') });
    expect(res.statusCode).toBe(200);
    const rules = res.json<{ title: string; sections: { id: string; paragraphs: string[] }[] }>();
    expect(rules.title).toBe('Official rules: Lakers vs Warriors (Sweepstakes)');
    expect(rules.sections.find((s) => s.id === 'how-to-enter')?.paragraphs.join(' ')).toContain('Free entry');
    const text = await ctx.app.inject({
      method: 'GET',
      url: apiPaths.boardRules('lakers-warriors'),
      headers: { accept: 'text/plain' },
    });
    expect(text.headers['content-type']).toMatch(/^text\/plain/);
    expect(text.body).toContain('Sweepstakes: no purchase necessary');
    expect((await ctx.app.inject({ method: 'GET', url: apiPaths.boardRules('no-such-board') })).statusCode).toBe(404);
  });
});

describe('every entry needs the ticks, and the state where the mode asks for it', () => {
  it.each([
    ['no ticks', { ageConfirmed: undefined, rulesAccepted: undefined }, ['ageConfirmed', 'rulesAccepted']],
    ['an unticked age', { ageConfirmed: false }, ['ageConfirmed']],
    ['the rules ticked as text', { rulesAccepted: 'true' }, ['rulesAccepted']],
    ['a state that is not a US state', { state: 'PR' }, ['state']],
    ['a state as a number', { state: 12 }, ['state']],
  ])('refuses %s with a 400 on its fields and stores nothing', async (_name, over, fields) => {
    for (const slug of ['finals-game-5', 'thunder-timberwolves', 'knicks-vs-pacers']) {
      const before = await entriesOn(slug);
      const amount = slug === 'finals-game-5' ? {} : { amountCents: 500 };
      const res = await fan().post(apiPaths.boardEntries(slug), entry({ ...amount, ...over }));
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().error.fields).sort()).toEqual(fields);
      expect(await entriesOn(slug)).toBe(before);
    }
  });

  it('refuses a sweepstakes or raffle entry without a state, and one from an excluded state, naming the rule', async () => {
    const before = await entriesOn('thunder-timberwolves');
    const none = await fan().post(
      apiPaths.boardEntries('thunder-timberwolves'),
      entry({ state: undefined, amountCents: 1000 }),
    );
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toMatchObject({
      code: boardErrorCodes.stateRequired,
      message: legalMessages.stateRequired('sweepstakes'),
    });
    const ny = await fan().post(
      apiPaths.boardEntries('thunder-timberwolves'),
      entry({ state: 'ny', amountCents: 1000 }),
    );
    expect(ny.statusCode).toBe(403);
    expect(ny.json().error).toMatchObject({
      code: boardErrorCodes.stateExcluded,
      message: 'Entries from New York are not accepted: the official rules of this sweepstakes exclude NY.',
    });
    expect(await entriesOn('thunder-timberwolves')).toBe(before);
    const utah = await fan().post(apiPaths.boardEntries('knicks-vs-pacers'), entry({ state: 'UT', amountCents: 500 }));
    expect(utah.statusCode).toBe(403);
    expect(utah.json().error.message).toContain('charitable raffle exclude UT');
  });

  it('stores the state and when each box was ticked', async () => {
    const body = entry({ state: 'dc', amountCents: 500 });
    const res = await fan().post(apiPaths.boardEntries('knicks-vs-pacers'), body);
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ctx.database.db.select().from(entries).where(eq(entries.id, res.json().entry.id));
    expect(row).toMatchObject({
      state: 'DC',
      freeEntry: false,
      ageConfirmedAt: ctx.clock.now(),
      rulesAcceptedAt: ctx.clock.now(),
    });
  });

  it('a free-to-play board asks no state, and stores one given', async () => {
    const res = await fan().post(apiPaths.boardEntries('finals-game-5'), entry({ state: undefined }));
    expect(res.statusCode, res.body).toBe(201);
  });

  it('the baseball custom entry needs the ticks too', async () => {
    const [{ n: before } = { n: 0 }] = await ctx.database.db.select({ n: count() }).from(customGameEntries);
    const payload = { team1: 'Los Angeles Dodgers', team2: 'San Francisco Giants', gameDate: '2025-06-20' };
    const res = await fan().post(apiPaths.baseball.customEntries, { ...payload, amountCents: 2500 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['ageConfirmed', 'rulesAccepted']);
    const [{ n: after } = { n: 0 }] = await ctx.database.db.select({ n: count() }).from(customGameEntries);
    expect(after).toBe(before);
  });
});

describe('free-to-play takes no money at all', () => {
  it('refuses an amount, and a pledge on its entry, and offers no free entry', async () => {
    const before = await entriesOn('finals-game-5');
    const paid = await fan().post(apiPaths.boardEntries('finals-game-5'), entry({ amountCents: 500 }));
    expect(paid.statusCode).toBe(400);
    expect(paid.json().error).toMatchObject({ code: boardErrorCodes.noMoney, message: legalMessages.noMoney });
    const free = await fan().post(apiPaths.boardFreeEntries('finals-game-5'), entry({ code: '000000' }));
    expect(free.statusCode).toBe(409);
    expect(free.json().error.code).toBe(boardErrorCodes.freeEntryNotOffered);
    expect(await entriesOn('finals-game-5')).toBe(before);

    const ok = await fan().post(apiPaths.boardEntries('finals-game-5'), entry());
    const ticket = ok.json().entry.ticketNumber as string;
    const pledge = await fan().post(apiPaths.entryCommitment, {
      confirmationCode: ticket,
      amountCents: 1000,
      tickets: [ticket],
    });
    expect(pledge.statusCode).toBe(400);
    expect(pledge.json().error.code).toBe(boardErrorCodes.noMoney);
    const [row] = await ctx.database.db.select().from(entries).where(eq(entries.ticketNumber, ticket));
    expect(row?.donationCommitmentCents).toBeNull();
  });

  it('an organizer cannot add money to it either', async () => {
    const res = await admin.post(apiPaths.admin.entries, {
      boardSlug: 'finals-game-7',
      nickname: 'Cash',
      amountCents: 500,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(boardErrorCodes.noMoney);
  });
});

describe('a sweepstakes board’s free entry', () => {
  it('takes cells at random with no amount and no checkout, even on a paid board', async () => {
    const number = phone();
    const body = entry({ phone: number, code: await textedCode(ctx, 'lakers-warriors', number) });
    const res = await fan().post(apiPaths.boardFreeEntries('lakers-warriors'), body);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().entry;
    expect(created).toMatchObject({ boardSlug: 'lakers-warriors', amountCents: null });
    expect(created.checkoutUrl).toBeUndefined();
    expect(created.cells).toHaveLength(1);
    const [row] = await ctx.database.db.select().from(entries).where(eq(entries.id, created.id));
    expect(row).toMatchObject({ freeEntry: true, status: 'confirmed', amountCents: null, paymentId: null });
    expect((await view('lakers-warriors')).cells.find((c) => c.code === created.code)?.held).toBeUndefined();
    // The same request again is the same entry, not a second one.
    const replay = await fan().post(apiPaths.boardFreeEntries('lakers-warriors'), body);
    expect(replay.statusCode).toBe(201);
    expect(replay.json().entry.id).toBe(created.id);
  });

  it('refuses an amount in a free entry, a missing state and an excluded one', async () => {
    const before = await entriesOn('lakers-warriors');
    // Refused before any code is looked at (a well-formed one is sent so that only the rule under test fails).
    for (const [over, status] of [
      [{ amountCents: 500 }, 400],
      [{ state: undefined }, 400],
      [{ state: 'FL' }, 403],
      [{ rulesAccepted: false }, 400],
    ] as const) {
      const res = await fan().post(apiPaths.boardFreeEntries('lakers-warriors'), entry({ code: '000000', ...over }));
      expect(res.statusCode, JSON.stringify(over)).toBe(status);
    }
    expect(await entriesOn('lakers-warriors')).toBe(before);
  });

  it('a charitable raffle offers none', async () => {
    const res = await fan().post(apiPaths.boardFreeEntries('knicks-vs-pacers'), entry({ code: '000000' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(legalMessages.freeEntryNotOffered);
  });

  it('one free entry per phone number: concurrent requests for one number never both pass', async () => {
    const created = await admin.post(apiPaths.admin.boards, newBoard('free-race', { freeEntriesPerPerson: 1 }));
    expect(created.statusCode, created.body).toBe(201);
    const number = phone();
    // One texted code enters once however many requests carry it (free-entry-codes.test.ts has the rest).
    const code = await textedCode(ctx, 'free-race', number);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        fan().post(apiPaths.boardFreeEntries('free-race'), entry({ phone: number, code })),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400, 400, 400, 400, 400]);
    // A new code for the same number meets the rules' limit per person.
    const next = await fan().post(
      apiPaths.boardFreeEntries('free-race'),
      entry({ phone: number, code: await textedCode(ctx, 'free-race', number) }),
    );
    expect(next.statusCode).toBe(409);
    const refused = next.json().error;
    expect(refused).toMatchObject({
      code: boardErrorCodes.freeEntryPersonLimit,
      message: legalMessages.freeEntryPersonLimit(1),
    });
    expect(await entriesOn('free-race', 'free')).toBe(1);
    // A paid entry from the same number is still welcome: the limit is on free entries.
    const paid = await fan().post(apiPaths.boardEntries('free-race'), entry({ phone: number, amountCents: 500 }));
    expect(paid.statusCode, paid.body).toBe(201);
  });

  it('the board’s cap on free entries holds under concurrency too', async () => {
    const created = await admin.post(
      apiPaths.admin.boards,
      newBoard('free-cap', { freeEntriesPerPerson: 2, freeEntriesPerBoard: 3 }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const numbers = Array.from({ length: 7 }, () => phone());
    const codes: string[] = [];
    for (const number of numbers) codes.push(await textedCode(ctx, 'free-cap', number));
    const results = await Promise.all(
      numbers.map((number, i) =>
        fan().post(apiPaths.boardFreeEntries('free-cap'), entry({ phone: number, code: codes[i] })),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused.every((r) => r.statusCode === 409)).toBe(true);
    expect(refused[0]?.json().error).toMatchObject({
      code: boardErrorCodes.freeEntryBoardLimit,
      message: legalMessages.freeEntryBoardLimit(3),
    });
    expect(await entriesOn('free-cap', 'free')).toBe(3);
  });

  it('the KPIs count free and paid entries apart', async () => {
    const kpis = (await admin.get(apiPaths.admin.kpis)).json<AdminKpis>();
    const cap = kpis.perBoard.find((b) => b.slug === 'free-cap');
    expect(cap).toMatchObject({ entries: 3, freeEntries: 3, paidEntries: 0 });
    const race = kpis.perBoard.find((b) => b.slug === 'free-race');
    expect(race).toMatchObject({ entries: 2, freeEntries: 1, paidEntries: 1 });
    expect(kpis.totals.freeEntries).toBeGreaterThanOrEqual(5);
    expect(kpis.totals.paidEntries).toBeGreaterThanOrEqual(1);
    expect(kpis.totals.freeEntries + kpis.totals.paidEntries).toBeLessThanOrEqual(kpis.totals.entries);
    const listed = (await admin.get(`${apiPaths.admin.entries}?board=free-race`)).json().entries as {
      freeEntry: boolean;
      state: string | null;
      amountCents: number | null;
    }[];
    expect(listed.map((e) => [e.freeEntry, e.state, e.amountCents]).sort()).toEqual([
      [false, 'OH', 500],
      [true, 'OH', null],
    ]);
  });
});

describe('creating a board: its mode and legal settings', () => {
  it.each([
    ['no mode', { mode: undefined }, ['mode']],
    ['an unknown mode', { mode: 'lottery' }, ['mode']],
    ['a raffle without its legal name and registration', { mode: 'charitable-raffle' }, ['legalName', 'registration']],
    [
      'a raffle with an EIN missing its dash',
      { mode: 'charitable-raffle', legalName: 'Suns Charities Inc.', registration: '123456789' },
      ['registration'],
    ],
    ['free-to-play with an amount rule', { mode: 'free-to-play' }, ['entryRule']],
    [
      'free-to-play with a checkout',
      { mode: 'free-to-play', entryRule: entryRules.noAmount, paymentRequired: true },
      ['paymentRequired'],
    ],
    ['a minimum age of 17', { minimumAge: 17 }, ['minimumAge']],
    ['a minimum age of 22', { minimumAge: 22 }, ['minimumAge']],
    ['no free entries per person', { freeEntriesPerPerson: 0 }, ['freeEntriesPerPerson']],
  ])('refuses %s with a 400 on its fields and creates nothing', async (_name, over, fields) => {
    const slug = `bad-mode-${seq++}`;
    const res = await admin.post(apiPaths.admin.boards, newBoard(slug, over));
    expect(res.statusCode, res.body).toBe(400);
    for (const field of fields) expect(Object.keys(res.json().error.fields)).toContain(field);
    expect(await ctx.database.db.select().from(boards).where(eq(boards.slug, slug))).toHaveLength(0);
  });

  it('creates a raffle with its legal settings, shown to the admin and on the public board', async () => {
    const res = await admin.post(
      apiPaths.admin.boards,
      newBoard('suns-raffle', {
        mode: 'charitable-raffle',
        legalName: 'Suns Charities Inc.',
        registration: '86-1234567',
        beneficiary: 'Valley youth basketball',
        minimumAge: 21,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const summary = res.json<AdminBoardSummary>();
    expect(summary.mode).toBe('charitable-raffle');
    expect(summary.legal).toMatchObject({ registration: '86-1234567', minimumAge: 21 });
    const board = await view('suns-raffle');
    expect(board.legal).toMatchObject({
      legalName: 'Suns Charities Inc.',
      beneficiary: 'Valley youth basketball',
      minimumAge: 21,
      stateRequired: true,
    });
    const rules = (await ctx.app.inject({ method: 'GET', url: apiPaths.boardRules('suns-raffle') })).json();
    expect(JSON.stringify(rules)).toContain('US residents 21 or older');
  });
});

describe('excluded states are configuration', () => {
  it('a list set for a mode replaces its default', async () => {
    const app = await buildApp({
      database: ctx.database,
      clock: ctx.clock,
      logger: false,
      settings: {
        excludedStates: { 'charitable-raffle': [], sweepstakes: ['OH'], 'free-to-play': ['TX'] },
        entryLimitPerMinute: 10_000,
      },
    });
    try {
      const post = (slug: string, body: Record<string, unknown>) =>
        app.inject({
          method: 'POST',
          url: apiPaths.boardEntries(slug),
          headers: { origin: ORIGIN },
          remoteAddress: '10.78.0.1',
          payload: body,
        });
      expect((await post('thunder-timberwolves', entry({ amountCents: 1000 }))).statusCode).toBe(403);
      expect((await post('thunder-timberwolves', entry({ amountCents: 1000, state: 'NY' }))).statusCode).toBe(201);
      // A free-to-play board with an excluded state asks for the state.
      const free = await post('finals-game-7', entry({ state: undefined }));
      expect(free.json().error.code).toBe(boardErrorCodes.stateRequired);
      expect((await post('finals-game-7', entry({ state: 'TX' }))).statusCode).toBe(403);
      // The organizer's screens publish the configured list too: the board detail, and the detail an
      // operation (confirming a scored period) answers with.
      const organizer = await signedInAdmin(app, '10.78.0.2');
      const created = await organizer.post(apiPaths.admin.boards, newBoard('config-states'));
      expect(created.statusCode).toBe(201);
      const detail = await organizer.get(apiPaths.admin.board('config-states'));
      expect(detail.json().board.legal.excludedStates).toEqual(['OH']);
      // One entry, so locking the board draws its numbers (an empty board is cancelled instead).
      expect((await post('config-states', entry({ amountCents: 1000, state: 'NY' }))).statusCode).toBe(201);
      const locked = await organizer.post(apiPaths.admin.boardLock('config-states'));
      expect(locked.json().status, locked.body).toBe('locked');
      const period = nbaFinalsPrizes[0]?.key ?? '';
      const scored = await organizer.post(apiPaths.admin.boardScores('config-states'), {
        period,
        teamAScore: 21,
        teamBScore: 17,
      });
      expect(scored.statusCode, scored.body).toBe(200);
      const confirmed = await organizer.post(apiPaths.admin.boardResultConfirm('config-states', period));
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json().board.legal.excludedStates).toEqual(['OH']);
    } finally {
      await app.close();
    }
  });
});
