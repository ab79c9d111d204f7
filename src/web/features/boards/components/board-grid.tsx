import { useEffect, useState } from 'react';
import type { BoardView } from '../../../../shared/contracts/boards';
import { CELL_COUNT, cellIndex, GRID_SIZE, rolledOverText } from '../../../../shared/domain/boards';
import { formatCents } from '../../../../shared/domain/money';
import { cn } from '../../../lib/cn';
import { resultSourceText } from './live-score';

/**
 * Each period's winning cell in its own colour by the period's place in the prize table: blue, red, green,
 * purple (a fifth period starts again). The legend names each colour, so colour is never the only signal.
 */
export const winnerColours = [
  { name: 'blue', cell: 'bg-blue-700 text-white' },
  { name: 'red', cell: 'bg-red-700 text-white' },
  { name: 'green', cell: 'bg-green-700 text-white' },
  { name: 'purple', cell: 'bg-purple-700 text-white' },
] as const;
const winnerColour = (index: number) => winnerColours[index % winnerColours.length] ?? winnerColours[0];
const FLASH_STEP_MS = 500;
/** Moving highlights stop within 5 s (WCAG 2.2.2), then the cell keeps a steady outline. */
const FLASH_TOTAL_MS = 5_000;

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/**
 * Flash: after a valid entry the highlight hops across random cells every 500 ms (3 s), then settles on
 * the entry's cell, which blinks (500 ms) until 5 s have passed and then stays outlined. With reduced motion it
 * just marks the cell.
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
  /** The side team's name, shown once beside the rows; row headers read 'Wolves 0..9' to assistive tech. */
  rowLabel: string;
}) {
  const cellAt = new Map(board.cells.map((c) => [c.cell, c]));
  // Colour by the period's place in the prize table, whether or not earlier periods are scored yet.
  const winnerAt = new Map<number, { index: number; label: string }>();
  for (const r of board.results) {
    const index = board.prizeTable.findIndex((p) => p.key === r.period);
    if (index >= 0 && !winnerAt.has(r.cell)) winnerAt.set(r.cell, { index, label: r.label });
  }
  return (
    <div>
      {/* Each axis is named once: the top team over the columns, the side team beside the rows. The headers
          show just the digit and say the team to assistive tech; the caption names both axes. */}
      <div className="flex items-stretch gap-1">
        <p
          aria-hidden="true"
          data-axis="rows"
          className="shrink-0 rotate-180 self-center text-center text-xs font-bold tracking-wide text-sky-accent uppercase [writing-mode:vertical-rl]"
        >
          {rowLabel} →
        </p>
        <div className="min-w-0 flex-1 overflow-x-auto">
          <table className="w-full min-w-[18rem] table-fixed border-separate border-spacing-0.5 text-center text-[0.65rem] sm:border-spacing-1 sm:text-xs">
            <caption className="mb-1 text-left text-sm text-slate-300">
              {board.game.teamA} across the top, {board.game.teamB} down the side.{' '}
              {board.axes.drawn ? 'Numbers drawn at lock.' : 'Numbers are drawn when the board locks.'}
              <span
                aria-hidden="true"
                data-axis="columns"
                className="mt-2 block pl-8 text-center text-xs font-bold tracking-wide text-brand-300 uppercase [overflow-wrap:anywhere] sm:pl-10"
              >
                {board.game.teamA} →
              </span>
            </caption>
            <thead>
              <tr>
                <th scope="col" className="w-7 text-slate-400 sm:w-9">
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
                  <th
                    scope="row"
                    data-row-label
                    className="rounded-md bg-sky-accent/15 px-0.5 py-0.5 text-xs leading-tight font-bold text-sky-accent sm:text-sm"
                  >
                    <span className="sr-only">{rowLabel} </span>
                    {digit}
                  </th>
                  {Array.from({ length: GRID_SIZE }, (_, col) => {
                    const index = cellIndex(row, col);
                    const taken = cellAt.get(index);
                    const code = taken?.code;
                    const held = taken?.held === true;
                    const winner = winnerAt.get(index);
                    const isMine = mine.has(index);
                    const flashing = flash.cell === index && flash.on;
                    // Marks are said as well as coloured (the cell's text stays its code alone).
                    const marks = [
                      isMine && 'your code',
                      held && 'held while paying',
                      winner && `${winner.label} winning cell`,
                    ].filter(Boolean);
                    return (
                      <td
                        key={index}
                        aria-label={marks.length > 0 ? [code ?? 'empty', ...marks].join(', ') : undefined}
                        data-cell={index}
                        data-mine={isMine || undefined}
                        data-held={held || undefined}
                        data-winner={winner ? winnerColour(winner.index).name : undefined}
                        data-flash={flashing ? (flash.settled ? 'settled' : 'hop') : undefined}
                        className={cn(
                          'h-9 rounded-md font-mono font-bold',
                          winner !== undefined
                            ? winnerColour(winner.index).cell
                            : isMine
                              ? 'bg-brand-500 text-ink-950'
                              : held
                                ? 'border border-dashed border-amber-300 bg-amber-950 text-amber-100'
                                : code
                                  ? 'bg-ink-700 text-white'
                                  : 'bg-ink-900 text-slate-500',
                          isMine && 'fg-mine outline-3 -outline-offset-3 outline-yellow-300',
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
      </div>
      <BoardLegend board={board} showMine={mine.size > 0} />
    </div>
  );
}

/**
 * What the grid's marks mean: each scored period's colour with its score and winner (or its rolled-over
 * prize), the fan's own code, and held cells on a paid board.
 */
function BoardLegend({ board, showMine }: { board: BoardView; showMine: boolean }) {
  const scored = board.prizeTable.flatMap((p, index) => {
    const r = board.results.find((x) => x.period === p.key);
    return r ? [{ ...r, colour: winnerColour(index) }] : [];
  });
  if (scored.length === 0 && !showMine && !board.paymentRequired) return null;
  return (
    <ul aria-label="Board legend" className="mt-3 flex flex-wrap gap-x-4 gap-y-2 text-sm text-slate-200">
      {scored.map((r) => (
        <li key={r.period} data-legend-period={r.period} className="flex items-center gap-2">
          <span aria-hidden="true" className={cn('inline-block size-4 rounded', r.colour.cell)} />
          <span>
            <strong className="text-white">{r.label}</strong> ({r.colour.name}): {r.teamAScore}-{r.teamBScore},{' '}
            {r.code
              ? `won by ${r.code}, prize ${formatCents(r.prizeCents)}`
              : `no entry, prize ${rolledOverText(board.prizeTable, r.period)}`}
            {' · '}
            <span className="text-slate-300" data-testid="result-source">
              {resultSourceText[r.source]}
            </span>
          </span>
        </li>
      ))}
      {showMine && (
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="inline-block size-4 rounded bg-brand-500 outline-2 outline-yellow-300" />
          Your code
        </li>
      )}
      {board.paymentRequired && (
        <li className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className="inline-block size-4 rounded border border-dashed border-amber-300 bg-amber-950"
          />
          Held while paying
        </li>
      )}
    </ul>
  );
}
