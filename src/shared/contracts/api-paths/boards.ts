import { pathOf } from './pattern';

/** A board, its entries and an entrant's own entries (looked up by ticket, committed, summarised). */
export const boardPaths = {
  board: pathOf('/api/boards/:slug'),
  /** One board's live events (Server-Sent Events). */
  boardEvents: pathOf('/api/boards/:slug/events'),
  /** Several boards' live events on one stream, each event naming its board (`?boards=a,b`). */
  boardsLive: '/api/live/boards',
  entryLookup: '/api/entries/lookup',
  entryCommitment: '/api/entries/commitment',
  entrySummary: '/api/entries/summary',
  boardEntries: pathOf('/api/boards/:slug/entries'),
  /** A sweepstakes board's free method of entry (the entry body without an amount). */
  boardFreeEntries: pathOf('/api/boards/:slug/free-entries'),
  /** Texts the one-time code a free entry needs to the number given (limited per number, address, board). */
  boardFreeEntryCode: pathOf('/api/boards/:slug/free-entry/code'),
  /** The board's official rules as sections (JSON), or plain text with `Accept: text/plain`. */
  boardRules: pathOf('/api/boards/:slug/rules'),
  /** The board's QR code (SVG), pointing at its public link. */
  boardQr: pathOf('/api/boards/:slug/qr.svg'),
  /** The board's printable sheet (PDF; `?size=` a paper size). */
  boardSheet: pathOf('/api/boards/:slug/sheet.pdf'),
} as const;
