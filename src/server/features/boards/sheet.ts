import type { SheetSize } from '../../../shared/contracts/board-share';
import type { BoardView } from '../../../shared/contracts/boards';
import { boardFormats, cellPosition, entryPriceText, GRID_SIZE } from '../../../shared/domain/boards';
import { boardModeLabels, freeEntryText, noPurchaseNecessary } from '../../../shared/domain/legal';
import { periodPrizes } from '../../../shared/domain/period-prizes';
import { newPdf, pdfFonts } from '../../platform/pdf';
import { qrModuleRects, qrModulesOf } from './qr';

/** Page sizes in PDF points (1/72 inch): US Letter 8.5 x 11 in, A4 210 x 297 mm. */
export const sheetPageSizes: Record<SheetSize, { width: number; height: number }> = {
  letter: { width: 612, height: 792 },
  a4: { width: 595.28, height: 841.89 },
};

const MARGIN = 36;
const INK = '#111111';
const MUTED = '#555555';
const LINE = '#8a8a8a';
const QR_SIDE = 118;
/** The grid's lines, and each scored cell's outline drawn inside its cell (ink from 1 pt to 3 pt in). */
const GRID_LINE = 0.75;
const OUTLINE_INSET = 2;
const OUTLINE_WIDTH = 2;
/** What a cell's text keeps clear of its edges: the outline and a point of white inside it. */
const CELL_PAD = 4;
/** A line of the sheet's font spans its ascender to its descender: 1.117 of the font size below the line's top. */
const GLYPH_HEIGHT = 1.117;

/**
 * The embedded fonts that cover every letter a team, organization or code may hold (platform/pdf), and
 * Courier, which every PDF reader has, for the draw's fingerprint (hexadecimal digits only).
 */
const font = { ...pdfFonts, mono: 'Courier' } as const;

type Doc = PDFKit.PDFDocument;

/** `2025-06-11 16:00 UTC`: the board's last change the sheet shows, so an old printout can be told apart. */
export const sheetTimestamp = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The file name a browser saves the sheet as: the board's slug (letters, digits, dashes) and the paper size. */
export const sheetFileName = (slug: string, size: SheetSize) =>
  `fangrid-${slug.replace(/[^a-z0-9-]+/gi, '-').slice(0, 80)}-${size}.pdf`;

const statusWords: Record<BoardView['status'], string> = {
  scheduled: 'Opens soon',
  open: 'Open for entries',
  locked: 'Locked: numbers drawn',
  settled: 'Settled',
  cancelled: 'Cancelled',
  voided: 'Voided: scored prizes stand',
};

/** `text` cut with an ellipsis to fit `width` in the current font (whole when it fits). */
function fitted(doc: Doc, text: string, width: number): string {
  // A hair of slack: a code sized to fill its cell exactly must not lose a letter to rounding.
  if (doc.widthOfString(text) <= width + 0.01) return text;
  // Cut between characters, never inside an emoji's surrogate pair.
  const chars = [...text];
  const head = (n: number) => chars.slice(0, n).join('').trimEnd();
  let n = chars.length;
  while (n > 0 && doc.widthOfString(`${head(n)}…`) > width) n--;
  return n > 0 ? `${head(n)}…` : '';
}

/**
 * One line of text in the current font with its top at `y`, cut to `width` and placed in it (left, centred or
 * right): never wrapped, so it never runs into what is below it.
 */
function line(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  opts: { align?: 'left' | 'center' | 'right'; link?: string; underline?: boolean } = {},
) {
  const shown = fitted(doc, text, width);
  if (!shown) return;
  const free = width - doc.widthOfString(shown);
  const dx = opts.align === 'center' ? free / 2 : opts.align === 'right' ? free : 0;
  doc.text(shown, x + dx, y, { lineBreak: false, link: opts.link, underline: opts.underline });
}

/** A paragraph wrapped to `width` at (x, y), drawn when `draw`; its height either way. */
function paragraph(doc: Doc, text: string, x: number, y: number, width: number, draw: boolean): number {
  if (draw) doc.text(text, x, y, { width, lineGap: 0 });
  return doc.heightOfString(text, { width, lineGap: 0 });
}

/** How the prize table is set: its font size, and each period in columns or on one line. */
interface PrizeStyle {
  size: number;
  inline: boolean;
}
/** Tried in order until the grid keeps cells of at least `MIN_CELL` points. */
const prizeStyles: PrizeStyle[] = [
  { size: 10, inline: false },
  { size: 9, inline: false },
  { size: 8, inline: true },
  { size: 7, inline: true },
];
const MIN_CELL = 30;

