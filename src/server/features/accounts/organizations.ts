import { createAccessControl, type OrganizationOptions } from 'better-auth/plugins';
import {
  invitationLifetimeSeconds,
  type OrgRole,
  orgRoleGrants,
  orgRoles,
  orgStatements,
} from '../../../shared/domain/org-roles';
import type { Clock } from '../../platform/clock';
import type { MailSender } from '../../platform/mail/notifications';
import { organizationSchemaOptions } from './auth-schema-options';
import { invitationEmail } from './emails';

/** The organization plugin's access control: FanGrid's roles and permissions (shared/domain/org-roles.ts). */
export const orgAccessControl = createAccessControl(orgStatements);
const orgAcRoles = Object.fromEntries(
  orgRoles.map((role) => [role, orgAccessControl.newRole(orgRoleGrants[role] as Record<string, readonly string[]>)]),
) as Record<OrgRole, ReturnType<typeof orgAccessControl.newRole>>;

/** The link an invitation's email carries: the accept page. */
export const invitationUrl = (publicUrl: string, id: string) => `${publicUrl}/invitations/${encodeURIComponent(id)}`;

/**
 * Better Auth's organization plugin as FanGrid runs it. Its HTTP endpoints are not served (the accounts routes
 * serve only an allowlist of Better Auth's endpoints); features/orgs calls `auth.api.*` behind its own guard and
 * rules. An invitation lasts 7 days by the injected clock (the plugin would read the wall clock), is emailed
 * through the mail outbox, and needs a confirmed email to be accepted.
 */
export function organizationOptions(deps: { mailer: MailSender; clock: Clock; publicUrl: string }) {
  return {
    ...organizationSchemaOptions,
    ac: orgAccessControl,
    roles: orgAcRoles,
    creatorRole: 'owner',
    invitationExpiresIn: invitationLifetimeSeconds,
    requireEmailVerificationOnInvitation: true,
    cancelPendingInvitationsOnReInvite: true,
    sendInvitationEmail: async ({ id, email, role, organization, inviter }) => {
      await deps.mailer.send(
        invitationEmail(email, {
          organization: organization.name,
          inviter: inviter.user.name,
          role,
          url: invitationUrl(deps.publicUrl, id),
          days: invitationLifetimeSeconds / 86_400,
        }),
      );
    },
    organizationHooks: {
      beforeCreateInvitation: async ({ invitation }) => ({
        data: {
          ...invitation,
          expiresAt: new Date(deps.clock.now().getTime() + invitationLifetimeSeconds * 1000),
          createdAt: deps.clock.now(),
        },
      }),
    },
  } satisfies OrganizationOptions;
}
