import { randomUUID } from 'node:crypto';
import { isAPIError } from 'better-auth/api';
import type { z } from 'zod';
import {
  type createInvitationSchema,
  type createOrgSchema,
  type InvitationDetails,
  type MyOrg,
  type Organization,
  type OrgInvitation,
  type OrgMember,
  orgErrorCodes,
  orgMessages,
  type updateOrgSchema,
} from '../../../shared/contracts/orgs';
import {
  invitationLimits,
  isOrgRole,
  mayGrant,
  type OrgRole,
  orgCan,
  orgRoles,
} from '../../../shared/domain/org-roles';
import { AppError, TooManyRequestsError } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { RateLimiter } from '../../platform/rate-limit';
import type { Auth } from '../accounts';
import type { OrgAccess } from './guard';
import type { InvitationRow, MemberRow, OrgRow, OrgsRepo } from './repo';

/** A role stored by hand or by an older version that FanGrid does not know has no permission at all. */
const roleOf = (stored: string | null): OrgRole | null => (stored && isOrgRole(stored) ? stored : null);

export const organizationView = (row: OrgRow): Organization => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  logo: row.logo,
  cause: row.cause,
  contactEmail: row.contactEmail,
  ein: row.ein,
  status: row.status === 'suspended' ? 'suspended' : 'active',
  createdAt: row.createdAt.toISOString(),
});

const memberView = (row: { member: MemberRow; name: string; email: string }): OrgMember => ({
  id: row.member.id,
  userId: row.member.userId,
  name: row.name,
  email: row.email,
  role: roleOf(row.member.role) ?? 'viewer',
  createdAt: row.member.createdAt.toISOString(),
});

const notFound = () => new AppError(404, orgErrorCodes.notFound, orgMessages.notFound);
const forbidden = (message: string = orgMessages.forbidden) => new AppError(403, orgErrorCodes.forbidden, message);
const lastOwner = () => new AppError(409, orgErrorCodes.lastOwner, orgMessages.lastOwner);
const slugTaken = () =>
  new AppError(409, orgErrorCodes.slugTaken, orgMessages.slugTaken, { slug: orgMessages.slugTaken });

/** Whether a failure, or what caused it, is PostgreSQL's foreign key violation (a row still references it). */
const isForeignKeyViolation = (err: unknown): boolean => {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
};

/** The organization plugin's refusals that are FanGrid's conflicts, by the plugin's error code. */
const authConflicts: Record<string, () => AppError> = {
  ORGANIZATION_ALREADY_EXISTS: () => slugTaken(),
  ORGANIZATION_SLUG_ALREADY_TAKEN: () => slugTaken(),
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: () =>
    new AppError(409, orgErrorCodes.alreadyMember, orgMessages.alreadyMember),
};

/** Better Auth's refusals in FanGrid's error shape; anything else is a failure (the error handler's 500/503). */
function fromAuth(err: unknown): never {
  if (isAPIError(err)) {
    const conflict = authConflicts[(err.body as { code?: string } | undefined)?.code ?? ''];
    if (conflict) throw conflict();
    if (err.statusCode === 403) throw forbidden();
    if (err.statusCode === 401) throw new AppError(401, orgErrorCodes.signInRequired, orgMessages.signInRequired);
  }
  throw err;
}

/**
 * Counts one invitation email against its inviter and its address (invitationLimits), before anything is
 * written; over either limit it is refused with 429 and when to try again.
 */
async function countInvitation(limiter: Pick<RateLimiter, 'hit'>, clock: Clock, inviterId: string, email: string) {
  for (const [key, rule] of [
    [`org-invite-by:${inviterId}`, invitationLimits.perInviterPerHour],
    [`org-invite-to:${email.toLowerCase()}`, invitationLimits.perAddressPerDay],
  ] as const) {
    const { allowed, retryAt } = await limiter.hit(key, rule);
    if (!allowed) {
      throw new TooManyRequestsError(
        orgErrorCodes.invitationsLimited,
        orgMessages.invitationsLimited,
        retryAt,
        clock.now(),
      );
    }
  }
}

