import { count, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, boardResults, boards, entries, payments, smsOutbox } from '../../src/server/db/schema';
import {
  type AdminEntry,
  type AdminKpis,
  type AdminMarkCollectedResult,
  type AuditEvent,
  gameEntriesCsvColumns,
  kpiBoardColumnNames,
} from '../../src/shared/contracts/admin';
import type { BoardView, ScorePreview } from '../../src/shared/contracts/boards';
import { apiPaths } from '../../src/shared/contracts/paths';
import { wholeRangeRule } from '../../src/shared/domain/admin';
import { baseballPrizes } from '../../src/shared/domain/baseball';
import { nbaFinalsPrizes, type PrizePeriod } from '../../src/shared/domain/boards';
import { scoreMaximums, scoreMessages } from '../../src/shared/domain/score-limits';
import { signedInFan } from '../support/accounts';
import { knicksBoardBody, scoresFor } from '../support/boards';
import { parseCsv } from '../support/csv';
import { fictionPhone } from '../support/fiction-phones.mjs';
import { textedCode } from '../support/free-entry';
import { Client, latestMailTo } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { signedInAdmin } from './fake-feed';

/**
 * The organizer's screens, server side: KPIs whose totals are the per-board sums in every board and entry
 * state, a cancelled board's clean-up (pledges off the to-collect list, texts and emails, refunds through the
 * local checkout, a late payment refunded), 'Mark collected' undone and done for many (each audited), 'Open
 * now', an organizer's entry under the board's amount rule, scores in the sport's range with a preview, and
 * the entries CSV's Board, State and Wins columns.
 */

let ctx: TestContext;
let admin: Client;
let ip = 1;
const fan = () => new Client(ctx.app, `10.77.0.${ip++}`);
let key = 0;

beforeAll(async () => {
  ctx = await createTestApp({ settings: { entryLimitPerMinute: 10_000, entriesPerPhonePerBoard: 100 } });
  admin = await signedInAdmin(ctx.app, '10.77.1.1');
});
afterAll(() => ctx?.close());

const db = () => ctx.database.db;
const minutesFromNow = (m: number) => new Date(ctx.clock.now().getTime() + m * 60_000).toISOString();

/** A sweepstakes board on a new NBA game `minutes` away ($5-$20 whole dollars unless `extra` says otherwise). */
function boardBody(slug: string, minutes: number, extra: Record<string, unknown> = {}) {
  return {
    slug,
    game: { league: 'NBA', teamA: 'Heat', teamB: 'Magic', startsAt: minutesFromNow(minutes), venue: 'Kaseya Center' },
    format: '1v99',
    entryRule: wholeRangeRule(500, 2000),
    prizeTable: nbaFinalsPrizes,
    organization: 'Heat Cares',
    paymentRequired: false,
    mode: 'sweepstakes',
    ...extra,
  };
}

