import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  boardResults,
  boards,
  devOutbox,
  entries,
  mailNotifications,
  payments,
  prizes,
  smsOutbox,
} from '../../src/server/db/schema';
import { signClaimToken } from '../../src/server/features/prizes';
import type { AdminEntry } from '../../src/shared/contracts/admin';
import type { BoardEndPreview } from '../../src/shared/contracts/board-ends';
import type { MyEntryView } from '../../src/shared/contracts/board-responses';
import type { BoardView } from '../../src/shared/contracts/boards';
import { apiPaths } from '../../src/shared/contracts/paths';
import { wholeRangeRule } from '../../src/shared/domain/admin';
import { boardEndMessages, voidNotice } from '../../src/shared/domain/board-ends';
import { nbaFinalsPrizes } from '../../src/shared/domain/boards';
import { signedInFan } from '../support/accounts';
import { knicksBoardBody, scoresFor } from '../support/boards';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { testDatabaseKind } from '../support/test-db';
import { signedInAdmin } from './fake-feed';

/**
 * Cancelling is honest (issue 36, item 2), through the organizer's routes: before the first scored period a
 * cancel refunds paid entries, marks collected cash to return and tells each entrant the truth for their
 * entry; once a period is scored no route cancels the board and it can only be voided (with a reason,
 * audited), which keeps its scored prizes, awards nothing more and refunds nothing; a settled board is
 * neither. The feed's paths are in board-void-feed.test.ts, the race of a score and a cancel on two
 * instances in board-void-race.test.ts.
 */

const secret = 'test-secret-for-board-void-0123456789ab';
let ctx: TestContext;
let admin: Client;
let ip = 1;
const fan = () => new Client(ctx.app, `10.36.0.${ip++}`);
let key = 0;

beforeAll(async () => {
  ctx = await createTestApp({
    settings: { authSecret: secret, entryLimitPerMinute: 10_000, entriesPerPhonePerBoard: 100 },
  });
  admin = await signedInAdmin(ctx.app, '10.36.1.1');
});
afterAll(() => ctx?.close());

const db = () => ctx.database.db;
const minutesFromNow = (m: number) => new Date(ctx.clock.now().getTime() + m * 60_000).toISOString();

/** A sweepstakes board on a new NBA game 30 minutes away taking $5-$20 pledges (`extra` changes it). */
function boardBody(slug: string, extra: Record<string, unknown> = {}) {
  return {
    slug,
    game: { league: 'NBA', teamA: 'Heat', teamB: 'Magic', startsAt: minutesFromNow(30), venue: 'Kaseya Center' },
    format: '1v99',
    entryRule: wholeRangeRule(500, 2000),
    prizeTable: nbaFinalsPrizes,
    organization: 'Heat Cares',
    paymentRequired: false,
    mode: 'sweepstakes',
    ...extra,
  };
}
/** A board whose amounts are paid at checkout ($5 or $10). */
const paidBoard = (slug: string) =>
  boardBody(slug, {
    paymentRequired: true,
    entryRule: { kind: 'presets-or-custom', presetsCents: [500, 1000], minCents: 500 },
  });

async function createBoard(body: Record<string, unknown>) {
  const res = await admin.post(apiPaths.admin.boards, body);
  expect(res.statusCode, res.body).toBe(201);
}

interface Entered {
  id: string;
  code: string;
  cells: number[];
  checkoutUrl?: string;
}

