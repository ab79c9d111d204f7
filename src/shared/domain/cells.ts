import { type Axes, cellPosition } from './boards';

/**
 * How a cell is named to a person, the same on every screen, text, email and printout: the drawn digits first
 * (team A's, the cell's column, then team B's, its row), then its place on the grid counted from 1 at the top
 * left: 'Thunder 3 / Timberwolves 7 (row 8, column 4)'. Before the draw a cell has no digits yet, so it is
 * named by its place alone: 'row 8, column 4'.
 */

/** A cell's drawn digits: team A's (the digit over its column) and team B's (the digit beside its row). */
export interface CellDigits {
  teamA: number;
  teamB: number;
}

/** The board's two teams, as the game names them. */
export interface CellTeams {
  teamA: string;
  teamB: string;
}

/** A cell's digits on the board's drawn axes, or null before the draw (`axes` null). */
export function cellDigits(axes: Pick<Axes, 'columns' | 'rows'> | null, cell: number): CellDigits | null {
  if (!axes) return null;
  const { row, column } = cellPosition(cell);
  const teamA = axes.columns[column];
  const teamB = axes.rows[row];
  return teamA === undefined || teamB === undefined ? null : { teamA, teamB };
}

/** The digits of a score's winning cell: each team's last digit (the cell is where they meet). */
export const scoreDigits = (teamAScore: number, teamBScore: number): CellDigits => ({
  teamA: teamAScore % 10,
  teamB: teamBScore % 10,
});

/** A public board view's axes as the description reads them: its digits once drawn, null before. */
export const drawnAxes = (axes: { columns: number[]; rows: number[]; drawn: boolean }) => (axes.drawn ? axes : null);

/** A cell's place on the grid, counted from 1: 'row 8, column 4'. */
const place = (cell: number) => {
  const { row, column } = cellPosition(cell);
  return `row ${row + 1}, column ${column + 1}`;
};

/** One cell in words: 'Thunder 3 / Timberwolves 7 (row 8, column 4)', or 'row 8, column 4' without digits. */
export function describeCell(teams: CellTeams, cell: number, digits: CellDigits | null): string {
  return digits ? `${teams.teamA} ${digits.teamA} / ${teams.teamB} ${digits.teamB} (${place(cell)})` : place(cell);
}

/** An entry's cells in grid order, each described as `describeCell` does, '; ' between them. */
export function describeCells(
  teams: CellTeams,
  cells: readonly number[],
  axes: Pick<Axes, 'columns' | 'rows'> | null,
): string {
  return [...cells]
    .sort((a, b) => a - b)
    .map((cell) => describeCell(teams, cell, cellDigits(axes, cell)))
    .join('; ');
}
