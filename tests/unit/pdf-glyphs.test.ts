import { describe, expect, it } from 'vitest';
import { boardSheetBytes } from '../../src/server/features/boards/sheet';
import { statementPdf } from '../../src/server/features/payments/statement';
import { MISSING_GLYPH, newPdf, pdfFonts, printable } from '../../src/server/platform/pdf';
import { boardView } from '../support/boards';
import { readPdf, readPdfLayout } from '../support/pdf';

/**
 * Every PDF prints only what its font has a glyph for: Latin-1 and Latin Extended, Greek and Cyrillic as
 * they are, an emoji as one visible stand-in, never a wrong glyph.
 */
const names = ['Zoë', 'Łukasz', 'Ωmega', 'Фонд', 'Peña', '🏈🏀⚾'];

/** Whether the embedded font (regular or bold) has a glyph for every character of `text`. */
async function fontCovers(text: string) {
  const doc = await newPdf({ autoFirstPage: false });
  const missing = new Set<string>();
  for (const name of Object.values(pdfFonts)) {
    doc.font(name);
    const font = (doc as unknown as { _font: { font: { hasGlyphForCodePoint(cp: number): boolean } } })._font.font;
    for (const ch of text) if (!font.hasGlyphForCodePoint(ch.codePointAt(0) as number)) missing.add(ch);
  }
  return [...missing];
}

describe('printable text', () => {
  const has = (cp: number) => cp < 0x2000 || cp === 0x25a1;

  it('keeps what the font has and puts one stand-in for each emoji, joined sequence and flag', () => {
    expect(printable('Zoë Łukasz Ωmega', has)).toBe('Zoë Łukasz Ωmega');
    expect(printable('🏈🏀⚾', has)).toBe(`${MISSING_GLYPH}${MISSING_GLYPH}${MISSING_GLYPH}`);
    expect(printable('⚾️ go', has)).toBe(`${MISSING_GLYPH} go`);
    expect(printable('👨‍👩‍👧 fam', has)).toBe(`${MISSING_GLYPH} fam`);
    expect(printable('👍🏽', has)).toBe(MISSING_GLYPH);
    expect(printable('🇺🇸🇨🇦', has)).toBe(`${MISSING_GLYPH}${MISSING_GLYPH}`);
    expect(printable('line\nnext', has)).toBe('line\nnext');
  });

  it('composes accents first, so a decomposed é prints as the one glyph', () => {
    expect(printable('Zoe\u0308', has)).toBe('Zoë');
  });
});

describe('the PDFs print only glyphs their font has', () => {
  it('the board sheet: accented, Greek and Cyrillic names as they are, emoji as stand-ins', async () => {
    const board = boardView({
      game: { ...boardView().game, teamA: 'Zoë Łukasz', teamB: 'Ωmega Фонд' },
      organization: 'Peña 🏈 Club',
      cells: names.map((code, cell) => ({ cell, code })),
    });
    const bytes = await boardSheetBytes(board, {
      size: 'letter',
      link: 'http://localhost/boards/x',
      changedAt: new Date(0),
    });
    const { text } = await readPdf(bytes);
    expect(text).toContain('Zoë Łukasz vs Ωmega Фонд');
    expect(text).toContain(`Peña ${MISSING_GLYPH} Club`);
    expect(text).toContain(`${MISSING_GLYPH}${MISSING_GLYPH}${MISSING_GLYPH}`);
    expect(text).not.toMatch(/\p{Extended_Pictographic}/u);
    const [page] = await readPdfLayout(bytes);
    const runs = page?.texts ?? [];
    const embedded = runs.filter((t) => t.font !== 'Courier');
    expect(new Set(embedded.map((t) => t.font))).toEqual(new Set(['LiberationSans', 'LiberationSans-Bold']));
    expect(await fontCovers(embedded.map((t) => t.str).join(''))).toEqual([]);
    // The fingerprint is the only text in Courier: hexadecimal digits, which every reader's Courier has.
    for (const t of runs.filter((r) => r.font === 'Courier')) expect(t.str).toMatch(/^[0-9a-f]+$/);
  });

  it('the giving statement: the donor and organization names as they are, emoji as stand-ins', async () => {
    const bytes = await statementPdf({
      year: 2030,
      donorName: 'Zoë Łukasz 🏈',
      email: 'zoe@example.com',
      gifts: [{ organization: 'Ωmega Фонд', reference: 'r1', amountCents: 500, at: new Date('2030-03-01T00:00:00Z') }],
      issuedAt: new Date('2031-01-02T00:00:00Z'),
      testMode: false,
    });
    const { text } = await readPdf(bytes);
    expect(text).toContain(`Zoë Łukasz ${MISSING_GLYPH}`);
    expect(text).toContain('Ωmega Фонд');
    expect(await fontCovers(text.replace(/\s/g, ''))).toEqual([]);
  });
});
