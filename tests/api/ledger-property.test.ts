import { and, desc, eq, inArray, like } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boards, prizes, smsOutbox } from '../../src/server/db/schema';
import { type AdminKpis, kpiBoardColumnNames } from '../../src/shared/contracts/admin';
import type { BoardView } from '../../src/shared/contracts/boards';
import { apiPaths } from '../../src/shared/contracts/paths';
import { accountedFor, ledgerProblems, ledgerTotalNames, ledgerTotals } from '../../src/shared/domain/ledger';
import { newGameBoardBody, scoresFor } from '../support/boards';
import { fictionPhone } from '../support/fiction-phones.mjs';
import { textedCode } from '../support/free-entry';
import { Client } from '../support/http';
import { readLedgerCsv } from '../support/ledger';
import { createTestApp, type TestContext } from '../support/test-app';
import { signedInAdmin } from './fake-feed';

/**
 * Every dollar has one state and one story (issue 36, docs/decisions/0023-one-ledger-of-money.md): random
 * sequences of organizer and fan actions through the API on two boards (a paid one and one of pledges), and
 * after each action the ledger read back (its CSV) and the KPI page agree and are whole: the assertion finds no
 * problem, collected = refunded + to return + fees + prizes paid + prizes owed + kept on every board, the KPI's
 * money columns are the ledger's, and what the actions brought in is what the ledger says was collected.
 * Deterministic: a pinned clock that the actions move (holds end, prizes expire on the scheduler), a seeded
 * random source for the app, and a fixed fast-check seed (printed with the failing sequence).
 */

const SEED = 36_0001;
const RUNS = 8;
const HOLD_MS = 60_000;
const DAY_MS = 86_400_000;
const PRIZES = [
  { key: 'q1', label: '1st quarter', prizeCents: 1000 },
  { key: 'final', label: 'Final score', prizeCents: 2000 },
];

let ctx: TestContext;
let admin: Client;
let ipSeq = 0;
let key = 0;
let appSeq = 7;
/** The app's random source, seeded so board codes and claim codes repeat run to run. */
const random = () => {
  appSeq = (appSeq * 16807) % 2147483647;
  return (appSeq - 1) / 2147483646;
};
const fan = () => new Client(ctx.app, `10.36.${Math.floor(ipSeq / 250) % 250}.${(ipSeq++ % 250) + 1}`);

beforeAll(async () => {
  // The ledger's problems are asserted here, after each action, with their messages ('warn': the KPI page lists
  // them rather than answering 500).
  ctx = await createTestApp({
    ledgerCheck: 'warn',
    random,
    settings: { holdMs: HOLD_MS, entryLimitPerMinute: 100_000, entriesPerPhonePerBoard: 100 },
  });
  admin = await signedInAdmin(ctx.app, '10.36.255.1');
});
afterAll(() => ctx?.close());

/** An admin request; the admin session ends when the clock jumps a day, so a 401 signs in again once. */
async function asAdmin(method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) {
  const send = () => (method === 'GET' ? admin.get(url) : admin.send(method, url, body ?? {}));
  let res = await send();
  if (res.statusCode === 401) {
    admin = await signedInAdmin(ctx.app, '10.36.255.1');
    res = await send();
  }
  return res;
}

/* ---------- the model: what the test's own actions brought in ---------- */

interface ModelEntry {
  id: string;
  code: string;
  ticket: string;
  kind: 'checkout' | 'pledge' | 'free' | 'organizer';
  /** Its support amount: paid at checkout, or pledged. */
  amountCents: number;
  /** The gift the fan pledged on it after entering (a pledge on any entry). */
  giftCents: number;
  session: string | null;
  paid: boolean;
  collected: boolean;
  deleted: boolean;
}
/** What an entry pledged outside checkout: its gift, and its amount when it has no checkout. */
const pledgedOf = (e: ModelEntry) => e.giftCents + (e.kind === 'checkout' ? 0 : e.amountCents);

interface ModelBoard {
  slug: string;
  paid: boolean;
  entries: ModelEntry[];
  /** Money that came in through the actions: checkouts paid (refunded later or not) and cash marked collected. */
  inCents: number;
}
interface Model {
  boards: [ModelBoard, ModelBoard];
}

/** One step: the action's name, which of the two boards, and a number each action reads its choices from. */
interface Step {
  action: string;
  board: 0 | 1;
  pick: number;
}

