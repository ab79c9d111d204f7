import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, boards, entries, mailNotifications, prizes, smsOutbox } from '../../src/server/db/schema';
import {
  type AdminEntry,
  type AdminImportResult,
  adminErrorCodes,
  ENTRY_IMPORT_MAX,
  importProblemKey,
} from '../../src/shared/contracts/admin';
import { ageTickMessage, type BoardView, boardErrorCodes } from '../../src/shared/contracts/boards';
import { entryImportTemplate, importMessages } from '../../src/shared/contracts/entry-import';
import { apiPaths } from '../../src/shared/contracts/paths';
import {
  type ClaimCode,
  ORGANIZER_CODE_DIGITS,
  type Payouts,
  payoutsCsvColumns,
  prizeErrorCodes,
  VENUE_CASH_REFERENCE,
} from '../../src/shared/contracts/prizes';
import { legalMessages } from '../../src/shared/domain/legal';
import { SMS_CONSENT_TEXT } from '../../src/shared/domain/sms';
import { newGameBoardBody, scoresFor } from '../support/boards';
import { parseCsv } from '../support/csv';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { testDatabaseKind } from '../support/test-db';
import { signedInAdmin } from './fake-feed';

/**
 * Cash winners get paid (issue 36, item 4): an organizer's entry obeys the board's eligibility rules and keeps a
 * way to reach the entrant; a CSV import adds many at once, all or nothing; every unclaimed prize has a claim
 * code the organizer can show, which the claim page takes in place of a texted code; a prize can be recorded
 * paid in cash at the venue with who received it.
 */

const secret = 'test-secret-for-cash-winners-0123456789';
let ctx: TestContext;
let admin: Client;
let seq = 7;
const random = () => {
  seq = (seq * 16807) % 2147483647;
  return (seq - 1) / 2147483646;
};
const db = () => ctx.database.db;

const DAY_MS = 86_400_000;
const ENTRIES = 'cash-entries';
const IMPORT = 'cash-import';
const PRIZES = 'cash-prizes';

/** A sweepstakes board (state asked, FL, NY and RI excluded) taking $5 to $20 pledges. */
const pledgeBoard = (slug: string, minutes: number) =>
  newGameBoardBody('knicks', slug, ctx.clock.now(), minutes, {
    mode: 'sweepstakes',
    entryRule: { kind: 'whole-range', minCents: 500, maxCents: 2000, defaultCents: 500, quickPicksCents: [500] },
  });

const view = async (slug: string): Promise<BoardView> =>
  (await ctx.app.inject({ method: 'GET', url: apiPaths.board(slug) })).json();
const entryCount = async (slug: string) => (await view(slug)).entryCount;
const auditCount = async (action?: string) =>
  (
    await db()
      .select({ n: count() })
      .from(auditLog)
      .where(action ? eq(auditLog.action, action) : undefined)
  )[0]?.n;
const addEntry = (body: Record<string, unknown>) => admin.post(apiPaths.admin.entries, body);
const importCsv = (boardSlug: string, csv: string) => admin.post(apiPaths.admin.entriesImport, { boardSlug, csv });
const entryRow = async (id: string) => (await db().select().from(entries).where(eq(entries.id, id)))[0];

