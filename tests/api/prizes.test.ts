import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, entries, mailNotifications, prizes, smsOptOuts, smsOutbox } from '../../src/server/db/schema';
import { signClaimToken } from '../../src/server/features/prizes';
import type { EntryCreated, MyEntryView } from '../../src/shared/contracts/board-responses';
import type { BoardView } from '../../src/shared/contracts/boards';
import { apiPaths } from '../../src/shared/contracts/paths';
import type { ClaimView } from '../../src/shared/contracts/prize-responses';
import type { Payouts } from '../../src/shared/contracts/prizes';
import { nbaFinalsPrizes } from '../../src/shared/domain/boards';
import { signedInFan } from '../support/accounts';
import { newGameBoardBody, scoresFor } from '../support/boards';
import { fictionPhone } from '../support/fiction-phones.mjs';
import { Client, latestMailTo } from '../support/http';
import { openEventStream } from '../support/sse';
import { createTestApp, listenOn, type TestContext } from '../support/test-app';
import { signedInAdmin } from './fake-feed';

const secret = 'test-secret-for-prize-claims-0123456789';
const SLUG = 'prize-night';
let ctx: TestContext;
let admin: Client;
let fan: Client;
let seq = 1;
/** A seeded generator, so entry codes and claim codes repeat run to run. */
const random = () => {
  seq = (seq * 16807) % 2147483647;
  return (seq - 1) / 2147483646;
};

const view = async (): Promise<BoardView> =>
  (await ctx.app.inject({ method: 'GET', url: `/api/boards/${SLUG}` })).json();
const textsLike = (pattern: string) =>
  ctx.database.db.select().from(smsOutbox).where(like(smsOutbox.key, pattern)).orderBy(smsOutbox.createdAt);
const prizeRow = async (period: string) =>
  (await ctx.database.db.select().from(prizes).where(eq(prizes.period, period)))[0];
const linkOf = (body: string) => /\/claim\/([A-Za-z0-9_.-]+)/.exec(body)?.[1] ?? '';
const score = (period: string, cell: number, tens = 0) =>
  view().then((b) => admin.post(apiPaths.admin.boardScores(SLUG), { period, ...scoresFor(b, cell, tens) }));

let createdBoard: unknown;
const entrants: { created: EntryCreated; phone: string; consent: boolean; cell: number }[] = [];

