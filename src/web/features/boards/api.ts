import { queryOptions } from '@tanstack/react-query';
import { boardPaths } from '../../../shared/contracts/api-paths/boards';
import { paymentPaths } from '../../../shared/contracts/api-paths/payments';
import {
  boardViewResponseSchema,
  entryCreatedResponseSchema,
  entrySummaryResponseSchema,
  freeEntryCodeSentResponseSchema,
  myEntriesResponseSchema,
  officialRulesResponseSchema,
} from '../../../shared/contracts/board-responses';
import { boardLinkPath, boardSharePaths, type SheetSize } from '../../../shared/contracts/board-share';
import type { BoardView, CreateEntryInput, CreateFreeEntryInput } from '../../../shared/contracts/boards';
import { paymentViewResponseSchema } from '../../../shared/contracts/payment-responses';
import { apiGet, apiPost } from '../../lib/api-client';
import { pollWhilePending } from '../../lib/pending-poll';
import { myEntries } from './board-entries';

/**
 * The boards feature's calls to FanGrid's API: the board, entering it (from any screen: board pages, the
 * baseball modal), the viewer's entries, a donation pledge on an entry and a paid entry's payment.
 */
export const boardQuery = (slug: string) =>
  queryOptions({
    queryKey: ['board', slug],
    queryFn: ({ signal }) => apiGet(boardPaths.board(slug), boardViewResponseSchema, { signal }),
    staleTime: 30_000,
    refetchInterval: (q) => (q.state.data && isLiveFeedBoard(q.state.data) ? LIVE_REREAD_MS : false),
  });

/** How often a feed-scored board in play is read again, for its live score between scored periods. */
export const LIVE_REREAD_MS = 30_000;

/**
 * A feed-scored board whose game is in play: locked and not yet settled. Its live score changes without an
 * event (only scored periods and the lock are pushed), so it is read again every `LIVE_REREAD_MS`. A locked
 * board takes no entries, so no cell event can be undone by such a read.
 */
export const isLiveFeedBoard = (board: Pick<BoardView, 'scoring' | 'status'>) =>
  board.scoring === 'feed' && board.status === 'locked';

/** A board's official rules as sections (the rules page, linked from every entry form). */
export const boardRulesQuery = (slug: string) =>
  queryOptions({
    queryKey: ['board-rules', slug],
    queryFn: ({ signal }) => apiGet(boardPaths.boardRules(slug), officialRulesResponseSchema, { signal }),
    staleTime: 60_000,
  });

/** Takes cells on a board; the created entry decides what comes next (checkout or the code on the board). */
export const createEntry = (slug: string, input: CreateEntryInput) =>
  apiPost(boardPaths.boardEntries(slug), input, entryCreatedResponseSchema).then((r) => r.entry);

/** A free entry on a sweepstakes board (its free method of entry): answers like an entry, never a checkout. */
export const createFreeEntry = (slug: string, input: CreateFreeEntryInput) =>
  apiPost(boardPaths.boardFreeEntries(slug), input, entryCreatedResponseSchema).then((r) => r.entry);

/** Texts the one-time code a free entry needs to `phone` (the only text sent without consent). */
export const sendFreeEntryCode = (slug: string, phone: string) =>
  apiPost(boardPaths.boardFreeEntryCode(slug), { phone }, freeEntryCodeSentResponseSchema);

/** Every read of the viewer's entries (whatever tickets it names) starts with this key. */
export const myEntriesKey = ['my-entries'] as const;

/**
 * The viewer's entries with their real statuses (docs/product.md#entered-games): this browser's tickets, plus the account's
 * entries when signed in. Read by /entered and by Fan Central's entered games.
 */
export const myEntriesQuery = () => {
  const tickets = myEntries().map((e) => e.ticketNumber);
  return queryOptions({
    queryKey: [...myEntriesKey, tickets] as const,
    queryFn: () => lookupEntries(tickets),
  });
};

/** These tickets' entries, as the server has them (a signed-in viewer's account entries come too). */
export const lookupEntries = (tickets: readonly string[]) =>
  apiPost(boardPaths.entryLookup, { tickets }, myEntriesResponseSchema).then((r) => r.entries);

/** An entry's summary by its ticket (the donation success screen). */
export const entrySummaryQuery = (ticket: string) =>
  queryOptions({
    queryKey: ['entry-summary', ticket],
    queryFn: () => apiPost(boardPaths.entrySummary, { ticket }, entrySummaryResponseSchema),
  });

/** Records a donation pledge on one of this browser's entries (by its ticket or board code). */
export const commitDonation = (confirmationCode: string, amountCents: number) =>
  apiPost(
    boardPaths.entryCommitment,
    { confirmationCode, amountCents, tickets: myEntries().map((x) => x.ticketNumber) },
    entrySummaryResponseSchema,
  );

/** A checkout read back by its id: polled every 2 s while pending (the webhook may lag the redirect). */
export const paymentQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ['payment', sessionId],
    queryFn: ({ signal }) => apiGet(paymentPaths.session(sessionId), paymentViewResponseSchema, { signal }),
    ...pollWhilePending,
  });

/** The board's public link, as its QR code and printable sheet carry it (served from this origin). */
export const boardShareLink = (slug: string) => `${window.location.origin}${boardLinkPath(slug)}`;
/** The board's QR code (an SVG image) and its printable sheet (a PDF), opened by the browser itself. */
export const boardQrUrl = (slug: string) => boardSharePaths.qr(slug);
export const boardSheetUrl = (slug: string, size: SheetSize) => boardSharePaths.sheet(slug, size);