/**
 * The bottom band's text column: the prizes (each period's number, label, what it pays with roll-overs, and
 * what its score gave, worded as the board's prize panel words them), a sweepstakes board's free entry and
 * price, the draw's fingerprint, the link and the board's last change. Drawn when `draw`; its height either way.
 */
function bandText(
  doc: Doc,
  board: BoardView,
  opts: { link: string; changedAt: Date },
  at: { x: number; y: number; width: number; prizes: PrizeStyle; draw: boolean },
): number {
  const { x, width, draw } = at;
  const { size: prizeSize, inline } = at.prizes;
  let y = at.y;
  doc.font(font.bold).fontSize(11).fillColor(INK);
  if (draw) line(doc, 'Prizes', x, y, width);
  y += 16;
  const prizes = periodPrizes(board.prizeTable, board.results);
  doc.font(font.bold).fontSize(prizeSize);
  const tagWidth = doc.widthOfString(`#${prizes.length}`) + 6;
  const labelWidth = Math.min(width * 0.45, Math.max(70, ...prizes.map((p) => doc.widthOfString(p.label) + 8)));
  const restWidth = width - tagWidth - labelWidth;
  for (const [i, p] of prizes.entries()) {
    const rest = p.resultText ? `${p.amountText} · ${p.resultText}` : p.amountText;
    doc.font(font.bold).fontSize(prizeSize).fillColor(INK);
    if (draw) line(doc, `#${i + 1}`, x, y, tagWidth - 4);
    if (inline) {
      // A long table: each period on one line as the panel says it, 'label: amount · result'.
      doc.font(font.regular).fillColor(p.result ? MUTED : INK);
      y += paragraph(doc, `${p.label}: ${rest}`, x + tagWidth, y, width - tagWidth, draw);
      continue;
    }
    const labelHeight = paragraph(doc, p.label, x + tagWidth, y, labelWidth - 8, draw);
    doc.font(font.regular).fillColor(p.result ? MUTED : INK);
    const restHeight = paragraph(doc, rest, x + tagWidth + labelWidth, y, restWidth, draw);
    y += Math.max(labelHeight, restHeight) + 1;
  }
  if (board.mode === 'sweepstakes') {
    y += 5;
    doc.font(font.bold).fontSize(9).fillColor(INK);
    y += paragraph(doc, noPurchaseNecessary, x, y, width, draw);
    doc.font(font.regular).fontSize(8.5);
    y += paragraph(doc, freeEntryText(board.legal), x, y, width, draw);
    y += paragraph(doc, entryPriceText(board.entryRule, board.paymentRequired), x, y, width, draw);
  }
  y += 6;
  doc.font(font.bold).fontSize(8).fillColor(INK);
  if (draw) line(doc, "Draw fingerprint (SHA-256 of the draw's secret seed)", x, y, width);
  y += 10;
  doc.font(font.mono).fontSize(8);
  if (draw) line(doc, board.seedHash, x, y, width);
  y += 14;
  doc.font(font.bold).fontSize(9);
  if (draw) line(doc, 'Join, watch live and verify the draw:', x, y, width);
  y += 12;
  doc.font(font.regular).fontSize(9).fillColor('#0b4fa8');
  if (draw) line(doc, opts.link, x, y, width, { link: opts.link, underline: true });
  y += 13;
  doc.fillColor(MUTED).fontSize(8);
  if (draw) {
    const asOf = `Board as of ${sheetTimestamp(opts.changedAt)}. FanGrid: codes only, no names or phone numbers.`;
    line(doc, asOf, x, y, width);
  }
  return y + 8 * GLYPH_HEIGHT - at.y;
}

