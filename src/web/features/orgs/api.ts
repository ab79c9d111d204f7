import { queryOptions } from '@tanstack/react-query';
import { invitationPaths, orgPaths } from '../../../shared/contracts/api-paths/orgs';
import { okResponseSchema } from '../../../shared/contracts/ok';
import {
  type CreateInvitationInput,
  type CreateOrgInput,
  invitationDetailsSchema,
  myOrgSchema,
  myOrgsSchema,
  orgCreatedSchema,
  orgInvitationResponseSchema,
  orgInvitationsSchema,
  orgMemberResponseSchema,
  orgMembersSchema,
  type UpdateOrgInput,
} from '../../../shared/contracts/orgs';
import type { OrgRole } from '../../../shared/domain/org-roles';
import { apiDelete, apiGet, apiPatch, apiPost } from '../../lib/api-client';

/** Every answer of the organizations API is parsed with its contract (shared/contracts/orgs.ts). */

export const myOrgsQuery = queryOptions({
  queryKey: ['orgs'],
  queryFn: ({ signal }) => apiGet(orgPaths.orgs, myOrgsSchema, { signal }),
});

/** One organization with the caller's role (404 to anyone who is not a member). */
export const orgQuery = (slug: string) =>
  queryOptions({
    queryKey: ['orgs', slug],
    queryFn: ({ signal }) => apiGet(orgPaths.org(slug), myOrgSchema, { signal }),
  });

export const membersQuery = (slug: string) =>
  queryOptions({
    queryKey: ['orgs', slug, 'members'],
    queryFn: ({ signal }) => apiGet(orgPaths.members(slug), orgMembersSchema, { signal }),
  });

export const orgInvitationsQuery = (slug: string) =>
  queryOptions({
    queryKey: ['orgs', slug, 'invitations'],
    queryFn: ({ signal }) => apiGet(orgPaths.invitations(slug), orgInvitationsSchema, { signal }),
  });

/** An emailed invitation, for the signed-in account it was sent to (404 to anyone else). */
export const invitationQuery = (id: string) =>
  queryOptions({
    queryKey: ['invitations', id],
    queryFn: ({ signal }) => apiGet(invitationPaths.invitation(id), invitationDetailsSchema, { signal }),
  });

export const orgsApi = {
  create: (input: CreateOrgInput) => apiPost(orgPaths.orgs, input, orgCreatedSchema),
  update: (slug: string, input: UpdateOrgInput) => apiPatch(orgPaths.org(slug), input, orgCreatedSchema),
  remove: (slug: string) => apiDelete(orgPaths.org(slug), okResponseSchema),
  leave: (slug: string) => apiPost(orgPaths.leave(slug), {}, okResponseSchema),
  changeRole: (slug: string, memberId: string, role: OrgRole) =>
    apiPatch(orgPaths.member(slug, memberId), { role }, orgMemberResponseSchema),
  removeMember: (slug: string, memberId: string) => apiDelete(orgPaths.member(slug, memberId), okResponseSchema),
  invite: (slug: string, input: CreateInvitationInput) =>
    apiPost(orgPaths.invitations(slug), input, orgInvitationResponseSchema),
  cancelInvitation: (slug: string, id: string) => apiDelete(orgPaths.invitation(slug, id), orgInvitationResponseSchema),
  accept: (id: string) => apiPost(invitationPaths.accept(id), {}, myOrgSchema),
};