/** What an action did, for the failing sequence's story ('skip' when it had nothing to act on). */
type Outcome = string;

interface Action {
  name: string;
  /** How often random sequences pick it, against the others. */
  weight: number;
  run(model: Model, board: ModelBoard, pick: number): Promise<Outcome>;
}

const choose = <T>(items: readonly T[], pick: number): T | undefined =>
  items.length === 0 ? undefined : items[pick % items.length];
const view = async (slug: string): Promise<BoardView> =>
  (await ctx.app.inject({ method: 'GET', url: apiPaths.board(slug) })).json();
const phoneOf = (n: number) => fictionPhone(n);
/** Any response but a server error: refusals (409 a locked board, 400…) are part of the game. */
const notBroken = (res: { statusCode: number; body: string }, what: string) => {
  expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
  return res.statusCode;
};

async function fanEnters(board: ModelBoard, pick: number): Promise<Outcome> {
  const amountCents = pick % 2 === 0 ? 500 : 1000;
  const n = key++;
  const res = await fan().post(apiPaths.boardEntries(board.slug), {
    phone: phoneOf(n),
    nickname: `F${n}`,
    amountCents,
    ageConfirmed: true,
    rulesAccepted: true,
    state: 'OH',
    smsConsent: pick % 3 === 0,
    idempotencyKey: `ledger-property-${n}`,
  });
  if (notBroken(res, 'enter') !== 201) return `refused ${res.statusCode}`;
  const e = res.json().entry as { id: string; code: string; ticketNumber: string; checkoutUrl?: string };
  board.entries.push({
    id: e.id,
    code: e.code,
    ticket: e.ticketNumber,
    kind: board.paid ? 'checkout' : 'pledge',
    amountCents,
    giftCents: 0,
    session: e.checkoutUrl ? (e.checkoutUrl.split('/checkout/')[1] ?? null) : null,
    paid: false,
    collected: false,
    deleted: false,
  });
  return `${e.code} ${board.paid ? 'holds, checkout open' : 'pledges'} $${amountCents / 100}`;
}

/** A prize of the run's boards in `states`, with its board's slug. */
async function prizeOf(model: Model, states: ('unclaimed' | 'claimed')[], pick: number) {
  const rows = await ctx.database.db
    .select({ id: prizes.id, version: prizes.version, slug: boards.slug })
    .from(prizes)
    .innerJoin(boards, eq(prizes.boardId, boards.id))
    .where(
      and(
        inArray(
          boards.slug,
          model.boards.map((b) => b.slug),
        ),
        inArray(prizes.state, states),
      ),
    )
    .orderBy(prizes.createdAt, prizes.id);
  return choose(rows, pick);
}

/** Claims a prize through its texted link and code ('pickup' or 'give-back'). */
async function claim(model: Model, pick: number, method: 'pickup' | 'give-back'): Promise<Outcome> {
  const prize = await prizeOf(model, ['unclaimed'], pick);
  if (!prize) return 'skip';
  const [win] = await ctx.database.db
    .select({ body: smsOutbox.body })
    .from(smsOutbox)
    .where(like(smsOutbox.key, `win:${prize.id}:${prize.version}:%`))
    .limit(1);
  const token = /\/claim\/([A-Za-z0-9_.-]+)/.exec(win?.body ?? '')?.[1];
  if (!token) return 'skip: no claim link';
  const winner = fan();
  if (notBroken(await winner.post(apiPaths.prizes.claimCode(token)), 'claim code') !== 202) {
    return 'skip: no code (the entry has no phone)';
  }
  const [text] = await ctx.database.db
    .select({ body: smsOutbox.body })
    .from(smsOutbox)
    .where(like(smsOutbox.key, `claim-code:${prize.id}:%`))
    .orderBy(desc(smsOutbox.createdAt))
    .limit(1);
  const code = /(\d{6})/.exec(text?.body ?? '')?.[1];
  const res = await winner.post(apiPaths.prizes.claim(token), { method, code });
  notBroken(res, 'claim');
  return `${prize.slug} prize ${method === 'pickup' ? 'claimed' : 'given back'}: ${res.statusCode}`;
}

/**
 * The actions, one entry each. Each checks what it can act on and answers what it did; a refusal the rules
 * make (409 on a locked board…) is a move of the game, never a server error.
 */