async function enter(slug: string, extra: Record<string, unknown> = {}, client = fan()): Promise<Entered> {
  const res = await client.post(apiPaths.boardEntries(slug), {
    phone: '+12025550138',
    nickname: `Void${key}`,
    ageConfirmed: true,
    rulesAccepted: true,
    state: 'OH',
    idempotencyKey: `board-void-${key++}`,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().entry;
}

const sessionOf = (entry: Entered) => (entry.checkoutUrl ?? '').split('/checkout/')[1] ?? '';
async function pay(entry: Entered, email?: string) {
  const res = await fan().post(apiPaths.payments.localPay(sessionOf(entry)), {
    number: '4242424242424242',
    expiry: '12/30',
    cvc: '123',
    ...(email ? { email } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
}

const publicBoard = async (slug: string) =>
  (await ctx.app.inject({ method: 'GET', url: apiPaths.board(slug) })).json() as BoardView;
const preview = async (slug: string) => {
  const res = await admin.get(apiPaths.admin.boardEndPreview(slug));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BoardEndPreview;
};
const adminEntries = async (slug: string) =>
  (await admin.get(`${apiPaths.admin.entries}?board=${slug}&limit=500`)).json().entries as AdminEntry[];
const paymentOf = async (entry: Entered) =>
  (
    await db()
      .select()
      .from(payments)
      .where(eq(payments.sessionId, sessionOf(entry)))
  )[0]?.status;
const textOf = async (key: string) => (await db().select().from(smsOutbox).where(eq(smsOutbox.key, key)))[0];
const auditsOf = (slug: string, action: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.target, slug), eq(auditLog.action, action)));
const boardRow = async (slug: string) => (await db().select().from(boards).where(eq(boards.slug, slug)))[0];
async function prizeOf(slug: string, period: string) {
  const [row] = await db()
    .select({ prize: prizes })
    .from(prizes)
    .innerJoin(boards, eq(prizes.boardId, boards.id))
    .where(and(eq(boards.slug, slug), eq(prizes.period, period)));
  return row?.prize;
}
const claimToken = (prize: { id: string; expiresAt: Date } | undefined) =>
  signClaimToken(secret, prize?.id ?? '', prize?.expiresAt ?? new Date());

/** Locks the board and scores `period` so that `winner`'s first cell wins (or an empty cell with null). */
async function score(slug: string, period: string, winner: Entered | null, tens = 0) {
  const board = await publicBoard(slug);
  const taken = new Set(board.cells.map((c) => c.cell));
  const cell = winner ? (winner.cells[0] ?? 0) : ([...Array(100).keys()].find((c) => !taken.has(c)) ?? 0);
  return admin.post(apiPaths.admin.boardScores(slug), { period, ...scoresFor(board, cell, tens) });
}
async function lock(slug: string) {
  const res = await admin.post(apiPaths.admin.boardLock(slug));
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().status).toBe('locked');
}

describe(`cancelling before the first scored period (${testDatabaseKind})`, () => {
  it('refunds paid entries, marks collected cash to return and tells each entrant the truth for their entry', async () => {
    await createBoard(paidBoard('void-cancel-paid'));
    const owner = await signedInFan(db(), fan(), {
      email: 'void-paid-owner@example.com',
      name: 'Paid Owner',
      phone: '+12025550139',
    });
    const signedIn = await enter(
      'void-cancel-paid',
      { amountCents: 500, phone: '+12025550139', smsConsent: true },
      owner,
    );
    await pay(signedIn);
    // A fan without an account, who gave the checkout an email and no text consent.
    const visitor = await enter('void-cancel-paid', { amountCents: 1000, phone: '+12025550140' });
    await pay(visitor, 'void-payer@example.com');

    await createBoard(boardBody('void-cancel-cash'));
    const cash = await enter('void-cancel-cash', { amountCents: 800, phone: '+12025550141', smsConsent: true });
    expect((await admin.post(apiPaths.admin.entryPaid(cash.id))).statusCode).toBe(200);
    const pledge = await enter('void-cancel-cash', { amountCents: 500, phone: '+12025550142', smsConsent: true });

    // What the dialogs show, counted by the server.
    expect(await preview('void-cancel-paid')).toMatchObject({
      status: 'open',
      scored: false,
      told: { entries: 2, byEmail: 2, byText: 1, reached: 2, unreachable: 0 },
      cancel: {
        allowed: true,
        refusal: null,
        refunds: { count: 2, cents: 1500 },
        cashToReturn: { count: 0, cents: 0 },
        nothingOwed: 0,
      },
      lock: { allowed: true, outcome: 'play', entries: 2, digitsTexted: 1 },
      void: { allowed: false, refusal: boardEndMessages.voidUnscored },
    });
    expect(await preview('void-cancel-cash')).toMatchObject({
      told: { entries: 2, byEmail: 0, byText: 2, reached: 2, unreachable: 0 },
      cancel: {
        allowed: true,
        refunds: { count: 0, cents: 0 },
        cashToReturn: { count: 1, cents: 800 },
        nothingOwed: 1,
      },
    });

    for (const slug of ['void-cancel-paid', 'void-cancel-cash']) {
      const res = await admin.post(apiPaths.admin.boardCancel(slug));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe('cancelled');
    }
    expect([await paymentOf(signedIn), await paymentOf(visitor)]).toEqual(['refunded', 'refunded']);
    // Collected cash is marked to return in the cancel's transaction; a pledge never collected is owed by nobody.
    const [cashRow] = await db().select().from(entries).where(eq(entries.id, cash.id));
    expect(cashRow?.cashToReturnAt).toEqual(ctx.clock.now());
    const states = Object.fromEntries((await adminEntries('void-cancel-cash')).map((e) => [e.id, e.paymentState]));
    expect(states).toEqual({ [cash.id]: 'to-return', [pledge.id]: 'cancelled' });
    expect(await preview('void-cancel-cash')).toMatchObject({
      status: 'cancelled',
      cancel: { allowed: false, refusal: 'This board is already cancelled.' },
      void: { allowed: false, refusal: boardEndMessages.voidCancelled },
    });

    // Texts through the outbox, only with consent, each with its entrant's own words.
    const notice = 'This board was cancelled by its organizer.';
    expect(await textOf(`cancel:${signedIn.id}`)).toMatchObject({
      status: 'queued',
      body: `FanGrid: Heat vs Magic, your code ${signedIn.code}: ${notice} Your $5 payment is refunded in full through checkout.`,
    });
    expect(await textOf(`cancel:${visitor.id}`)).toMatchObject({ status: 'skipped' });
    expect((await textOf(`cancel:${cash.id}`))?.body).toBe(
      `FanGrid: Heat vs Magic, your code ${cash.code}: ${notice} The $8 you paid in cash will be returned to you by Heat Cares.`,
    );
    expect((await textOf(`cancel:${pledge.id}`))?.body).toBe(
      `FanGrid: Heat vs Magic, your code ${pledge.code}: ${notice} Nothing is owed: your $5 pledge will not be collected.`,
    );
    // Emails to the account's address, and to the one the payer gave the checkout.
    const mails = await db().select().from(mailNotifications).where(like(mailNotifications.key, 'cancel:%'));
    const mine = mails.filter((m) => [signedIn.id, visitor.id].some((id) => m.key === `cancel:${id}`));
    expect(mine.map((m) => [m.key, m.to]).sort()).toEqual(
      [
        [`cancel:${signedIn.id}`, 'void-paid-owner@example.com'],
        [`cancel:${visitor.id}`, 'void-payer@example.com'],
      ].sort(),
    );
    await ctx.clock.tick(5_000);
    const sent = await db().select().from(devOutbox).where(eq(devOutbox.to, 'void-payer@example.com'));
    const told = sent.find((m) => m.subject === 'Heat vs Magic: this board is cancelled');
    expect(told?.text).toContain(`${notice}\n\nYour $10 payment is refunded in full through checkout.`);
    expect(told?.text).toContain('/boards/void-cancel-paid');

    // Cancelling again changes nothing: no audit, no second text.
    const audits = (await auditsOf('void-cancel-paid', 'board.cancel')).length;
    expect((await admin.post(apiPaths.admin.boardCancel('void-cancel-paid'))).statusCode).toBe(200);
    expect((await auditsOf('void-cancel-paid', 'board.cancel')).length).toBe(audits);
    expect(
      (
        await db()
          .select()
          .from(smsOutbox)
          .where(like(smsOutbox.key, `cancel:${signedIn.id}`))
      ).length,
    ).toBe(1);
  });
});

describe('once a period is scored', () => {
  it('no admin cancel: 409 saying to void instead, and nothing changes', async () => {
    await createBoard(knicksBoardBody('void-scored', ctx.clock.now(), 30));
    const first = await enter('void-scored', { phone: '+12025550143' });
    await lock('void-scored');
    expect((await score('void-scored', 'q1', first)).statusCode).toBe(200);
    const res = await admin.post(apiPaths.admin.boardCancel('void-scored'));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'BOARD_SCORED', message: boardEndMessages.cancelScored });
    expect(boardEndMessages.cancelScored).toMatch(/void it instead/);
    expect((await publicBoard('void-scored')).status).toBe('locked');
    expect((await boardRow('void-scored'))?.cancelledAt).toBeNull();
    expect(await auditsOf('void-scored', 'board.cancel')).toEqual([]);
    expect(await preview('void-scored')).toMatchObject({
      scored: true,
      cancel: { allowed: false, refusal: boardEndMessages.cancelScored },
      void: { allowed: true, refusal: null },
    });
  });
});