async function createBoard(body: Record<string, unknown>) {
  const res = await admin.post(apiPaths.admin.boards, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

interface Entered {
  id: string;
  code: string;
  cells: number[];
  ticketNumber: string;
  checkoutUrl?: string;
}

/** A fan's own entry (the ticks and the state a sweepstakes board asks for). */
async function enter(slug: string, extra: Record<string, unknown> = {}, client = fan()): Promise<Entered> {
  const res = await client.post(apiPaths.boardEntries(slug), {
    phone: '+12025550164',
    nickname: `Fan${key}`,
    ageConfirmed: true,
    rulesAccepted: true,
    state: 'OH',
    idempotencyKey: `organizer-screens-${key++}`,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().entry;
}

async function adminEntry(slug: string, body: Record<string, unknown>): Promise<AdminEntry> {
  const res = await admin.post(apiPaths.admin.entries, {
    boardSlug: slug,
    nickname: `Org${key++}`,
    ageConfirmed: true,
    state: 'OH',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const sessionOf = (entry: Entered) => (entry.checkoutUrl ?? '').split('/checkout/')[1] ?? '';
const pay = (entry: Entered) =>
  fan().post(apiPaths.payments.localPay(sessionOf(entry)), { number: '4242424242424242', expiry: '12/30', cvc: '123' });

const kpis = async () => (await admin.get(apiPaths.admin.kpis)).json() as AdminKpis;
const boardKpis = async (slug: string) => (await kpis()).perBoard.find((b) => b.slug === slug);
const publicBoard = async (slug: string) =>
  (await ctx.app.inject({ method: 'GET', url: apiPaths.board(slug) })).json() as BoardView;
const adminEntries = async (slug: string) =>
  ((await admin.get(`${apiPaths.admin.entries}?board=${slug}&limit=500`)).json().entries as AdminEntry[]) ?? [];
const auditCount = async () => (await db().select({ n: count() }).from(auditLog))[0]?.n ?? 0;
const latestAudit = async (n = 1) =>
  ((await admin.get(`${apiPaths.admin.audit}?limit=${n}`)).json().events as AuditEvent[]) ?? [];

/** The reconciliation the KPI page needs: every total is its per-board column's sum, and the rule holds. */
async function expectReconciled(): Promise<AdminKpis> {
  const k = await kpis();
  for (const column of kpiBoardColumnNames) {
    expect(k.totals[column], column).toBe(k.perBoard.reduce((sum, b) => sum + b[column], 0));
  }
  expect(k.totals.boards).toBe(k.perBoard.filter((b) => b.entries > 0).length);
  for (const b of k.perBoard) {
    expect(b.outstandingCents, b.slug).toBe(b.amountCents - b.collectedCents);
    expect(b.raisedCents, b.slug).toBe(b.collectedCents);
    expect(b.keptCents, b.slug).toBe(b.raisedCents - b.prizesCents);
    expect(b.freeEntries + b.paidEntries, b.slug).toBeLessThanOrEqual(b.entries);
    if (b.status === 'cancelled') expect(b.entries, b.slug).toBe(0);
  }
  expect(k.perTeam.reduce((s, t) => s + t.entries, 0)).toBe(k.totals.entries);
  expect(k.perTeam.reduce((s, t) => s + t.amountCents, 0)).toBe(k.totals.amountCents);
  expect(k.overTime.reduce((s, d) => s + d.entries, 0)).toBe(k.totals.entries);
  expect(k.totals.prizesCents).toBe(k.totals.prizesOwedCents + k.totals.prizesPaidCents);
  // The database agrees: confirmed entries of boards that were not cancelled, and holds.
  const [truth] = await db()
    .select({
      counted: sql<number>`count(*) filter (where ${entries.status} = 'confirmed' and ${boards.cancelledAt} is null)::int`,
      held: sql<number>`count(*) filter (where ${entries.status} = 'held')::int`,
    })
    .from(entries)
    .innerJoin(boards, eq(entries.boardId, boards.id));
  expect(k.totals.entries).toBe(truth?.counted);
  expect(k.totals.heldEntries).toBe(truth?.held);
  return k;
}

describe('KPIs: the totals are the per-board sums in every state', () => {
  it('agrees with no boards at all', async () => {
    const k = await expectReconciled();
    expect(k.perBoard).toEqual([]);
    expect(k.totals).toMatchObject({ entries: 0, raisedCents: 0, prizesCents: 0, keptCents: 0, boards: 0 });
  });

  it('an open board: pledges, a pledge with a gift, a collected pledge and a free entry', async () => {
    await createBoard(boardBody('kpi-open', 30));
    const client = fan();
    const pledged = await enter('kpi-open', { amountCents: 500, teamSupport: 'Heat' }, client);
    const gift = await client.post(apiPaths.entryCommitment, {
      confirmationCode: pledged.ticketNumber,
      amountCents: 2500,
      tickets: [pledged.ticketNumber],
    });
    expect(gift.statusCode, gift.body).toBe(200);
    const collected = await enter('kpi-open', { amountCents: 1000, phone: '+12025550165' });
    expect((await admin.post(apiPaths.admin.entryPaid(collected.id))).statusCode).toBe(200);
    const free = await fan().post(apiPaths.boardFreeEntries('kpi-open'), {
      phone: '+12025550166',
      nickname: 'Freebie',
      ageConfirmed: true,
      rulesAccepted: true,
      state: 'OH',
      idempotencyKey: `organizer-screens-free-${key++}`,
      code: await textedCode(ctx, 'kpi-open', '+12025550166'),
    });
    expect(free.statusCode, free.body).toBe(201);
    await expectReconciled();
    expect(await boardKpis('kpi-open')).toMatchObject({
      status: 'open',
      entries: 3,
      freeEntries: 1,
      paidEntries: 2,
      amountCents: 4000,
      collectedCents: 1000,
      outstandingCents: 3000,
      raisedCents: 1000,
      prizesCents: 0,
      keptCents: 1000,
      heldEntries: 0,
      cancelledEntries: 0,
    });
  });

  it('a paid board: a paid entry counts, a hold waiting for its payment is shown apart', async () => {
    await createBoard(
      boardBody('kpi-paid', 30, {
        paymentRequired: true,
        entryRule: { kind: 'presets-or-custom', presetsCents: [500, 1000], minCents: 500 },
      }),
    );
    const paid = await enter('kpi-paid', { amountCents: 500 });
    expect((await pay(paid)).statusCode).toBe(200);
    await enter('kpi-paid', { amountCents: 1000, phone: '+12025550167' });
    await expectReconciled();
    expect(await boardKpis('kpi-paid')).toMatchObject({
      entries: 1,
      paidEntries: 1,
      amountCents: 500,
      collectedCents: 500,
      raisedCents: 500,
      heldEntries: 1,
    });
    const states = (await adminEntries('kpi-paid')).map((e) => e.paymentState).sort();
    expect(states).toEqual(['awaiting-payment', 'paid']);
  });

  it('a locked board and a settled one: prizes won are owed, and what is kept is raised less prizes', async () => {
    await createBoard(boardBody('kpi-locked', 30));
    await enter('kpi-locked', { amountCents: 700 });
    expect((await admin.post(apiPaths.admin.boardLock('kpi-locked'))).json().status).toBe('locked');

    const table: PrizePeriod[] = [{ key: 'final', label: 'Final', prizeCents: 10000 }];
    await createBoard(boardBody('kpi-settled', 30, { prizeTable: table }));
    const winner = await adminEntry('kpi-settled', { amountCents: 2000, phone: '+12025550168' });
    expect((await admin.post(apiPaths.admin.entryPaid(winner.id))).statusCode).toBe(200);
    expect((await admin.post(apiPaths.admin.boardLock('kpi-settled'))).json().status).toBe('locked');
    const board = await publicBoard('kpi-settled');
    const scored = await admin.post(apiPaths.admin.boardScores('kpi-settled'), {
      period: 'final',
      ...scoresFor(board, winner.cells[0] ?? 0, 10),
    });
    expect(scored.statusCode, scored.body).toBe(200);
    expect(scored.json().status).toBe('settled');
    const k = await expectReconciled();
    expect(k.perBoard.find((b) => b.slug === 'kpi-locked')).toMatchObject({
      status: 'locked',
      entries: 1,
      amountCents: 700,
      outstandingCents: 700,
      keptCents: 0,
    });
    expect(k.perBoard.find((b) => b.slug === 'kpi-settled')).toMatchObject({
      status: 'settled',
      entries: 1,
      raisedCents: 2000,
      prizesCents: 10000,
      keptCents: -8000,
    });
  });

  it('a cancelled board: its entries leave the counts and its collected money is still shown, to give back', async () => {
    await createBoard(boardBody('kpi-cancelled', 30));
    const pledged = await enter('kpi-cancelled', { amountCents: 500 });
    const collected = await enter('kpi-cancelled', { amountCents: 800, phone: '+12025550169' });
    expect((await admin.post(apiPaths.admin.entryPaid(collected.id))).statusCode).toBe(200);
    const before = await expectReconciled();
    expect((await admin.post(apiPaths.admin.boardCancel('kpi-cancelled'))).json().status).toBe('cancelled');
    const after = await expectReconciled();
    expect(after.perBoard.find((b) => b.slug === 'kpi-cancelled')).toMatchObject({
      status: 'cancelled',
      entries: 0,
      amountCents: 0,
      raisedCents: 0,
      cancelledEntries: 2,
      toReturnCents: 800,
      refundedCents: 0,
    });
    expect(after.totals.entries).toBe(before.totals.entries - 2);
    expect(after.totals.collectedCents).toBe(before.totals.collectedCents - 800);
    expect(after.totals.toReturnCents).toBe(before.totals.toReturnCents + 800);
    // Its pledge left the to-collect list: no entry of the board is 'pledged' any more, and the cash collected
    // is marked to return to its entrant.
    const states = Object.fromEntries((await adminEntries('kpi-cancelled')).map((e) => [e.id, e.paymentState]));
    expect(states).toEqual({ [pledged.id]: 'cancelled', [collected.id]: 'to-return' });
    const refused = await admin.post(apiPaths.admin.entryPaid(pledged.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'NO_PLEDGE', message: expect.stringMatching(/cancelled/) });
  });
});

describe('cancelling a board cleans up', () => {
  it('refunds a cancelled paid board’s entries through the local checkout, and a payment that arrives later', async () => {
    await createBoard(
      boardBody('cancel-paid', 30, {
        paymentRequired: true,
        entryRule: { kind: 'presets-or-custom', presetsCents: [500, 1000], minCents: 500 },
      }),
    );
    const paid = await enter('cancel-paid', { amountCents: 500 });
    expect((await pay(paid)).statusCode).toBe(200);
    const late = await enter('cancel-paid', { amountCents: 1000, phone: '+12025550170' });
    expect((await admin.post(apiPaths.admin.boardCancel('cancel-paid'))).json().status).toBe('cancelled');
    const status = async (entry: Entered) =>
      (
        await db()
          .select({ status: payments.status })
          .from(payments)
          .where(eq(payments.sessionId, sessionOf(entry)))
      )[0]?.status;
    expect(await status(paid)).toBe('refunded');
    expect((await publicBoard('cancel-paid')).notice).toBe(
      'This board was cancelled by its organizer. Paid entries are refunded in full.',
    );
    // The hold's checkout is still open: paid after the cancellation, it seats nobody and is refunded.
    expect((await pay(late)).statusCode).toBe(200);
    expect(await status(late)).toBe('refunded');
    const [lateRow] = await db().select().from(entries).where(eq(entries.id, late.id));
    expect(lateRow?.status).toBe('released');
    expect((await adminEntries('cancel-paid')).map((e) => e.paymentState)).toEqual(['refunded']);
    await expectReconciled();
    expect(await boardKpis('cancel-paid')).toMatchObject({
      entries: 0,
      heldEntries: 0,
      cancelledEntries: 1,
      // Every dollar that came in went back: the entry's $5 and the late $10 that seated nobody.
      refundedCents: 1500,
      toReturnCents: 0,
    });
  });

  it('tells the entrants by text (with their consent) and by email, once however often it is cancelled', async () => {
    const slug = 'cancel-told';
    await createBoard(knicksBoardBody(slug, ctx.clock.now(), 30));
    const owner = await signedInFan(ctx.database.db, fan(), {
      email: 'cancel-owner@example.com',
      name: 'Cancel Owner',
      phone: '+12025550171',
    });
    const consenting = await enter(slug, { phone: '+12025550171', nickname: 'Yes', smsConsent: true }, owner);
    const silent = await enter(slug, { phone: '+12025550172', nickname: 'No', smsConsent: false });
    for (let i = 0; i < 2; i++) expect((await admin.post(apiPaths.admin.boardCancel(slug))).statusCode).toBe(200);
    const texts = await db().select().from(smsOutbox).where(like(smsOutbox.key, 'cancel:%'));
    const ofBoard = texts.filter((t) => [consenting.id, silent.id].some((id) => t.key === `cancel:${id}`));
    expect(ofBoard.map((t) => [t.key, t.status]).sort()).toEqual(
      [
        [`cancel:${consenting.id}`, 'queued'],
        [`cancel:${silent.id}`, 'skipped'],
      ].sort(),
    );
    expect(ofBoard.find((t) => t.status === 'queued')?.body).toBe(
      `FanGrid: Knicks vs Pacers, your code ${consenting.code}: This board was cancelled by its organizer. Nothing is owed: no money was taken for this entry.`,
    );
    // Emails go through the notifications outbox, sent by its job.
    await ctx.clock.tick(5_000);
    const mail = await latestMailTo(ctx.database.db, 'cancel-owner@example.com');
    expect(mail?.text).toContain('This board was cancelled by its organizer.');
  });
});

describe("'Mark collected': undone, and done for many at once, each audited", () => {
  const slug = 'collect-many';
  let pledges: Entered[] = [];

  beforeAll(async () => {
    await createBoard(boardBody(slug, 30));
    await createBoard(knicksBoardBody('collect-free', ctx.clock.now(), 30));
    pledges = [];
    for (let i = 0; i < 4; i++) pledges.push(await enter(slug, { amountCents: 500 + i * 100, phone: fictionPhone(i) }));
  });

  it('refuses bad bodies with 400 and changes nothing', async () => {
    const before = await auditCount();
    const tooMany = Array.from({ length: 201 }, () => pledges[0]?.id);
    for (const body of [{}, { ids: [] }, { ids: ['not-an-id'] }, { ids: tooMany }, { ids: 'x' }, { ids: [42] }]) {
      const res = await admin.post(apiPaths.admin.entriesPaid, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect(await auditCount()).toBe(before);
    expect((await adminEntries(slug)).every((e) => e.paymentState === 'pledged')).toBe(true);
  });

  it('marks each pledged entry, answers which changed and why the others did not, one audit record each', async () => {
    const [a, b, c] = pledges;
    if (!a || !b || !c) throw new Error('pledges missing');
    expect((await admin.post(apiPaths.admin.entryPaid(c.id))).statusCode).toBe(200);
    const free = await adminEntry('collect-free', {});
    const ghost = '00000000-0000-4000-8000-000000000000';
    const before = await auditCount();
    const res = await admin.post(apiPaths.admin.entriesPaid, { ids: [a.id, b.id, a.id, c.id, free.id, ghost] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as AdminMarkCollectedResult;
    expect(body.changed.map((e) => [e.id, e.paymentState]).sort()).toEqual(
      [
        [a.id, 'collected'],
        [b.id, 'collected'],
      ].sort(),
    );
    expect(body.unchanged.map((u) => [u.id, u.reason]).sort()).toEqual(
      [
        [c.id, 'collected'],
        [free.id, 'not-pledged'],
        [ghost, 'not-found'],
      ].sort(),
    );
    expect(await auditCount()).toBe(before + 2);
    const events = await latestAudit(2);
    expect(events.map((e) => e.action)).toEqual(['entry.mark-paid', 'entry.mark-paid']);
    for (const e of events) {
      expect(e.before).toMatchObject({ paymentState: 'pledged' });
      expect(e.after).toMatchObject({ paymentState: 'collected' });
    }
    // The same request again changes nothing and logs nothing.
    const again = (await admin.post(apiPaths.admin.entriesPaid, { ids: [a.id, b.id] })).json();
    expect(again.changed).toEqual([]);
    expect(await auditCount()).toBe(before + 2);
  });

  it('two requests at once mark each entry once', async () => {
    const d = pledges[3];
    if (!d) throw new Error('pledge missing');
    const before = await auditCount();
    const [x, y] = await Promise.all([
      admin.post(apiPaths.admin.entriesPaid, { ids: [d.id] }),
      admin.post(apiPaths.admin.entriesPaid, { ids: [d.id] }),
    ]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    expect(x.json().changed.length + y.json().changed.length).toBe(1);
    expect(await auditCount()).toBe(before + 1);
  });

  it('undoes a collected pledge (audited), and refuses one that is not collected with 409', async () => {
    const a = pledges[0];
    if (!a) throw new Error('pledge missing');
    const kpisBefore = await boardKpis(slug);
    const res = await admin.delete(apiPaths.admin.entryPaid(a.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: a.id, paymentState: 'pledged' });
    const [event] = await latestAudit();
    expect(event).toMatchObject({
      action: 'entry.unmark-paid',
      target: slug,
      before: { paymentState: 'collected', code: a.code },
      after: { paymentState: 'pledged', code: a.code },
    });
    expect((await boardKpis(slug))?.collectedCents).toBe((kpisBefore?.collectedCents ?? 0) - 500);
    await expectReconciled();
    const before = await auditCount();
    const again = await admin.delete(apiPaths.admin.entryPaid(a.id));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('NOT_COLLECTED');
    expect((await admin.delete(apiPaths.admin.entryPaid('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
    expect((await admin.delete(apiPaths.admin.entryPaid('nope'))).statusCode).toBe(404);
    expect(await auditCount()).toBe(before);
    // Collected again, it can be undone again.
    expect((await admin.post(apiPaths.admin.entryPaid(a.id))).json().paymentState).toBe('collected');
  });
});

describe("'Open now'", () => {
  const slug = 'open-early';

  it('opens a scheduled board at once (audited) so fans can enter days before the game; 409 otherwise', async () => {
    await createBoard(knicksBoardBody(slug, ctx.clock.now(), 3 * 24 * 60, { format: '1v49' }));
    expect((await publicBoard(slug)).status).toBe('scheduled');
    const closed = await fan().post(apiPaths.boardEntries(slug), {
      phone: '+12025550173',
      nickname: 'Early',
      ageConfirmed: true,
      rulesAccepted: true,
      idempotencyKey: `organizer-screens-${key++}`,
    });
    expect(closed.statusCode).toBe(409);
    const before = await auditCount();
    const res = await admin.post(apiPaths.admin.boardOpen(slug));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ slug, status: 'open' });
    expect(await auditCount()).toBe(before + 1);
    const [event] = await latestAudit();
    expect(event).toMatchObject({
      action: 'board.open',
      target: slug,
      before: { status: 'scheduled', openedAt: null },
      after: { status: 'open', openedAt: ctx.clock.now().toISOString() },
    });
    expect((await publicBoard(slug)).status).toBe('open');
    await enter(slug, { phone: '+12025550173', nickname: 'Early' });
    for (const target of [slug, 'kpi-locked', 'kpi-cancelled']) {
      const again = await admin.post(apiPaths.admin.boardOpen(target));
      expect(again.statusCode, target).toBe(409);
      expect(again.json().error.code).toBe('BOARD_NOT_SCHEDULED');
    }
    expect((await admin.post(apiPaths.admin.boardOpen('no-such-board'))).statusCode).toBe(404);
    expect(await auditCount()).toBe(before + 1);
  });

  it('a board opened early that fills opens the next one at once; "Board full" never offers a closed board', async () => {
    for (let i = 1; i < 50; i++) await adminEntry(slug, {});
    expect((await publicBoard(slug)).status).toBe('locked');
    expect((await publicBoard(`${slug}-2`)).status).toBe('open');
    const entry = {
      phone: '+12025550174',
      nickname: 'Late',
      ageConfirmed: true,
      rulesAccepted: true,
    };
    const full = await fan().post(apiPaths.boardEntries(slug), {
      ...entry,
      idempotencyKey: `organizer-screens-${key++}`,
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toMatchObject({ code: 'BOARD_FULL', fields: { nextBoard: `${slug}-2` } });
    // The next board closes (an empty board is cancelled at lock): nothing is offered any more.
    expect((await admin.post(apiPaths.admin.boardLock(`${slug}-2`))).json().status).toBe('cancelled');
    const none = await fan().post(apiPaths.boardEntries(slug), {
      ...entry,
      idempotencyKey: `organizer-screens-${key++}`,
    });
    expect(none.json().error).toMatchObject({ code: 'BOARD_FULL', fields: { nextBoard: '' } });
    expect((await publicBoard(slug)).nextBoardSlug).toBeNull();
  });
});

describe("an organizer's entry obeys the board's amount rule", () => {
  it('refuses $0 on a $5-$20 board with the message a fan gets, and any amount on a free-to-play board', async () => {
    await createBoard(knicksBoardBody('free-open', ctx.clock.now(), 30));
    const before = (await db().select({ n: count() }).from(entries))[0]?.n;
    const audits = await auditCount();
    const fanZero = await fan().post(apiPaths.boardEntries('kpi-open'), {
      phone: '+12025550175',
      nickname: 'Zero',
      amountCents: 0,
      ageConfirmed: true,
      rulesAccepted: true,
      state: 'OH',
      idempotencyKey: `organizer-screens-${key++}`,
    });
    expect(fanZero.statusCode).toBe(400);
    for (const body of [
      { boardSlug: 'kpi-open', nickname: 'Zero', amountCents: 0 },
      { boardSlug: 'kpi-open', nickname: 'Zero', amountCents: 300 },
      { boardSlug: 'free-open', nickname: 'Cash', amountCents: 500 },
    ]) {
      const res = await admin.post(apiPaths.admin.entries, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields).toHaveProperty('amountCents');
    }
    const zero = await admin.post(apiPaths.admin.entries, { boardSlug: 'kpi-open', nickname: 'Zero', amountCents: 0 });
    expect(zero.json().error).toEqual(fanZero.json().error);
    expect((await db().select({ n: count() }).from(entries))[0]?.n).toBe(before);
    expect(await auditCount()).toBe(audits);
  });
});

describe('scores: whole numbers in the sport’s range, and a preview that changes nothing', () => {
  const slug = 'score-range';
  let holder: AdminEntry;

  beforeAll(async () => {
    await createBoard(boardBody(slug, 30));
    holder = await adminEntry(slug, { amountCents: 500 });
    expect((await admin.post(apiPaths.admin.boardLock(slug))).json().status).toBe('locked');
  });

  const unchanged = async <T>(work: () => Promise<T>) => {
    const audits = await auditCount();
    const results = await db().select().from(boardResults);
    const out = await work();
    expect(await auditCount()).toBe(audits);
    expect(await db().select().from(boardResults)).toEqual(results);
    return out;
  };

  it('refuses decimals, negatives, absurd values and non-numbers with a message at the field', async () => {
    const max = scoreMaximums.basketball;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ teamAScore: 12.5, teamBScore: 3 }, 'teamAScore', scoreMessages.whole],
      [{ teamAScore: 12, teamBScore: -1 }, 'teamBScore', scoreMessages.range(max)],
      [{ teamAScore: 7000, teamBScore: 1 }, 'teamAScore', scoreMessages.range(max)],
      [{ teamAScore: '12', teamBScore: 1 }, 'teamAScore', scoreMessages.whole],
      [{ teamAScore: null, teamBScore: 1 }, 'teamAScore', scoreMessages.whole],
    ];
    for (const path of [apiPaths.admin.boardScores(slug), apiPaths.admin.boardScoresPreview(slug)]) {
      for (const [scores, field, message] of cases) {
        const res = await unchanged(() => admin.post(path, { period: 'q1', ...scores }));
        expect(res.statusCode, `${path} ${JSON.stringify(scores)}`).toBe(400);
        expect(res.json().error.fields?.[field], JSON.stringify(scores)).toBe(message);
      }
    }
  });

  it('holds a baseball board to 0-99 runs and hits', async () => {
    await createBoard(
      boardBody('score-baseball', 30, {
        game: { league: 'MLB', teamA: 'Mets', teamB: 'Cubs', startsAt: minutesFromNow(30), venue: 'Citi Field' },
        prizeTable: baseballPrizes,
      }),
    );
    await adminEntry('score-baseball', { amountCents: 500 });
    expect((await admin.post(apiPaths.admin.boardLock('score-baseball'))).json().status).toBe('locked');
    const res = await unchanged(() =>
      admin.post(apiPaths.admin.boardScores('score-baseball'), {
        period: 'inning5-runs',
        teamAScore: 150,
        teamBScore: 2,
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: scoreMessages.range(99),
      fields: { teamAScore: scoreMessages.range(99) },
    });
    const ok = await admin.post(apiPaths.admin.boardScores('score-baseball'), {
      period: 'inning5-runs',
      teamAScore: 99,
      teamBScore: 0,
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('previews the old and the new winner side by side, and saving matches the preview', async () => {
    const board = await publicBoard(slug);
    const cell = holder.cells[0] ?? 0;
    const onHolder = { period: 'q1', ...scoresFor(board, cell, 2) };
    const first = await unchanged(() => admin.post(apiPaths.admin.boardScoresPreview(slug), onHolder));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      period: 'q1',
      current: null,
      next: { teamA: onHolder.teamAScore, teamB: onHolder.teamBScore, cell, winnerCode: holder.code },
    } satisfies ScorePreview);
    expect((await admin.post(apiPaths.admin.boardScores(slug), onHolder)).statusCode).toBe(200);

    const elsewhere = { ...onHolder, teamAScore: onHolder.teamAScore + 1 };
    const preview = (await unchanged(() => admin.post(apiPaths.admin.boardScoresPreview(slug), elsewhere))).json();
    expect(preview.current).toEqual({
      teamA: onHolder.teamAScore,
      teamB: onHolder.teamBScore,
      cell,
      winnerCode: holder.code,
    });
    expect(preview.next).toMatchObject({ teamA: elsewhere.teamAScore, teamB: elsewhere.teamBScore, winnerCode: null });
    expect(preview.next.cell).not.toBe(cell);
    const saved = await admin.post(apiPaths.admin.boardScores(slug), elsewhere);
    expect(saved.json().results.find((r: { period: string }) => r.period === 'q1')).toMatchObject({
      cell: preview.next.cell,
      code: null,
    });
    // Back to the holder's cell for the CSV's wins below.
    expect((await admin.post(apiPaths.admin.boardScores(slug), onHolder)).statusCode).toBe(200);
  });

  it('refuses a preview on a board not locked, for a period it does not have, and on no board', async () => {
    const open = await unchanged(() =>
      admin.post(apiPaths.admin.boardScoresPreview('kpi-open'), { period: 'q1', teamAScore: 1, teamBScore: 2 }),
    );
    expect(open.statusCode).toBe(409);
    const period = await admin.post(apiPaths.admin.boardScoresPreview(slug), {
      period: 'q9',
      teamAScore: 1,
      teamBScore: 2,
    });
    expect(period.statusCode).toBe(400);
    const none = await admin.post(apiPaths.admin.boardScoresPreview('no-such-board'), {
      period: 'q1',
      teamAScore: 1,
      teamBScore: 2,
    });
    expect(none.statusCode).toBe(404);
  });
});

describe('the entries CSV reconciles: board, state and wins after the spec’s columns', () => {
  it('keeps the spec’s columns first, then Board, State, US State and Wins', async () => {
    // One entry wins two periods: the 1st quarter, and the final with the 2nd and 3rd quarters rolled into it.
    const slug = 'csv-wins';
    await createBoard(boardBody(slug, 30));
    const winner = await adminEntry(slug, { amountCents: 500, phone: '+1 (202) 555-0176' });
    await admin.post(apiPaths.admin.boardLock(slug));
    const board = await publicBoard(slug);
    const cell = winner.cells[0] ?? 0;
    const empty = cell === 0 ? 1 : 0;
    for (const [period, target] of [
      ['q1', cell],
      ['q2', empty],
      ['q3', empty],
      ['final', cell],
    ] as const) {
      const res = await admin.post(apiPaths.admin.boardScores(slug), { period, ...scoresFor(board, target, 3) });
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await admin.get(apiPaths.admin.entriesCsv);
    const rows = parseCsv(res.body.slice(1));
    const [header = [], ...data] = rows;
    expect(header).toEqual([...gameEntriesCsvColumns]);
    expect(header.slice(0, 11)).toEqual([
      'Timestamp',
      'Team',
      'Team Support',
      'Organization',
      'Referral Code',
      'Game Code',
      'Entry Amount',
      'Phone',
      'Nickname',
      'Generated Code',
      'Donation Commitment',
    ]);
    // The entry's state, then the fan's US state beside it.
    expect(header.slice(11)).toEqual(['Board', 'State', 'US State', 'Wins']);
    const col = (name: string) => header.indexOf(name);
    const byNickname = (nickname: string) => data.find((r) => r[col('Nickname')] === nickname);
    const won = byNickname(winner.nickname);
    expect(won?.[col('Board')]).toBe(slug);
    expect(won?.[col('State')]).toBe('pledged');
    expect(won?.[col('Wins')]).toBe('1st quarter $50; Final score (including overtime) $300');
    // A phone number alone stays plain.
    expect(winner.phone).toMatch(/^\+1/);
    expect(won?.[col('Phone')]).toBe(winner.phone);
    expect(byNickname('Freebie')?.[col('State')]).toBe('free');
    // Every state the boards above are in, each row's state as the entries list gives it.
    const listed = new Map<string, AdminEntry>();
    for (const s of ['kpi-open', 'kpi-paid', 'kpi-settled', 'kpi-cancelled', 'cancel-paid', 'collect-many']) {
      for (const e of await adminEntries(s)) listed.set(e.code + s, e);
    }
    const states = new Set(data.map((r) => r[col('State')]));
    for (const s of ['held', 'paid', 'pledged', 'collected', 'cancelled', 'refunded', 'free']) {
      expect(states, s).toContain(s);
    }
    for (const r of data) {
      const e = listed.get(`${r[col('Generated Code')]}${r[col('Board')]}`);
      if (!e) continue;
      const expected = { 'awaiting-payment': 'held', none: 'free' }[e.paymentState as string] ?? e.paymentState;
      expect(r[col('State')], `${e.boardSlug} ${e.code}`).toBe(expected);
      // Beside it, the fan's US state as the entries list gives it.
      expect(r[col('US State')], `${e.boardSlug} ${e.code}`).toBe(e.state || 'Not specified');
    }
    const usStates = new Set(data.map((r) => r[col('US State')]));
    expect(
      [...usStates].some((s) => /^[A-Z]{2}$/.test(s ?? '')),
      [...usStates].join(),
    ).toBe(true);
    const settled = data.find((r) => r[col('Board')] === 'kpi-settled');
    expect(settled?.[col('Wins')]).toBe('Final $100');
    // Every row names its board.
    expect(data.every((r) => (r[col('Board')] ?? '').length > 0)).toBe(true);
    // The rows of boards not cancelled, held ones aside, are the KPI's counted entries.
    const k = await expectReconciled();
    const cancelledBoards = new Set(k.perBoard.filter((b) => b.status === 'cancelled').map((b) => b.slug));
    const countedRows = data.filter((r) => !cancelledBoards.has(r[col('Board')] ?? '') && r[col('State')] !== 'held');
    expect(countedRows.length).toBe(k.totals.entries);
    const [{ n: released = 0 } = { n: 0 }] = await db()
      .select({ n: count() })
      .from(entries)
      .where(eq(entries.status, 'released'));
    expect(data.length).toBe(k.totals.entries + k.totals.heldEntries + k.totals.cancelledEntries);
    expect(released).toBeGreaterThan(0);
  });
});
