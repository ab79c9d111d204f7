import { useEffect, useState } from 'react';
import type { BoardView } from '../../../../shared/contracts/boards';
import { CELL_COUNT, cellIndex, GRID_SIZE } from '../../../../shared/domain/boards';
import { cn } from '../../../lib/cn';

/** Winners per period in blue, red, green, purple. */
const winnerStyles = [
  'bg-blue-600 text-white',
  'bg-red-600 text-white',
  'bg-green-600 text-white',
  'bg-purple-600 text-white',
];
const FLASH_STEP_MS = 500;
const FLASH_TOTAL_MS = 60_000;

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/**
 * Flash: after a valid entry the highlight hops across random cells every 500 ms, then settles on
 * the entry's cell, which blinks (500 ms) until 60 s have passed. With reduced motion it just marks the cell.
 */
export function useFlash(
  target: number | null,
  random: () => number = Math.random,
): { cell: number | null; settled: boolean; on: boolean } {
  const [state, setState] = useState<{ cell: number | null; settled: boolean; on: boolean }>({
    cell: null,
    settled: false,
    on: false,
  });
  useEffect(() => {
    if (target === null) return;
    if (prefersReducedMotion()) {
      setState({ cell: target, settled: true, on: true });
      return;
    }
    const hops = 6;
    let tick = 0;
    const timer = setInterval(() => {
      tick++;
      if (tick <= hops) setState({ cell: Math.floor(random() * CELL_COUNT), settled: false, on: true });
      else setState((s) => ({ cell: target, settled: true, on: !s.on || !s.settled }));
    }, FLASH_STEP_MS);
    const stop = setTimeout(() => {
      clearInterval(timer);
      setState({ cell: target, settled: true, on: true });
    }, FLASH_TOTAL_MS);
    return () => {
      clearInterval(timer);
      clearTimeout(stop);
    };
  }, [target, random]);
  return state;
}

export function BoardGrid({
  board,
  mine,
  flash,
  rowLabel,
}: {
  board: BoardView;
  mine: ReadonlySet<number>;
  flash: { cell: number | null; settled: boolean; on: boolean };
  /** How rows are labelled, e.g. 'Wolves' (rows 'Wolves 0..9'). */
  rowLabel: string;
}) {
  const codeAt = new Map(board.cells.map((c) => [c.cell, c.code]));
  const winnerAt = new Map<number, number>();
  board.results.forEach((r, i) => {
    if (r.code) winnerAt.set(r.cell, i);
  });
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[21rem] table-fixed border-separate border-spacing-0.5 text-center text-[0.65rem] sm:border-spacing-1 sm:text-xs">
        <caption className="mb-2 text-left text-sm text-slate-300">
          {board.game.teamA} across the top, {board.game.teamB} down the side.{' '}
          {board.axes.drawn ? 'Numbers drawn at lock.' : 'Numbers are drawn when the board locks.'}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="w-14 text-slate-400 sm:w-16">
              <span className="sr-only">Row</span>
            </th>
            {board.axes.columns.map((digit, col) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed 10 columns
              <th key={col} scope="col" className="rounded-md bg-brand-500/20 py-1 font-bold text-brand-300">
                <span className="sr-only">{board.game.teamA} </span>
                {digit}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {board.axes.rows.map((digit, row) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed 10 rows
            <tr key={row}>
              <th scope="row" className="rounded-md bg-sky-accent/15 px-1 font-bold whitespace-nowrap text-sky-accent">
                {rowLabel} {digit}
              </th>
              {Array.from({ length: GRID_SIZE }, (_, col) => {
                const index = cellIndex(row, col);
                const code = codeAt.get(index);
                const winner = winnerAt.get(index);
                const flashing = flash.cell === index && flash.on;
                return (
                  <td
                    key={index}
                    data-cell={index}
                    data-mine={mine.has(index) || undefined}
                    data-flash={flashing ? (flash.settled ? 'settled' : 'hop') : undefined}
                    className={cn(
                      'h-9 rounded-md font-mono font-bold',
                      winner !== undefined
                        ? winnerStyles[winner % winnerStyles.length]
                        : mine.has(index)
                          ? 'bg-brand-500 text-ink-950'
                          : code
                            ? 'bg-ink-700 text-white'
                            : 'bg-ink-900 text-slate-500',
                      flashing && 'outline-3 outline-offset-0 outline-yellow-300',
                    )}
                  >
                    {code ?? <span aria-hidden="true">·</span>}
                    {!code && <span className="sr-only">empty</span>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
