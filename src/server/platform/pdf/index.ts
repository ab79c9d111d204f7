import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../paths';

/**
 * Every PDF the server makes is set in Liberation Sans (SIL Open Font License, fonts/LICENSE), embedded and
 * subset by pdfkit: it covers Latin-1, Latin Extended-A, Greek and Cyrillic, and is metric-compatible with
 * Helvetica, so layouts measured in it keep their widths. A character the font has no glyph for (emoji, other
 * scripts) prints as one visible stand-in per character, never as a wrong glyph.
 */
export const pdfFonts = { regular: 'FanGrid-Regular', bold: 'FanGrid-Bold' } as const;

/** What prints in place of a character the font cannot draw (one per emoji, flag or joined emoji sequence). */
export const MISSING_GLYPH = '□';

const fontsDir = path.join(projectRoot, 'src/server/platform/pdf/fonts');
let files: { regular: Buffer; bold: Buffer } | undefined;
const fontFiles = () => {
  files ??= {
    regular: readFileSync(path.join(fontsDir, 'LiberationSans-Regular.ttf')),
    bold: readFileSync(path.join(fontsDir, 'LiberationSans-Bold.ttf')),
  };
  return files;
};

type Doc = PDFKit.PDFDocument;
/** pdfkit's current font: an embedded one carries its fontkit font; a standard one (Courier) has none. */
type CurrentFont = { font?: { hasGlyphForCodePoint?: (codePoint: number) => boolean } };

const ZWJ = 0x200d;
/** Characters that draw nothing on their own: zero-width marks, variation selectors, emoji tags and skin tones. */
const invisibleRanges: [number, number][] = [
  [0x200b, 0x200f],
  [0x2060, 0x2064],
  [0xfe00, 0xfe0f],
  [0xe0000, 0xe007f],
  [0x1f3fb, 0x1f3ff],
];
const invisible = (cp: number) => invisibleRanges.some(([from, to]) => cp >= from && cp <= to);
const combining = /^\p{M}$/u;
const regionalIndicator = (cp: number) => cp >= 0x1f1e6 && cp <= 0x1f1ff;

/**
 * `text` as the font `has` can print it: what it has a glyph for as it is; a character it has none for
 * becomes `MISSING_GLYPH`, once per emoji sequence (joined emoji, a flag's pair of letters), and marks that
 * draw nothing alone (variation selectors, skin tones, accents the font cannot place) are dropped. Line breaks
 * and tabs stay.
 */
export function printable(text: string, has: (codePoint: number) => boolean): string {
  let out = '';
  let standIn = false;
  let joining = false;
  let flagHalf = false;
  for (const ch of text.normalize('NFC')) {
    const cp = ch.codePointAt(0) as number;
    if (cp < 0x20 || has(cp)) {
      out += ch;
      standIn = joining = flagHalf = false;
    } else if (cp === ZWJ) {
      joining = standIn;
    } else if (invisible(cp) || combining.test(ch)) {
      // Drawn with the character before it, or not at all.
    } else if ((joining && standIn) || (flagHalf && regionalIndicator(cp))) {
      joining = flagHalf = false;
    } else {
      out += MISSING_GLYPH;
      standIn = true;
      joining = false;
      flagHalf = regionalIndicator(cp);
    }
  }
  return out;
}

/** What the current font can print: an embedded font's own glyphs; a standard font's printable ASCII. */
const coverage = (doc: Doc) => {
  const font = (doc as unknown as { _font?: CurrentFont })._font?.font;
  if (font?.hasGlyphForCodePoint) return (cp: number) => font.hasGlyphForCodePoint?.(cp) === true;
  return (cp: number) => cp >= 0x20 && cp < 0x7f;
};

/**
 * A new pdfkit document with the FanGrid fonts registered and the regular one current. Its `text`,
 * `widthOfString` and `heightOfString` take any string and print, measure and wrap it as `printable` makes
 * it for the current font, so every caller gets the same stand-ins.
 */
export async function newPdf(options: PDFKit.PDFDocumentOptions): Promise<Doc> {
  // pdfkit is loaded with the first document: a server that prints none never loads it.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument(options);
  const fonts = fontFiles();
  doc.registerFont(pdfFonts.regular, fonts.regular);
  doc.registerFont(pdfFonts.bold, fonts.bold);
  doc.font(pdfFonts.regular);
  const clean = (value: unknown) => (typeof value === 'string' ? printable(value, coverage(doc)) : value);
  const text = doc.text.bind(doc) as (...args: unknown[]) => Doc;
  const widthOfString = doc.widthOfString.bind(doc) as (...args: unknown[]) => number;
  const heightOfString = doc.heightOfString.bind(doc) as (...args: unknown[]) => number;
  doc.text = ((value: unknown, ...rest: unknown[]) => text(clean(value), ...rest)) as Doc['text'];
  doc.widthOfString = ((value: unknown, ...rest: unknown[]) =>
    widthOfString(clean(value), ...rest)) as Doc['widthOfString'];
  doc.heightOfString = ((value: unknown, ...rest: unknown[]) =>
    heightOfString(clean(value), ...rest)) as Doc['heightOfString'];
  return doc;
}

/** The glyph box of a line of the current font, ascender to descender, as a fraction of its size. */
export const glyphHeight = (doc: Doc) => {
  const font = (doc as unknown as { _font?: { ascender: number; descender: number } })._font;
  return font ? (font.ascender - font.descender) / 1000 : 1;
};
