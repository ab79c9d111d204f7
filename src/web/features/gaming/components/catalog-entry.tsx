import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { GamingCatalog } from '../../../../shared/contracts/pages/gaming-catalog';
import { LoadingStack } from '../../../components/layout/loading-stack';
import { LoadFailed } from '../../../components/layout/page';
import { pageContentQuery } from '../../../lib/page-content';

/**
 * The gaming catalog and the entry of it this page shows, picked by the slug the page is served at (its path
 * without slashes: /csgo-tournament → 'csgo-tournament').
 */
export function useCatalogEntry<T>(pick: (catalog: GamingCatalog, slug: string) => T | undefined) {
  const slug = useLocation().pathname.replace(/^\/+|\/+$/g, '');
  const catalog = useQuery(pageContentQuery('gaming-catalog'));
  return { catalog, entry: catalog.data ? pick(catalog.data, slug) : undefined };
}

/**
 * A catalog page's body by the catalog's state: its failure with a retry, a placeholder while it loads, a heading
 * when the catalog has no such `noun`, else the entry's own content.
 */
export function CatalogEntry<T>({
  catalog,
  entry,
  noun,
  children,
}: {
  catalog: { isError: boolean; data?: unknown; refetch: () => unknown };
  entry: T | undefined;
  noun: 'category' | 'tournament';
  children: (entry: T) => ReactNode;
}) {
  if (catalog.isError) {
    return <LoadFailed message={`We couldn't load this ${noun}.`} onRetry={() => void catalog.refetch()} />;
  }
  if (!catalog.data) return <LoadingStack blocks={['h-14 max-w-md', 'h-64']} />;
  if (!entry) return <h1 className="text-3xl font-black text-white">{`This ${noun} is not available`}</h1>;
  return children(entry);
}