describe('voiding by the organizer', () => {
  let winner: Entered;
  let second: Entered;
  let owner: Client;

  it('needs a reason of 3 to 500 characters and a scored period; refuses the rest with nothing changed', async () => {
    await createBoard(paidBoard('void-organizer'));
    owner = await signedInFan(db(), fan(), {
      email: 'void-winner@example.com',
      name: 'Void Winner',
      phone: '+12025550144',
    });
    winner = await enter('void-organizer', { amountCents: 500, phone: '+12025550144', smsConsent: true }, owner);
    await pay(winner);
    second = await enter('void-organizer', { amountCents: 1000, phone: '+12025550145', smsConsent: true });
    await pay(second);
    // Before any score: cancel it instead.
    const early = await admin.post(apiPaths.admin.boardVoid('void-organizer'), { reason: 'Rain' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toEqual({ code: 'BOARD_NOT_SCORED', message: boardEndMessages.voidUnscored });

    await lock('void-organizer');
    expect((await score('void-organizer', 'q1', winner)).statusCode).toBe(200);
    for (const body of [{}, { reason: '' }, { reason: '  ab  ' }, { reason: 'x'.repeat(501) }, { reason: 42 }]) {
      const res = await admin.post(apiPaths.admin.boardVoid('void-organizer'), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { reason: expect.any(String) } });
    }
    expect((await publicBoard('void-organizer')).status).toBe('locked');
    expect(await auditsOf('void-organizer', 'board.void')).toEqual([]);
    expect((await admin.post(apiPaths.admin.boardVoid('no-such-board'), { reason: 'Rain' })).statusCode).toBe(404);
    expect((await admin.get(apiPaths.admin.boardEndPreview('no-such-board'))).statusCode).toBe(404);
  });

  it('lists the prizes paid and owed, voids (audited), keeps them and refunds nothing', async () => {
    // The first prize is claimed by its signed-in owner and paid; the second is won and still owed.
    const q1 = await prizeOf('void-organizer', 'q1');
    const claimed = await owner.post(apiPaths.prizes.claim(claimToken(q1)), { method: 'pickup' });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(
      (await admin.post(apiPaths.admin.payoutPaid(q1?.id ?? ''), { reference: 'Cash at the gate' })).statusCode,
    ).toBe(200);
    expect((await score('void-organizer', 'q2', second)).statusCode).toBe(200);

    expect((await preview('void-organizer')).void).toEqual({
      allowed: true,
      refusal: null,
      prizes: [
        {
          period: 'q1',
          label: '1st quarter',
          prizeCents: 5000,
          state: 'paid',
          code: winner.code,
          nickname: expect.any(String),
        },
        {
          period: 'q2',
          label: '2nd quarter',
          prizeCents: 10000,
          state: 'owed',
          code: second.code,
          nickname: expect.any(String),
        },
      ],
      paidCents: 5000,
      owedCents: 10000,
      unscored: [
        { period: 'q3', label: '3rd quarter', prizeCents: 5000 },
        { period: 'final', label: 'Final score (including overtime)', prizeCents: 15000 },
      ],
      toCauseCents: 20000,
      cause: 'Heat Cares',
    });

    const reason = 'Storm damage closed the arena';
    const res = await admin.post(apiPaths.admin.boardVoid('void-organizer'), { reason: `  ${reason}  ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('voided');
    const audits = await auditsOf('void-organizer', 'board.void');
    expect(audits.map((a) => [a.before, a.after])).toEqual([
      [
        { status: 'locked', voidReason: null },
        { status: 'voided', voidReason: reason },
      ],
    ]);
    const view = await publicBoard('void-organizer');
    expect(view).toMatchObject({ status: 'voided', voidReason: reason, notice: voidNotice(reason, 'Heat Cares') });
    expect(view.results.map((r) => r.period)).toEqual(['q1', 'q2']);

    // The scored prizes stand as they were, their claims still work; no entry is refunded.
    const standing = await db().select().from(prizes).innerJoin(boards, eq(prizes.boardId, boards.id));
    expect(
      standing
        .filter((r) => r.boards.slug === 'void-organizer')
        .map((r) => [r.prizes.period, r.prizes.state])
        .sort(),
    ).toEqual([
      ['q1', 'paid'],
      ['q2', 'unclaimed'],
    ]);
    const [q2] = await db().select().from(prizes).where(eq(prizes.period, 'q2'));
    const claimView = await fan().get(
      apiPaths.prizes.claim(signClaimToken(secret, q2?.id ?? '', q2?.expiresAt ?? new Date())),
    );
    expect(claimView.statusCode).toBe(200);
    expect(claimView.json().claim).toMatchObject({ state: 'unclaimed', prizeCents: 10000 });
    expect([await paymentOf(winner), await paymentOf(second)]).toEqual(['paid', 'paid']);

    // Nothing more is awarded.
    const after = await score('void-organizer', 'q3', winner);
    expect(after.statusCode).toBe(409);
    expect(after.json().error.message).toBe(
      'This board was voided: its scored prizes stand and nothing more is awarded.',
    );
    const scored = await db()
      .select({ period: boardResults.period })
      .from(boardResults)
      .innerJoin(boards, eq(boardResults.boardId, boards.id))
      .where(eq(boards.slug, 'void-organizer'));
    expect(scored.map((r) => r.period).sort()).toEqual(['q1', 'q2']);

    // Each entrant is told, with the void's words and the prize that stands for them.
    const said = voidNotice(reason, 'Heat Cares');
    expect((await textOf(`void:${winner.id}`))?.body).toBe(
      `FanGrid: Heat vs Magic, your code ${winner.code}: ${said} Your 1st quarter prize of $50 stands.`,
    );
    expect((await textOf(`void:${second.id}`))?.body).toBe(
      `FanGrid: Heat vs Magic, your code ${second.code}: ${said} Your 2nd quarter prize of $100 stands.`,
    );
    expect(said).toContain('Entries are not refunded, because part of the game was played.');
    const [mail] = await db()
      .select()
      .from(mailNotifications)
      .where(eq(mailNotifications.key, `void:${winner.id}`));
    expect(mail).toMatchObject({ to: 'void-winner@example.com', subject: 'Heat vs Magic: this board is voided' });
    const mine = (await owner.post(apiPaths.entryLookup, { tickets: [] })).json().entries as MyEntryView[];
    expect(mine.find((e) => e.code === winner.code)?.status).toBe('Won');

    // Voiding again changes nothing; a voided board is not cancelled.
    expect((await admin.post(apiPaths.admin.boardVoid('void-organizer'), { reason: 'Again' })).statusCode).toBe(200);
    expect((await auditsOf('void-organizer', 'board.void')).length).toBe(1);
    const cancel = await admin.post(apiPaths.admin.boardCancel('void-organizer'));
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error).toEqual({ code: 'BOARD_VOIDED', message: boardEndMessages.cancelVoided });
  });
});

describe('a settled board', () => {
  it('is neither cancelled nor voided', async () => {
    await createBoard(knicksBoardBody('void-settled', ctx.clock.now(), 30));
    const only = await enter('void-settled', { phone: '+12025550146' });
    await lock('void-settled');
    for (const [i, period] of ['q1', 'q2', 'q3', 'final'].entries()) {
      expect((await score('void-settled', period, only, i)).statusCode).toBe(200);
    }
    expect((await publicBoard('void-settled')).status).toBe('settled');
    for (const path of [apiPaths.admin.boardCancel('void-settled'), apiPaths.admin.boardVoid('void-settled')]) {
      const res = await admin.post(path, { reason: 'Too late' });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({ code: 'BOARD_SETTLED', message: boardEndMessages.settled });
    }
    expect(await preview('void-settled')).toMatchObject({
      cancel: { allowed: false, refusal: boardEndMessages.settled },
      void: { allowed: false, refusal: boardEndMessages.settled },
    });
    expect((await boardRow('void-settled'))?.voidedAt).toBeNull();
  });
});

describe('the lock under a board’s minimum', () => {
  it('cancels and refunds before any score, and plays on once a period is scored', async () => {
    const below = { unfilledPolicy: 'cancel-below', minEntries: 5 };
    await createBoard({ ...paidBoard('void-lock-below'), ...below });
    await createBoard(knicksBoardBody('void-lock-scored', ctx.clock.now(), 30, below));
    const paid = await enter('void-lock-below', { amountCents: 500, phone: '+12025550147' });
    await pay(paid);
    const played = await enter('void-lock-scored', { phone: '+12025550148' });
    // The lock's dialog says the board will be cancelled and refunded, with the cancel's figures.
    expect((await preview('void-lock-below')).lock).toEqual({
      allowed: true,
      outcome: 'cancel-below',
      entries: 1,
      minEntries: 5,
      digitsTexted: 0,
    });
    expect((await preview('void-lock-below')).cancel.refunds).toEqual({ count: 1, cents: 500 });
    const lockBelow = await admin.post(apiPaths.admin.boardLock('void-lock-below'));
    expect(lockBelow.json().status).toBe('cancelled');
    expect(await paymentOf(paid)).toBe('refunded');

    // The game has started and nobody locked the board yet: an organizer scores the 1st quarter first.
    ctx.clock.advance(31 * 60_000);
    // Past the admin session's 30 idle minutes: through the gate again.
    admin = await signedInAdmin(ctx.app, '10.36.1.2');
    expect((await score('void-lock-scored', 'q1', played)).statusCode).toBe(200);
    const res = await admin.post(apiPaths.admin.boardLock('void-lock-scored'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('locked');
    // Nor does the lock at the game's start cancel it.
    await ctx.clock.tick(10_000);
    const row = await boardRow('void-lock-scored');
    expect(row?.cancelledAt).toBeNull();
    expect(row?.lockedAt).not.toBeNull();
    expect((await publicBoard('void-lock-scored')).results.map((r) => r.period)).toEqual(['q1']);
  });
});
