import { pathOf } from './pattern';

/** An organization's public page (`/o/<slug>`): what anyone may read of it. */
export const publicOrgPaths = {
  org: pathOf('/api/public/orgs/:org'),
} as const;