beforeAll(async () => {
  ctx = await createTestApp({
    random,
    settings: { authSecret: secret, entryLimitPerMinute: 1000, entriesPerPhonePerBoard: 100 },
  });
  admin = await signedInAdmin(ctx.app, '10.41.0.1');
  fan = new Client(ctx.app, '10.41.0.2');
  const made = await admin.post(
    '/api/admin/boards',
    newGameBoardBody('thunder', SLUG, ctx.clock.now(), 30, {
      mode: 'sweepstakes',
      claimWindowDays: 7,
      payoutMethods: ['pickup', 'handle'],
    }),
  );
  expect(made.statusCode, made.body).toBe(201);
  createdBoard = made.json();
  const nicknames = ['Ann', 'Bo', '=Cal', 'Dee'];
  for (const [i, nickname] of nicknames.entries()) {
    const phone = fictionPhone(i);
    const consent = nickname !== 'Dee';
    const res = await fan.post(apiPaths.boardEntries(SLUG), {
      phone,
      nickname,
      ageConfirmed: true,
      rulesAccepted: true,
      state: 'OH',
      idempotencyKey: `prize-entry-${i}`,
      smsConsent: consent,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().entry as EntryCreated;
    const board = await view();
    const cell = board.cells.find((c) => c.code === created.code)?.cell ?? -1;
    entrants.push({ created, phone, consent, cell });
  }
});
afterAll(() => ctx?.close());

const entryId = async (i: number) =>
  (
    await ctx.database.db
      .select({ id: entries.id })
      .from(entries)
      .where(eq(entries.ticketNumber, entrants[i]?.created.ticketNumber ?? ''))
  )[0]?.id ?? '';

describe('board settings for prizes', () => {
  it('shows the claim window and payout methods on the public board', async () => {
    const board = await view();
    expect(board.claimWindowDays).toBe(7);
    expect(board.payoutMethods).toEqual(['pickup', 'handle']);
  });

  it('returns the claim window and payout methods on the admin create, list and detail responses', async () => {
    const settings = { claimWindowDays: 7, payoutMethods: ['pickup', 'handle'] };
    expect(createdBoard).toMatchObject({ slug: SLUG, ...settings });
    const list = (await admin.get('/api/admin/boards')).json() as { boards: { slug: string }[] };
    expect(list.boards.find((b) => b.slug === SLUG)).toMatchObject(settings);
    const detail = await admin.get(`/api/admin/boards/${SLUG}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().board).toMatchObject(settings);
  });

  it('refuses a bad claim window or payout method list with a 400 and creates nothing', async () => {
    for (const extra of [
      { claimWindowDays: 0 },
      { claimWindowDays: 366 },
      { payoutMethods: [] },
      { payoutMethods: ['cash'] },
    ]) {
      const res = await admin.post('/api/admin/boards', {
        slug: 'bad-prize-board',
        gameId: '00000000-0000-4000-8000-000000000000',
        format: '1v99',
        entryRule: { kind: 'no-amount' },
        prizeTable: nbaFinalsPrizes,
        organization: 'X',
        mode: 'sweepstakes',
        paymentRequired: false,
        ...extra,
      });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/boards/bad-prize-board' })).statusCode).toBe(404);
  });
});

describe('texts at lock', () => {
  it('texts each consenting phone its digits once; a phone without consent is skipped', async () => {
    expect((await admin.post(apiPaths.admin.boardLock(SLUG))).statusCode).toBe(200);
    const board = await view();
    const texts = await textsLike('lock:%');
    expect(texts).toHaveLength(4);
    for (const e of entrants) {
      const row = texts.find((t) => t.to === e.phone);
      expect(row?.key).toMatch(new RegExp(`^lock:[0-9a-f-]{36}:\\${e.phone}$`));
      expect(row?.status).toBe(e.consent ? 'queued' : 'skipped');
      const column = board.axes.columns[e.cell % 10];
      const rowDigit = board.axes.rows[Math.floor(e.cell / 10)];
      // The drawn digits, then the place on the grid (as every screen, text and sheet names a cell).
      const place = `row ${Math.floor(e.cell / 10) + 1}, column ${(e.cell % 10) + 1}`;
      expect(row?.body).toContain(`has Thunder ${column} / Pacers ${rowDigit} (${place}). Good luck!`);
      expect(row?.body).toContain(e.created.code);
    }
    // Locking again (a retry, another instance) queues nothing new.
    await admin.post(apiPaths.admin.boardLock(SLUG));
    expect(await textsLike('lock:%')).toHaveLength(4);
  });
});
const entrantIds: string[] = [];
beforeAll(async () => {
  for (let i = 0; i < 4; i++) entrantIds.push(await entryId(i));
});

describe('prizes and win texts', () => {
  it('makes one prize for a scored period with a winner, expiring after the claim window, and texts the link', async () => {
    const res = await score('q1', entrants[0]?.cell ?? 0);
    expect(res.statusCode, res.body).toBe(200);
    const prize = await prizeRow('q1');
    expect(prize).toMatchObject({ entryId: entrantIds[0], prizeCents: 5000, state: 'unclaimed' });
    expect(prize?.expiresAt.toISOString()).toBe(new Date(ctx.clock.now().getTime() + 7 * 86_400_000).toISOString());
    const [win] = await textsLike(`win:${prize?.id}:%`);
    expect(win?.to).toBe(entrants[0]?.phone);
    expect(win?.body).toContain('1st quarter');
    expect(win?.body).toContain('$50');
    expect(win?.body).toContain('http://localhost:3000/claim/');
    // The same score again (a retry) changes nothing and texts nothing more.
    await score('q1', entrants[0]?.cell ?? 0);
    expect(await textsLike('win:%')).toHaveLength(1);
  });

  it('adds a rolled-over prize to the next winner and says so in the text', async () => {
    const held = new Set(entrants.map((e) => e.cell));
    const board = await view();
    const empty = Array.from({ length: 100 }, (_, i) => i).find(
      (i) => !held.has(i) && !board.cells.some((c) => c.cell === i),
    );
    const textsBefore = (await textsLike('%')).length;
    expect((await score('q2', empty ?? 0, 1)).statusCode).toBe(200);
    expect(await prizeRow('q2')).toBeUndefined();
    // An empty winning cell texts no one: the roll-over is said to the next winner and on the board.
    expect(await textsLike('%')).toHaveLength(textsBefore);
    const q2 = (await view()).results.find((r) => r.period === 'q2');
    expect(q2).toMatchObject({ code: null, prizeCents: 0 });
    expect((await score('q3', entrants[1]?.cell ?? 0, 2)).statusCode).toBe(200);
    const prize = await prizeRow('q3');
    expect(prize).toMatchObject({ entryId: entrantIds[1], prizeCents: 15000 });
    const [win] = await textsLike(`win:${prize?.id}:%`);
    expect(win?.body).toContain('Prize $150 (includes $100 rolled over from earlier periods)');
  });

  it('re-points an unclaimed prize on a correction: the new winner gets the link, the earlier one a correction', async () => {
    const before = await prizeRow('q1');
    expect((await score('q1', entrants[2]?.cell ?? 0, 3)).statusCode).toBe(200);
    const after = await prizeRow('q1');
    expect(after).toMatchObject({ id: before?.id, entryId: entrantIds[2], state: 'unclaimed', version: 2 });
    // Before any claim a correction just re-points: nothing for the organizer to review.
    expect(after?.reviewNote).toBeNull();
    const corrections = await textsLike(`correction:${before?.id}:%`);
    expect(corrections.map((t) => t.to)).toEqual([entrants[0]?.phone]);
    expect(corrections[0]?.body).toContain('no longer wins');
    const wins = await textsLike(`win:${before?.id}:2:%`);
    expect(wins.map((t) => t.to)).toEqual([entrants[2]?.phone]);
  });
});

describe('claims', () => {
  const tokenOf = async (period: string) => {
    const prize = await prizeRow(period);
    const [win] = await textsLike(`win:${prize?.id}:${prize?.version}:%`);
    return linkOf(win?.body ?? '');
  };

  it('shows the claim with the methods and a hidden phone', async () => {
    const token = await tokenOf('q1');
    const res = await fan.get(apiPaths.prizes.claim(token));
    expect(res.statusCode, res.body).toBe(200);
    const { claim } = res.json() as ClaimView;
    expect(claim).toMatchObject({
      boardSlug: SLUG,
      period: 'q1',
      periodLabel: '1st quarter',
      prizeCents: 5000,
      state: 'unclaimed',
      methods: ['pickup', 'handle'],
      signedInOwner: false,
      code: entrants[2]?.created.code,
    });
    expect(claim.phoneHint).toBe(`•••• ••• ${entrants[2]?.phone.slice(-4)}`);
    expect(res.body).not.toContain(entrants[2]?.phone ?? 'x');
  });

  it('refuses a tampered token in every spelling with 404', async () => {
    const token = await tokenOf('q1');
    const [payload, sig] = token.split('.') as [string, string];
    const flip = (s: string) => s.slice(0, -1) + (s.endsWith('A') ? 'B' : 'A');
    const prize = await prizeRow('q1');
    const spellings = [
      token.toUpperCase(),
      token.toLowerCase(),
      `${token}=`,
      `${token}x`,
      `${payload}.${flip(sig)}`,
      `${flip(payload)}.${sig}`,
      `${sig}.${payload}`,
      `${payload}..${sig}`,
      payload,
      `${token}.${sig}`,
      signClaimToken('another-secret-entirely-0123456789', prize?.id ?? '', prize?.expiresAt ?? new Date()),
      // Signed, but for another expiry than the prize's.
      signClaimToken(secret, prize?.id ?? '', new Date((prize?.expiresAt.getTime() ?? 0) + 1)),
      ' ',
    ];
    for (const s of spellings) {
      const res = await fan.get(apiPaths.prizes.claim(s));
      expect(res.statusCode, s).toBe(404);
      expect(res.json().error.code).toBe('PRIZE_CLAIM_INVALID');
      expect((await fan.post(apiPaths.prizes.claim(s), { method: 'pickup', code: '123456' })).statusCode).toBe(404);
    }
  });

  it('needs the texted code: missing is 400, wrong is 403, a method the board does not offer is 400', async () => {
    const token = await tokenOf('q1');
    expect((await fan.post(apiPaths.prizes.claim(token), { method: 'pickup' })).statusCode).toBe(400);
    expect((await fan.post(apiPaths.prizes.claimCode(token))).statusCode).toBe(202);
    const [codeText] = await textsLike(`claim-code:${(await prizeRow('q1'))?.id}:%`);
    expect(codeText?.to).toBe(entrants[2]?.phone);
    const code = /(\d{6})/.exec(codeText?.body ?? '')?.[1] ?? '';
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await fan.post(apiPaths.prizes.claim(token), { method: 'pickup', code: wrong });
    expect(bad.statusCode).toBe(403);
    expect(bad.json().error.code).toBe('PRIZE_CLAIM_CODE_WRONG');
    const notOffered = await fan.post(apiPaths.prizes.claim(token), { method: 'check', code, handle: '1 Main St' });
    expect(notOffered.statusCode).toBe(400);
    const noHandle = await fan.post(apiPaths.prizes.claim(token), { method: 'handle', code });
    expect(noHandle.statusCode).toBe(400);
    const multiLine = await fan.post(apiPaths.prizes.claim(token), { method: 'handle', code, handle: '@cal\n@x' });
    expect(multiLine.statusCode).toBe(400);
    expect((await prizeRow('q1'))?.state).toBe('unclaimed');

    const ok = await fan.post(apiPaths.prizes.claim(token), { method: 'handle', code, handle: '@cal-pays' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().prize).toMatchObject({ state: 'claimed', method: 'handle', period: 'q1' });
    expect(ok.json().prize.handle).toBeUndefined();
    expect(await prizeRow('q1')).toMatchObject({ state: 'claimed', handle: '@cal-pays', codeHash: null });

    // Single use: the link is spent.
    const again = await fan.post(apiPaths.prizes.claim(token), { method: 'pickup', code });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('PRIZE_CLAIM_USED');
    expect((await fan.get(apiPaths.prizes.claim(token))).statusCode).toBe(409);
    // The claim is on the record once (the refused second one is not), without the payment handle.
    const audits = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'prize.claimed'));
    expect(audits.map((a) => [a.actor, a.target, a.before, a.after])).toEqual([
      ['winner', `${SLUG}/q1`, { state: 'unclaimed' }, { state: 'claimed', method: 'handle', proof: 'texted code' }],
    ]);
    expect(JSON.stringify(audits)).not.toContain('@cal-pays');
  });

  it('limits code requests and wrong codes per address (429 with Retry-After), not per prize', async () => {
    const token = await tokenOf('q3');
    const guesser = new Client(ctx.app, '10.41.0.3');
    for (let i = 0; i < 5; i++) expect((await guesser.post(apiPaths.prizes.claimCode(token))).statusCode).toBe(202);
    const sixth = await guesser.post(apiPaths.prizes.claimCode(token));
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    const statuses: number[] = [];
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await guesser.post(apiPaths.prizes.claim(token), { method: 'pickup', code: '999999' });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) waits.push(Number(res.headers['retry-after']));
    }
    expect(statuses.slice(0, 4)).toEqual([403, 403, 403, 403]);
    expect(statuses.slice(4)).toEqual([429, 429]);
    // A refused code check says how long to wait: the lock's 15 minutes, in seconds.
    expect(waits).toEqual([900, 900]);
    // The prize is not locked: another address still gets a code and is told a wrong one is wrong.
    const other = new Client(ctx.app, '10.41.0.4');
    expect((await other.post(apiPaths.prizes.claimCode(token))).statusCode).toBe(202);
    expect((await other.post(apiPaths.prizes.claim(token), { method: 'pickup', code: '999999' })).statusCode).toBe(403);
    expect((await prizeRow('q3'))?.state).toBe('unclaimed');
  });

  it('does not let someone else’s entry be claimed: a correction after the claim flags it for the organizer', async () => {
    // q1 is claimed by entrant 2; a correction moves the win to entrant 3: the prize stays with its claimer.
    expect((await score('q1', entrants[3]?.cell ?? 0, 4)).statusCode).toBe(200);
    const prize = await prizeRow('q1');
    expect(prize).toMatchObject({ entryId: entrantIds[2], state: 'claimed' });
    const cell = entrants[3]?.cell ?? 0;
    const place = `row ${Math.floor(cell / 10) + 1}, column ${(cell % 10) + 1}`;
    expect(prize?.reviewNote).toMatch(
      new RegExp(
        `^Re-scored on \\d{4}-\\d{2}-\\d{2} after it was claimed: the winning cell is now Thunder \\d / Pacers \\d \\(${place}\\), held by ${entrants[3]?.created.code} \\(Dee\\); check before paying\\.$`,
      ),
    );
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'prize.correction-after-claim'));
    expect(audits).toHaveLength(1);
    // Entrant 3 gave no consent: the correction text is recorded but skipped.
    const [told] = await textsLike(`correction:${prize?.id}:%:${entrantIds[3]}`);
    expect(told?.status).toBe('skipped');
  });
});

describe('payout ledger', () => {
  it('lists and filters prizes with totals, and the KPIs show them', async () => {
    const all = (await admin.get(apiPaths.admin.payouts)).json() as Payouts;
    expect(all.prizes.map((p) => [p.period, p.state]).sort()).toEqual([
      ['q1', 'claimed'],
      ['q3', 'unclaimed'],
    ]);
    expect(all.prizes.find((p) => p.period === 'q1')?.handle).toBe('@cal-pays');
    expect(all.totals).toEqual({
      owedCents: 20000,
      paidCents: 0,
      givenBackCents: 0,
      expiredCents: 0,
      needsReviewCount: 1,
      taxReportableCount: 0,
    });
    const claimed = (await admin.get(`${apiPaths.admin.payouts}?state=claimed&board=${SLUG}`)).json() as Payouts;
    expect(claimed.prizes.map((p) => p.period)).toEqual(['q1']);
    expect((await admin.get(`${apiPaths.admin.payouts}?state=won`)).statusCode).toBe(400);
    expect((await new Client(ctx.app, '10.41.0.9').get(apiPaths.admin.payouts)).statusCode).toBe(401);
    const kpis = (await admin.get(apiPaths.admin.kpis)).json();
    expect(kpis.totals).toMatchObject({ prizesOwedCents: 20000, prizesPaidCents: 0, prizesGivenBackCents: 0 });
  });

  it('refuses to pay a flagged prize until an admin marks it reviewed (audited once, idempotent)', async () => {
    const q1 = await prizeRow('q1');
    const flagged = await admin.post(apiPaths.admin.payoutPaid(q1?.id ?? ''), { reference: 'EARLY' });
    expect(flagged.statusCode).toBe(409);
    expect(flagged.json().error.code).toBe('PRIZE_NEEDS_REVIEW');
    const onlyFlagged = (await admin.get(`${apiPaths.admin.payouts}?needsReview=true`)).json() as Payouts;
    expect(onlyFlagged.prizes.map((p) => [p.period, p.needsReview])).toEqual([['q1', true]]);
    expect(onlyFlagged.prizes[0]?.reviewNote).toContain('check before paying');
    expect((await admin.get(`${apiPaths.admin.payouts}?needsReview=yes`)).statusCode).toBe(400);
    expect((await admin.get(apiPaths.admin.kpis)).json().totals.prizesNeedingReview).toBe(1);

    // Not an admin: refused by the gate, nothing changes.
    const stranger = new Client(ctx.app, '10.41.0.8');
    expect((await stranger.post(apiPaths.admin.payoutReviewed(q1?.id ?? ''))).statusCode).toBe(401);
    expect(await fan.post(apiPaths.admin.payoutReviewed(q1?.id ?? '')).then((r) => r.statusCode)).toBe(401);
    expect((await prizeRow('q1'))?.reviewNote).not.toBeNull();
    expect((await admin.post(apiPaths.admin.payoutReviewed('not-a-uuid'))).statusCode).toBe(404);

    for (let i = 0; i < 2; i++) {
      const res = await admin.post(apiPaths.admin.payoutReviewed(q1?.id ?? ''));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().prize).toMatchObject({ period: 'q1', needsReview: false, reviewNote: null, state: 'claimed' });
    }
    const audits = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'prize.reviewed'));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.target).toBe(`${SLUG}/q1`);
    expect(audits[0]?.actor).toContain('admin session');
    expect((await admin.get(apiPaths.admin.kpis)).json().totals.prizesNeedingReview).toBe(0);
  });

  it('marks a claimed prize paid with a reference, audited; refuses unclaimed prizes and bad input', async () => {
    const q1 = await prizeRow('q1');
    const q3 = await prizeRow('q3');
    expect((await admin.post(apiPaths.admin.payoutPaid(q1?.id ?? ''), { reference: '' })).statusCode).toBe(400);
    expect((await admin.post(apiPaths.admin.payoutPaid('not-a-uuid'), { reference: 'x' })).statusCode).toBe(404);
    const unclaimed = await admin.post(apiPaths.admin.payoutPaid(q3?.id ?? ''), { reference: 'CHK-1' });
    expect(unclaimed.statusCode).toBe(409);
    const res = await admin.post(apiPaths.admin.payoutPaid(q1?.id ?? ''), { reference: 'VENMO-42' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().prize).toMatchObject({ state: 'paid', paidReference: 'VENMO-42' });
    expect((await admin.post(apiPaths.admin.payoutPaid(q1?.id ?? ''), { reference: 'again' })).statusCode).toBe(409);
    const audits = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'prize.paid'));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.after).toEqual({ state: 'paid', reference: 'VENMO-42' });
    const kpis = (await admin.get(apiPaths.admin.kpis)).json();
    expect(kpis.totals).toMatchObject({ prizesOwedCents: 15000, prizesPaidCents: 5000 });
  });

  it('exports the ledger as CSV, formula-safe', async () => {
    const res = await admin.get(apiPaths.admin.payoutsCsv);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="payouts_2025-06-11.csv"');
    const lines = res.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe(
      '"Board","Period","Code","Nickname","Prize","State","Method","Claimed At","Paid At","Reference","Needs Review","Tax Reportable","Payout Details","Received By"',
    );
    const paid = lines.find((l) => l.includes('VENMO-42'));
    expect(paid).toContain(`"'=Cal"`);
    expect(paid).toContain(',50,"paid","handle",');
    expect(lines).toHaveLength(3);
  });
});

describe('my entries and expiry', () => {
  it('shows the winner its prize with a claim link while unclaimed', async () => {
    const res = await fan.post(apiPaths.entryLookup, { tickets: entrants.map((e) => e.created.ticketNumber) });
    const mine = res.json().entries as MyEntryView[];
    const bo = mine.find((e) => e.code === entrants[1]?.created.code);
    expect(bo?.prizes).toEqual([
      expect.objectContaining({
        period: 'q3',
        prizeCents: 15000,
        state: 'unclaimed',
        claimUrl: expect.stringContaining('/claim/'),
      }),
    ]);
    const cal = mine.find((e) => e.code === entrants[2]?.created.code);
    expect(cal?.prizes).toEqual([expect.objectContaining({ period: 'q1', state: 'paid', claimUrl: null })]);
  });

  it('expires an unclaimed prize on the scheduler once its window ends; its link then answers 410', async () => {
    const prize = await prizeRow('q3');
    const token = signClaimToken(secret, prize?.id ?? '', prize?.expiresAt ?? new Date());
    ctx.clock.advance(7 * 86_400_000 + 1);
    expect((await fan.get(apiPaths.prizes.claim(token))).statusCode).toBe(410);
    await ctx.clock.tick(60_000);
    expect((await prizeRow('q3'))?.state).toBe('expired');
    const expiries = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'prize.expired'));
    expect(expiries.map((a) => [a.actor, a.target, a.after])).toEqual([['prizes', `${SLUG}/q3`, { state: 'expired' }]]);
    const res = await fan.get(apiPaths.prizes.claim(token));
    expect(res.statusCode).toBe(410);
    expect(res.json().error.code).toBe('PRIZE_CLAIM_EXPIRED');
    // A week on, the admin session has ended: sign in again.
    admin = await signedInAdmin(ctx.app, '10.41.0.3');
    const totals = ((await admin.get(apiPaths.admin.payouts)).json() as Payouts).totals;
    expect(totals).toMatchObject({ owedCents: 0, paidCents: 5000, givenBackCents: 0, expiredCents: 15000 });
  });
});

describe('the signed-in owner', () => {
  it('claims without a texted code (here: gives the prize back); another signed-in account cannot', async () => {
    const owner = await signedInFan(ctx.database.db, new Client(ctx.app, '10.41.1.1'), {
      email: 'ann-owner@example.com',
      name: 'Ann Owner',
      phone: entrants[0]?.phone ?? '',
    });
    const linked = await owner.post(apiPaths.entryLinks, { tickets: [entrants[0]?.created.ticketNumber] });
    expect(linked.json().linked).toHaveLength(1);
    const stranger = await signedInFan(ctx.database.db, new Client(ctx.app, '10.41.1.2'), {
      email: 'stranger@example.com',
      name: 'Stranger',
      phone: '+12025550128',
    });

    // Ann replied STOP earlier: the win is not texted, but her account still gets the email.
    await ctx.database.db
      .insert(smsOptOuts)
      .values({ phone: entrants[0]?.phone ?? '', keyword: 'STOP', optedOutAt: ctx.clock.now() });
    const stream = await openEventStream(`${await listenOn(ctx.app)}/api/boards/${SLUG}/events`);
    expect((await score('final', entrants[0]?.cell ?? 0, 9)).statusCode).toBe(200);
    const prize = await prizeRow('final');
    expect(prize).toMatchObject({ entryId: entrantIds[0], state: 'unclaimed' });
    // The entry belongs to an account: the win is emailed too, once, through the notifications outbox.
    await score('final', entrants[0]?.cell ?? 0, 9);
    const emails = await ctx.database.db
      .select()
      .from(mailNotifications)
      .where(like(mailNotifications.key, `win:${prize?.id}:%`));
    expect(emails.map((m) => [m.to, m.subject])).toEqual([
      ['ann-owner@example.com', 'You won the Final score (including overtime) on Thunder vs Pacers'],
    ]);
    const [winText] = await textsLike(`win:${prize?.id}:%`);
    expect(winText).toMatchObject({ status: 'skipped', lastError: 'the number opted out (STOP)' });
    await ctx.clock.tick(5_000);
    const mail = await latestMailTo(ctx.database.db, 'ann-owner@example.com');
    expect(mail?.subject).toBe('You won the Final score (including overtime) on Thunder vs Pacers');
    expect(mail?.text).toContain('/claim/');
    const token = signClaimToken(secret, prize?.id ?? '', prize?.expiresAt ?? new Date());

    expect((await stranger.get(apiPaths.prizes.claim(token))).json().claim.signedInOwner).toBe(false);
    const refused = await stranger.post(apiPaths.prizes.claim(token), { method: 'give-back' });
    expect(refused.statusCode).toBe(400);
    expect((await prizeRow('final'))?.state).toBe('unclaimed');

    expect((await owner.get(apiPaths.prizes.claim(token))).json().claim.signedInOwner).toBe(true);
    const given = await owner.post(apiPaths.prizes.claim(token), { method: 'give-back' });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().prize).toMatchObject({ state: 'given-back', method: 'give-back' });
    const gifts = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'prize.given-back'));
    expect(gifts.map((a) => [a.actor, a.after])).toEqual([
      ['winner', { state: 'given-back', method: 'give-back', proof: 'account' }],
    ]);
    // Each change of the prize's state is the board's live 'prize' event.
    await stream.waitFor((e) => e.event === 'prize' && (e.data as { state: string }).state === 'given-back');
    expect(stream.events.filter((e) => e.event === 'prize').map((e) => e.data)).toEqual([
      { period: 'final', state: 'unclaimed' },
      { period: 'final', state: 'given-back' },
    ]);
    stream.close();
    const kpis = (await admin.get(apiPaths.admin.kpis)).json();
    expect(kpis.totals.prizesGivenBackCents).toBe(15000);
    const mine = (await owner.post(apiPaths.entryLookup, { tickets: [] })).json().entries as MyEntryView[];
    expect(mine[0]?.prizes).toEqual([
      expect.objectContaining({ period: 'final', state: 'given-back', claimUrl: null }),
    ]);
  });
});