const actions: Action[] = [
  {
    name: 'fan enters (a paid board: checkout opened; a pledge board: a pledge)',
    weight: 2,
    run: (_m, board, pick) => fanEnters(board, pick),
  },
  {
    name: 'fan enters free (the sweepstakes free method)',
    weight: 1,
    async run(_m, board) {
      const n = key++;
      const phone = phoneOf(1700 + n);
      const res = await ctx.app.inject({
        method: 'POST',
        url: apiPaths.boardFreeEntryCode(board.slug),
        remoteAddress: '10.36.254.1',
        headers: { origin: 'http://localhost:3000' },
        payload: { phone },
      });
      if (notBroken(res, 'free code') !== 202) return `refused ${res.statusCode}`;
      const entered = await fan().post(apiPaths.boardFreeEntries(board.slug), {
        phone,
        nickname: `Free${n}`,
        ageConfirmed: true,
        rulesAccepted: true,
        state: 'OH',
        idempotencyKey: `ledger-property-free-${n}`,
        code: await textedCode(ctx, board.slug, phone, '10.36.254.2'),
      });
      if (notBroken(entered, 'free entry') !== 201) return `refused ${entered.statusCode}`;
      const e = entered.json().entry as { id: string; code: string; ticketNumber: string };
      board.entries.push({
        ...{
          id: e.id,
          code: e.code,
          ticket: e.ticketNumber,
          kind: 'free',
          amountCents: 0,
          giftCents: 0,
          session: null,
        },
        ...{ paid: false, collected: false, deleted: false },
      });
      return `${e.code} free`;
    },
  },
  {
    name: 'fan pays a checkout (a hold, or one whose hold ended: then it seats again or is refunded)',
    weight: 3,
    async run(_m, board, pick) {
      const e = choose(
        board.entries.filter((x) => x.kind === 'checkout' && !x.paid && x.session),
        pick,
      );
      if (!e?.session) return 'skip';
      const res = await fan().post(apiPaths.payments.localPay(e.session), {
        number: '4242424242424242',
        expiry: '12/30',
        cvc: '123',
      });
      if (notBroken(res, 'pay') !== 200) return `${e.code} checkout refused ${res.statusCode}`;
      e.paid = true;
      board.inCents += e.amountCents;
      return `${e.code} paid $${e.amountCents / 100}`;
    },
  },
  {
    name: 'holds end (the clock passes the hold and the hold job runs)',
    weight: 1,
    async run() {
      await ctx.clock.tick(HOLD_MS + 1);
      return 'holds ended';
    },
  },
  {
    name: 'fan pledges a gift on an entry (after entering)',
    weight: 1,
    async run(_m, board, pick) {
      const e = choose(
        board.entries.filter((x) => !x.deleted && x.kind !== 'organizer'),
        pick,
      );
      if (!e) return 'skip';
      const giftCents = 100 * (1 + (pick % 5));
      const res = await fan().post(apiPaths.entryCommitment, {
        confirmationCode: e.ticket,
        amountCents: giftCents,
        tickets: [e.ticket],
      });
      if (notBroken(res, 'gift') !== 200) return `${e.code} gift refused ${res.statusCode}`;
      e.giftCents = giftCents;
      return `${e.code} pledges a gift of $${giftCents / 100}`;
    },
  },
  {
    name: 'organizer marks a pledge collected',
    weight: 2,
    async run(_m, board, pick) {
      const e = choose(
        board.entries.filter((x) => pledgedOf(x) > 0 && !x.collected && !x.deleted),
        pick,
      );
      if (!e) return 'skip';
      const res = await asAdmin('POST', apiPaths.admin.entryPaid(e.id));
      if (notBroken(res, 'mark collected') !== 200) return `${e.code} not collectable ${res.statusCode}`;
      e.collected = true;
      board.inCents += pledgedOf(e);
      return `${e.code} collected $${pledgedOf(e) / 100}`;
    },
  },
  {
    name: 'organizer undoes a collected pledge',
    weight: 1,
    async run(_m, board, pick) {
      const e = choose(
        board.entries.filter((x) => x.collected && !x.deleted),
        pick,
      );
      if (!e) return 'skip';
      const res = await asAdmin('DELETE', apiPaths.admin.entryPaid(e.id));
      if (notBroken(res, 'undo collected') !== 200) return `${e.code} undo refused ${res.statusCode}`;
      e.collected = false;
      board.inCents -= pledgedOf(e);
      return `${e.code} collection undone`;
    },
  },
  {
    name: 'organizer adds an entry (a pledge to collect)',
    weight: 1,
    async run(_m, board, pick) {
      const n = key++;
      const amountCents = 500 + (pick % 4) * 500;
      const res = await asAdmin('POST', apiPaths.admin.entries, {
        boardSlug: board.slug,
        nickname: `Org${n}`,
        amountCents,
        ...(pick % 2 === 0 ? { phone: phoneOf(3400 + n) } : {}),
        idempotencyKey: `ledger-property-org-${n}`,
      });
      if (notBroken(res, 'add entry') !== 201) return `refused ${res.statusCode}`;
      const e = res.json() as { id: string; code: string; ticketNumber: string };
      board.entries.push({
        ...{
          id: e.id,
          code: e.code,
          ticket: e.ticketNumber,
          kind: 'organizer',
          amountCents,
          giftCents: 0,
          session: null,
        },
        ...{ paid: false, collected: false, deleted: false },
      });
      return `${e.code} added by the organizer, $${amountCents / 100}`;
    },
  },
  {
    name: 'organizer locks the board',
    weight: 3,
    async run(_m, board) {
      const res = await asAdmin('POST', apiPaths.admin.boardLock(board.slug));
      notBroken(res, 'lock');
      return `lock: ${res.statusCode} ${res.statusCode === 200 ? res.json().status : ''}`;
    },
  },
  {
    name: 'organizer scores the next period (a random winning cell)',
    weight: 5,
    async run(_m, board, pick) {
      const b = await view(board.slug);
      if (b.status !== 'locked') return `skip (${b.status})`;
      const index = PRIZES.findIndex((p) => !b.results.some((r) => r.period === p.key));
      const period = PRIZES[index];
      if (!period) return 'skip';
      // Mostly a held cell (a winner), now and then any cell (often empty: its prize rolls over).
      const held = b.cells.map((c) => c.cell);
      const cell = pick % 4 === 0 || held.length === 0 ? pick % 100 : (choose(held, Math.floor(pick / 4)) ?? 0);
      const res = await asAdmin('POST', apiPaths.admin.boardScores(board.slug), {
        period: period.key,
        ...scoresFor(b, cell, index + 1),
      });
      notBroken(res, 'score');
      return `${period.key} scored, cell ${cell}: ${res.statusCode}`;
    },
  },
  { name: 'winner claims a prize', weight: 3, run: (model, _b, pick) => claim(model, pick, 'pickup') },
  { name: 'winner gives a prize back', weight: 1, run: (model, _b, pick) => claim(model, pick, 'give-back') },
  {
    name: 'organizer marks a claimed prize paid',
    weight: 3,
    async run(model, _b, pick) {
      const prize = await prizeOf(model, ['claimed'], pick);
      if (!prize) return 'skip';
      const res = await asAdmin('POST', apiPaths.admin.payoutPaid(prize.id), { reference: `CHK-${key++}` });
      notBroken(res, 'prize paid');
      return `${prize.slug} prize paid: ${res.statusCode}`;
    },
  },
  {
    name: 'unclaimed prizes expire (a claim window passes and the prizes job runs)',
    weight: 1,
    async run() {
      ctx.clock.advance(DAY_MS + 1);
      await ctx.clock.tick(60_000);
      return 'a day passed';
    },
  },
  {
    name: 'organizer cancels the board before its first scored period',
    weight: 1,
    async run(_m, board) {
      const b = await view(board.slug);
      if (b.results.length > 0 || b.status === 'cancelled') return `skip (${b.status})`;
      const res = await asAdmin('POST', apiPaths.admin.boardCancel(board.slug));
      notBroken(res, 'cancel');
      return `cancel: ${res.statusCode}`;
    },
  },
  {
    name: 'organizer deletes an entry with no money in hand (free, or a pledge not collected)',
    weight: 1,
    async run(_m, board, pick) {
      const e = choose(
        board.entries.filter((x) => x.kind !== 'checkout' && !x.collected && !x.deleted),
        pick,
      );
      if (!e) return 'skip';
      const res = await asAdmin('DELETE', apiPaths.admin.entry(e.id));
      if (notBroken(res, 'delete') === 200) e.deleted = true;
      return `${e.code} delete: ${res.statusCode}`;
    },
  },
  /*
   * The money paths of entries taken off or refunded, cash returned, voids and prizes paid at the venue.
   */
  ...moneyPathsOfIssue36(),
];

