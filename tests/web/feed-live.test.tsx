import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MyEntryView } from '../../src/shared/contracts/board-responses';
import type { BoardView } from '../../src/shared/contracts/boards';
import { isLiveFeedBoard } from '../../src/web/features/boards/api';
import { closureMessage, feedLockedMessage } from '../../src/web/features/boards/board-entries';
import { BoardGrid } from '../../src/web/features/boards/components/board-grid';
import { LiveScore } from '../../src/web/features/boards/components/live-score';
import { boardsToFollow, ENTRY_STREAMS_MAX, followEntryBoards } from '../../src/web/features/boards/entries-live';
import type { EventSourceLike, LiveBoardDeps } from '../../src/web/features/boards/live';
import { freeToPlayLegal } from '../support/boards';

const digits = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const board = (over: Partial<BoardView> = {}): BoardView => ({
  slug: 'hornets-knicks',
  game: {
    league: 'nba',
    teamA: 'Charlotte Hornets',
    teamB: 'New York Knicks',
    startsAt: '2024-01-30T00:00:00Z',
    venue: '',
  },
  format: '1v99',
  status: 'locked',
  closure: 'locked',
  entryRule: { kind: 'no-amount' },
  prizeTable: [
    { key: 'q1', label: '1st quarter', prizeCents: 2500 },
    { key: 'q2', label: 'Halftime', prizeCents: 2500 },
  ],
  organization: 'Hornets Foundation',
  runBy: { slug: 'fangrid-demo', name: 'FanGrid Demo' },
  paymentRequired: false,
  holdMinutes: 15,
  capacity: 100,
  entryCount: 1,
  cells: [{ cell: 12, code: 'AAA' }],
  seedHash: 'ab'.repeat(32),
  seed: 'cd'.repeat(32),
  axes: { columns: digits, rows: digits, drawn: true },
  nextBoardSlug: null,
  results: [],
  scoring: 'feed',
  live: null,
  notice: null,
  unfilled: { policy: 'play-on', minEntries: null },
  claimWindowDays: 30,
  payoutMethods: ['pickup'],
  mode: 'free-to-play',
  legal: freeToPlayLegal,
  ...over,
});

describe('LiveScore', () => {
  it('shows the score line and the feed status of a feed board in play', () => {
    render(<LiveScore board={board({ live: { teamAScore: 25, teamBScore: 31, status: 'End of 1st' } })} />);
    const region = screen.getByRole('region', { name: 'Live score' });
    expect(within(region).getByTestId('live-line')).toHaveTextContent('Charlotte Hornets 25– to 31 New York Knicks');
    expect(within(region).getByTestId('live-status')).toHaveTextContent('End of 1st');
  });

  it('says when the score will show before the game, and says nothing on a board scored by hand', () => {
    const { rerender } = render(<LiveScore board={board({ status: 'open', closure: null })} />);
    expect(screen.getByTestId('live-status')).toHaveTextContent(/^The live score shows here from the start/);
    rerender(<LiveScore board={board({ status: 'cancelled', closure: 'cancelled' })} />);
    expect(screen.getByTestId('live-status')).toHaveTextContent('this board is cancelled');
    rerender(<LiveScore board={board({ scoring: 'manual' })} />);
    expect(screen.queryByRole('region', { name: 'Live score' })).toBeNull();
  });

  it('keeps one box height before and after the score appears, the waiting text on two whole lines', () => {
    const rows = () =>
      Array.from(screen.getByTestId('live-score').children).map((el) => el.className.match(/\bh-\d+\b/)?.[0]);
    const { rerender } = render(<LiveScore board={board({ status: 'open' })} />);
    const box = () => screen.getByTestId('live-score').className;
    // The start time wraps rather than being cut: two lines of fixed height, never truncated.
    expect(rows()).toEqual(['h-10', 'h-5']);
    expect(screen.getByTestId('live-status').className).not.toMatch(/\btruncate\b/);
    const before = box();
    rerender(<LiveScore board={board({ live: { teamAScore: 0, teamBScore: 0, status: 'Q1 12:00' } })} />);
    // The same two fixed rows: the score line takes the waiting text's 40 px.
    expect(rows()).toEqual(['h-10', 'h-5']);
    expect(box()).toBe(before);
  });
});

describe('isLiveFeedBoard', () => {
  it('re-reads only a feed board whose game is in play', () => {
    expect(isLiveFeedBoard({ scoring: 'feed', status: 'locked' })).toBe(true);
    expect(isLiveFeedBoard({ scoring: 'feed', status: 'open' })).toBe(false);
    expect(isLiveFeedBoard({ scoring: 'feed', status: 'settled' })).toBe(false);
    expect(isLiveFeedBoard({ scoring: 'manual', status: 'locked' })).toBe(false);
  });
});

describe('closureMessage', () => {
  it('does not say an organizer locked a board the feed locked', () => {
    expect(closureMessage('locked', 'feed')).toBe(feedLockedMessage);
    expect(closureMessage('locked')).toMatch(/locked by the organizer/);
    expect(closureMessage('cancelled', 'feed')).toMatch(/cancelled/);
  });
});

