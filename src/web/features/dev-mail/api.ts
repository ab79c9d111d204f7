import { infiniteQueryOptions } from '@tanstack/react-query';
import { devPaths } from '../../../shared/contracts/api-paths/dev';
import {
  type DevMailList,
  type DevTexts,
  devMailListSchema,
  devTextsSchema,
} from '../../../shared/contracts/dev-outbox';
import { apiGet, type ResponseSchema } from '../../lib/api-client';

/** A page's `before` query: none for the newest page. */
const pageUrl = (path: string, before: string | null) =>
  before ? `${path}?before=${encodeURIComponent(before)}` : path;

export type OutboxMessage = DevMailList['messages'][number];
export type OutboxText = DevTexts['texts'][number];

/**
 * How often the open outbox looks for new messages: board emails and texts leave through the scheduler's
 * outbox jobs a few seconds after the action, so the screen shows them arriving without a reload. The poll
 * reads the newest page; older pages the viewer opened are read again after it, each from the cursor of the
 * fresh page before it, so the list never has a gap.
 */
export const outboxPollMs = 2_000;

/** One list of the development outbox, a page at a time from its `older` cursor, polled while it loads. */
const outboxQuery = <P extends { older: string | null }>(key: string, path: string, schema: ResponseSchema<P>) =>
  infiniteQueryOptions({
    queryKey: [key],
    queryFn: ({ signal, pageParam }) => apiGet(pageUrl(path, pageParam), schema, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.older,
    retry: false,
    refetchInterval: (query) => (query.state.status === 'error' ? false : outboxPollMs),
  });

/** The development outbox, 100 emails a page, newest first (404 when this server sends real email). */
export const devMailQuery = outboxQuery('dev-mail', devPaths.devMail, devMailListSchema);

/** The development text outbox, 100 texts a page, newest first (404 when this server sends texts through Twilio). */
export const devTextsQuery = outboxQuery('dev-texts', devPaths.devTexts, devTextsSchema);