/**
 * The money paths of deleting and refunding entries, cash returned, voids and prizes paid at the venue. Each
 * moves money the ledger must keep whole: the model's money in is what came in, whatever went back after.
 */
function moneyPathsOfIssue36(): Action[] {
  return [
    {
      name: 'organizer deletes a paid entry (refunded through checkout in the same action)',
      weight: 1,
      async run(_m, board, pick) {
        const e = choose(
          board.entries.filter((x) => x.kind === 'checkout' && x.paid && !x.deleted),
          pick,
        );
        if (!e) return 'skip';
        const res = await asAdmin('DELETE', apiPaths.admin.entry(e.id));
        if (notBroken(res, 'delete paid') === 200) e.deleted = true;
        return `${e.code} paid entry delete: ${res.statusCode}`;
      },
    },
    {
      name: 'organizer deletes an entry whose pledge was collected (its cash is to return)',
      weight: 1,
      async run(_m, board, pick) {
        const e = choose(
          board.entries.filter((x) => x.collected && !x.deleted),
          pick,
        );
        if (!e) return 'skip';
        const res = await asAdmin('DELETE', apiPaths.admin.entry(e.id));
        if (notBroken(res, 'delete collected') === 200) e.deleted = true;
        return `${e.code} collected entry delete: ${res.statusCode}`;
      },
    },
    {
      name: 'organizer refunds a paid entry and keeps it listed',
      weight: 1,
      async run(_m, board, pick) {
        const e = choose(
          board.entries.filter((x) => x.kind === 'checkout' && x.paid && !x.deleted),
          pick,
        );
        if (!e) return 'skip';
        const res = await asAdmin('POST', apiPaths.admin.entryRefund(e.id));
        notBroken(res, 'refund');
        return `${e.code} refund: ${res.statusCode}`;
      },
    },
    {
      name: 'organizer records cash to return as returned',
      weight: 1,
      async run(_m, board, pick) {
        const res = await asAdmin('GET', `${apiPaths.admin.entries}?cash=to-return&board=${board.slug}`);
        if (notBroken(res, 'cash to return') !== 200) return `list ${res.statusCode}`;
        const e = choose((res.json() as { entries: { id: string; code: string }[] }).entries, pick);
        if (!e) return 'skip';
        const done = await asAdmin('POST', apiPaths.admin.entryReturned(e.id));
        notBroken(done, 'returned');
        return `${e.code} cash returned: ${done.statusCode}`;
      },
    },
    {
      name: 'organizer voids a board once a period is scored',
      weight: 1,
      async run(_m, board) {
        const b = await view(board.slug);
        if (b.results.length === 0) return `skip (${b.status}, nothing scored)`;
        const res = await asAdmin('POST', apiPaths.admin.boardVoid(board.slug), {
          reason: 'The game was stopped and will not be resumed.',
        });
        notBroken(res, 'void');
        return `void: ${res.statusCode}`;
      },
    },
    {
      name: 'organizer pays a prize in cash at the venue',
      weight: 2,
      async run(model, _b, pick) {
        const prize = await prizeOf(model, ['unclaimed', 'claimed'], pick);
        if (!prize) return 'skip';
        const res = await asAdmin('POST', apiPaths.admin.payoutPaidInCash(prize.id), { receivedBy: 'Pat Winner' });
        notBroken(res, 'paid in cash');
        return `${prize.slug} prize paid in cash: ${res.statusCode}`;
      },
    },
  ];
}

