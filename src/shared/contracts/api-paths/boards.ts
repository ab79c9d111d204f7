/** A board, its entries and an entrant's own entries (looked up by ticket, committed, summarised). */
export const boardPaths = {
  board: (slug: string) => `/api/boards/${encodeURIComponent(slug)}`,
  entryLookup: '/api/entries/lookup',
  entryCommitment: '/api/entries/commitment',
  entrySummary: '/api/entries/summary',
  boardEntries: (slug: string) => `/api/boards/${encodeURIComponent(slug)}/entries`,
  /** A sweepstakes board's free method of entry (the entry body without an amount). */
  boardFreeEntries: (slug: string) => `/api/boards/${encodeURIComponent(slug)}/free-entries`,
  /** Texts the one-time code a free entry needs to the number given (limited per number, address, board). */
  boardFreeEntryCode: (slug: string) => `/api/boards/${encodeURIComponent(slug)}/free-entry/code`,
  /** The board's official rules as sections (JSON), or plain text with `Accept: text/plain`. */
  boardRules: (slug: string) => `/api/boards/${encodeURIComponent(slug)}/rules`,
} as const;
