/**
 * Admin API (docs/product.md#admin-screens): KPIs, entries, login attempts, board operations and the audit log. Every route
 * sits under /api/admin, behind the server-side gate (admin-gate). Money is integer cents. Its contracts are split by
 * concern; this module is the one they are imported from.
 */

export * from './admin-audit';
export * from './admin-boards';
export * from './admin-entries';
export * from './admin-kpis';

export const adminMessages = {
  entryRequired: 'Team name and nickname are required',
  entryAdded: 'Entry added successfully',
  entryDeleted: 'Entry deleted successfully',
  entryRefunded: 'Entry refunded',
  cashReturned: 'Cash marked returned',
  noCashToReturn: 'No cash to return',
  noEntries: 'No entries found',
  loadingAttempts: 'Loading login attempts...',
  noAttempts: 'No login attempts found',
} as const;

export const adminErrorCodes = {
  entryNotFound: 'ENTRY_NOT_FOUND',
  entryLocked: 'ENTRY_LOCKED',
  noPledge: 'NO_PLEDGE',
  boardClosed: 'BOARD_CLOSED',
  slugTaken: 'SLUG_TAKEN',
  gameNotFound: 'GAME_NOT_FOUND',
  /** The named feed game is not in the stored schedule (read from the scores feed). */
  feedGameNotFound: 'FEED_GAME_NOT_FOUND',
  /** An entries page cursor that was not made by the server (or names a row that is gone). */
  badCursor: 'BAD_CURSOR',
  /** The period has no score yet, so there is nothing to confirm. */
  noResult: 'NO_RESULT',
  /** Feed scoring was asked for a board whose game is not a game of the scores feed. */
  noFeedGame: 'NO_FEED_GAME',
  /** A board on a feed game whose prize periods the game's sport does not have. */
  feedPeriodsUnknown: 'FEED_PERIODS_UNKNOWN',
  /** 'Undo collected' on an entry whose pledge is not marked collected. */
  notCollected: 'NOT_COLLECTED',
  /** 'Open now' on a board that is not scheduled (already open, locked, settled or cancelled). */
  notScheduled: 'BOARD_NOT_SCHEDULED',
  /** The payment provider refused a refund (502): nothing changed. */
  refundFailed: 'REFUND_FAILED',
  /** 'Refund' on an entry with no checkout payment in hand (never paid through checkout, or pledged). */
  notRefundable: 'NOT_REFUNDABLE',
  /** 'Refund' on an entry whose checkout payment was already refunded. */
  alreadyRefunded: 'ALREADY_REFUNDED',
  /** A delete kept meeting a payment arriving for the entry (each refunded); trying again settles it. */
  paymentArriving: 'PAYMENT_ARRIVING',
  /** 'Returned' on an entry with no collected cash to return (none, or handed back already). */
  nothingToReturn: 'NOTHING_TO_RETURN',
  /** An entries CSV import with a line the board refuses: nothing was added (`fields` names each line). */
  importRefused: 'IMPORT_REFUSED',
} as const;

/** The export file names: `game_entries_{date}.csv`, `login_attempts_{date}.csv` (date YYYY-MM-DD). */
export const exportFileName = (kind: 'game_entries' | 'login_attempts', now: Date) =>
  `${kind}_${now.toISOString().slice(0, 10)}.csv`;
