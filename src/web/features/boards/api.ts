import { queryOptions } from '@tanstack/react-query';
import {
  entryCreatedResponseSchema,
  entrySummaryResponseSchema,
  paymentViewResponseSchema,
} from '../../../shared/contracts/board-responses';
import type { BoardView, CreateEntryInput, MyEntryView } from '../../../shared/contracts/boards';
import { apiPaths } from '../../../shared/contracts/paths';
import { apiGet, apiPost } from '../../lib/api-client';
import { myEntries } from './board-entries';

/**
 * The boards feature's calls to FanGrid's API: the board, entering it (from any screen: board pages, the
 * baseball modal), the viewer's entries, a donation pledge on an entry and a paid entry's payment.
 */
export const boardQuery = (slug: string) =>
  queryOptions({
    queryKey: ['board', slug],
    queryFn: ({ signal }) => apiGet<BoardView>(apiPaths.board(slug), { signal }),
    staleTime: 30_000,
  });

/** Takes cells on a board; the created entry decides what comes next (checkout or the code on the board). */
export const createEntry = (slug: string, input: CreateEntryInput) =>
  apiPost(apiPaths.boardEntries(slug), input, entryCreatedResponseSchema).then((r) => r.entry);

/**
 * The viewer's entries with their real statuses (docs/product.md#entered-games): this browser's tickets, plus the account's
 * entries when signed in. Read by /entered and by Fan Central's entered games.
 */
export const myEntriesQuery = () => {
  const tickets = myEntries().map((e) => e.ticketNumber);
  return queryOptions({
    queryKey: ['my-entries', tickets] as const,
    queryFn: () => apiPost<{ entries: MyEntryView[] }>(apiPaths.entryLookup, { tickets }).then((r) => r.entries),
  });
};

/** An entry's summary by its ticket (the donation success screen). */
export const entrySummaryQuery = (ticket: string) =>
  queryOptions({
    queryKey: ['entry-summary', ticket],
    queryFn: () => apiPost(apiPaths.entrySummary, { ticket }, entrySummaryResponseSchema),
  });

/** Records a donation pledge on one of this browser's entries (by its ticket or board code). */
export const commitDonation = (confirmationCode: string, amountCents: number) =>
  apiPost(
    apiPaths.entryCommitment,
    { confirmationCode, amountCents, tickets: myEntries().map((x) => x.ticketNumber) },
    entrySummaryResponseSchema,
  );

/** A checkout read back by its id: polled every 2 s while pending (the webhook may lag the redirect). */
export const paymentQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ['payment', sessionId],
    queryFn: ({ signal }) => apiGet(apiPaths.payments.session(sessionId), paymentViewResponseSchema, { signal }),
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 2000 : false),
    retry: false,
  });