/** After each action: the KPI page and the ledger agree, the assertion finds nothing, and the model's money is in. */
async function expectWhole(model: Model) {
  const res = await asAdmin('GET', apiPaths.admin.kpis);
  expect(res.statusCode, res.body).toBe(200);
  const kpis = res.json() as AdminKpis;
  expect(kpis.ledgerProblems.map((p) => p.message)).toEqual([]);
  for (const column of kpiBoardColumnNames) {
    expect(kpis.totals[column], column).toBe(kpis.perBoard.reduce((s, b) => s + b[column], 0));
  }
  for (const name of ledgerTotalNames) {
    expect(kpis.totals.ledger[name], name).toBe(kpis.perBoard.reduce((s, b) => s + b.ledger[name], 0));
  }
  for (const b of kpis.perBoard) {
    const t = b.ledger;
    expect(t.collected, b.slug).toBe(accountedFor(t));
    expect(t.unaccounted, b.slug).toBe(0);
    expect(b.keptCents, b.slug).toBe(t.kept);
    expect(b.refundedCents, b.slug).toBe(t.refunded);
    expect(b.toReturnCents, b.slug).toBe(t.toReturn);
    expect(b.prizesCents, b.slug).toBe(t.prizesPaid + t.prizesOwed);
    // Two reads of the database agree: the entries' money in hand (the KPI query) and the ledger's.
    expect(b.raisedCents, b.slug).toBe(b.collectedCents);
  }
  // The ledger CSV of every board, read back: whole, and board by board what the KPI page shows.
  const csv = await readLedgerCsv(admin);
  expect(ledgerProblems(csv.rows, csv.totals).map((p) => p.message)).toEqual([]);
  expect(csv.totals).toEqual(kpis.totals.ledger);
  for (const board of model.boards) {
    const own = ledgerTotals(csv.rows.filter((r) => r.board === board.slug));
    const shown = kpis.perBoard.find((b) => b.slug === board.slug);
    expect(own, board.slug).toEqual(shown?.ledger ?? ledgerTotals([]));
    expect(own.collected, `${board.slug}: what the actions brought in`).toBe(board.inCents);
  }
}

