import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '../../../shared/contracts/paths';
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
  queryFn: ({ signal }) => apiGet<{ messages: OutboxMessage[] }>(apiPaths.devMail, { signal }),
  retry: false,
});