describe('the legend of a feed board', () => {
  it('names each period’s prize and who gave its score', () => {
    const result = (
      period: string,
      label: string,
      cell: number,
      code: string | null,
      source: 'feed' | 'organizer',
    ) => ({
      period,
      label,
      teamAScore: 25,
      teamBScore: 31,
      cell,
      code,
      prizeCents: 2500,
      source,
      confirmedAt: null,
      correctedAt: null,
      awards: [{ kind: 'main' as const, cell, code, prizeCents: 2500 }],
    });
    const b = board({
      results: [result('q1', '1st quarter', 12, 'AAA', 'feed'), result('q2', 'Halftime', 40, null, 'organizer')],
    });
    render(
      <BoardGrid board={b} mine={new Set()} flash={{ cell: null, settled: false, on: false }} rowLabel="Knicks" />,
    );
    const legend = within(screen.getByRole('list', { name: 'Board legend' }));
    expect(legend.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '1st quarter (blue): 25-31, won by AAA, prize $25 · From the live feed',
      'Halftime (red): 25-31, no entry, prize not awarded (no later period) · Entered by the organizer',
    ]);
    expect(document.querySelector('td[data-cell="12"]')).toHaveAttribute('data-winner', 'blue');
  });
});

const entry = (slug: string, status: MyEntryView['status'], startsAt: string, ticket = slug): MyEntryView => ({
  ticketNumber: ticket,
  code: 'AAA',
  boardSlug: slug,
  cells: [1],
  axes: null,
  amountCents: null,
  donationCommitmentCents: null,
  enteredAt: '2024-01-29T20:00:00Z',
  game: { league: 'nba', teamA: 'A', teamB: 'B', startsAt },
  status,
  wins: [],
  prizes: [],
});

describe('boardsToFollow', () => {
  it('follows each unsettled entry’s board once, the soonest game first, and no more than the cap', () => {
    const entries = [
      entry('later', 'Pending', '2024-02-03T00:00:00Z'),
      entry('done', 'Won', '2024-01-01T00:00:00Z'),
      entry('gone', 'Cancelled', '2024-01-02T00:00:00Z'),
      entry('soon', 'In Progress', '2024-01-30T00:00:00Z', 'T1'),
      entry('soon', 'In Progress', '2024-01-30T00:00:00Z', 'T2'),
      entry('next', 'Pending', '2024-01-31T00:00:00Z'),
      entry('last', 'Pending', '2024-02-09T00:00:00Z'),
    ];
    expect(boardsToFollow(entries)).toEqual(['soon', 'next', 'later', 'last']);
    expect(ENTRY_STREAMS_MAX).toBe(50);
    expect(boardsToFollow(entries, 3)).toEqual(['soon', 'next', 'later']);
    expect(boardsToFollow([entry('paying', 'Awaiting payment', '2024-01-01T00:00:00Z')])).toEqual(['paying']);
    expect(boardsToFollow([entry('unpaid', 'Not paid', '2024-01-01T00:00:00Z')])).toEqual([]);
    expect(boardsToFollow([entry('done', 'Lost', '2024-01-01T00:00:00Z')])).toEqual([]);
  });
});

class FakeSource implements EventSourceLike {
  readyState = 1;
  closed = false;
  private listeners = new Map<string, Array<(e: Event) => void>>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (e: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data?: unknown) {
    const event = data === undefined ? new Event(type) : new MessageEvent(type, { data: JSON.stringify(data) });
    for (const l of this.listeners.get(type) ?? []) l(event);
  }
}

describe('followEntryBoards', () => {
  it('follows every board on one stream; re-reads when it opens, a board locks or scores, not for cells', () => {
    const made: FakeSource[] = [];
    const deps: LiveBoardDeps = {
      open: (url) => {
        const s = new FakeSource(url);
        made.push(s);
        return s;
      },
      setTimeout: () => 0,
      clearTimeout: () => {},
      random: () => 0.5,
    };
    let rereads = 0;
    const stop = followEntryBoards(['soon', 'next'], () => rereads++, deps);
    expect(made.map((s) => s.url)).toEqual(['/api/live/boards?boards=soon,next']);
    const [stream] = made as [FakeSource];
    stream.emit('open');
    expect(rereads).toBe(1);
    stream.emit('cells', { board: 'soon', cells: [5], code: 'BBB' });
    expect(rereads).toBe(1);
    stream.emit('locked', { board: 'next', axes: { columns: digits, rows: digits } });
    stream.emit('scored', {
      board: 'next',
      period: 'q1',
      label: 'Q1',
      index: 0,
      teamAScore: 25,
      teamBScore: 31,
      cell: 15,
      code: null,
      awards: [{ kind: 'main', cell: 15, code: null, prizeCents: 0 }],
    });
    expect(rereads).toBe(3);
    stop();
    expect(stream.closed).toBe(true);
    stream.emit('scored', { period: 'q2', label: 'Q2', index: 1, teamAScore: 50, teamBScore: 60, cell: 0, code: null });
    expect(rereads).toBe(3);
    expect(followEntryBoards([], () => rereads++, deps)).toBeTypeOf('function');
    expect(made).toHaveLength(1);
  });
});