beforeAll(async () => {
  ctx = await createTestApp({
    random,
    settings: { authSecret: secret, entryLimitPerMinute: 1000, entriesPerPhonePerBoard: 100 },
  });
  admin = await signedInAdmin(ctx.app, '10.36.0.1');
  for (const body of [
    // Open now, so a fan's entry can be compared with the organizer's.
    pledgeBoard(ENTRIES, 30),
    pledgeBoard(IMPORT, 90),
    newGameBoardBody('thunder', PRIZES, ctx.clock.now(), 90, {
      mode: 'sweepstakes',
      claimWindowDays: 7,
      payoutMethods: ['pickup', 'check'],
    }),
  ]) {
    const res = await admin.post(apiPaths.admin.boards, body);
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(() => ctx?.close());

describe(`an organizer's entry obeys the board's eligibility rules like a fan's (${testDatabaseKind})`, () => {
  const good = { boardSlug: ENTRIES, nickname: 'Cash', amountCents: 1000, state: 'OH', ageConfirmed: true };
  const fan = (body: Record<string, unknown>) =>
    new Client(ctx.app, '10.36.0.9').post(apiPaths.boardEntries(ENTRIES), {
      phone: '+12025550130',
      nickname: 'Fan',
      amountCents: 1000,
      ageConfirmed: true,
      rulesAccepted: true,
      idempotencyKey: `fan-${Math.random()}`,
      ...body,
    });

  it('refuses an excluded state (403) and a missing one (400) with the fan’s code and message', async () => {
    const before = await entryCount(ENTRIES);
    const audits = await auditCount();
    const excluded = await addEntry({ ...good, state: 'ny' });
    const fanExcluded = await fan({ state: 'NY' });
    expect(excluded.statusCode).toBe(403);
    expect(fanExcluded.statusCode, fanExcluded.body).toBe(403);
    expect(excluded.json().error).toEqual(fanExcluded.json().error);
    expect(excluded.json().error).toMatchObject({
      code: boardErrorCodes.stateExcluded,
      fields: { state: legalMessages.stateExcluded('sweepstakes', 'NY') },
    });
    const { state: _state, ...stateless } = good;
    const missing = await addEntry(stateless);
    const fanMissing = await fan({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toEqual(fanMissing.json().error);
    expect(missing.json().error.code).toBe(boardErrorCodes.stateRequired);
    expect(await entryCount(ENTRIES)).toBe(before);
    expect(await auditCount()).toBe(audits);
  });

  it('refuses an entry without the age tick, with the fan’s message on the field', async () => {
    const before = await entryCount(ENTRIES);
    for (const body of [
      { ...good, ageConfirmed: undefined },
      { ...good, ageConfirmed: false },
    ]) {
      const res = await addEntry(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields).toEqual({ ageConfirmed: ageTickMessage });
    }
    const fanRes = await fan({ state: 'OH', ageConfirmed: false });
    expect(fanRes.json().error.fields.ageConfirmed).toBe(ageTickMessage);
    expect(await entryCount(ENTRIES)).toBe(before);
  });

  it('refuses text consent without a phone and a malformed email, changing nothing', async () => {
    const before = await entryCount(ENTRIES);
    const consent = await addEntry({ ...good, smsConsent: true });
    expect(consent.statusCode).toBe(400);
    expect(consent.json().error.fields).toHaveProperty('smsConsent', 'Text consent needs the entrant’s phone number');
    const email = await addEntry({ ...good, email: 'not-an-email' });
    expect(email.statusCode).toBe(400);
    expect(email.json().error.fields).toHaveProperty('email', 'Please enter a valid email address');
    expect(await entryCount(ENTRIES)).toBe(before);
  });

  it('stores the state, the age tick, the consent with its wording and time, and the email; audited', async () => {
    const res = await addEntry({
      ...good,
      phone: '(202) 555-0131',
      email: 'cash.fan@example.com',
      smsConsent: true,
      idempotencyKey: 'cash-entry-consent-1',
    });
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json() as AdminEntry;
    expect(entry).toMatchObject({ state: 'OH', phone: '+12025550131', paymentState: 'pledged' });
    expect(await entryRow(entry.id)).toMatchObject({
      state: 'OH',
      email: 'cash.fan@example.com',
      smsConsent: true,
      smsConsentText: SMS_CONSENT_TEXT,
      smsConsentedAt: ctx.clock.now(),
      ageConfirmedAt: ctx.clock.now(),
      addedByAdmin: true,
    });
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'entry.add'));
    expect(audit?.after).toMatchObject({
      code: entry.code,
      state: 'OH',
      email: 'cash.fan@example.com',
      smsConsent: true,
      ageConfirmed: true,
    });
    // The same submission again is the same entry, not a second change.
    const again = await addEntry({ ...good, phone: '(202) 555-0131', idempotencyKey: 'cash-entry-consent-1' });
    expect(again.json().id).toBe(entry.id);
    expect(await auditCount('entry.add')).toBe(1);

    const silent = await addEntry({ ...good, phone: '2025550132' });
    expect(silent.statusCode, silent.body).toBe(201);
    expect(await entryRow(silent.json().id)).toMatchObject({
      smsConsent: false,
      smsConsentText: null,
      smsConsentedAt: null,
      email: null,
    });
  });
});

describe(`a CSV import of many entries, all or nothing (${testDatabaseKind})`, () => {
  const header = 'Nickname,Phone,Email,State,Amount,Text Consent,Age Confirmed,Team Support';

  it('adds every line of a good file, each audited as a single add is; a replay adds nothing twice', async () => {
    // A byte-order mark, CRLF, quoted commas and quotes, a header in other spellings and order, a blank line.
    const csv =
      '\uFEFFage_confirmed,NICKNAME,team support,state,amount,text-consent,phone,email\r\n' +
      'yes,Ana,"Knicks, forever",oh,10,yes,202-555-0122,ana@example.com\r\n' +
      'Y,Ben,"The ""Bockers""",TX,$12,no,,\r\n' +
      '\r\n' +
      'true,Ana,"Knicks, forever",oh,10,yes,202-555-0122,ana@example.com\r\n' +
      'x,Cy,,CA,5,,,\r\n';
    const before = await entryCount(IMPORT);
    const audits = await auditCount('entry.add');
    const res = await importCsv(IMPORT, csv);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as AdminImportResult;
    expect(result).toMatchObject({ added: 4, alreadyAdded: 0 });
    expect(result.entries.map((e) => [e.line, e.entry.nickname, e.entry.state, e.entry.amountCents])).toEqual([
      [2, 'Ana', 'OH', 1000],
      [3, 'Ben', 'TX', 1200],
      [5, 'Ana', 'OH', 1000],
      [6, 'Cy', 'CA', 500],
    ]);
    expect(result.entries[1]?.entry.teamSupport).toBe('The "Bockers"');
    expect(result.entries[0]?.entry.teamSupport).toBe('Knicks, forever');
    // Two identical lines are two entries.
    expect(new Set(result.entries.map((e) => e.entry.id)).size).toBe(4);
    expect(await entryRow(result.entries[0]?.entry.id ?? '')).toMatchObject({
      email: 'ana@example.com',
      phone: '+12025550122',
      smsConsent: true,
      smsConsentText: SMS_CONSENT_TEXT,
      addedByAdmin: true,
    });
    expect(await entryRow(result.entries[1]?.entry.id ?? '')).toMatchObject({ smsConsent: false, email: null });
    expect(await entryCount(IMPORT)).toBe(before + 4);
    expect(await auditCount('entry.add')).toBe((audits ?? 0) + 4);
    const lines = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'entry.add'), eq(auditLog.target, IMPORT)));
    expect(lines.map((a) => (a.after as { importLine: number }).importLine).sort()).toEqual([2, 3, 5, 6]);

    // The same file again (a retry), spelled with LF and without the mark: nothing is added twice.
    const replay = await importCsv(IMPORT, csv.replace(/^\uFEFF/, '').replaceAll('\r\n', '\n'));
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json()).toMatchObject({ added: 0, alreadyAdded: 4 });
    expect((replay.json() as AdminImportResult).entries.map((e) => e.entry.id)).toEqual(
      result.entries.map((e) => e.entry.id),
    );
    // With one line more, only that line is new.
    const more = await importCsv(IMPORT, `${csv}yes,Dee,,WA,20,no,,\r\n`);
    expect(more.json()).toMatchObject({ added: 1, alreadyAdded: 4 });
    expect(await entryCount(IMPORT)).toBe(before + 5);
    expect(await auditCount('entry.add')).toBe((audits ?? 0) + 5);
  });

  it('refuses a file with a bad line: nothing is added, and each problem is named by line and column', async () => {
    const csv = [
      header,
      'Eve,,,OH,10,no,yes,',
      'Fay,,,NY,10,no,yes,',
      'Gus,,,OH,ten,no,yes,',
      'Hal,,,OH,10,no,,',
      'Ivy,,,OH,25,maybe,yes,',
      'Jo,12ab,jo@,OH,10,yes,yes,',
      'Kim,,,OH,10,no,yes,"Knicks, "forever""',
      '',
    ].join('\r\n');
    const before = await entryCount(IMPORT);
    const audits = await auditCount();
    const res = await importCsv(IMPORT, csv);
    expect(res.statusCode).toBe(400);
    // The stray quote is a problem of the file as CSV: named by its line before any entry is read.
    expect(res.json().error.code).toBe(adminErrorCodes.importRefused);
    expect(res.json().error.fields).toEqual({ [importProblemKey(8, 'whole line')]: expect.stringContaining('quote') });

    const fixed = csv.replace('"Knicks, "forever""', '"Knicks, ""forever"""');
    const refused = await importCsv(IMPORT, fixed);
    expect(refused.statusCode).toBe(400);
    const error = refused.json().error;
    expect(error.code).toBe(adminErrorCodes.importRefused);
    expect(error.message).toBe('Nothing was added: 5 lines of the file have problems.');
    expect(error.fields).toEqual({
      [importProblemKey(3, 'State')]: legalMessages.stateExcluded('sweepstakes', 'NY'),
      [importProblemKey(4, 'Amount')]: 'Enter an amount in dollars, e.g. 25 or 12.50',
      [importProblemKey(5, 'Age Confirmed')]: ageTickMessage,
      [importProblemKey(6, 'Text Consent')]: importMessages.yesNo,
      [importProblemKey(7, 'Phone')]: 'Enter a valid US phone number',
      [importProblemKey(7, 'Email')]: 'Please enter a valid email address',
    });
    expect(await entryCount(IMPORT)).toBe(before);
    expect(await auditCount()).toBe(audits);

    // The board's amount rule is checked line by line too (after the file reads well).
    const amount = await importCsv(IMPORT, `${header}\r\nLiv,,,OH,10,no,yes,\r\nMo,,,OH,25,no,yes,\r\n`);
    expect(amount.json().error.fields).toEqual({
      [importProblemKey(3, 'Amount')]: 'Enter a whole amount from $5 to $20.',
    });
    expect(await entryCount(IMPORT)).toBe(before);
  });

  it('names a header that does not fit, an empty file and one too long', async () => {
    const cases: [string, Record<string, string>][] = [
      [
        'Nickname,Colour,Age Confirmed\r\nAl,red,yes\r\n',
        { [importProblemKey(1, 'Colour')]: importMessages.unknownColumn('Colour') },
      ],
      [
        'Nickname,State\r\nAl,OH\r\n',
        { [importProblemKey(1, 'Age Confirmed')]: importMessages.missingColumn('Age Confirmed') },
      ],
      [
        'Nickname,nickname,Age Confirmed\r\nAl,Al,yes\r\n',
        { [importProblemKey(1, 'Nickname')]: importMessages.twiceColumn('Nickname') },
      ],
      ['', { [importProblemKey(1, 'whole line')]: importMessages.empty }],
      ['Nickname,Age Confirmed\r\n', { [importProblemKey(1, 'whole line')]: importMessages.noLines }],
      [
        `Nickname,Age Confirmed,State\r\n${'Al,yes,OH\r\n'.repeat(ENTRY_IMPORT_MAX + 1)}`,
        { [importProblemKey(1, 'whole line')]: importMessages.tooMany(ENTRY_IMPORT_MAX + 1) },
      ],
      [
        'Nickname,Age Confirmed,State\r\n"Al,yes,OH\r\n',
        { [importProblemKey(2, 'whole line')]: expect.stringContaining('not closed') },
      ],
    ];
    const before = await entryCount(IMPORT);
    for (const [csv, fields] of cases) {
      const res = await importCsv(IMPORT, csv);
      expect(res.statusCode, csv.slice(0, 60)).toBe(400);
      expect(res.json().error.fields, csv.slice(0, 60)).toEqual(fields);
    }
    const noBoard = await importCsv('', 'Nickname,Age Confirmed\r\nAl,yes\r\n');
    expect(noBoard.statusCode).toBe(400);
    expect(noBoard.json().error.fields).toEqual({ boardSlug: 'Choose a game board' });
    const unknown = await importCsv('no-such-board', 'Nickname,Age Confirmed,State\r\nAl,yes,OH\r\n');
    expect(unknown.statusCode).toBe(404);
    expect(await entryCount(IMPORT)).toBe(before);
  });

  it('reads the template it offers, and refuses a file larger than the board’s room or a locked board', async () => {
    const template = await importCsv(IMPORT, entryImportTemplate());
    expect(template.statusCode, template.body).toBe(200);
    expect(template.json().added).toBe(1);

    const room = 100 - (await entryCount(IMPORT));
    const lines = Array.from({ length: room + 1 }, (_, i) => `N${i},yes,OH,5`).join('\r\n');
    const full = await importCsv(IMPORT, `Nickname,Age Confirmed,State,Amount\r\n${lines}\r\n`);
    expect(full.statusCode).toBe(400);
    expect(full.json().error.fields).toEqual({
      [importProblemKey(1, 'whole line')]: importMessages.noRoom(room, room + 1),
    });
    expect(await entryCount(IMPORT)).toBe(100 - room);

    expect((await admin.post(apiPaths.admin.boardLock(IMPORT))).statusCode).toBe(200);
    const locked = await importCsv(IMPORT, 'Nickname,Age Confirmed,State,Amount\r\nLate,yes,OH,5\r\n');
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.code).toBe(boardErrorCodes.closed);
    // A retry of a file already added still answers with its entries once the board is locked.
    const retry = await importCsv(IMPORT, entryImportTemplate());
    expect(retry.json()).toMatchObject({ added: 0, alreadyAdded: 1 });
  });
});