/**
 * Organizations, their members and invitations (issue 39). Creating and updating an organization, inviting and
 * cancelling go through the organization plugin (`auth.api`, with the caller's session headers), which checks the
 * caller's role again. Role changes, removals, leaving, accepting and deleting the organization are FanGrid's own,
 * each one transaction over the organization's member rows locked (so the last owner stays, whatever runs at
 * once), with time from the injected clock.
 */
export function createOrgsService(deps: {
  repo: OrgsRepo;
  auth: Auth;
  clock: Clock;
  limiter: Pick<RateLimiter, 'hit'>;
}) {
  const { repo, auth, clock, limiter } = deps;

  const invitationStatus = (row: InvitationRow): OrgInvitation['status'] => {
    if (row.status === 'pending') return row.expiresAt.getTime() <= clock.now().getTime() ? 'expired' : 'pending';
    return row.status === 'accepted' || row.status === 'rejected' ? row.status : 'canceled';
  };
  const invitationView = (row: InvitationRow): OrgInvitation => ({
    id: row.id,
    email: row.email,
    role: roleOf(row.role) ?? 'viewer',
    expiresAt: row.expiresAt.toISOString(),
    status: invitationStatus(row),
  });

  /** The organization's member rows, locked, with the acting member's current role among them. */
  async function lockedMembers(tx: Parameters<Parameters<OrgsRepo['transaction']>[0]>[0], access: OrgAccess) {
    const rows = await tx.lockMembers(access.organization.id);
    const me = rows.find((r) => r.id === access.member.id);
    // Removed since the guard let the request in: as if it had come a moment later.
    if (!me) throw notFound();
    const owners = rows.filter((r) => r.role === 'owner').length;
    return { rows, me: { ...me, role: roleOf(me.role) }, owners };
  }

  /** An invitation with its organization, for the signed-in account it was sent to (anyone else: 404). */
  async function ownInvitation(userId: string, id: string) {
    const [account, found] = await Promise.all([repo.userById(userId), repo.invitationWithOrg(id)]);
    if (!account || !found || found.invitation.email.toLowerCase() !== account.email.toLowerCase()) {
      throw new AppError(404, orgErrorCodes.notFound, orgMessages.invitationNotFound);
    }
    return { ...found, account };
  }

  return {
    async create(headers: Headers, body: z.output<typeof createOrgSchema>): Promise<Organization> {
      if (await repo.orgBySlug(body.slug)) throw slugTaken();
      try {
        const made = await auth.api.createOrganization({
          headers,
          body: {
            name: body.name,
            slug: body.slug,
            cause: body.cause ?? undefined,
            contactEmail: body.contactEmail ?? undefined,
            ein: body.ein ?? undefined,
            keepCurrentActiveOrganization: true,
          },
        });
        const row = await repo.orgById(made.id);
        if (!row) throw new Error('createOrganization: the new organization is missing');
        return organizationView(row);
      } catch (err) {
        // Two requests for one address at once: the unique slug lets one in; the other is told it is taken.
        if (!isAPIError(err) && (await repo.orgBySlug(body.slug))) throw slugTaken();
        return fromAuth(err);
      }
    },

    async mine(userId: string): Promise<MyOrg[]> {
      const rows = await repo.myOrgs(userId);
      return rows.flatMap((r) => {
        const role = roleOf(r.role);
        return role ? [{ organization: organizationView(r.organization), role }] : [];
      });
    },

    async update(headers: Headers, access: OrgAccess, data: z.output<typeof updateOrgSchema>): Promise<Organization> {
      if (Object.keys(data).length > 0) {
        // The plugin's body takes null for an optional field (it clears it); its types say only undefined.
        const fields = data as { name?: string; cause?: string; contactEmail?: string; ein?: string; logo?: string };
        await auth.api
          .updateOrganization({ headers, body: { organizationId: access.organization.id, data: fields } })
          .catch(fromAuth);
      }
      const row = await repo.orgById(access.organization.id);
      if (!row) throw notFound();
      return organizationView(row);
    },

    /**
     * Deletes the organization with its members and invitations, in one transaction over its locked member rows
     * (the plugin's own delete removes the members before it finds out whether the organization can go). One that
     * runs boards stays as it was (409).
     */
    async remove(access: OrgAccess): Promise<void> {
      try {
        await repo.transaction(async (tx) => {
          const { me } = await lockedMembers(tx, access);
          if (!me.role || !orgCan(me.role, 'organization:delete')) throw forbidden();
          await tx.deleteOrganization(access.organization.id);
        });
      } catch (err) {
        if (isForeignKeyViolation(err)) throw new AppError(409, orgErrorCodes.hasBoards, orgMessages.hasBoards);
        throw err;
      }
    },

    /** The members, owners first, then admins, staff and viewers, each in the order they joined. */
    async members(access: OrgAccess): Promise<OrgMember[]> {
      const rank = (m: OrgMember) => orgRoles.indexOf(m.role);
      return (await repo.members(access.organization.id)).map(memberView).sort((a, b) => rank(a) - rank(b));
    },

    /** Owners may give any role; admins move members between staff and viewer only; the last owner stays one. */
    async changeRole(access: OrgAccess, memberId: string, role: OrgRole): Promise<OrgMember> {
      await repo.transaction(async (tx) => {
        const { rows, me, owners } = await lockedMembers(tx, access);
        const target = rows.find((r) => r.id === memberId);
        if (!target) throw new AppError(404, orgErrorCodes.notFound, orgMessages.memberNotFound);
        const from = roleOf(target.role) ?? 'viewer';
        if (!me.role || !mayGrant(me.role, role, from)) throw forbidden(orgMessages.ownerOnly);
        if (target.role === role) return;
        if (from === 'owner' && owners <= 1) throw lastOwner();
        await tx.setRole(memberId, role);
      });
      const row = await repo.memberInOrg(access.organization.id, memberId);
      if (!row) throw new AppError(404, orgErrorCodes.notFound, orgMessages.memberNotFound);
      return memberView(row);
    },

    /** Removes a member: owners and admins by the rule of `mayGrant`; never the last owner. */
    async removeMember(access: OrgAccess, memberId: string): Promise<void> {
      await repo.transaction(async (tx) => {
        const { rows, me, owners } = await lockedMembers(tx, access);
        const target = rows.find((r) => r.id === memberId);
        if (!target) throw new AppError(404, orgErrorCodes.notFound, orgMessages.memberNotFound);
        const from = roleOf(target.role) ?? 'viewer';
        if (!me.role || !mayGrant(me.role, from, from)) throw forbidden(orgMessages.ownerOnly);
        if (from === 'owner' && owners <= 1) throw lastOwner();
        await tx.deleteMember(memberId);
      });
    },

    /** The caller leaves; the last owner cannot. */
    async leave(access: OrgAccess): Promise<void> {
      await repo.transaction(async (tx) => {
        const { me, owners } = await lockedMembers(tx, access);
        if (me.role === 'owner' && owners <= 1) throw lastOwner();
        await tx.deleteMember(me.id);
      });
    },

    /**
     * An emailed invitation through the plugin (which sends the email through the outbox). Admins invite staff and
     * viewers; only owners invite owners and admins. Inviting an address again cancels its pending invitation.
     */
    async invite(
      headers: Headers,
      access: OrgAccess,
      { email, role }: z.output<typeof createInvitationSchema>,
    ): Promise<OrgInvitation> {
      if (!mayGrant(access.role, role)) throw forbidden(orgMessages.ownerOnly);
      if (await repo.hasMemberWithEmail(access.organization.id, email)) {
        throw new AppError(409, orgErrorCodes.alreadyMember, orgMessages.alreadyMember, {
          email: orgMessages.alreadyMember,
        });
      }
      await countInvitation(limiter, clock, access.member.userId, email);
      // Pending by FanGrid's clock (the plugin's own re-invite check reads the wall clock).
      await repo.cancelPending((await repo.pendingInvitationsTo(access.organization.id, email)).map((r) => r.id));
      const made = await auth.api
        .createInvitation({ headers, body: { email, role, organizationId: access.organization.id } })
        .catch(fromAuth);
      const row = (await repo.invitations(access.organization.id)).find((r) => r.id === made.id);
      if (!row) throw new Error('createInvitation: the new invitation is missing');
      return invitationView(row);
    },

    async invitations(access: OrgAccess): Promise<OrgInvitation[]> {
      return (await repo.invitations(access.organization.id)).map(invitationView);
    },

    /** Cancels a pending invitation (the same rule as inviting); one cancelled already stays as it is. */
    async cancelInvitation(headers: Headers, access: OrgAccess, id: string): Promise<OrgInvitation> {
      const found = await repo.invitationWithOrg(id);
      if (!found || found.invitation.organizationId !== access.organization.id) {
        throw new AppError(404, orgErrorCodes.notFound, orgMessages.invitationNotFound);
      }
      const { invitation } = found;
      if (!mayGrant(access.role, roleOf(invitation.role) ?? 'viewer')) throw forbidden(orgMessages.ownerOnly);
      if (invitation.status === 'canceled') return invitationView(invitation);
      if (invitation.status !== 'pending') {
        throw new AppError(409, orgErrorCodes.invitationUsed, orgMessages.invitationUsed);
      }
      await auth.api.cancelInvitation({ headers, body: { invitationId: id } }).catch(fromAuth);
      return invitationView({ ...invitation, status: 'canceled' });
    },

    /** What the accept page shows: only to the signed-in account of the invited email (anyone else: 404). */
    async invitationFor(userId: string, id: string): Promise<InvitationDetails['invitation']> {
      const { invitation, organization } = await ownInvitation(userId, id);
      const status = invitationStatus(invitation);
      return {
        id: invitation.id,
        role: roleOf(invitation.role) ?? 'viewer',
        status,
        expiresAt: invitation.expiresAt.toISOString(),
        expired: status === 'expired',
        organization: { name: organization.name, slug: organization.slug, logo: organization.logo },
      };
    },

    /**
     * Accepting: the signed-in account of the invited email, confirmed; once (a second accept finds it used);
     * before it expires by the injected clock. The membership and the used invitation commit together.
     */
    async accept(userId: string, id: string): Promise<MyOrg> {
      const { invitation, organization, account } = await ownInvitation(userId, id);
      if (!account.emailVerified) {
        throw new AppError(403, orgErrorCodes.emailNotVerified, orgMessages.emailNotVerified);
      }
      const status = invitationStatus(invitation);
      if (status === 'expired') throw new AppError(410, orgErrorCodes.invitationExpired, orgMessages.invitationExpired);
      if (status !== 'pending') throw new AppError(409, orgErrorCodes.invitationUsed, orgMessages.invitationUsed);
      const role = roleOf(invitation.role) ?? 'viewer';
      await repo.transaction(async (tx) => {
        const rows = await tx.lockMembers(organization.id);
        if (rows.some((r) => r.userId === userId)) {
          throw new AppError(409, orgErrorCodes.alreadyMember, orgMessages.alreadyMember);
        }
        const [used] = await tx.acceptPending(id);
        if (!used) throw new AppError(409, orgErrorCodes.invitationUsed, orgMessages.invitationUsed);
        await tx.insertMember({
          id: randomUUID(),
          organizationId: organization.id,
          userId,
          role,
          createdAt: clock.now(),
        });
      });
      return { organization: organizationView(organization), role };
    },
  };
}
export type OrgsService = ReturnType<typeof createOrgsService>;
