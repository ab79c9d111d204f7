import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BoardView } from '../../src/shared/contracts/boards';
import {
  type EventSourceLike,
  followBoardEvents,
  type LiveBoardHandlers,
  useLiveBoard,
  withCells,
  withoutCells,
} from '../../src/web/features/boards/live';
import { boardView } from '../support/boards';

const board = (cells: Array<[number, string]>, over: Partial<BoardView> = {}): BoardView =>
  boardView({
    slug: 'thunder-timberwolves',
    game: { league: 'NBA', teamA: 'Thunder', teamB: 'Timberwolves', startsAt: '2025-06-11T16:45:00Z', venue: 'Paycom' },
    entryRule: { kind: 'whole-range', minCents: 100, maxCents: 2000, defaultCents: 100, quickPicksCents: [] },
    prizeTable: [],
    organization: 'Thunder Cares',
    entryCount: cells.length,
    cells: cells.map(([cell, code]) => ({ cell, code })),
    seedHash: 'ab'.repeat(32),
    axes: { columns: [], rows: [], drawn: false },
    ...over,
  });

/** A stand-in for the browser's EventSource: the test opens, fails and feeds it. */
class FakeSource implements EventSourceLike {
  static made: FakeSource[] = [];
  readyState = 0;
  closed = false;
  private listeners = new Map<string, Array<(e: Event) => void>>();
  constructor(readonly url: string) {
    FakeSource.made.push(this);
  }
  addEventListener(type: string, listener: (e: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, data?: unknown) {
    const event =
      data === undefined
        ? new Event(type)
        : new MessageEvent(type, { data: typeof data === 'string' ? data : JSON.stringify(data) });
    for (const l of this.listeners.get(type) ?? []) l(event);
  }
  open() {
    this.readyState = 1;
    this.emit('open');
  }
  /** A dropped connection the browser will retry (CONNECTING), or one it gave up on (CLOSED). */
  fail(giveUp: boolean) {
    this.readyState = giveUp ? 2 : 0;
    this.emit('error');
  }
}

describe('withCells and withoutCells', () => {
  it('ignore cells already shown or already free, so replaying an event changes nothing', () => {
    const b = board([[5, 'AAA']]);
    expect(withCells(b, { cells: [5], code: 'AAA' })).toBe(b);
    expect(withoutCells(b, { released: [7, 8] })).toBe(b);
    const once = withCells(b, { cells: [9], code: 'BBB' });
    expect(withCells(once, { cells: [9], code: 'BBB' })).toBe(once);
    expect(once.entryCount).toBe(2);
  });

  it('add an entry’s cells and count it; release counts entries by the cells actually freed', () => {
    const b = board([[5, 'AAA']], { format: '1v49' });
    const added = withCells(b, { cells: [10, 11], code: 'BBB' });
    expect(added.cells).toEqual([
      { cell: 5, code: 'AAA' },
      { cell: 10, code: 'BBB' },
      { cell: 11, code: 'BBB' },
    ]);
    expect(added.entryCount).toBe(2);
    // 1v49: two cells per entry; a release naming cells already free counts only those it frees.
    const freed = withoutCells(added, { released: [10, 11, 40, 41] });
    expect(freed.cells).toEqual([{ cell: 5, code: 'AAA' }]);
    expect(freed.entryCount).toBe(1);
  });
});

describe('followBoardEvents', () => {
  let handlers: LiveBoardHandlers & { log: string[] };
  let timers: Array<{ run: () => void; ms: number; cleared: boolean }>;
  const deps = {
    open: (url: string) => new FakeSource(url),
    setTimeout: (run: () => void, ms: number) => {
      const t = { run, ms, cleared: false };
      timers.push(t);
      return t;
    },
    clearTimeout: (t: unknown) => {
      (t as { cleared: boolean }).cleared = true;
    },
    random: () => 0,
  };
  const last = () => FakeSource.made.at(-1) as FakeSource;

  beforeEach(() => {
    FakeSource.made = [];
    timers = [];
    const log: string[] = [];
    handlers = {
      log,
      cells: (e) => log.push(`cells ${e.cells.join('+')} ${e.code}`),
      release: (e) => log.push(`release ${e.released.join('+')}`),
      resync: () => log.push('resync'),
    };
  });

  it('re-reads the board instead of trusting an event that breaks its contract', () => {
    followBoardEvents('/api/boards/x/events', handlers, deps);
    const s = last();
    s.open();
    handlers.log.length = 0;
    const bad: Array<[string, unknown]> = [
      ['cells', 'not json'],
      ['cells', { cells: [100], code: 'AAA' }],
      ['cells', { cells: [-1], code: 'AAA' }],
      ['cells', { cells: [1.5], code: 'AAA' }],
      ['cells', { cells: ['7'], code: 'AAA' }],
      ['cells', { cells: [], code: 'AAA' }],
      ['cells', { cells: [3] }],
      ['cells', { cells: [3], code: 'X'.repeat(41) }],
      ['cells', null],
      ['release', { released: 'all' }],
      ['release', { released: [99, 100] }],
      ['release', {}],
      ['release', '{"released":'],
    ];
    for (const [type, data] of bad) s.emit(type, data);
    expect(handlers.log).toEqual(bad.map(() => 'resync'));
  });

  it('passes on well-formed cells and releases, and re-reads the board on `resync`', () => {
    followBoardEvents('/api/boards/x/events', handlers, deps);
    const s = last();
    expect(s.url).toBe('/api/boards/x/events');
    s.open();
    s.emit('cells', { cells: [3, 4], code: 'ABC' });
    s.emit('release', { released: [3] });
    s.emit('resync', {});
    expect(handlers.log).toEqual(['resync', 'cells 3+4 ABC', 'release 3', 'resync']);
  });

  it('passes on well-formed `scored` and `locked`, and re-reads the board for ones that break the contract', () => {
    followBoardEvents(
      '/api/boards/x/events',
      {
        ...handlers,
        scored: (e) => handlers.log.push(`scored ${e.period} ${e.cell} ${e.code ?? 'none'}`),
        locked: (e) => handlers.log.push(`locked ${e.axes.columns.join('')}`),
      },
      deps,
    );
    const s = last();
    s.open();
    const digits = [3, 1, 4, 0, 5, 9, 2, 6, 8, 7];
    const q1 = { period: 'q1', label: 'Q1', index: 0, teamAScore: 21, teamBScore: 18, cell: 42, code: 'ABC' };
    s.emit('scored', { ...q1, awards: [{ kind: 'main', cell: 42, code: 'ABC', prizeCents: 5000 }] });
    const q2 = { period: 'q2', label: 'Q2', index: 1, teamAScore: 30, teamBScore: 27, cell: 7, code: null };
    s.emit('scored', { ...q2, awards: [{ kind: 'main', cell: 7, code: null, prizeCents: 0 }] });
    s.emit('locked', { axes: { columns: digits, rows: digits } });
    s.emit('scored', { period: 'q1', label: 'Q1', index: 0, teamAScore: -1, teamBScore: 18, cell: 42, code: 'ABC' });
    s.emit('locked', { axes: { columns: [1, 2], rows: digits } });
    expect(handlers.log).toEqual([
      'resync',
      'scored q1 42 ABC',
      'scored q2 7 none',
      'locked 3140592687',
      'resync',
      'resync',
    ]);
  });

  it('re-reads the board each time the browser reopens a dropped stream', () => {
    followBoardEvents('/api/boards/x/events', handlers, deps);
    const s = last();
    s.open();
    s.fail(false);
    expect(handlers.log).toEqual(['resync']);
    s.open();
    s.fail(false);
    s.open();
    expect(handlers.log).toEqual(['resync', 'resync', 'resync']);
    // The browser handles these itself: no stream of ours was replaced or scheduled.
    expect(FakeSource.made).toHaveLength(1);
    expect(timers).toHaveLength(0);
  });

  it('reopens a stream the browser gave up on (refused with 429 or 503) with backoff, then re-reads', () => {
    followBoardEvents('/api/boards/x/events', handlers, deps);
    last().fail(true);
    last().fail(true); // ignored: that source is already closed and replaced by a timer
    expect(FakeSource.made[0]?.closed).toBe(true);
    expect(timers.map((t) => t.ms)).toEqual([500]);
    timers[0]?.run();
    expect(FakeSource.made).toHaveLength(2);
    last().fail(true);
    timers[1]?.run();
    last().fail(true);
    timers[2]?.run();
    expect(timers.map((t) => t.ms)).toEqual([500, 1000, 2000]);
    expect(handlers.log).toEqual([]);
    last().open();
    expect(handlers.log).toEqual(['resync']);
    // Once open again, the backoff starts over.
    last().fail(true);
    expect(timers.at(-1)?.ms).toBe(500);
  });

  it('stops cleanly: closes the stream, cancels a pending reopen, ignores late events', () => {
    const stop = followBoardEvents('/api/boards/x/events', handlers, deps);
    const first = last();
    first.fail(true);
    stop();
    expect(timers[0]?.cleared).toBe(true);
    first.emit('cells', { cells: [1], code: 'A' });
    expect(handlers.log).toEqual([]);

    const stop2 = followBoardEvents('/api/boards/y/events', handlers, deps);
    const second = last();
    second.open();
    stop2();
    expect(second.closed).toBe(true);
    second.emit('resync', {});
    second.emit('cells', { cells: [1], code: 'A' });
    expect(handlers.log).toEqual(['resync']);
  });
});

describe('useLiveBoard', () => {
  /** Board reads answered by the test, one at a time, in order. */
  let reads: Array<{ resolve: (b: BoardView) => void; signal: AbortSignal | undefined }>;

  function Probe() {
    const q = useLiveBoard('thunder-timberwolves');
    return (
      <p data-testid="cells">
        {q.data ? `${q.data.entryCount}: ${q.data.cells.map((c) => `${c.cell}${c.code}`).join(',')}` : 'loading'}
      </p>
    );
  }

  function renderProbe() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return render(
      <QueryClientProvider client={client}>
        <Probe />
      </QueryClientProvider>,
    );
  }

  const answer = async (index: number, b: BoardView) => {
    await waitFor(() => expect(reads.length).toBeGreaterThan(index));
    await act(async () => reads[index]?.resolve(b));
  };
  const shown = () => screen.getByTestId('cells').textContent;
  const expectShown = (text: string) => waitFor(() => expect(shown()).toBe(text));

  beforeEach(() => {
    FakeSource.made = [];
    reads = [];
    vi.stubGlobal('EventSource', FakeSource);
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init?: RequestInit) =>
          new Promise<Response>((resolve) => {
            reads.push({
              signal: init?.signal ?? undefined,
              resolve: (b) => resolve(new Response(JSON.stringify(b), { status: 200 })),
            });
          }),
      ),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('re-reads the board when the stream opens, reopens after an error, or is told to resync', async () => {
    renderProbe();
    const source = FakeSource.made[0] as FakeSource;
    expect(source.url).toBe('/api/boards/thunder-timberwolves/events');
    await answer(0, board([[1, 'AAA']]));
    await expectShown('1: 1AAA');

    act(() => source.open());
    await answer(1, board([[1, 'AAA']]));
    act(() => source.emit('cells', { cells: [2], code: 'BBB' }));
    await expectShown('2: 1AAA,2BBB');

    // The stream drops and the browser reconnects it: entries made meanwhile come with the re-read.
    act(() => source.fail(false));
    act(() => source.open());
    await answer(
      2,
      board([
        [1, 'AAA'],
        [2, 'BBB'],
        [3, 'CCC'],
      ]),
    );
    await expectShown('3: 1AAA,2BBB,3CCC');

    // The server's LISTEN connection came back: it says resync, and the board is read again.
    act(() => source.emit('resync', {}));
    await answer(
      3,
      board([
        [1, 'AAA'],
        [2, 'BBB'],
        [3, 'CCC'],
        [4, 'DDD'],
      ]),
    );
    await expectShown('4: 1AAA,2BBB,3CCC,4DDD');
    expect(reads).toHaveLength(4);
  });

  it('keeps an entry that arrives while a re-read is under way, even if the read was taken before it', async () => {
    renderProbe();
    const source = FakeSource.made[0] as FakeSource;
    // The stream opens while the first read is still in flight: that read is replaced by a new one.
    act(() => source.open());
    await waitFor(() => expect(reads).toHaveLength(2));
    expect(reads[0]?.signal?.aborted).toBe(true);
    act(() => source.emit('cells', { cells: [7], code: 'NEW' }));
    act(() => source.emit('release', { released: [1] }));
    // The read answers with the board as it was before both events.
    await answer(1, board([[1, 'OLD']]));
    await expectShown('1: 7NEW');
  });

  it('re-reads the board when it locks or a period is scored', async () => {
    renderProbe();
    const source = FakeSource.made[0] as FakeSource;
    await answer(0, board([[1, 'AAA']]));
    await expectShown('1: 1AAA');
    const digits = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    act(() => source.emit('locked', { axes: { columns: digits, rows: digits } }));
    await answer(1, board([[1, 'AAA']], { status: 'locked' }));
    act(() =>
      source.emit('scored', {
        period: 'q1',
        label: 'Q1',
        index: 0,
        teamAScore: 1,
        teamBScore: 0,
        cell: 1,
        code: 'AAA',
        awards: [{ kind: 'main', cell: 1, code: 'AAA', prizeCents: 5000 }],
      }),
    );
    await answer(2, board([[1, 'AAA']], { status: 'locked' }));
    expect(reads).toHaveLength(3);
  });

  it('shows nothing from an event that breaks the contract, and re-reads the board instead', async () => {
    renderProbe();
    const source = FakeSource.made[0] as FakeSource;
    await answer(0, board([]));
    act(() => source.emit('cells', { cells: [250], code: '<img src=x>' }));
    await answer(1, board([[9, 'REAL']]));
    await expectShown('1: 9REAL');
  });
});
