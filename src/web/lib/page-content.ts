import { queryOptions } from '@tanstack/react-query';
import { contentPaths } from '../../shared/contracts/api-paths/content';
import type { PageContent, PageSlug } from '../../shared/contracts/pages';
import { apiGet } from './api-client';

/**
 * A content page's document from FanGrid's API (`GET /api/content/pages/:slug`). Types only from the
 * contract: the server's response schema already enforces the shape, so no zod reaches the page chunk.
 */
export function pageContentQuery<S extends PageSlug>(slug: S) {
  return queryOptions({
    queryKey: ['content', 'page', slug] as const,
    queryFn: ({ signal }) => apiGet<PageContent<S>>(contentPaths.page(slug), { signal }),
    staleTime: 60_000,
  });
}
