import { queryOptions } from '@tanstack/react-query';
import { devPaths } from '../../../shared/contracts/api-paths/dev';
import { apiGet } from '../../lib/api-client';

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
 * outbox jobs a few seconds after the action, so the screen shows them arriving without a reload.
 */
export const outboxPollMs = 2_000;

/** The development outbox (404 when this server sends real email). */
export const devMailQuery = queryOptions({
  queryKey: ['dev-mail'],
  queryFn: ({ signal }) => apiGet<{ messages: OutboxMessage[] }>(devPaths.devMail, { signal }),
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

/** The development text outbox (404 when this server sends texts through Twilio). */
export const devTextsQuery = queryOptions({
  queryKey: ['dev-texts'],
  queryFn: ({ signal }) => apiGet<{ texts: OutboxText[] }>(devPaths.devTexts, { signal }),
  retry: false,
  refetchInterval: (query) => (query.state.status === 'error' ? false : outboxPollMs),
});
