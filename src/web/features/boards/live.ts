import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { boardPaths } from '../../../shared/contracts/api-paths/boards';
import {
  type BoardCellsEvent,
  type BoardEventName,
  type BoardEventPayload,
  type BoardHeldEvent,
  type BoardLockedEvent,
  type BoardPaidEvent,
  type BoardPrizeEvent,
  type BoardReleaseEvent,
  type BoardScoredEvent,
  boardEventNames,
  boardEventSchemas,
} from '../../../shared/contracts/board-events';
import type { BoardView } from '../../../shared/contracts/boards';
import { backoffDelay } from '../../../shared/domain/backoff';
import { boardQuery } from './api';

/** The board with an entry's new cells; cells it already shows are left alone (so replaying is harmless). */
export function withCells(board: BoardView, event: BoardCellsEvent): BoardView {
  const known = new Set(board.cells.map((c) => c.cell));
  const added = event.cells.filter((cell) => !known.has(cell)).map((cell) => ({ cell, code: event.code }));
  if (added.length === 0) return board;
  return { ...board, cells: [...board.cells, ...added], entryCount: board.entryCount + 1 };
}

/** The board with these cells marked held (their entry is paying) or, when `held` is false, paid. */
export function withHold(board: BoardView, cells: readonly number[], held: boolean): BoardView {
  const changed = new Set(cells);
  if (!board.cells.some((c) => changed.has(c.cell))) return board;
  return {
    ...board,
    cells: board.cells.map((c) =>
      !changed.has(c.cell) ? c : held ? { cell: c.cell, code: c.code, held: true } : { cell: c.cell, code: c.code },
    ),
  };
}

/** The board without released cells; the entry count drops by the entries those cells actually held. */
export function withoutCells(board: BoardView, event: BoardReleaseEvent): BoardView {
  const freed = new Set(event.released);
  const cells = board.cells.filter((c) => !freed.has(c.cell));
  const removed = board.cells.length - cells.length;
  if (removed === 0) return board;
  const perEntry = board.format === '1v49' ? 2 : 1;
  return { ...board, cells, entryCount: Math.max(0, board.entryCount - Math.round(removed / perEntry)) };
}

/** The registry seen per event name, so parsing an event of name `N` yields that event's payload type. */
const schemaOf: {
  [N in BoardEventName]: {
    safeParse(value: unknown): { success: true; data: BoardEventPayload<N> } | { success: false };
  };
} = boardEventSchemas;

/** The part of the browser's EventSource used here (tests pass a fake). */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: Event) => void): void;
  close(): void;
}

export interface LiveBoardHandlers {
  cells(event: BoardCellsEvent): void;
  release(event: BoardReleaseEvent): void;
  held?(event: BoardHeldEvent): void;
  paid?(event: BoardPaidEvent): void;
  /** Events may have been missed: re-read the whole board. */
  resync(): void;
  /** A period was scored (without a handler, the event is not used). */
  scored?(event: BoardScoredEvent): void;
  /** The board locked and revealed its draw (without a handler, the event is not used). */
  locked?(event: BoardLockedEvent): void;
  /** A prize changed state: claimed, paid, given back or expired (without a handler, the event is not used). */
  prize?(event: BoardPrizeEvent): void;
}

export interface LiveBoardDeps {
  open(url: string): EventSourceLike;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  random(): number;
}

const browserDeps: LiveBoardDeps = {
  open: (url) => new EventSource(url),
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  random: Math.random,
};

/** EventSource.CLOSED: the browser gave up on the stream and will not reconnect it by itself. */
const CLOSED = 2;

/** A stream the browser gave up on is reopened after 1 s, doubling to 30 s, jittered. */
export const reopenBackoff = { baseMs: 1000, capMs: 30_000 };

/**
 * Follows a board's live events at `url`, parsing each with its contract. Entries made while no stream
 * was open never arrive as events, so the board is re-read (`resync`) each time the stream opens (the
 * first time and after every reconnection), when the server says `resync`, and when an event does not
 * parse. The browser reconnects a dropped stream by itself; one it gave up on (the server refused it,
 * e.g. 429 or 503, or it failed outright) is reopened here with backoff. Returns a function that stops.
 */