describe(`cash winners: a claim code the organizer shows, and prizes paid in cash at the venue (${testDatabaseKind})`, () => {
  const cashEntry = async (nickname: string, extra: Record<string, unknown> = {}) => {
    const res = await addEntry({ boardSlug: PRIZES, nickname, state: 'OH', ageConfirmed: true, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as AdminEntry;
  };
  const cells = new Map<string, number>();
  const score = async (period: string, nickname: string, tens: number) => {
    const res = await admin.post(apiPaths.admin.boardScores(PRIZES), {
      period,
      ...scoresFor(await view(PRIZES), cells.get(nickname) ?? -1, tens),
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const prizeOf = async (period: string) => {
    const [row] = await db()
      .select()
      .from(prizes)
      .innerJoin(boards, eq(prizes.boardId, boards.id))
      .where(and(eq(prizes.period, period), eq(boards.slug, PRIZES)));
    if (!row) throw new Error(`no ${period} prize`);
    return row.prizes;
  };
  const showCode = (id: string) => admin.post(apiPaths.admin.payoutClaimCode(id));
  const payInCash = (id: string, receivedBy: unknown) =>
    admin.post(apiPaths.admin.payoutPaidInCash(id), { receivedBy });
  const tokenOf = (url: string) => url.split('/claim/')[1] ?? '';
  const claim = (client: Client, token: string, body: Record<string, unknown>) =>
    client.post(apiPaths.prizes.claim(token), body);
  let winner: Client;

  beforeAll(async () => {
    winner = new Client(ctx.app, '10.36.1.1');
    const bo = await cashEntry('Bo', { email: 'bo.cash@example.com' });
    const fan = await cashEntry('Cy', { phone: '202-555-0134', smsConsent: true });
    const rest = [await cashEntry('Ann'), bo, fan, await cashEntry('Dee'), await cashEntry('Eve')];
    expect((await admin.post(apiPaths.admin.boardLock(PRIZES))).statusCode).toBe(200);
    const board = await view(PRIZES);
    for (const e of rest) cells.set(e.nickname, board.cells.find((c) => c.code === e.code)?.cell ?? -1);
    await score('q1', 'Ann', 0);
    await score('q2', 'Bo', 1);
    await score('q3', 'Cy', 2);
    await score('final', 'Eve', 3);
  });

  it('a cash winner without phone or email is texted nothing; one with an email is emailed the claim link', async () => {
    const ann = await prizeOf('q1');
    expect(ann).toMatchObject({ state: 'unclaimed', prizeCents: 5000 });
    expect(
      await db()
        .select()
        .from(smsOutbox)
        .where(like(smsOutbox.key, `win:${ann.id}:%`)),
    ).toEqual([]);
    const bo = await prizeOf('q2');
    const [mail] = await db()
      .select()
      .from(mailNotifications)
      .where(like(mailNotifications.key, `win:${bo.id}:%`));
    expect(mail?.to).toBe('bo.cash@example.com');
    expect(mail?.text).toContain('http://localhost:3000/claim/');
  });

  it('shows an unclaimed prize’s claim code with its link and QR, the same each time, audited without the code', async () => {
    const ann = await prizeOf('q1');
    const audits = await auditCount('prize.claim-code-shown');
    const res = await showCode(ann.id);
    expect(res.statusCode, res.body).toBe(200);
    const shown = res.json() as ClaimCode;
    expect(shown.code).toMatch(new RegExp(`^\\d{${ORGANIZER_CODE_DIGITS}}$`));
    expect(shown.claimUrl).toMatch(/^http:\/\/localhost:3000\/claim\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(shown.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(shown.prize).toMatchObject({ id: ann.id, state: 'unclaimed', winnerNickname: 'Ann' });
    const again = (await showCode(ann.id)).json() as ClaimCode;
    expect([again.code, again.claimUrl]).toEqual([shown.code, shown.claimUrl]);
    const logged = await db().select().from(auditLog).where(eq(auditLog.action, 'prize.claim-code-shown'));
    expect(logged).toHaveLength((audits ?? 0) + 2);
    expect(logged[0]).toMatchObject({ target: `${PRIZES}/q1`, after: { state: 'unclaimed', version: 1 } });
    expect(JSON.stringify(logged)).not.toContain(shown.code);
    // Nothing of the code is stored: the prize row has no code hash.
    expect((await prizeOf('q1')).codeHash).toBeNull();
  });

  it('the winner claims with the organizer’s code in place of a texted one; the claim is audited with that proof', async () => {
    const ann = await prizeOf('q1');
    const { code, claimUrl } = (await showCode(ann.id)).json() as ClaimCode;
    const token = tokenOf(claimUrl);
    const page = await winner.get(apiPaths.prizes.claim(token));
    expect(page.json().claim).toMatchObject({ textable: false, phoneHint: '••••', state: 'unclaimed' });
    // No phone to text a code to.
    expect((await winner.post(apiPaths.prizes.claimCode(token))).statusCode).toBe(409);
    const wrong = await claim(winner, token, { method: 'pickup', code: code === '00000000' ? '11111111' : '00000000' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe(prizeErrorCodes.codeWrong);
    expect((await claim(winner, token, { method: 'pickup', code: '1234567' })).statusCode).toBe(400);
    const ok = await claim(winner, token, { method: 'pickup', code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().prize).toMatchObject({ state: 'claimed', method: 'pickup' });
    expect(ok.json().prize.receivedBy).toBeUndefined();
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'prize.claimed'), eq(auditLog.target, `${PRIZES}/q1`)));
    expect(audit?.after).toEqual({ state: 'claimed', method: 'pickup', proof: 'organizer code' });
    // Claimed: no claim code to show any more.
    const late = await showCode(ann.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatchObject({
      code: prizeErrorCodes.notClaimable,
      message: expect.stringContaining('already claimed'),
    });
  });

  it('pays a claimed prize in cash at the venue with who received it, audited; paying again is refused', async () => {
    const ann = await prizeOf('q1');
    ctx.clock.advance(60_000);
    const audits = await auditCount('prize.paid-in-cash');
    expect((await payInCash(ann.id, '  ')).statusCode).toBe(400);
    expect((await payInCash(ann.id, 'x'.repeat(101))).statusCode).toBe(400);
    const res = await payInCash(ann.id, ' Ann Lee ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().prize).toMatchObject({
      state: 'paid',
      method: 'pickup',
      paidReference: VENUE_CASH_REFERENCE,
      receivedBy: 'Ann Lee',
      paidAt: ctx.clock.now().toISOString(),
    });
    expect(await auditCount('prize.paid-in-cash')).toBe((audits ?? 0) + 1);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'prize.paid-in-cash'));
    expect(audit).toMatchObject({
      target: `${PRIZES}/q1`,
      before: { state: 'claimed', method: 'pickup' },
      after: { state: 'paid', method: 'pickup', reference: VENUE_CASH_REFERENCE, receivedBy: 'Ann Lee' },
    });
    const again = await payInCash(ann.id, 'Ann Lee');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: prizeErrorCodes.notPayable,
      message: expect.stringContaining('already paid'),
    });
    expect((await showCode(ann.id)).statusCode).toBe(409);
    expect(await auditCount('prize.paid-in-cash')).toBe((audits ?? 0) + 1);
  });

  it('pays an unclaimed prize in cash (Mark paid still needs a claim), and the ledger and CSV show who received it', async () => {
    const bo = await prizeOf('q2');
    const markPaid = await admin.post(apiPaths.admin.payoutPaid(bo.id), { reference: 'cash' });
    expect(markPaid.statusCode).toBe(409);
    expect(markPaid.json().error.code).toBe(prizeErrorCodes.notClaimed);
    const res = await payInCash(bo.id, 'Bo’s mother');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().prize).toMatchObject({ state: 'paid', method: 'pickup', receivedBy: 'Bo’s mother' });
    expect(res.json().prize.claimedAt).toBe(ctx.clock.now().toISOString());
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'prize.paid-in-cash'), eq(auditLog.target, `${PRIZES}/q2`)));
    expect(audit?.before).toEqual({ state: 'unclaimed', method: null });

    const ledger = (await admin.get(`${apiPaths.admin.payouts}?board=${PRIZES}`)).json() as Payouts;
    expect(ledger.prizes.find((p) => p.period === 'q2')).toMatchObject({ receivedBy: 'Bo’s mother', state: 'paid' });
    expect(ledger.totals.paidCents).toBe(15000);
    const csv = parseCsv((await admin.get(apiPaths.admin.payoutsCsv)).body);
    expect(csv[0]).toEqual([...payoutsCsvColumns]);
    const column = payoutsCsvColumns.indexOf('Received By');
    const rows = csv.slice(1).filter((r) => r[0] === PRIZES);
    expect(rows.map((r) => [r[1], r[5], r[9], r[column]]).sort()).toEqual([
      ['1st quarter', 'paid', VENUE_CASH_REFERENCE, 'Ann Lee'],
      ['2nd quarter', 'paid', VENUE_CASH_REFERENCE, 'Bo’s mother'],
      ['3rd quarter', 'unclaimed', '', ''],
      ['Final score (including overtime)', 'unclaimed', '', ''],
    ]);
  });

  it('a re-pointed prize has a new code; the old one no longer works; the tries are bounded from every address', async () => {
    const before = await prizeOf('q3');
    const old = (await showCode(before.id)).json() as ClaimCode;
    // A correction moves the 3rd quarter from Cy to Dee: the prize is re-pointed.
    await score('q3', 'Dee', 4);
    const moved = await prizeOf('q3');
    expect(moved.version).toBe(before.version + 1);
    const fresh = (await showCode(moved.id)).json() as ClaimCode;
    expect(fresh.prize.winnerNickname).toBe('Dee');
    expect(fresh.code).not.toBe(old.code);
    expect((await winner.get(apiPaths.prizes.claim(tokenOf(old.claimUrl)))).statusCode).toBe(404);
    const token = tokenOf(fresh.claimUrl);
    expect((await claim(winner, token, { method: 'pickup', code: old.code })).statusCode).toBe(403);

    // Four more wrong tries, each from an address of its own, use up the code's five for this half hour:
    // the right code is then refused uncompared (429), and works once the window has passed.
    const wrong = fresh.code === '99999999' ? '88888888' : '99999999';
    for (let i = 0; i < 4; i++) {
      const res = await claim(new Client(ctx.app, `10.36.2.${i + 1}`), token, { method: 'pickup', code: wrong });
      expect(res.statusCode).toBe(403);
    }
    const spent = await claim(new Client(ctx.app, '10.36.3.1'), token, { method: 'give-back', code: fresh.code });
    expect(spent.statusCode).toBe(429);
    expect(spent.json().error.code).toBe(prizeErrorCodes.rateLimited);
    expect(Number(spent.headers['retry-after'])).toBeLessThanOrEqual(30 * 60);
    expect((await prizeOf('q3')).state).toBe('unclaimed');
    ctx.clock.advance(30 * 60_000);
    const given = await claim(new Client(ctx.app, '10.36.3.2'), token, { method: 'give-back', code: fresh.code });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().prize.state).toBe('given-back');

    const pay = await payInCash(moved.id, 'Dee');
    expect(pay.statusCode).toBe(409);
    expect(pay.json().error).toMatchObject({
      code: prizeErrorCodes.notPayable,
      message: expect.stringContaining('gave this prize back'),
    });
    expect((await showCode(moved.id)).json().error.code).toBe(prizeErrorCodes.notClaimable);
  });

  it('refuses to pay in cash a prize a re-scoring flagged, and an expired one', async () => {
    const eve = await prizeOf('final');
    const { code, claimUrl } = (await showCode(eve.id)).json() as ClaimCode;
    expect((await claim(winner, tokenOf(claimUrl), { method: 'check', code, handle: '1 Main St' })).statusCode).toBe(
      200,
    );
    // A correction after the claim moves the final's win: the claimed prize is flagged for review.
    await score('final', 'Ann', 5);
    const flagged = await payInCash(eve.id, 'Eve');
    expect(flagged.statusCode).toBe(409);
    expect(flagged.json().error.code).toBe(prizeErrorCodes.needsReview);
    expect((await prizeOf('final')).state).toBe('claimed');

    // A board of one more cash winner whose claim window passes: expired, whether or not the job ran yet.
    const late = 'cash-late';
    const made = await admin.post(
      apiPaths.admin.boards,
      newGameBoardBody('thunder', late, ctx.clock.now(), 90, { mode: 'sweepstakes', claimWindowDays: 1 }),
    );
    expect(made.statusCode, made.body).toBe(201);
    const entry = (
      await addEntry({ boardSlug: late, nickname: 'Zed', state: 'OH', ageConfirmed: true })
    ).json() as AdminEntry;
    expect((await admin.post(apiPaths.admin.boardLock(late))).statusCode).toBe(200);
    const board = await view(late);
    const cell = board.cells.find((c) => c.code === entry.code)?.cell ?? -1;
    expect(
      (await admin.post(apiPaths.admin.boardScores(late), { period: 'q1', ...scoresFor(board, cell) })).statusCode,
    ).toBe(200);
    const [prize] = await db().select().from(prizes).where(eq(prizes.entryId, entry.id));
    ctx.clock.advance(DAY_MS + 1000);
    // A day on, the admin session has ended: through the gate again.
    admin = await signedInAdmin(ctx.app, '10.36.0.2');
    const expired = await payInCash(prize?.id ?? '', 'Zed');
    expect(expired.statusCode).toBe(409);
    expect(expired.json().error).toMatchObject({
      code: prizeErrorCodes.notPayable,
      message: expect.stringContaining('passed'),
    });
    expect((await showCode(prize?.id ?? '')).json().error).toMatchObject({ code: prizeErrorCodes.notClaimable });
    const [row] = await db().select().from(prizes).where(eq(prizes.entryId, entry.id));
    expect(row).toMatchObject({ paidAt: null, receivedBy: null });
  });

  it('answers 404 for a prize that does not exist, and 401 without the admin session', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-prize']) {
      expect((await showCode(id)).json().error.code).toBe(prizeErrorCodes.prizeNotFound);
      expect((await payInCash(id, 'Pat')).statusCode).toBe(404);
    }
    const stranger = new Client(ctx.app, '10.36.9.9');
    const id = (await prizeOf('q1')).id;
    for (const [url, body] of [
      [apiPaths.admin.payoutClaimCode(id), {}],
      [apiPaths.admin.payoutPaidInCash(id), { receivedBy: 'Pat' }],
      [apiPaths.admin.entriesImport, { boardSlug: PRIZES, csv: 'Nickname,Age Confirmed\r\nAl,yes\r\n' }],
    ] as const) {
      const res = await stranger.post(url, body);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error.code).toBe('ADMIN_REQUIRED');
    }
  });
});
