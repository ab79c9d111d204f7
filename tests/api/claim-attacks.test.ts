import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, prizes, smsOutbox } from '../../src/server/db/schema';
import type { EntryCreated } from '../../src/shared/contracts/board-responses';
import type { BoardView } from '../../src/shared/contracts/boards';
import { apiPaths } from '../../src/shared/contracts/paths';
import type { Payouts } from '../../src/shared/contracts/prizes';
import { newGameBoardBody, scoresFor } from '../support/boards';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { signedInAdmin } from './fake-feed';

/**
 * A claim as an attacker tries it: one prize's link or code on another, the same link twice at once, a prize
 * already paid or under review, a hostile handle, and the ledger's CSV opened in a spreadsheet. Two free
 * entries of one phone win two prizes ($600 and $50); a third entry wins a third.
 */
const secret = 'test-secret-for-claim-attacks-0123456789';
const SLUG = 'claim-attacks';
let ctx: TestContext;
let admin: Client;
let fan: Client;
let seq = 7;
const random = () => {
  seq = (seq * 16807) % 2147483647;
  return (seq - 1) / 2147483646;
};
const PHONE = '+12025550126';
const table = [
  { key: 'q1', label: '1st quarter', prizeCents: 60_000 },
  { key: 'q2', label: '2nd quarter', prizeCents: 5_000 },
  { key: 'q3', label: '3rd quarter', prizeCents: 5_000 },
  { key: 'final', label: 'Final score', prizeCents: 5_000 },
];

const view = async (): Promise<BoardView> =>
  (await ctx.app.inject({ method: 'GET', url: `/api/boards/${SLUG}` })).json();
const prizeRow = async (period: string) =>
  (await ctx.database.db.select().from(prizes).where(eq(prizes.period, period)))[0];
const textsLike = (pattern: string) =>
  ctx.database.db.select().from(smsOutbox).where(like(smsOutbox.key, pattern)).orderBy(smsOutbox.createdAt);
const linkOf = (body: string) => /\/claim\/([A-Za-z0-9_.-]+)/.exec(body)?.[1] ?? '';
const score = (period: string, cell: number, tens = 0) =>
  view().then((b) => admin.post(apiPaths.admin.boardScores(SLUG), { period, ...scoresFor(b, cell, tens) }));
const tokenOf = async (period: string) => {
  const prize = await prizeRow(period);
  const [win] = await textsLike(`win:${prize?.id}:${prize?.version}:%`);
  return linkOf(win?.body ?? '');
};
/** Asks for a code for the prize and reads the code texted for it. */
const codeFor = async (period: string, token: string) => {
  expect((await fan.post(apiPaths.prizes.claimCode(token))).statusCode).toBe(202);
  const texts = await textsLike(`claim-code:${(await prizeRow(period))?.id}:%`);
  return /(\d{6})/.exec(texts.at(-1)?.body ?? '')?.[1] ?? '';
};
const cells: number[] = [];

