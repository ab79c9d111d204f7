import { pathOf } from './pattern';

/**
 * Organizations and their members (issue 39). Everything under `/api/orgs/:org` (the organization's slug) is
 * behind the organization guard (server/features/orgs/guard.ts): 404 to anyone who is not a member, 403 to a
 * member whose role lacks the route's permission.
 */
export const orgPaths = {
  /** GET the caller's organizations with their role; POST creates one (the caller becomes its owner). */
  orgs: '/api/orgs',
  org: pathOf('/api/orgs/:org'),
  members: pathOf('/api/orgs/:org/members'),
  member: pathOf('/api/orgs/:org/members/:memberId'),
  /** POST: the caller leaves the organization (not its last owner). */
  leave: pathOf('/api/orgs/:org/leave'),
  invitations: pathOf('/api/orgs/:org/invitations'),
  /** DELETE cancels a pending invitation. */
  invitation: pathOf('/api/orgs/:org/invitations/:id'),
} as const;

/** An emailed invitation, as the person it was sent to sees it (its id is in the link). */
export const invitationPaths = {
  invitation: pathOf('/api/invitations/:id'),
  accept: pathOf('/api/invitations/:id/accept'),
} as const;
