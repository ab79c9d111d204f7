import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BoardView } from '../../src/shared/contracts/boards';
import { BoardGrid } from '../../src/web/features/boards/components/board-grid';
import { withHold } from '../../src/web/features/boards/live';
import { boardView } from '../support/boards';

const digits = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const period = (key: string, label: string) => ({ key, label, prizeCents: 5000 });
const board = (over: Partial<BoardView> = {}): BoardView =>
  boardView({
    slug: 'finals-game-7',
    game: { league: 'NBA', teamA: 'Thunder', teamB: 'Pacers', startsAt: '2025-06-22T20:00:00Z', venue: 'Paycom' },
    status: 'locked',
    prizeTable: [
      period('q1', '1st quarter'),
      period('q2', '2nd quarter'),
      period('q3', '3rd quarter'),
      period('q4', 'Final'),
    ],
    organization: 'Thunder Cares',
    entryCount: 3,
    cells: [
      { cell: 12, code: 'AAA' },
      { cell: 34, code: 'BBB' },
      { cell: 56, code: 'CCC', held: true },
    ],
    seedHash: 'ab'.repeat(32),
    seed: 'cd'.repeat(32),
    axes: { columns: digits, rows: digits, drawn: true },
    ...over,
  });
const scored = (key: string, label: string, cell: number, code: string | null) => ({
  period: key,
  label,
  teamAScore: 20 + cell,
  teamBScore: 10 + cell,
  cell,
  code,
  prizeCents: 5000,
  source: 'organizer' as const,
  confirmedAt: null,
  correctedAt: null,
  awards: [{ kind: 'main' as const, cell, code, prizeCents: 5000 }],
});
const noFlash = { cell: null, settled: false, on: false };
const cell = (index: number) => document.querySelector(`td[data-cell="${index}"]`);

describe('BoardGrid marks', () => {
  it("colours each period's winning cell by its place in the prize table, with a legend naming it", () => {
    // The 2nd quarter is not scored yet: the 3rd is still green, the final purple.
    const b = board({
      results: [
        scored('q1', '1st quarter', 12, 'AAA'),
        scored('q3', '3rd quarter', 34, 'BBB'),
        scored('q4', 'Final', 77, null),
      ],
    });
    render(<BoardGrid board={b} mine={new Set([34])} flash={noFlash} rowLabel="Pacers" />);
    expect(cell(12)).toHaveAttribute('data-winner', 'blue');
    expect(cell(34)).toHaveAttribute('data-winner', 'green');
    expect(cell(77)).toHaveAttribute('data-winner', 'purple');
    expect(cell(12)).toHaveAccessibleName('AAA, 1st quarter winning cell');
    expect(cell(34)).toHaveAccessibleName('BBB, your code, 3rd quarter winning cell');
    const legend = within(screen.getByRole('list', { name: 'Board legend' }));
    expect(legend.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '1st quarter (blue): 32-22, won by AAA, prize $50 · Entered by the organizer',
      '3rd quarter (green): 54-44, won by BBB, prize $50 · Entered by the organizer',
      'Final (purple): 97-87, no entry, prize not awarded (no later period) · Entered by the organizer',
      'Your code',
    ]);
  });

  it('tells a held cell from a paid one, and the fan’s own cells blink (a steady outline without motion)', () => {
    render(
      <BoardGrid board={board({ paymentRequired: true })} mine={new Set([12])} flash={noFlash} rowLabel="Pacers" />,
    );
    expect(cell(56)).toHaveAttribute('data-held', 'true');
    expect(cell(56)).toHaveAccessibleName('CCC, held while paying');
    expect(cell(34)).not.toHaveAttribute('data-held');
    expect(cell(34)).toHaveTextContent(/^BBB$/);
    expect(cell(12)).toHaveClass('fg-mine');
    expect(screen.getByRole('list', { name: 'Board legend' })).toHaveTextContent('Held while paying');
    expect(screen.getByRole('rowheader', { name: 'Pacers 0' })).toBeInTheDocument();
  });

  it('names each axis once: headers show only the digit and say the team to assistive tech', () => {
    render(<BoardGrid board={board()} mine={new Set()} flash={noFlash} rowLabel="Pacers" />);
    const rows = screen.getAllByRole('rowheader');
    expect(rows.map((th) => th.textContent)).toEqual(digits.map((d) => `Pacers ${d}`));
    for (const th of rows) expect(within(th).getByText('Pacers')).toHaveClass('sr-only');
    expect(screen.getByRole('columnheader', { name: 'Thunder 3' })).toBeInTheDocument();
    const visibleAxes = [...document.querySelectorAll('[data-axis]')].map((el) => el.textContent);
    expect(visibleAxes.sort()).toEqual(['Pacers →', 'Thunder →']);
    expect(screen.getByRole('table')).toHaveAccessibleName(
      'Thunder across the top, Pacers down the side. Numbers drawn at lock.',
    );
  });

  it('marks cells held and paid as the live events say', () => {
    const b = board();
    const held = withHold(b, [34], true);
    expect(held.cells.find((c) => c.cell === 34)).toEqual({ cell: 34, code: 'BBB', held: true });
    const paid = withHold(held, [34, 56], false);
    expect(paid.cells.filter((c) => c.held)).toEqual([]);
    expect(withHold(b, [99], true)).toBe(b);
  });
});
