import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it, vi } from 'vitest';
import { publishBoardEvent, readBoardEvent } from '../../src/server/features/boards/events';
import type { BoardEventPayload } from '../../src/shared/contracts/board-events';

const BOARD = '00000000-0000-4000-8000-000000000001';

describe('board events publisher', () => {
  it('refuses a payload its schema rejects, and sends nothing', async () => {
    const execute = vi.fn(async () => ({}));
    const notADigit = { axes: { columns: [0, 1, 2, 3, 4, 5, 6, 7, 8, 10], rows: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] } };
    await expect(publishBoardEvent({ execute } as never, BOARD, 'locked', notADigit)).rejects.toThrow();
    const scored = {
      period: 'q1',
      label: 'Q1',
      index: 0,
      teamAScore: -1,
      teamBScore: 3,
      cell: 4,
      code: null,
      awards: [],
    };
    await expect(publishBoardEvent({ execute } as never, BOARD, 'scored', scored)).rejects.toThrow();
    const cells = { cells: [100], code: 'ABC' } as BoardEventPayload<'cells'>;
    await expect(publishBoardEvent({ execute } as never, BOARD, 'cells', cells)).rejects.toThrow();
    expect(execute).not.toHaveBeenCalled();
  });

  it('sends a payload that parses, named, on the board topic', async () => {
    const execute = vi.fn(async (_query: SQL) => ({}));
    await publishBoardEvent({ execute } as never, BOARD, 'release', { released: [3, 7] });
    expect(execute).toHaveBeenCalledTimes(1);
    const [query] = execute.mock.calls[0] ?? [];
    if (!query) throw new Error('no query');
    const { sql, params } = new PgDialect().sqlToQuery(query);
    expect(sql).toBe('select pg_notify($1, $2)');
    expect(params[0]).toBe('fangrid_events');
    expect(JSON.parse(String(params[1]))).toEqual({
      topic: `board:${BOARD}`,
      event: 'release',
      data: { released: [3, 7] },
    });
  });

  it('reads named events by their schema, unnamed ones as the claim function writes them', () => {
    expect(readBoardEvent('scored', { period: 'q1' })).toBeUndefined();
    expect(readBoardEvent('nope', {})).toBeUndefined();
    expect(readBoardEvent(undefined, { cells: [1], code: 'ABC' })).toEqual({
      name: 'cells',
      payload: { cells: [1], code: 'ABC' },
    });
    expect(readBoardEvent(undefined, { released: [2] })).toEqual({ name: 'release', payload: { released: [2] } });
    expect(readBoardEvent('locked', { axes: { columns: [], rows: [] } })).toBeUndefined();
  });
});
