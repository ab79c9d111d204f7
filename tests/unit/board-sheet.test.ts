import { describe, expect, it } from 'vitest';
import { boardSheetBytes } from '../../src/server/features/boards/sheet';
import type { BoardView } from '../../src/shared/contracts/boards';
import { cellPosition, drawAxes, nbaFinalsPrizes } from '../../src/shared/domain/boards';
import { freeEntryText, noPurchaseNecessary } from '../../src/shared/domain/legal';
import { boardView } from '../support/boards';
import { sheetLayout } from '../support/sheet-layout';

/**
 * The printable sheet read back as a reader sees it: every label in its own box, no label over a cell's lines
 * or another label, each code in its own cell, for both formats and both paper sizes, long team names, the
 * widest codes, held cells, a scored board with its winning cells marked and a long prize table.
 */
const axes = drawAxes('ab'.repeat(32));
const widest = ['WWW', 'MMM', 'W2M', 'QXZ', 'IIJ', 'ABC'];
const link = 'http://localhost:3000/boards/oklahoma-city-thunder-vs-minnesota-timberwolves-basketball-club';
const longGame = {
  league: 'National Basketball Association Western Conference Finals',
  teamA: 'Oklahoma City Thunder Basketball Club of the Plains',
  teamB: 'Minnesota Timberwolves Basketball Club of the North',
  startsAt: '2030-06-16T00:30:00Z',
  venue: 'Paycom Center, 100 West Reno Avenue, Oklahoma City',
};
const sweepstakesLegal: BoardView['legal'] = {
  ...boardView().legal,
  moneyAllowed: true,
  freeEntryOffered: true,
  stateRequired: true,
  freeEntriesPerBoard: 25,
};

/** Every cell taken but the last `empty` ones (1v49: two cells per code), every few held at checkout. */
function taken(format: BoardView['format'], empty: number): BoardView['cells'] {
  const free = new Set(Array.from({ length: empty }, (_, i) => 99 - i * 7));
  const cells = Array.from({ length: 100 }, (_, i) => i).filter((i) => !free.has(i));
  return cells.map((cell, i) => ({
    cell,
    code: widest[Math.floor(format === '1v49' ? i / 2 : i) % widest.length] as string,
    ...(i % 13 === 5 ? { held: true as const } : {}),
  }));
}

/** A locked sweepstakes board scored on `scoredCells` (period by period), null scores the first empty cell. */
function scoredBoard(format: BoardView['format'], scoredCells: (number | null)[]): BoardView {
  const cells = taken(format, 8);
  const holder = new Map(cells.map((c) => [c.cell, c.code]));
  const emptyCell = Array.from({ length: 100 }, (_, i) => i).find((i) => !holder.has(i)) ?? 0;
  let carried = 0;
  const results = scoredCells.map((at, i) => {
    const period = nbaFinalsPrizes[i] ?? nbaFinalsPrizes[0];
    if (!period) throw new Error('no period');
    const cell = at ?? emptyCell;
    const { row, column } = cellPosition(cell);
    const code = holder.get(cell) ?? null;
    const prizeCents = code ? period.prizeCents + carried : 0;
    carried = code ? 0 : carried + period.prizeCents;
    return {
      period: period.key,
      label: period.label,
      teamAScore: 20 + (axes.columns[column] ?? 0),
      teamBScore: 10 + (axes.rows[row] ?? 0),
      cell,
      code,
      prizeCents,
      source: 'organizer' as const,
      confirmedAt: null,
      correctedAt: null,
      awards: [{ kind: 'main' as const, cell, code, prizeCents }],
    };
  });
  return boardView({
    game: longGame,
    format,
    status: 'locked',
    closure: 'closed',
    axes: { ...axes, drawn: true },
    prizeTable: nbaFinalsPrizes,
    cells,
    entryCount: format === '1v49' ? 46 : 92,
    capacity: format === '1v49' ? 50 : 100,
    results,
    mode: 'sweepstakes',
    legal: sweepstakesLegal,
    entryRule: { kind: 'whole-range', minCents: 100, maxCents: 2000, defaultCents: 100, quickPicksCents: [100] },
    paymentRequired: true,
  });
}

const build = async (board: BoardView, size: 'letter' | 'a4') =>
  sheetLayout(await boardSheetBytes(board, { size, link, changedAt: new Date('2025-06-11T16:00:00Z') }));

