import { queryOptions } from '@tanstack/react-query';
import { contentPaths } from '../../shared/contracts/api-paths/content';
import type { PageContent, PageSlug } from '../../shared/contracts/pages';
import { apiGet, type LazySchema, lazySchema } from './api-client';

/**
 * Each content page's compiled check (src/web/checks/pages/), loaded beside its document: the route table asks
 * for the documents, so a static import would put every page's check on the first load.
 */
const pageChecks: { [S in PageSlug]: LazySchema<PageContent<S>> } = {
  baseball: lazySchema(() => import('../checks/pages/baseball').then((m) => m.pageCheck)),
  'nba-finals': lazySchema(() => import('../checks/pages/nba-finals').then((m) => m.pageCheck)),
  wnba: lazySchema(() => import('../checks/pages/wnba').then((m) => m.pageCheck)),
  'womens-basketball': lazySchema(() => import('../checks/pages/womens-basketball').then((m) => m.pageCheck)),
  gaming: lazySchema(() => import('../checks/pages/gaming').then((m) => m.pageCheck)),
  'gaming-catalog': lazySchema(() => import('../checks/pages/gaming-catalog').then((m) => m.pageCheck)),
  'f1-season': lazySchema(() => import('../checks/pages/f1-season').then((m) => m.pageCheck)),
  'soccer-tournament': lazySchema(() => import('../checks/pages/soccer-tournament').then((m) => m.pageCheck)),
};

/** A content page's document from FanGrid's API (`GET /api/content/pages/:slug`), checked by its contract. */
export function pageContentQuery<S extends PageSlug>(slug: S) {
  return queryOptions({
    queryKey: ['content', 'page', slug] as const,
    queryFn: ({ signal }) =>
      apiGet(contentPaths.page(slug), pageChecks[slug] as LazySchema<PageContent<S>>, { signal }),
    staleTime: 60_000,
  });
}
