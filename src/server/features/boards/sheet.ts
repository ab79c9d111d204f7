import type { SheetSize } from '../../../shared/contracts/board-share';
import type { BoardView } from '../../../shared/contracts/boards';
import { boardFormats, cellPosition, GRID_SIZE } from '../../../shared/domain/boards';
import { formatCents } from '../../../shared/domain/money';
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

/** Helvetica as shipped with every PDF reader: no font file, no network. */
const font = { regular: 'Helvetica', bold: 'Helvetica-Bold', mono: 'Courier' } as const;

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

/** What a prize line says once its period is scored. */
function resultText(result: BoardView['results'][number] | undefined): string {
  if (!result) return '';
  const score = `${result.teamAScore}-${result.teamBScore}`;
  return result.code ? `${score}, won by ${result.code}` : `${score}, empty cell: rolled over`;
}

/**
 * The printable sheet of one board, one page laid out for `size`: title and teams, the 10x10 grid with the
 * codes taken so far (team A's digits across the top, team B's down the side, '?' until the draw), the prize
 * table with scored periods, the draw's fingerprint, the board's QR code drawn as vector shapes, its link and
 * the board's last change (not the time of printing: one board state is one sheet, built once and cached).
 * Resolves to the document already ended: a stream of the PDF's bytes.
 */