export function followBoardEvents(
  url: string,
  handlers: LiveBoardHandlers,
  deps: LiveBoardDeps = browserDeps,
): () => void {
  let source: EventSourceLike | undefined;
  let timer: unknown;
  let failures = 0;
  let stopped = false;

  const parsed = <N extends BoardEventName>(name: N, event: Event): BoardEventPayload<N> | undefined => {
    try {
      const data: unknown = JSON.parse(String('data' in event ? event.data : undefined));
      const result = schemaOf[name].safeParse(data);
      return result.success ? result.data : undefined;
    } catch {
      return undefined;
    }
  };

  const connect = () => {
    const s = deps.open(url);
    source = s;
    const current = () => !stopped && source === s;
    s.addEventListener('open', () => {
      if (!current()) return;
      failures = 0;
      handlers.resync();
    });
    /** An event that does not parse may hide a change: the board is re-read instead. */
    const on = <N extends BoardEventName>(name: N, handle: (data: BoardEventPayload<N>) => void) =>
      s.addEventListener(name, (event) => {
        if (!current()) return;
        const data = parsed(name, event);
        if (data) handle(data);
        else handlers.resync();
      });
    on(boardEventNames.cells, (data) => handlers.cells(data));
    on(boardEventNames.release, (data) => handlers.release(data));
    on(boardEventNames.held, (data) => handlers.held?.(data));
    on(boardEventNames.paid, (data) => handlers.paid?.(data));
    on(boardEventNames.scored, (data) => handlers.scored?.(data));
    on(boardEventNames.locked, (data) => handlers.locked?.(data));
    on(boardEventNames.prize, (data) => handlers.prize?.(data));
    s.addEventListener(boardEventNames.resync, () => {
      if (current()) handlers.resync();
    });
    s.addEventListener('error', () => {
      // Still CONNECTING: the browser retries by itself, and the next 'open' re-reads the board.
      if (!current() || s.readyState !== CLOSED) return;
      s.close();
      source = undefined;
      const wait = backoffDelay(failures, deps.random, reopenBackoff);
      failures += 1;
      timer = deps.setTimeout(() => {
        timer = undefined;
        if (!stopped) connect();
      }, wait);
    });
  };

  connect();
  return () => {
    stopped = true;
    if (timer !== undefined) deps.clearTimeout(timer);
    source?.close();
    source = undefined;
  };
}

/**
 * The board, kept live: new and released cells arrive over Server-Sent Events and are merged into the
 * cached view. Whenever events may have been missed (the stream (re)opened, or the server says `resync`)
 * the board is fetched again; events that arrive while that fetch runs are applied again on top of its
 * result, so a fetch that read the board just before an entry cannot undo it.
 */
export function useLiveBoard(slug: string) {
  const queryClient = useQueryClient();
  const board = useQuery(boardQuery(slug));
  useEffect(() => {
    const { queryKey } = boardQuery(slug);
    type Change = (board: BoardView) => BoardView;
    let replay: Change[] | undefined;
    let generation = 0;
    let stopped = false;
    const apply = (change: Change) => {
      queryClient.setQueryData<BoardView>(queryKey, (prev) => (prev ? change(prev) : prev));
      replay?.push(change);
    };
    const reread = () => {
      const mine = ++generation;
      const log: Change[] = [];
      replay = log;
      // A read already under way (the page's first, too) may have been taken before the stream was
      // listening: cancel it and read again.
      void (async () => {
        await queryClient.cancelQueries({ queryKey, exact: true });
        await queryClient.invalidateQueries({ queryKey, exact: true });
      })().then(() => {
        if (stopped || mine !== generation) return;
        replay = undefined;
        if (log.length > 0) {
          queryClient.setQueryData<BoardView>(queryKey, (prev) => (prev ? log.reduce((b, c) => c(b), prev) : prev));
        }
      });
    };
    const stop = followBoardEvents(`${boardPaths.board(slug)}/events`, {
      cells: (event) => apply((b) => withCells(b, event)),
      release: (event) => apply((b) => withoutCells(b, event)),
      held: (event) => apply((b) => withHold(b, event.held, true)),
      paid: (event) => apply((b) => withHold(b, event.paid, false)),
      resync: reread,
      // A lock reveals the draw and a score names a winner: the board is simply read again.
      scored: reread,
      locked: reread,
    });
    return () => {
      stopped = true;
      stop();
    };
  }, [slug, queryClient]);
  return board;
}
