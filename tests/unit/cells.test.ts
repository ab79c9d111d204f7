import { describe, expect, it } from 'vitest';
import { cellIndex, drawAxes, undrawnAxes, winningCell } from '../../src/shared/domain/boards';
import { cellDigits, describeCell, describeCells, drawnAxes, scoreDigits } from '../../src/shared/domain/cells';

const teams = { teamA: 'Thunder', teamB: 'Timberwolves' };
const axes = { columns: [5, 2, 8, 0, 1, 9, 3, 7, 4, 6], rows: [4, 7, 0, 1, 9, 2, 8, 6, 3, 5] };

describe('a cell in words: the drawn digits, then the place', () => {
  it("names team A's digit (its column), team B's (its row), then its row and column counted from 1", () => {
    // Cell 73: row 7 (8th), column 3 (4th): team A's digit over column 3 is 0, team B's beside row 7 is 6.
    expect(describeCell(teams, 73, cellDigits(axes, 73))).toBe('Thunder 0 / Timberwolves 6 (row 8, column 4)');
    expect(describeCell(teams, 0, cellDigits(axes, 0))).toBe('Thunder 5 / Timberwolves 4 (row 1, column 1)');
    expect(describeCell(teams, 99, cellDigits(axes, 99))).toBe('Thunder 6 / Timberwolves 5 (row 10, column 10)');
  });

  it('names a cell by its place alone before the draw, whatever order the headers read in', () => {
    expect(cellDigits(null, 73)).toBeNull();
    expect(describeCell(teams, 73, null)).toBe('row 8, column 4');
    // A public view's undrawn axes read 0-9 in order: they are not digits yet.
    expect(describeCell(teams, 73, cellDigits(drawnAxes({ ...undrawnAxes, drawn: false }), 73))).toBe(
      'row 8, column 4',
    );
    expect(drawnAxes({ ...axes, drawn: true })).toEqual({ ...axes, drawn: true });
  });

  it("names a score's winning cell by the scores' last digits, the same words as by the axes", () => {
    const drawn = drawAxes('7'.repeat(64));
    for (const [a, b] of [
      [23, 17],
      [100, 98],
      [0, 0],
      [41, 109],
    ] as const) {
      const { row, column } = winningCell(drawn, a, b);
      const cell = cellIndex(row, column);
      expect(scoreDigits(a, b)).toEqual({ teamA: a % 10, teamB: b % 10 });
      expect(describeCell(teams, cell, scoreDigits(a, b))).toBe(describeCell(teams, cell, cellDigits(drawn, cell)));
    }
  });

  it("lists an entry's cells in grid order, '; ' between them, before and after the draw", () => {
    expect(describeCells(teams, [47, 3], null)).toBe('row 1, column 4; row 5, column 8');
    expect(describeCells(teams, [47, 3], axes)).toBe(
      'Thunder 0 / Timberwolves 4 (row 1, column 4); Thunder 7 / Timberwolves 9 (row 5, column 8)',
    );
    expect(describeCells(teams, [], axes)).toBe('');
  });
});