beforeAll(async () => {
  ctx = await createTestApp({
    random,
    settings: { authSecret: secret, entryLimitPerMinute: 1000, entriesPerPhonePerBoard: 100 },
  });
  admin = await signedInAdmin(ctx.app, '10.42.0.1');
  fan = new Client(ctx.app, '10.42.0.2');
  const made = await admin.post(
    '/api/admin/boards',
    newGameBoardBody('thunder', SLUG, ctx.clock.now(), 30, {
      prizeTable: table,
      claimWindowDays: 7,
      payoutMethods: ['pickup', 'check', 'handle'],
    }),
  );
  expect(made.statusCode, made.body).toBe(201);
  for (const [i, nickname] of ['Ann', 'Ann2', 'Bo'].entries()) {
    const res = await fan.post(apiPaths.boardEntries(SLUG), {
      phone: i < 2 ? PHONE : '+12025550127',
      nickname,
      ageConfirmed: true,
      rulesAccepted: true,
      idempotencyKey: `attack-entry-${i}`,
      smsConsent: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().entry as EntryCreated;
    cells.push((await view()).cells.find((c) => c.code === created.code)?.cell ?? -1);
  }
  expect((await admin.post(apiPaths.admin.boardLock(SLUG))).statusCode).toBe(200);
  // One phone holds two winning entries: q1 ($600) and q2; a third entry wins q3.
  expect((await score('q1', cells[0] ?? 0, 1)).statusCode).toBe(200);
  expect((await score('q2', cells[1] ?? 0, 2)).statusCode).toBe(200);
  expect((await score('q3', cells[2] ?? 0, 3)).statusCode).toBe(200);
});
afterAll(() => ctx?.close());

describe('claims under attack', () => {
  it("one prize's texted code does not open another prize of the same phone", async () => {
    const q1 = await tokenOf('q1');
    const q2 = await tokenOf('q2');
    expect(q1).not.toBe(q2);
    const code = await codeFor('q1', q1);
    const res = await fan.post(apiPaths.prizes.claim(q2), { method: 'pickup', code });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('PRIZE_CLAIM_CODE_WRONG');
    expect((await prizeRow('q2'))?.state).toBe('unclaimed');
    // A code asked for on q2 does not open q1 either (q1's own code still would).
    const other = await codeFor('q2', q2);
    if (other !== code) {
      expect((await fan.post(apiPaths.prizes.claim(q1), { method: 'pickup', code: other })).statusCode).toBe(403);
    }
    expect((await prizeRow('q1'))?.state).toBe('unclaimed');
  });

  it('refuses a hostile handle (control characters, 10 KB) with a 400 and claims nothing', async () => {
    const token = await tokenOf('q2');
    const code = await codeFor('q2', token);
    for (const handle of ['@ann\u0000pays', '@ann\u001b[31m', '@ann\u202epays', 'x'.repeat(10_240)]) {
      const res = await fan.post(apiPaths.prizes.claim(token), { method: 'handle', code, handle });
      expect(res.statusCode, JSON.stringify(handle.slice(0, 20))).toBe(400);
      expect(res.json().error.fields?.handle).toBeTruthy();
    }
    expect(await prizeRow('q2')).toMatchObject({ state: 'unclaimed', handle: null });
  });

  it('the same link claimed twice at once: exactly one claim wins, the other gets 409', async () => {
    const token = await tokenOf('q2');
    const code = await codeFor('q2', token);
    const body = { method: 'handle', code, handle: '=HYPERLINK("http://evil.example","x")' };
    const [a, b] = await Promise.all([
      fan.post(apiPaths.prizes.claim(token), body),
      fan.post(apiPaths.prizes.claim(token), body),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().error.code).toBe('PRIZE_CLAIM_USED');
    expect(await prizeRow('q2')).toMatchObject({ state: 'claimed', method: 'handle' });
    // A third try after the race is refused the same way.
    expect((await fan.post(apiPaths.prizes.claim(token), { method: 'pickup', code })).statusCode).toBe(409);
  });

  it('refuses a claim on a prize already paid, and on one a re-scoring put under review', async () => {
    // q3: claimed by its winner, then a correction moves the win: the prize is flagged for review.
    const q3 = await tokenOf('q3');
    const code = await codeFor('q3', q3);
    expect((await fan.post(apiPaths.prizes.claim(q3), { method: 'pickup', code })).statusCode).toBe(200);
    expect((await score('q3', cells[0] ?? 0, 4)).statusCode).toBe(200);
    expect((await prizeRow('q3'))?.reviewNote).toContain('check before paying');
    const underReview = await fan.post(apiPaths.prizes.claim(q3), { method: 'pickup', code });
    expect(underReview.statusCode).toBe(409);
    expect((await fan.get(apiPaths.prizes.claim(q3))).statusCode).toBe(409);
    // The new holder of the cell has no link to the flagged prize: no win text was sent for it.
    expect(await textsLike(`win:${(await prizeRow('q3'))?.id}:2:%`)).toHaveLength(0);

    // q1: claimed and paid; its link is spent for good.
    const q1 = await tokenOf('q1');
    const c1 = await codeFor('q1', q1);
    expect((await fan.post(apiPaths.prizes.claim(q1), { method: 'pickup', code: c1 })).statusCode).toBe(200);
    const id = (await prizeRow('q1'))?.id ?? '';
    expect((await admin.post(apiPaths.admin.payoutPaid(id), { reference: 'CHK-9' })).statusCode).toBe(200);
    const paid = await fan.post(apiPaths.prizes.claim(q1), { method: 'give-back', code: c1 });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error.code).toBe('PRIZE_CLAIM_USED');
    expect((await prizeRow('q1'))?.state).toBe('paid');
  });

  it('flags the $600 prize of a free entry for tax paperwork, filterable and in the CSV', async () => {
    const ledger = (await admin.get(apiPaths.admin.payouts)).json() as Payouts;
    expect(ledger.prizes.map((p) => [p.period, p.taxReportable]).sort()).toEqual([
      ['q1', true],
      ['q2', false],
      ['q3', false],
    ]);
    expect(ledger.totals).toMatchObject({ taxReportableCount: 1, needsReviewCount: 1 });
    const only = (await admin.get(`${apiPaths.admin.payouts}?taxReportable=true`)).json() as Payouts;
    expect(only.prizes.map((p) => p.period)).toEqual(['q1']);
    expect((await admin.get(`${apiPaths.admin.payouts}?taxReportable=1`)).statusCode).toBe(400);
  });

  it('neutralises a formula typed as a handle in the payouts CSV', async () => {
    const res = await admin.get(apiPaths.admin.payoutsCsv);
    const lines = res.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]?.endsWith('"Needs Review","Tax Reportable","Payout Details","Received By"')).toBe(true);
    const q1 = lines.find((l) => l.includes('CHK-9'));
    expect(q1?.endsWith(',"no","yes","",""')).toBe(true);
    const q3 = lines.find((l) => l.startsWith(`"${SLUG}","3rd quarter"`));
    expect(q3).toContain(',"yes","no",');
    const q2 = lines.find((l) => l.startsWith(`"${SLUG}","2nd quarter"`)) ?? '';
    expect(q2.endsWith(`,"'=HYPERLINK(""http://evil.example"",""x"")",""`)).toBe(true);
    expect(res.body).not.toMatch(/(^|,)"=HYPERLINK/m);
  });
});

describe('entries of the same phone', () => {
  it('the two winning entries share the phone (the premise of the cross-prize test)', async () => {
    const rows = await ctx.database.db.select().from(entries).where(eq(entries.phone, PHONE));
    expect(rows).toHaveLength(2);
  });
});
