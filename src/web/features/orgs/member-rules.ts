import type { OrgInvitation, OrgMember } from '../../../shared/contracts/orgs';
import { mayGrant, type OrgRole, orgCan, orgRoles } from '../../../shared/domain/org-roles';

/**
 * What the organization screen offers the caller, by the rules the server checks (shared/domain/org-roles.ts):
 * an action the server would refuse is not offered. The server still decides, and its refusal is shown.
 */

export const roleLabels: Record<OrgRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  staff: 'Staff',
  viewer: 'Viewer',
};

/** What each role may do, in a line. */
export const roleDescriptions: Record<OrgRole, string> = {
  owner: 'Everything, including members of every role, money settings and deleting the organization.',
  admin: 'Everything but ownership: staff and viewers, boards and details.',
  staff: 'Board operations: create, open, lock, score, collect, free entries and claims.',
  viewer: 'Reads and exports only.',
};

export const ownersIn = (members: readonly Pick<OrgMember, 'role'>[]) =>
  members.filter((m) => m.role === 'owner').length;

/** Whether `target` is the one owner left: nobody may demote or remove them, and they may not leave. */
const lastOwner = (target: Pick<OrgMember, 'role'>, owners: number) => target.role === 'owner' && owners <= 1;

/**
 * The roles the caller may give `target` (its own role first, then the others the caller may move it to): one
 * role only (its own) means there is no change to offer.
 */
export function rolesFor(actor: OrgRole, target: Pick<OrgMember, 'role'>, owners: number): OrgRole[] {
  if (!orgCan(actor, 'member:update') || lastOwner(target, owners)) return [target.role];
  return orgRoles.filter((role) => role === target.role || mayGrant(actor, role, target.role));
}

/** Whether the caller may remove `target` from the organization (themselves: they leave instead). */
export function mayRemove(actor: OrgRole, target: Pick<OrgMember, 'role'>, owners: number, self: boolean): boolean {
  return (
    !self && orgCan(actor, 'member:delete') && mayGrant(actor, target.role, target.role) && !lastOwner(target, owners)
  );
}

/** Whether the caller may leave: everyone but the last owner. */
export const mayLeave = (role: OrgRole, owners: number) => !lastOwner({ role }, owners);

/** The roles the caller may invite someone as (none: no invitation form). */
export function invitableRoles(actor: OrgRole): OrgRole[] {
  if (!orgCan(actor, 'invitation:create')) return [];
  return orgRoles.filter((role) => mayGrant(actor, role));
}

/** Whether the caller may cancel `invitation`: a pending one (expired ones too), of a role they may invite as. */
export function mayCancel(actor: OrgRole, invitation: Pick<OrgInvitation, 'role' | 'status'>): boolean {
  const open = invitation.status === 'pending' || invitation.status === 'expired';
  return open && orgCan(actor, 'invitation:cancel') && mayGrant(actor, invitation.role);
}

/** How an invitation's state reads in the list. */
export const invitationStateLabels: Record<OrgInvitation['status'], string> = {
  pending: 'Waiting for an answer',
  accepted: 'Accepted',
  rejected: 'Declined',
  canceled: 'Cancelled',
  expired: 'Expired',
};
