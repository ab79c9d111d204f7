// No zod here: the board screens import these paths, and a schema would bring zod to every one of them (the
// sheet's query schema lives with its route, src/server/features/boards/share-routes.ts).

import { boardPaths } from './api-paths/boards';

/** Paper sizes of the printable board sheet. */
export const sheetSizes = ['letter', 'a4'] as const;
export type SheetSize = (typeof sheetSizes)[number];

/** Sheets one client address may have built per minute: each is a fresh PDF, so the count is kept low. */
export const sheetsPerMinute = 20;
/** Too many sheets from one client address this minute (429 with Retry-After). */
export const sheetRateLimited = 'SHEET_RATE_LIMITED';
export const sheetRateLimitMessage = 'Too many printable sheets from this address. Please try again in a minute.';

/** The board's public link path: every board opens at /boards/:slug (what its QR code and sheet point at). */
export const boardLinkPath = (slug: string) => `/boards/${encodeURIComponent(slug)}`;

/** Where a board's QR code and printable sheet are served. */
export const boardSharePaths = {
  qr: boardPaths.boardQr,
  sheet: (slug: string, size: SheetSize) => `${boardPaths.boardSheet(slug)}?size=${size}`,
};
