import { infiniteQueryOptions } from '@tanstack/react-query';
import { devPaths } from '../../../shared/contracts/api-paths/dev';
import { apiGet } from '../../lib/api-client';

/** A page's `before` query: none for the newest page. */
const pageUrl = (path: string, before: string | null) =>
  before ? `${path}?before=${encodeURIComponent(before)}` : path;

export interface OutboxMessage {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  sentAt: string;
}

/**
 * How often the open outbox looks for new messages: board emails and texts leave through the scheduler's
 * outbox jobs a few seconds after the action, so the screen shows them arriving without a reload. The poll
 * reads the newest page; older pages the viewer opened are read again after it, each from the cursor of the
 * fresh page before it, so the list never has a gap.
 */
export const outboxPollMs = 2_000;

/** The development outbox, 100 emails a page, newest first (404 when this server sends real email). */
export const devMailQuery = infiniteQueryOptions({
  queryKey: ['dev-mail'],
  queryFn: ({ signal, pageParam }) =>
    apiGet<{ messages: OutboxMessage[]; older: string | null }>(pageUrl(devPaths.devMail, pageParam), { signal }),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.older,
  retry: false,
  refetchInterval: (query) => (query.state.status === 'error' ? false : outboxPollMs),
});

export interface OutboxText {
  id: string;
  to: string;
  body: string;
  status: 'queued' | 'sending' | 'sent' | 'failed' | 'skipped';
  at: string;
}

/** The development text outbox, 100 texts a page, newest first (404 when this server sends texts through Twilio). */
export const devTextsQuery = infiniteQueryOptions({
  queryKey: ['dev-texts'],
  queryFn: ({ signal, pageParam }) =>
    apiGet<{ texts: OutboxText[]; older: string | null }>(pageUrl(devPaths.devTexts, pageParam), { signal }),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.older,
  retry: false,
  refetchInterval: (query) => (query.state.status === 'error' ? false : outboxPollMs),
});