export async function boardSheet(
  board: BoardView,
  opts: { size: SheetSize; link: string; changedAt: Date },
): Promise<PDFKit.PDFDocument> {
  // pdfkit is loaded with the first sheet: a server that prints none never loads it.
  const { default: PDFDocument } = await import('pdfkit');
  const page = sheetPageSizes[opts.size];
  const title = `${board.game.teamA} vs ${board.game.teamB}`;
  const doc = new PDFDocument({
    size: [page.width, page.height],
    margin: MARGIN,
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

  // Header: brand line, title (shrunk to fit one line), what the board is.
  doc.font(font.bold).fontSize(9).fillColor(MUTED).text('FANGRID GAME BOARD', left, y, { lineBreak: false });
  y += 14;
  let titleSize = 24;
  doc.font(font.bold);
  while (titleSize > 14 && doc.fontSize(titleSize).widthOfString(title) > width) titleSize--;
  doc
    .fillColor(INK)
    .fontSize(titleSize)
    .text(title, left, y, { width, height: titleSize * 1.2, ellipsis: true, lineBreak: false });
  y += titleSize + 6;
  const about = [board.game.league, board.game.venue, `supports ${board.organization}`].filter(Boolean).join(' · ');
  doc.font(font.regular).fontSize(10).fillColor(INK).text(about, left, y, { width, lineBreak: false, ellipsis: true });
  y += 14;
  const counts = `${board.format} board · ${board.entryCount} of ${board.capacity} entries · ${statusWords[board.status]}`;
  doc.text(counts, left, y, { width, lineBreak: false, ellipsis: true });
  y += 14;
  doc.font(font.bold).text(`Columns: ${board.game.teamA} (team A)   Rows: ${board.game.teamB} (team B)`, left, y, {
    width,
    lineBreak: false,
    ellipsis: true,
  });
  y += 20;

  // The bottom band (prizes, fingerprint, link, QR) is sized first; the grid takes the room between.
  const prizeRowHeight = 13;
  const textBand = 18 + board.prizeTable.length * prizeRowHeight + 74;
  const bandHeight = Math.max(QR_SIDE + 16, textBand);
  const bandTop = page.height - MARGIN - bandHeight;
  const pairNote = boardFormats[board.format].cellsPerEntry > 1;
  const labelSide = 16; // the team's name beside the digits
  const digitSide = 20;
  // Below the grid: its legend (and the pairs note), then a gap before the band's rule.
  const gridRoom = bandTop - 32 - (pairNote ? 12 : 0) - y - labelSide - digitSide;
  const cell = Math.floor(Math.min((width - labelSide - digitSide) / GRID_SIZE, gridRoom / GRID_SIZE));
  const gridSide = cell * GRID_SIZE;
  const gridLeft = left + (width - (labelSide + digitSide + gridSide)) / 2 + labelSide + digitSide;
  const gridTop = y + labelSide + digitSide;

  // Team A across the top, team B down the side (rotated), then the digits of each line.
  doc.font(font.bold).fontSize(11).fillColor(INK);
  doc.text(board.game.teamA, gridLeft, y, { width: gridSide, align: 'center', lineBreak: false, ellipsis: true });
  doc.save();
  doc.rotate(-90, { origin: [gridLeft - digitSide - labelSide, gridTop + gridSide] });
  doc.text(board.game.teamB, gridLeft - digitSide - labelSide, gridTop + gridSide, {
    width: gridSide,
    align: 'center',
    lineBreak: false,
    ellipsis: true,
  });
  doc.restore();
  const digit = (d: number | undefined) => (board.axes.drawn && d !== undefined ? String(d) : '?');
  doc.fontSize(12);
  const digitY = gridTop - digitSide + (digitSide - doc.currentLineHeight()) / 2;
  for (let i = 0; i < GRID_SIZE; i++) {
    doc.text(digit(board.axes.columns[i]), gridLeft + i * cell, digitY, { width: cell, align: 'center' });
    const rowY = gridTop + i * cell + (cell - doc.currentLineHeight()) / 2;
    doc.text(digit(board.axes.rows[i]), gridLeft - digitSide, rowY, { width: digitSide - 4, align: 'center' });
  }

  // The cells: codes taken so far (a cell still held at checkout in grey), scored periods' cells outlined.
  const taken = new Map(board.cells.map((c) => [c.cell, c]));
  const wonAt = new Map<number, string[]>();
  for (const r of board.results) wonAt.set(r.cell, [...(wonAt.get(r.cell) ?? []), r.label]);
  doc.lineWidth(0.75).strokeColor(LINE);
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
  const codeSize = Math.max(8, Math.min(15, Math.floor(cell / 3)));
  for (let index = 0; index < GRID_SIZE * GRID_SIZE; index++) {
    const { row, column } = cellPosition(index);
    const x = gridLeft + column * cell;
    const top = gridTop + row * cell;
    const entry = taken.get(index);
    const periods = wonAt.get(index);
    if (periods) {
      doc
        .lineWidth(2.25)
        .strokeColor(INK)
        .rect(x + 1.5, top + 1.5, cell - 3, cell - 3)
        .stroke();
      doc
        .font(font.bold)
        .fontSize(Math.max(5, Math.min(7, cell / 6)))
        .fillColor(INK)
        .text(periods.join(', '), x + 2, top + cell - 10, {
          width: cell - 4,
          align: 'center',
          lineBreak: false,
          ellipsis: true,
        });
    }
    if (!entry) continue;
    doc
      .font(font.bold)
      .fontSize(codeSize)
      .fillColor(entry.held ? LINE : INK);
    doc.text(entry.code, x, top + (cell - doc.currentLineHeight()) / 2 - (periods ? 3 : 0), {
      width: cell,
      align: 'center',
      lineBreak: false,
    });
  }
  let below = gridTop + gridSide + 6;
  doc.font(font.regular).fontSize(8).fillColor(MUTED);
  const legend = [
    board.axes.drawn ? 'Numbers drawn at lock.' : '? = numbers are drawn when the board locks.',
    board.results.length ? 'Outlined cells won a period.' : '',
    board.cells.some((c) => c.held) ? 'Grey codes are held while their entry pays.' : '',
  ]
    .filter(Boolean)
    .join(' ');
  doc.text(legend, gridLeft, below, { width: gridSide, lineBreak: false, ellipsis: true });
  if (pairNote) {
    below += 11;
    doc.text(`${board.format} board: each entry holds two cells, and its code is printed in both.`, gridLeft, below, {
      width: gridSide,
      lineBreak: false,
    });
  }

  // Bottom band, left: prize table, the draw's fingerprint, the link and the board's last change.
  const textWidth = width - QR_SIDE - 20;
  let by = bandTop;
  doc
    .moveTo(left, by - 8)
    .lineTo(left + width, by - 8)
    .lineWidth(0.5)
    .strokeColor(LINE)
    .stroke();
  doc.font(font.bold).fontSize(11).fillColor(INK).text('Prizes', left, by, { lineBreak: false });
  by += 16;
  const results = new Map(board.results.map((r) => [r.period, r]));
  // Columns: the longest label (up to half the band), the amount, then what the period's score gave.
  doc.font(font.bold).fontSize(10);
  const labelWidth = Math.min(
    textWidth / 2,
    Math.max(90, ...board.prizeTable.map((p) => doc.widthOfString(p.label) + 12)),
  );
  const amountWidth = 64;
  for (const prize of board.prizeTable) {
    doc.font(font.bold).fontSize(10).fillColor(INK);
    doc.text(prize.label, left, by, { width: labelWidth - 6, lineBreak: false, ellipsis: true });
    doc.font(font.regular).text(formatCents(prize.prizeCents), left + labelWidth, by, {
      width: amountWidth,
      lineBreak: false,
    });
    doc.fillColor(MUTED).text(resultText(results.get(prize.key)), left + labelWidth + amountWidth, by, {
      width: textWidth - labelWidth - amountWidth,
      lineBreak: false,
      ellipsis: true,
    });
    by += prizeRowHeight;
  }
  by += 6;
  doc
    .font(font.bold)
    .fontSize(8)
    .fillColor(INK)
    .text("Draw fingerprint (SHA-256 of the draw's secret seed)", left, by, { lineBreak: false });
  by += 10;
  doc.font(font.mono).fontSize(8).text(board.seedHash, left, by, { width: textWidth, lineBreak: false });
  by += 16;
  doc.font(font.bold).fontSize(9).text('Join, watch live and verify the draw:', left, by, { lineBreak: false });
  by += 12;
  doc.font(font.regular).fontSize(9).fillColor('#0b4fa8').text(opts.link, left, by, {
    width: textWidth,
    lineBreak: false,
    ellipsis: true,
    link: opts.link,
    underline: true,
  });
  by += 14;
  doc
    .fillColor(MUTED)
    .fontSize(8)
    .text(`Board as of ${sheetTimestamp(opts.changedAt)}. FanGrid: codes only, no names or phone numbers.`, left, by, {
      width: textWidth,
      lineBreak: false,
      ellipsis: true,
    });

  // Bottom band, right: the QR code of the link, one filled rectangle per run of dark modules.
  const modules = qrModulesOf(opts.link);
  const quiet = 4;
  const unit = QR_SIDE / (modules.size + 2 * quiet);
  const qrLeft = left + width - QR_SIDE;
  const qrTop = bandTop;
  doc.rect(qrLeft, qrTop, QR_SIDE, QR_SIDE).fill('#ffffff');
  for (const r of qrModuleRects(modules)) {
    doc.rect(qrLeft + (quiet + r.x) * unit, qrTop + (quiet + r.y) * unit, r.w * unit, r.h * unit);
  }
  doc.fill(INK);
  doc
    .font(font.bold)
    .fontSize(8)
    .fillColor(INK)
    .text('Scan to join this board', qrLeft, qrTop + QR_SIDE + 2, {
      width: QR_SIDE,
      align: 'center',
      lineBreak: false,
    });

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
