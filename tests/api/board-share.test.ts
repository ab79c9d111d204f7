import { sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoBoards } from '../../src/server/db/seed/boards';
import type { BoardView } from '../../src/shared/contracts/boards';
import { freeEntryText } from '../../src/shared/domain/legal';
import { periodPrizes } from '../../src/shared/domain/period-prizes';
import { scoresFor } from '../support/boards';
import { fictionPhone } from '../support/fiction-phones.mjs';
import { Client } from '../support/http';
import { readPdf } from '../support/pdf';
import { sheetLayout } from '../support/sheet-layout';
import { createTestApp, type TestContext } from '../support/test-app';

let ctx: TestContext;
let admin: Client;
const PUBLIC_URL = 'http://localhost:3000';
const SINGLE = 'thunder-timberwolves';
const PAIRS = 'knicks-vs-pacers';
const codes: Record<string, string[]> = { [SINGLE]: [], [PAIRS]: [] };

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const view = async (slug: string): Promise<BoardView> => (await get(`/api/boards/${slug}`)).json();

beforeAll(async () => {
  ctx = await createTestApp();
  let n = 0;
  await seedDemoBoards(ctx.database.db, ctx.clock, () => (n++).toString(16).padStart(64, 'b'));
  // The seed writes boards at the wall clock's time; the sheet prints the board's last change (its latest entry).
  await ctx.database.db.execute(sql`update boards set created_at = '2025-06-01T00:00:00Z'`);
  const fan = new Client(ctx.app, '10.77.0.1');
  for (const [slug, names] of [
    [SINGLE, ['Avery', 'Blake', 'Casey', 'Devon']],
    [PAIRS, ['Emery', 'Finley']],
  ] as const) {
    for (const [i, nickname] of names.entries()) {
      const res = await fan.post(`/api/boards/${slug}/entries`, {
        phone: fictionPhone(slug.length * 100 + i),
        nickname,
        amountCents: slug === SINGLE ? 500 : 100,
        ageConfirmed: true,
        rulesAccepted: true,
        state: 'OH',
        idempotencyKey: `share-${slug}-${i}`,
      });
      expect(res.statusCode, res.body).toBe(201);
      codes[slug]?.push(res.json().entry.code);
    }
  }
  admin = new Client(ctx.app, '10.77.0.2');
  expect((await admin.post('/api/admin-gate/passcode', { passcode: 'fangrid1' })).statusCode).toBe(200);
  expect((await admin.post('/api/admin-gate/phrase', { phrase: 'game day' })).statusCode).toBe(200);
});
afterAll(() => ctx.close());

describe('GET /api/boards/:slug/qr.svg', () => {
  it("is an SVG of the board's public link (error correction M), cacheable with an ETag", async () => {
    const res = await get(`/api/boards/${SINGLE}/qr.svg`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const expected = await QRCode.toString(`${PUBLIC_URL}/boards/${SINGLE}`, {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 4,
    });
    expect(res.body).toBe(expected);
    expect(res.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);

    const again = await get(`/api/boards/${SINGLE}/qr.svg`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get(`/api/boards/${SINGLE}/qr.svg`, { 'if-none-match': '"stale"' })).statusCode).toBe(200);
    // Each board has its own code.
    const other = await get(`/api/boards/${PAIRS}/qr.svg`);
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  it('is a 404 in the error shape for an unknown board, and the request never reaches the image', async () => {
    for (const slug of ['no-such-board', '%3Cscript%3E', 'x'.repeat(100)]) {
      const res = await get(`/api/boards/${slug}/qr.svg`);
      expect(res.statusCode, slug).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'BOARD_NOT_FOUND' });
      expect(res.body).not.toContain('<script>');
    }
    const long = await get(`/api/boards/${'x'.repeat(101)}/qr.svg`);
    expect(long.statusCode).toBe(400);
  });
});

