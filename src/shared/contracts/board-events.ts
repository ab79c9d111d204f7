import * as z from 'zod/mini';
import { awardSchema } from './awards';

/**
 * The live events of a board's Server-Sent Events stream (`/api/boards/:slug/events`). The server writes
 * only events that parse; the browser parses each one before using it. zod/mini keeps this small enough
 * for the board screens' bundle.
 */
const cell = z.int().check(z.minimum(0), z.maximum(99));
const digit = z.int().check(z.minimum(0), z.maximum(9));
const score = z.int().check(z.minimum(0));

/**
 * The one PostgreSQL NOTIFY channel FanGrid publishes on. A message is `{ topic, event, data }` JSON: `topic`
 * says whose event it is (`boardTopic`), `event` names it in `boardEventSchemas` and `data` parses with that
 * schema. The claim function (the SQL of `fangrid_claim`) names no event: its messages are `cells`.
 */
export const EVENTS_CHANNEL = 'fangrid_events';

/** The live-events topic of one board. */
export const boardTopic = (boardId: string) => `board:${boardId}`;

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
 * `held`: these cells are held for an entry that is paying at checkout (a paid board); they stay taken, and
 * viewers show them as held until `paid` (or `release` when the hold ends unpaid).
 */
export const boardHeldEventSchema = z.object({
  held: z.array(cell).check(z.minLength(1), z.maxLength(100)),
});
export type BoardHeldEvent = z.infer<typeof boardHeldEventSchema>;

/** `paid`: a held entry's payment arrived; its cells are taken for good. */
export const boardPaidEventSchema = z.object({
  paid: z.array(cell).check(z.minLength(1), z.maxLength(100)),
});
export type BoardPaidEvent = z.infer<typeof boardPaidEventSchema>;

/**
 * `resync`: events may have been missed (the server's LISTEN connection was down and came back), so the
 * viewer re-reads the whole board.
 */
export const boardResyncEventSchema = z.object({});
export type BoardResyncEvent = z.infer<typeof boardResyncEventSchema>;

/**
 * `scored`: a period was scored (or its score corrected). `index` is the period's place in the prize table,
 * `cell` the winning cell and `code` the winner's public board code, or null when the cell is empty (its
 * prize rolls on to the next period). `awards` lists the period's awards (contracts/awards), the 'main' one
 * first, with the same cell and code.
 */
export const boardScoredEventSchema = z.object({
  period: z.string().check(z.minLength(1), z.maxLength(40)),
  label: z.string().check(z.maxLength(60)),
  index: z.int().check(z.minimum(0)),
  teamAScore: score,
  teamBScore: score,
  cell,
  code: z.nullable(z.string().check(z.maxLength(40))),
  awards: z.array(awardSchema).check(z.maxLength(100)),
});
export type BoardScoredEvent = z.infer<typeof boardScoredEventSchema>;

/** `locked`: the board locked and its draw is revealed: the digit on each column and each row. */
export const boardLockedEventSchema = z.object({
  axes: z.object({
    columns: z.array(digit).check(z.length(10)),
    rows: z.array(digit).check(z.length(10)),
  }),
});
export type BoardLockedEvent = z.infer<typeof boardLockedEventSchema>;

/** `prize`: a prize of this board changed state (won, claimed, paid, given back, expired). */
export const boardPrizeEventSchema = z.object({
  period: z.string().check(z.minLength(1), z.maxLength(40)),
  state: z.enum(['unclaimed', 'claimed', 'paid', 'given-back', 'expired']),
});
export type BoardPrizeEvent = z.infer<typeof boardPrizeEventSchema>;

/** Every board event: its name on the stream (and in a NOTIFY message) and the schema of its payload. */
export const boardEventSchemas = {
  cells: boardCellsEventSchema,
  release: boardReleaseEventSchema,
  held: boardHeldEventSchema,
  paid: boardPaidEventSchema,
  resync: boardResyncEventSchema,
  scored: boardScoredEventSchema,
  locked: boardLockedEventSchema,
  prize: boardPrizeEventSchema,
} as const;
export type BoardEventName = keyof typeof boardEventSchemas;
export type BoardEventPayload<N extends BoardEventName> = z.infer<(typeof boardEventSchemas)[N]>;

export const boardEventNames = {
  cells: 'cells',
  release: 'release',
  held: 'held',
  paid: 'paid',
  resync: 'resync',
  scored: 'scored',
  locked: 'locked',
  prize: 'prize',
} as const satisfies { [N in BoardEventName]: N };

/**
 * One stream may carry this many boards' events (`GET /api/live/boards?boards=a,b,…`): a fan's entries on
 * more boards follow the soonest this many.
 */
export const LIVE_BOARDS_MAX = 50;

/** On a stream that carries several boards, each event's data names its board beside the event's payload. */
export const taggedBoardEventSchema = z.object({ board: z.string().check(z.minLength(1), z.maxLength(100)) });

export const boardStreamErrorCodes = {
  /** One client address holds as many live board streams as it may. */
  tooManyStreams: 'TOO_MANY_STREAMS',
} as const;
