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

/** The development outbox (404 when this server sends real email). */
export const devMailQuery = queryOptions({
  queryKey: ['dev-mail'],
  queryFn: ({ signal }) => apiGet<{ messages: OutboxMessage[] }>(devPaths.devMail, { signal }),
  retry: false,
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
});
