import * as z from 'zod/mini';

/**
 * The live events of a board's Server-Sent Events stream (`/api/boards/:slug/events`). The server writes
 * only events that parse; the browser parses each one before using it. zod/mini keeps this small enough
 * for the board screens' bundle.
 */
const cell = z.int().check(z.minimum(0), z.maximum(99));

/** `cells`: an entry took these cells; `code` is the entrant's public board code. */
export const boardCellsEventSchema = z.object({
  cells: z.array(cell).check(z.minLength(1), z.maxLength(100)),
  code: z.string().check(z.maxLength(40)),
});
export type BoardCellsEvent = z.infer<typeof boardCellsEventSchema>;

/** `release`: these cells are free again (a paid board's unpaid hold ended, or an admin removed an entry). */
export const boardReleaseEventSchema = z.object({
  released: z.array(cell).check(z.minLength(1), z.maxLength(100)),
});
export type BoardReleaseEvent = z.infer<typeof boardReleaseEventSchema>;

/**
 * `resync`: events may have been missed (the server's LISTEN connection was down and came back), so the
 * viewer re-reads the whole board.
 */
export const boardResyncEventSchema = z.object({});
export type BoardResyncEvent = z.infer<typeof boardResyncEventSchema>;

export const boardEventNames = { cells: 'cells', release: 'release', resync: 'resync' } as const;

export const boardStreamErrorCodes = {
  /** One client address holds as many live board streams as it may. */
  tooManyStreams: 'TOO_MANY_STREAMS',
} as const;