const byName = (prefix: string) => actions.find((a) => a.name.startsWith(prefix));

const stepArb = fc.record({
  action: fc.oneof(...actions.map((a) => ({ arbitrary: fc.constant(a.name), weight: a.weight }))),
  board: fc.constantFrom<0 | 1>(0, 1),
  pick: fc.nat({ max: 9999 }),
});

describe(`the ledger holds over random organizer and fan actions (fast-check seed ${SEED})`, () => {
  /** How often each action did something (not a skip), over all runs: printed, so a dead action shows. */
  const acted = new Map<string, number>();
  it('after every action, on a paid board and a pledge board', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 10, maxLength: 18 }), async (steps: Step[]) => {
        run++;
        const slugs = [`lp${run}-paid`, `lp${run}-pledge`] as const;
        const extra = {
          mode: 'sweepstakes',
          entryRule: { kind: 'presets-or-custom', presetsCents: [500, 1000], minCents: 500 },
          prizeTable: PRIZES,
          claimWindowDays: 1,
          payoutMethods: ['pickup'],
        };
        for (const [i, slug] of slugs.entries()) {
          const made = await asAdmin(
            'POST',
            apiPaths.admin.boards,
            newGameBoardBody(i === 0 ? 'knicks' : 'thunder', slug, ctx.clock.now(), 45, {
              ...extra,
              paymentRequired: i === 0,
            }),
          );
          expect(made.statusCode, made.body).toBe(201);
        }
        const model: Model = {
          boards: [
            { slug: slugs[0], paid: true, entries: [], inCents: 0 },
            { slug: slugs[1], paid: false, entries: [], inCents: 0 },
          ],
        };
        // Money in from the start, so the first steps have something to act on: three entries a board, the first
        // checkout paid and the first pledge collected.
        for (const board of model.boards) {
          for (let i = 0; i < 3; i++) await fanEnters(board, i);
        }
        await byName('fan pays')?.run(model, model.boards[0], 0);
        await byName('organizer marks a pledge collected')?.run(model, model.boards[1], 0);
        const story: string[] = [];
        for (const step of steps) {
          const action = actions.find((a) => a.name === step.action);
          const board = model.boards[step.board];
          if (!action || !board) throw new Error(`no action ${step.action}`);
          const outcome = await action.run(model, board, step.pick);
          if (!outcome.startsWith('skip')) acted.set(action.name, (acted.get(action.name) ?? 0) + 1);
          story.push(`${board.slug}: ${action.name} -> ${outcome}`);
          try {
            await expectWhole(model);
          } catch (err) {
            throw new Error(`after:\n  ${story.join('\n  ')}\n${(err as Error).message}`);
          }
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    console.info(`ledger property: ${actions.map((a) => `${acted.get(a.name) ?? 0}× ${a.name}`).join('; ')}`);
  }, 120_000);
});
