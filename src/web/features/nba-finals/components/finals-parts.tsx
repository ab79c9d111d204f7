import type { ReactNode } from 'react';
import type {
  FinalsGame,
  FinalsTeam,
  NbaFinalsPage,
  TeamAverages,
} from '../../../../shared/contracts/pages/nba-finals';
import { gameWinner } from '../../../../shared/domain/finals';
import { ScrollRegion } from '../../../components/table-parts';
import { cn } from '../../../lib/cn';

/** The team a document id refers to (the contract guarantees games and stat lines name one of the two). */
export function teamById(page: NbaFinalsPage, id: string): FinalsTeam {
  return page.teams.find((t) => t.id === id) ?? page.teams[0];
}

/** 'IND 111, OKC 110' with the winner first. */
export function scoreLine(page: NbaFinalsPage, game: FinalsGame): string {
  const winner = gameWinner(game);
  const ordered = [...game.score].sort((a, b) => (a.team === winner ? -1 : b.team === winner ? 1 : 0));
  return ordered.map((s) => `${teamById(page, s.team).abbreviation} ${s.points}`).join(', ');
}

export function winnerName(page: NbaFinalsPage, game: FinalsGame): string {
  const winner = gameWinner(game);
  return winner ? teamById(page, winner).name : 'Tied';
}

const one = (n: number) => n.toFixed(1);

/** The averages as label/value rows, in the order the team cards and the playoff table show them. */
export const averageRows: ReadonlyArray<{ label: string; abbr: string; value: (a: TeamAverages) => string }> = [
  { label: 'Points per game', abbr: 'PTS', value: (a) => one(a.points) },
  { label: 'Rebounds per game', abbr: 'REB', value: (a) => one(a.rebounds) },
  { label: 'Assists per game', abbr: 'AST', value: (a) => one(a.assists) },
  { label: 'Field goal percentage', abbr: 'FG%', value: (a) => `${one(a.fieldGoalPct)}%` },
  { label: 'Three-point percentage', abbr: '3P%', value: (a) => `${one(a.threePointPct)}%` },
  { label: 'Opponent points per game', abbr: 'OPP', value: (a) => one(a.opponentPoints) },
];

/** A small stat grid (a `<dl>`) of a team's averages. */
export function AveragesGrid({ averages }: { averages: TeamAverages }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      {averageRows.map((row) => (
        <div key={row.abbr} className="rounded-xl bg-ink-900 px-3 py-2">
          <dt className="text-xs text-slate-300">{row.label}</dt>
          <dd className="text-lg font-bold text-white">{row.value(averages)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A table that scrolls sideways inside its own box on narrow screens; the box is focusable and named so
 * keyboard users can scroll it too. It is `relative` so the table's visually hidden (absolutely
 * positioned) labels are clipped by it too; otherwise they widen a phone's layout viewport.
 */
export function TableScroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ScrollRegion label={label} className="relative overflow-x-auto rounded-2xl border border-ink-700 bg-ink-850">
      {children}
    </ScrollRegion>
  );
}

export function Th({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <th
      scope="col"
      className={cn('px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-300 uppercase', className)}
    >
      {children}
    </th>
  );
}

export function Td({ children, className }: { children: ReactNode; className?: string }) {
  return <td className={cn('px-4 py-3 whitespace-nowrap text-slate-100', className)}>{children}</td>;
}

/** A body row's first cell, which names the row (`<th scope="row">`): a player, a game or a stat. */
export function RowTh({ children }: { children: ReactNode }) {
  return (
    <th scope="row" className="px-4 py-3 text-left font-semibold whitespace-nowrap text-white">
      {children}
    </th>
  );
}