/** What is said under the grid: the digits, what outlines and grey codes mean, a 1v49 board's pairs. */
function legendText(board: BoardView): string {
  return [
    board.axes.drawn ? 'Numbers drawn at lock.' : '? = numbers are drawn when the board locks.',
    board.results.length ? 'An outlined cell won the prizes whose numbers it shows (#1 is the first below).' : '',
    board.cells.some((c) => c.held) ? 'Grey codes are held while their entry pays.' : '',
    boardFormats[board.format].cellsPerEntry > 1
      ? `${board.format} board: each entry holds two cells, and its code is printed in both.`
      : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * The printable sheet of one board, one page laid out for `size`: title and teams, the 10x10 grid with the
 * codes taken so far (team A's digits across the top, team B's down the side, '?' until the draw), each scored
 * period's cell outlined and numbered as the prize table numbers it, the prizes with roll-overs and results, a
 * sweepstakes board's no-purchase notice, free entry and price, the draw's fingerprint, the board's QR code
 * drawn as vector shapes, its link and the board's last change (not the time of printing: one board state is
 * one sheet, built once and cached). Every text is cut or wrapped to its own box, so no label runs into a cell
 * or another label. Resolves to the document already ended: a stream of the PDF's bytes.
 */
export async function boardSheet(
  board: BoardView,
  opts: { size: SheetSize; link: string; changedAt: Date },
): Promise<PDFKit.PDFDocument> {
  const page = sheetPageSizes[opts.size];
  const title = `${board.game.teamA} vs ${board.game.teamB}`;
  const doc = await newPdf({
    size: [page.width, page.height],
    // Everything is placed by hand inside MARGIN; no margin of pdfkit's own can start a second page.
    margin: 0,
    autoFirstPage: true,
    bufferPages: false,
    info: {
      Title: `${title}: FanGrid board sheet`,
      Author: 'FanGrid',
      Subject: opts.link,
      CreationDate: opts.changedAt,
      ModDate: opts.changedAt,
    },
  });
  const width = page.width - 2 * MARGIN;
  const left = MARGIN;
  let y = MARGIN;

  // Header: brand line, title (shrunk, then cut, to one line), what the board is.
  doc.font(font.bold).fontSize(9).fillColor(MUTED);
  line(doc, 'FANGRID GAME BOARD', left, y, width);
  y += 14;
  let titleSize = 24;
  doc.font(font.bold);
  while (titleSize > 14 && doc.fontSize(titleSize).widthOfString(title) > width) titleSize--;
  doc.fillColor(INK);
  line(doc, title, left, y, width);
  y += titleSize + 6;
  doc.font(font.regular).fontSize(10);
  const about = [board.game.league, board.game.venue, `supports ${board.organization}`].filter(Boolean).join(' · ');
  line(doc, about, left, y, width);
  y += 14;
  const counts = [
    `${board.format} board`,
    boardModeLabels[board.mode],
    `${board.entryCount} of ${board.capacity} entries`,
    statusWords[board.status],
  ].join(' · ');
  line(doc, counts, left, y, width);
  y += 14;
  doc.font(font.bold);
  line(doc, `Columns: ${board.game.teamA} (team A)   Rows: ${board.game.teamB} (team B)`, left, y, width);
  y += 20;

  // The bottom band (prizes and the rest beside the QR code) is measured first; the grid takes the room
  // between. A long prize table is set smaller so the grid keeps cells a code can be read in.
  const labelSide = 16; // the team's name beside the digits
  const digitSide = 20;
  const textWidth = width - QR_SIDE - 20;
  doc.font(font.regular).fontSize(8);
  const legend = legendText(board);
  const legendHeight = doc.heightOfString(legend, { width, lineGap: 0 });
  const gridTop = y + labelSide + digitSide;
  const layout = (prizes: PrizeStyle) => {
    const text = bandText(doc, board, opts, { x: left, y: 0, width: textWidth, prizes, draw: false });
    const bandHeight = Math.max(QR_SIDE + 14, text);
    const bandTop = page.height - MARGIN - bandHeight;
    const room = bandTop - 14 - legendHeight - 6 - gridTop;
    const cell = Math.floor(Math.min((width - labelSide - digitSide) / GRID_SIZE, room / GRID_SIZE));
    return { prizes, bandTop, cell };
  };
  const layouts = prizeStyles.map(layout);
  const { prizes, bandTop, cell } = layouts.find((l) => l.cell >= MIN_CELL) ?? (layouts.at(-1) as (typeof layouts)[0]);
  const gridSide = cell * GRID_SIZE;
  const gridLeft = left + (width - (labelSide + digitSide + gridSide)) / 2 + labelSide + digitSide;

  // Team A across the top, team B down the side (rotated), then the digits of each line.
  doc.font(font.bold).fontSize(11).fillColor(INK);
  line(doc, board.game.teamA, gridLeft, y, gridSide, { align: 'center' });
  doc.save();
  const sideX = gridLeft - digitSide - labelSide;
  doc.rotate(-90, { origin: [sideX, gridTop + gridSide] });
  line(doc, board.game.teamB, sideX, gridTop + gridSide, gridSide, { align: 'center' });
  doc.restore();
  const digit = (d: number | undefined) => (board.axes.drawn && d !== undefined ? String(d) : '?');
  doc.fontSize(12);
  const digitY = gridTop - digitSide + (digitSide - 12 * GLYPH_HEIGHT) / 2;
  for (let i = 0; i < GRID_SIZE; i++) {
    line(doc, digit(board.axes.columns[i]), gridLeft + i * cell, digitY, cell, { align: 'center' });
    const rowY = gridTop + i * cell + (cell - 12 * GLYPH_HEIGHT) / 2;
    line(doc, digit(board.axes.rows[i]), gridLeft - digitSide, rowY, digitSide - 4, { align: 'center' });
  }

  // The cells: codes taken so far (a cell still held at checkout in grey), each scored period's cell outlined
  // and tagged with the period's number in the prize table.
  const taken = new Map(board.cells.map((c) => [c.cell, c]));
  const tagsAt = new Map<number, number[]>();
  for (const r of board.results) {
    const n = board.prizeTable.findIndex((p) => p.key === r.period) + 1;
    if (n > 0)
      tagsAt.set(
        r.cell,
        [...(tagsAt.get(r.cell) ?? []), n].sort((a, b) => a - b),
      );
  }
  doc.lineWidth(GRID_LINE).strokeColor(LINE);
  for (let i = 0; i <= GRID_SIZE; i++) {
    doc
      .moveTo(gridLeft, gridTop + i * cell)
      .lineTo(gridLeft + gridSide, gridTop + i * cell)
      .stroke();
    doc
      .moveTo(gridLeft + i * cell, gridTop)
      .lineTo(gridLeft + i * cell, gridTop + gridSide)
      .stroke();
  }
  const inner = cell - 2 * CELL_PAD;
  // One code size for the whole grid: the widest code taken fits its cell, and neighbouring codes stay more
  // than a word space apart (0.6 em), so a reader, a copy and a screen reader take them as separate codes.
  doc.font(font.bold).fontSize(1);
  const widestCode = Math.max(0.001, ...board.cells.map((c) => doc.widthOfString(c.code)));
  const codeSize = Math.min(15, Math.floor(cell / 3), (inner / widestCode) * 0.999, cell / (widestCode + 0.62));
  const tagSize = Math.max(5, Math.min(7, cell / 6));
  for (let index = 0; index < GRID_SIZE * GRID_SIZE; index++) {
    const { row, column } = cellPosition(index);
    const x = gridLeft + column * cell;
    const top = gridTop + row * cell;
    const entry = taken.get(index);
    const tags = tagsAt.get(index);
    let codeBottom = top + cell - CELL_PAD;
    if (tags) {
      const o = OUTLINE_INSET;
      doc
        .lineWidth(OUTLINE_WIDTH)
        .strokeColor(INK)
        .rect(x + o, top + o, cell - 2 * o, cell - 2 * o)
        .stroke();
      const tagTop = top + cell - CELL_PAD - tagSize * GLYPH_HEIGHT;
      doc.font(font.bold).fontSize(tagSize).fillColor(INK);
      line(doc, tags.map((n) => `#${n}`).join(' '), x + CELL_PAD, tagTop, inner, { align: 'center' });
      codeBottom = tagTop - 1;
    }
    if (!entry) continue;
    const room = codeBottom - (top + CELL_PAD);
    const size = Math.min(codeSize, room / GLYPH_HEIGHT);
    doc
      .font(font.bold)
      .fontSize(size)
      .fillColor(entry.held ? LINE : INK);
    line(doc, entry.code, x + CELL_PAD, top + CELL_PAD + (room - size * GLYPH_HEIGHT) / 2, inner, {
      align: 'center',
    });
  }
  doc.font(font.regular).fontSize(8).fillColor(MUTED);
  paragraph(doc, legend, left, gridTop + gridSide + 6, width, true);

  // Bottom band: the text column on the left, the QR code of the link on the right.
  doc
    .moveTo(left, bandTop - 8)
    .lineTo(left + width, bandTop - 8)
    .lineWidth(0.5)
    .strokeColor(LINE)
    .stroke();
  bandText(doc, board, opts, { x: left, y: bandTop, width: textWidth, prizes, draw: true });
  const modules = qrModulesOf(opts.link);
  const quiet = 4;
  const unit = QR_SIDE / (modules.size + 2 * quiet);
  const qrLeft = left + width - QR_SIDE;
  doc.rect(qrLeft, bandTop, QR_SIDE, QR_SIDE).fill('#ffffff');
  for (const r of qrModuleRects(modules)) {
    doc.rect(qrLeft + (quiet + r.x) * unit, bandTop + (quiet + r.y) * unit, r.w * unit, r.h * unit);
  }
  doc.fill(INK);
  doc.font(font.bold).fontSize(8).fillColor(INK);
  line(doc, 'Scan to join this board', qrLeft, bandTop + QR_SIDE + 2, QR_SIDE, { align: 'center' });

  doc.end();
  return doc;
}

/** The sheet's PDF as bytes (what a worker thread sends back). */
export async function boardSheetBytes(
  board: BoardView,
  opts: { size: SheetSize; link: string; changedAt: Date },
): Promise<Uint8Array> {
  const doc = await boardSheet(board, opts);
  const chunks: Buffer[] = [];
  for await (const chunk of doc) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
