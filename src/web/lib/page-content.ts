import { queryOptions } from '@tanstack/react-query';
import type { PageContent, PageSlug } from '../../shared/contracts/pages';
import { apiPaths } from '../../shared/contracts/paths';
import { apiGet } from './api-client';

/**
 * A content page's document from FanGrid's API (`GET /api/content/pages/:slug`). Types only from the
 * contract: the server's response schema already enforces the shape, so no zod reaches the page chunk.
 */
export function pageContentQuery<S extends PageSlug>(slug: S) {
  return queryOptions({
    queryKey: ['content', 'page', slug] as const,
    queryFn: ({ signal }) => apiGet<PageContent<S>>(apiPaths.content.page(slug), { signal }),
    staleTime: 60_000,
  });
}