describe('the printed sheet: no label overlaps a cell or another label', () => {
  for (const size of ['letter', 'a4'] as const) {
    for (const format of ['1v99', '1v49'] as const) {
      it(`${format} on ${size}, before the draw: long names, the widest codes, held cells`, async () => {
        const board = boardView({ game: longGame, format, cells: taken(format, 3), paymentRequired: true });
        const sheet = await build(board, size);
        expect(sheet.problems).toEqual([]);
        for (const c of board.cells) {
          const { row, column } = cellPosition(c.cell);
          expect(sheet.textIn(row, column).map((t) => t.str)).toEqual([c.code]);
        }
        // Before the draw every line's digit is '?', and no cell is outlined.
        expect(sheet.texts.filter((t) => t.str === '?')).toHaveLength(20);
        expect(sheet.cells.filter((c) => c.outlined)).toHaveLength(0);
        // The title is cut to one line; each team's name runs along its side of the grid, never past it.
        const title = sheet.texts.find((t) => t.str.startsWith('Oklahoma City Thunder') && t.str.includes(' vs '));
        expect(title?.str.endsWith('…')).toBe(true);
        const teamA = sheet.texts.find((t) => t.str === longGame.teamA);
        expect(teamA && teamA.left >= sheet.grid.left && teamA.right <= sheet.grid.right).toBe(true);
        expect(teamA && teamA.bottom <= sheet.grid.top).toBe(true);
        const teamB = sheet.texts.find((t) => t.str === longGame.teamB);
        expect(teamB && teamB.top >= sheet.grid.top && teamB.bottom <= sheet.grid.bottom).toBe(true);
        expect(teamB && teamB.right <= sheet.grid.left).toBe(true);
        // A free-to-play board prints no sweepstakes notice.
        expect(sheet.text).not.toContain('No purchase necessary');
      });

      it(`${format} on ${size}, scored: winning cells outlined and numbered, prizes with roll-overs`, async () => {
        // 1st quarter on an empty cell (rolls over), the 2nd and the 3rd won on one cell, the final unscored.
        const winner = format === '1v49' ? 2 : 11;
        const board = scoredBoard(format, [null, winner, winner]);
        const sheet = await build(board, size);
        expect(sheet.problems).toEqual([]);
        const outlined = sheet.cells.filter((c) => c.outlined);
        expect(outlined.map((c) => c.row * 10 + c.column).sort((a, b) => a - b)).toEqual(
          [board.results[0]?.cell, winner].sort((a, b) => (a ?? 0) - (b ?? 0)),
        );
        const { row, column } = cellPosition(winner);
        const code = board.cells.find((c) => c.cell === winner)?.code;
        expect(sheet.textIn(row, column).map((t) => t.str)).toEqual([code, '#2 #3']);
        const empty = cellPosition(board.results[0]?.cell ?? 0);
        expect(sheet.textIn(empty.row, empty.column).map((t) => t.str)).toEqual(['#1']);
        // The prizes as the panel words them: the 2nd quarter pays its own $100 and the 1st's $50.
        const [q1, q2, q3] = board.results;
        expect(sheet.text).toContain(
          `1st quarter $50 · ${q1?.teamAScore}-${q1?.teamBScore}, empty cell, rolled over to 2nd quarter`,
        );
        expect(sheet.text).toContain(
          `2nd quarter $150 (includes $50 rolled over) · ${q2?.teamAScore}-${q2?.teamBScore}, won by ${code}`,
        );
        expect(sheet.text).toContain(`3rd quarter $50 · ${q3?.teamAScore}-${q3?.teamBScore}, won by ${code}`);
        // The sweepstakes notice: no purchase necessary, the free entry and the price.
        expect(sheet.text).toContain(noPurchaseNecessary);
        expect(sheet.text).toContain(freeEntryText(sweepstakesLegal));
        expect(sheet.text).toContain('Entry amount: any whole-dollar amount from $1 to $20, paid at checkout.');
        expect(sheet.text).toContain('Sweepstakes');
      });
    }

    it(`a 12-period table of long labels on ${size} still leaves a readable grid`, async () => {
      const prizeTable = Array.from({ length: 12 }, (_, i) => ({
        key: `p${i + 1}`,
        label: `Period ${i + 1}: the organizer's own long label that runs on`.slice(0, 60),
        prizeCents: 123_400,
      }));
      const board = { ...scoredBoard('1v99', [11]), prizeTable, results: [] };
      const sheet = await build(board, size);
      expect(sheet.problems).toEqual([]);
      const cell = sheet.cells[0];
      expect(cell && cell.right - cell.left).toBeGreaterThanOrEqual(28);
      for (const [i, p] of prizeTable.entries()) expect(sheet.text).toContain(`#${i + 1} ${p.label}: $1,234`);
    });
  }
});
