import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boards, prizes, smsOutbox } from '../../src/server/db/schema';
import type { BoardView } from '../../src/shared/contracts/boards';
import { apiPaths } from '../../src/shared/contracts/paths';
import { type Payouts, payoutsCsvColumns, prizeStates } from '../../src/shared/contracts/prizes';
import { nbaFinalsPrizes } from '../../src/shared/domain/boards';
import { newGameBoardBody, scoresFor } from '../support/boards';
import { parseCsv } from '../support/csv';
import { fictionPhone } from '../support/fiction-phones.mjs';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { signedInAdmin } from './fake-feed';

// The payouts CSV holds exactly what the ledger screen lists for the same query: one board's prizes in a board's
// panel, and only those its state and flag filters keep. Two boards with prizes in several states and flags.
const A = 'ledger-east';
const B = 'ledger-west';
let ctx: TestContext;
let admin: Client;
let clients = 0;
const fan = () => new Client(ctx.app, `10.73.0.${++clients}`);

const view = async (slug: string): Promise<BoardView> =>
  (await ctx.app.inject({ method: 'GET', url: apiPaths.board(slug) })).json();
const cellsOf: Record<string, number[]> = {};

async function prizeOf(slug: string, period: string) {
  const [row] = await ctx.database.db
    .select({ prize: prizes })
    .from(prizes)
    .innerJoin(boards, eq(prizes.boardId, boards.id))
    .where(and(eq(boards.slug, slug), eq(prizes.period, period)));
  if (!row) throw new Error(`no prize for ${slug}/${period}`);
  return row.prize;
}

async function score(slug: string, period: string, cell: number, tens = 0) {
  const board = await view(slug);
  const res = await admin.post(apiPaths.admin.boardScores(slug), { period, ...scoresFor(board, cell, tens) });
  expect(res.statusCode, res.body).toBe(200);
}

/** The winner claims through the texted link and the texted code, as on the claim page. */
async function claim(slug: string, period: string) {
  const prize = await prizeOf(slug, period);
  const texts = (key: string) => ctx.database.db.select().from(smsOutbox).where(like(smsOutbox.key, key));
  const [win] = await texts(`win:${prize.id}:${prize.version}:%`);
  const token = /\/claim\/([A-Za-z0-9_.-]+)/.exec(win?.body ?? '')?.[1] ?? '';
  const winner = fan();
  expect((await winner.post(apiPaths.prizes.claimCode(token))).statusCode).toBe(202);
  const [codeText] = await texts(`claim-code:${prize.id}:%`);
  const code = /(\d{6})/.exec(codeText?.body ?? '')?.[1] ?? '';
  const res = await winner.post(apiPaths.prizes.claim(token), { method: 'pickup', code });
  expect(res.statusCode, res.body).toBe(200);
}

