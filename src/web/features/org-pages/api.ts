import { queryOptions } from '@tanstack/react-query';
import { publicOrgPaths } from '../../../shared/contracts/api-paths/public-orgs';
import { publicOrgSchema } from '../../../shared/contracts/public-orgs';
import { ApiClientError, apiGet } from '../../lib/api-client';

/** An organization's public page (`GET /api/public/orgs/:org`), parsed with its zod/mini contract in this chunk. */
export const publicOrgQuery = (slug: string) =>
  queryOptions({
    queryKey: ['public-org', slug],
    queryFn: ({ signal }) => apiGet(publicOrgPaths.org(slug), publicOrgSchema, { signal }),
    staleTime: 30_000,
  });

/** The page answered 404 (no organization has that slug) or 400 (no slug could be one): nothing to show. */
export const isUnknownOrg = (err: unknown) =>
  err instanceof ApiClientError && (err.status === 404 || err.status === 400);
