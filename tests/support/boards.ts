import type { BoardView } from '../../src/shared/contracts/boards';
import { cellPosition } from '../../src/shared/domain/boards';

/** The scores whose last digits point at `cell` on the board's drawn axes (`tens` sets the rest). */
export function scoresFor(board: BoardView, cell: number, tens = 0) {
  const { row, column } = cellPosition(cell);
  return {
    teamAScore: tens * 10 + (board.axes.columns[column] ?? 0),
    teamBScore: tens * 10 + (board.axes.rows[row] ?? 0),
  };
}