describe('GET /api/boards/:slug/sheet.pdf', () => {
  it('refuses every size but letter and a4 with a 400 in the error shape', async () => {
    for (const query of [
      'size=A4',
      'size=Letter',
      'size=LETTER',
      'size=letter%20',
      'size=%20a4',
      'size=a4&size=letter',
      'size=a4&size=a4',
      'size=',
      'size',
      'size=a5',
      'size=legal',
      'size=a4%00',
      'size=letter,a4',
    ]) {
      const res = await get(`/api/boards/${SINGLE}/sheet.pdf?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { size: expect.any(String) },
      });
    }
    expect((await get(`/api/boards/no-such-board/sheet.pdf?size=a4`)).statusCode).toBe(404);
  });

  it('is one US Letter page by default: title, teams, codes taken so far, prizes, fingerprint, link, date', async () => {
    const res = await get(`/api/boards/${SINGLE}/sheet.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="fangrid-${SINGLE}-letter.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.numPages).toBe(1);
    const [page] = pdf.pages;
    if (!page) throw new Error('no page');
    expect(page.width).toBeCloseTo(612, 1);
    expect(page.height).toBeCloseTo(792, 1);
    const board = await view(SINGLE);
    expect(page.text).toContain('Thunder vs Timberwolves');
    expect(page.text).toContain('Columns: Thunder (team A)');
    expect(page.text).toContain('Rows: Timberwolves (team B)');
    for (const code of codes[SINGLE] ?? []) expect(page.items).toContain(code);
    // Each period numbered as its winning cell will be, with its prize.
    for (const [i, prize] of board.prizeTable.entries()) {
      expect(page.text).toContain(`#${i + 1} ${prize.label} $${(prize.prizeCents / 100).toLocaleString('en-US')}`);
    }
    expect(page.items).toContain(board.seedHash);
    expect(page.items).toContain(`${PUBLIC_URL}/boards/${SINGLE}`);
    expect(page.text).toContain('Board as of 2025-06-11 16:00 UTC');
    // Before the draw every line's digit is '?'.
    expect(page.items.filter((s) => s === '?')).toHaveLength(20);
    // Codes only: the fans' nicknames never reach the sheet.
    expect(page.text).not.toMatch(/Avery|Blake|Casey|Devon/);
  });

  it('is one A4 page when asked, and a locked board shows its drawn digits and scored periods', async () => {
    expect((await admin.post(`/api/admin/boards/${SINGLE}/lock`)).statusCode).toBe(200);
    const locked = await view(SINGLE);
    const first = locked.cells[0];
    if (!first) throw new Error('test needs a taken cell');
    const q1 = await admin.post(`/api/admin/boards/${SINGLE}/scores`, {
      period: 'q1',
      ...scoresFor(locked, first.cell, 2),
    });
    expect(q1.statusCode, q1.body).toBe(200);
    const board = await view(SINGLE);

    const res = await get(`/api/boards/${SINGLE}/sheet.pdf?size=a4`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`inline; filename="fangrid-${SINGLE}-a4.pdf"`);
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.numPages).toBe(1);
    const [page] = pdf.pages;
    if (!page) throw new Error('no page');
    expect(page.width).toBeCloseTo(595.28, 1);
    expect(page.height).toBeCloseTo(841.89, 1);
    expect(page.items).not.toContain('?');
    // Each digit heads one column and one row.
    for (let d = 0; d <= 9; d++) expect(page.items.filter((s) => s === String(d))).toHaveLength(2);
    const result = board.results[0];
    if (!result) throw new Error('q1 was scored');
    expect(page.text).toContain(`${result.teamAScore}-${result.teamBScore}, won by ${first.code}`);
    expect(page.text).toContain('Locked: numbers drawn');
    for (const code of codes[SINGLE] ?? []) expect(page.items).toContain(code);
  });

  it('a scored sweepstakes board: roll-overs as the panel says them, the free entry and price, no label on a line', async () => {
    // q1 was won above; q2 lands on an empty cell, so the 3rd quarter pays its own $50 and q2's $100.
    const before = await view(SINGLE);
    const taken = new Set(before.cells.map((c) => c.cell));
    const empty = Array.from({ length: 100 }, (_, i) => i).find((i) => !taken.has(i)) ?? 0;
    const winner = before.cells[1];
    if (!winner) throw new Error('test needs a second taken cell');
    for (const [period, cell] of [
      ['q2', empty],
      ['q3', winner.cell],
    ] as const) {
      const res = await admin.post(`/api/admin/boards/${SINGLE}/scores`, { period, ...scoresFor(before, cell, 5) });
      expect(res.statusCode, res.body).toBe(200);
    }
    const board = await view(SINGLE);
    expect(board.mode).toBe('sweepstakes');
    const [q1, q2, q3] = board.results;
    expect(q3).toMatchObject({ code: winner.code, prizeCents: 15000 });

    for (const size of ['letter', 'a4'] as const) {
      const res = await get(`/api/boards/${SINGLE}/sheet.pdf?size=${size}`);
      expect(res.statusCode).toBe(200);
      const sheet = await sheetLayout(res.rawPayload);
      expect(sheet.problems, size).toEqual([]);
      // The prize panel's words, line for line.
      for (const p of periodPrizes(board.prizeTable, board.results)) {
        expect(sheet.text, size).toContain(`${p.label} ${p.amountText}${p.resultText ? ` · ${p.resultText}` : ''}`);
      }
      expect(sheet.text).toContain(
        `3rd quarter $150 (includes $100 rolled over) · ${q3?.teamAScore}-${q3?.teamBScore}, won by ${winner.code}`,
      );
      expect(sheet.text).toContain(
        `2nd quarter $100 · ${q2?.teamAScore}-${q2?.teamBScore}, empty cell, rolled over to 3rd quarter`,
      );
      expect(sheet.text).toContain(`1st quarter $50 · ${q1?.teamAScore}-${q1?.teamBScore}, won by`);
      // No purchase necessary, how to enter free (the rules page's words) and the entry price.
      expect(sheet.text).toContain('No purchase necessary to enter or win; paying does not improve your odds.');
      expect(sheet.text).toContain(freeEntryText(board.legal));
      expect(sheet.text).toContain('Entry amount: any whole-dollar amount from $1 to $20.');
      // Each winning cell is outlined and carries its periods' numbers under its code.
      const won = new Map<number, string[]>();
      for (const [i, p] of board.prizeTable.entries()) {
        const r = board.results.find((x) => x.period === p.key);
        if (r) won.set(r.cell, [...(won.get(r.cell) ?? []), `#${i + 1}`]);
      }
      for (const c of sheet.cells) {
        const cell = c.row * 10 + c.column;
        expect(c.outlined, `cell ${cell}`).toBe(won.has(cell));
        const code = board.cells.find((x) => x.cell === cell)?.code;
        const tags = won.get(cell)?.join(' ');
        expect(sheet.textIn(c.row, c.column).map((t) => t.str)).toEqual([code, tags].filter(Boolean));
      }
    }
    // The rules page says free entry in the same words.
    const rules = await get(`/api/boards/${SINGLE}/rules`, { accept: 'text/plain' });
    expect(rules.statusCode).toBe(200);
    expect(rules.body).toContain(freeEntryText(board.legal));
  });

  it("prints a 1v49 entry's code in both of its cells", async () => {
    const res = await get(`/api/boards/${PAIRS}/sheet.pdf?size=letter`);
    expect(res.statusCode).toBe(200);
    const [page] = (await readPdf(res.rawPayload)).pages;
    if (!page) throw new Error('no page');
    for (const code of codes[PAIRS] ?? []) expect(page.items.filter((s) => s === code)).toHaveLength(2);
    expect(page.text).toContain('each entry holds two cells');
  });

  it('builds at most 20 sheets a minute for one client address, then answers 429 with Retry-After', async () => {
    const from = (ip: string) => (url: string) => ctx.app.inject({ method: 'GET', url, remoteAddress: ip });
    const busy = from('10.77.0.9');
    for (let i = 0; i < 20; i++) expect((await busy(`/api/boards/${SINGLE}/sheet.pdf`)).statusCode).toBe(200);
    const refused = await busy(`/api/boards/${SINGLE}/sheet.pdf?size=a4`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('SHEET_RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected, and the busy one is served again a minute later.
    expect((await from('10.77.0.10')(`/api/boards/${SINGLE}/sheet.pdf`)).statusCode).toBe(200);
    ctx.clock.advance(60_000);
    expect((await busy(`/api/boards/${SINGLE}/sheet.pdf`)).statusCode).toBe(200);
  });
});