async function pay(slug: string, period: string, reference: string) {
  const res = await admin.post(apiPaths.admin.payoutPaid((await prizeOf(slug, period)).id), { reference });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  ctx = await createTestApp({ settings: { entryLimitPerMinute: 1000, entriesPerPhonePerBoard: 100 } });
  admin = await signedInAdmin(ctx.app, '10.73.1.1');
  // The west board's final is $700: at the tax reporting threshold.
  const westPrizes = nbaFinalsPrizes.map((p) => (p.key === 'final' ? { ...p, prizeCents: 70_000 } : p));
  for (const [slug, host, prizeTable] of [
    [A, 'thunder', nbaFinalsPrizes],
    [B, 'knicks', westPrizes],
  ] as const) {
    const made = await admin.post(
      apiPaths.admin.boards,
      newGameBoardBody(host, slug, ctx.clock.now(), 60, {
        mode: 'sweepstakes',
        claimWindowDays: 7,
        payoutMethods: ['pickup'],
        prizeTable,
      }),
    );
    expect(made.statusCode, made.body).toBe(201);
    const entrant = fan();
    for (const i of [0, 1, 2, 3]) {
      const res = await entrant.post(apiPaths.boardEntries(slug), {
        phone: fictionPhone((slug === A ? 0 : 100) + i),
        nickname: `${slug === A ? 'East' : 'West'}${i}`,
        ageConfirmed: true,
        rulesAccepted: true,
        state: 'OH',
        smsConsent: true,
        idempotencyKey: `${slug}-${i}`,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect((await admin.post(apiPaths.admin.boardLock(slug))).statusCode).toBe(200);
    const board = await view(slug);
    cellsOf[slug] = board.cells.map((c) => c.cell);
    // Each period has its own winner: four prizes a board.
    for (const [i, period] of ['q1', 'q2', 'q3', 'final'].entries()) await score(slug, period, cellsOf[slug]?.[i] ?? 0);
  }
  // East: q1 paid, q2 claimed, q3 unclaimed, the final claimed and then moved by a correction (needs review).
  await claim(A, 'q1');
  await pay(A, 'q1', 'CHK-EAST-1');
  await claim(A, 'q2');
  await claim(A, 'final');
  await score(A, 'final', cellsOf[A]?.[0] ?? 0, 1);
  // West: q2 paid, the $700 final claimed (tax form), q1 and q3 unclaimed.
  await claim(B, 'q2');
  await pay(B, 'q2', 'CHK-WEST-2');
  await claim(B, 'final');
});
afterAll(() => ctx?.close());

type Row = Record<(typeof payoutsCsvColumns)[number], string>;
async function csvOf(query: string) {
  const res = await admin.get(`${apiPaths.admin.payoutsCsv}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const [header = [], ...lines] = parseCsv(res.body.replace(/^\uFEFF/, ''));
  expect(header).toEqual([...payoutsCsvColumns]);
  const rows = lines.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ''])) as Row);
  return { res, rows };
}

/** What the CSV must say of a listed prize, in the CSV's words. */
const asCsv = (p: Payouts['prizes'][number]) => ({
  Board: p.boardSlug,
  Period: p.periodLabel,
  Code: p.code,
  Nickname: p.winnerNickname,
  Prize: String(p.prizeCents / 100),
  State: p.state,
  Method: p.method ?? '',
  Reference: p.paidReference ?? '',
  'Needs Review': p.needsReview ? 'yes' : 'no',
  'Tax Reportable': p.taxReportable ? 'yes' : 'no',
});
const picked = (r: Row) => {
  const { Board, Period, Code, Nickname, Prize, State, Method, Reference } = r;
  return {
    Board,
    Period,
    Code,
    Nickname,
    Prize,
    State,
    Method,
    Reference,
    'Needs Review': r['Needs Review'],
    'Tax Reportable': r['Tax Reportable'],
  };
};

describe('the payouts CSV', () => {
  it("of one board holds that board's prizes only, and every one of them", async () => {
    for (const slug of [A, B]) {
      const { res, rows } = await csvOf(`?board=${slug}`);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="payouts_${slug}_2025-06-11.csv"`);
      expect(rows.map((r) => r.Board)).toEqual([slug, slug, slug, slug]);
      expect(rows.map((r) => r.Period).sort()).toEqual(
        ['1st quarter', '2nd quarter', '3rd quarter', 'Final score (including overtime)'].sort(),
      );
    }
    // Across boards: both boards' prizes, and the file is named for no board.
    const all = await csvOf('');
    expect(all.res.headers['content-disposition']).toBe('attachment; filename="payouts_2025-06-11.csv"');
    expect(new Set(all.rows.map((r) => r.Board))).toEqual(new Set([A, B]));
    expect(all.rows).toHaveLength(8);
  });

  it('holds exactly the rows the list shows for every board, state and flag the screen can set', async () => {
    let nonEmpty = 0;
    for (const board of ['', A, B, 'no-such-board']) {
      for (const state of ['', ...prizeStates]) {
        for (const flag of ['', 'needsReview', 'taxReportable']) {
          const params = new URLSearchParams();
          if (board) params.set('board', board);
          if (state) params.set('state', state);
          if (flag) params.set(flag, 'true');
          const query = params.size ? `?${params}` : '';
          const list = await admin.get(`${apiPaths.admin.payouts}${query}`);
          expect(list.statusCode, list.body).toBe(200);
          const shown = (list.json() as Payouts).prizes;
          const { rows } = await csvOf(query);
          expect(rows.map(picked), query).toEqual(shown.map(asCsv));
          if (shown.length > 0) nonEmpty++;
          if (board) expect(rows.every((r) => r.Board === board)).toBe(true);
          if (state) expect(rows.every((r) => r.State === state)).toBe(true);
          if (flag === 'needsReview') expect(rows.every((r) => r['Needs Review'] === 'yes')).toBe(true);
          if (flag === 'taxReportable') expect(rows.every((r) => r['Tax Reportable'] === 'yes')).toBe(true);
        }
      }
    }
    // The filters do pick rows out: the states and flags above, on each board and across them.
    expect(nonEmpty).toBeGreaterThanOrEqual(15);
    const flagged = await csvOf(`?board=${A}&needsReview=true`);
    expect(flagged.rows.map((r) => [r.Period, r.State])).toEqual([['Final score (including overtime)', 'claimed']]);
    const taxed = await csvOf('?taxReportable=true');
    expect(taxed.rows.map((r) => [r.Board, r.Prize])).toEqual([[B, '700']]);
    const paidWest = await csvOf(`?board=${B}&state=paid`);
    expect(paidWest.rows.map((r) => r.Reference)).toEqual(['CHK-WEST-2']);
  });

  it('refuses a query the list refuses, with the same 400, and stays behind the admin gate', async () => {
    for (const query of ['?state=won', '?needsReview=1', '?taxReportable=yes', `?board=${'x'.repeat(101)}`]) {
      const list = await admin.get(`${apiPaths.admin.payouts}${query}`);
      const csv = await admin.get(`${apiPaths.admin.payoutsCsv}${query}`);
      expect([list.statusCode, csv.statusCode], query).toEqual([400, 400]);
      expect(csv.json().error.code).toBe(list.json().error.code);
      expect(csv.headers['content-type']).toContain('application/json');
    }
    expect((await fan().get(`${apiPaths.admin.payoutsCsv}?board=${A}`)).statusCode).toBe(401);
  });
});
