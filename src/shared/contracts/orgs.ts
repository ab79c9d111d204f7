import { z } from 'zod';
import { invitationLifetimeSeconds, orgRoles, orgSlugProblem } from '../domain/org-roles';
import { emailPattern } from './accounts';
import { errorCodes } from './error-codes';
import { multiLine, singleLine } from './text';

/** Organizations, members and invitations (issue 39): one schema for each form and its endpoint. */

export const orgErrorCodes = {
  notFound: errorCodes.notFound,
  validation: errorCodes.validation,
  signInRequired: 'SIGN_IN_REQUIRED',
  /** A member whose role may not do this (an outsider gets NOT_FOUND instead). */
  forbidden: 'FORBIDDEN',
  slugTaken: 'SLUG_TAKEN',
  /** The organization would be left without an owner. */
  lastOwner: 'LAST_OWNER',
  alreadyMember: 'ALREADY_MEMBER',
  invitationExpired: 'INVITATION_EXPIRED',
  /** Accepted, cancelled or declined already: an invitation works once. */
  invitationUsed: 'INVITATION_USED',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  /** An organization that runs boards is not deleted (their entries and money stay on record). */
  hasBoards: 'ORGANIZATION_HAS_BOARDS',
  invitationsLimited: 'INVITATIONS_RATE_LIMITED',
  /** The platform suspended the organization: it opens no board and takes no entry or gift. */
  suspended: 'ORGANIZATION_SUSPENDED',
  /** Suspend an organization that is suspended, or restore one that is not. */
  alreadyInState: 'ORGANIZATION_ALREADY_IN_STATE',
} as const;

export const orgMessages = {
  signInRequired: 'Sign in to manage organizations.',
  notFound: 'Organization not found.',
  forbidden: 'Your role in this organization does not allow this.',
  slugTaken: 'This address is taken. Choose another.',
  lastOwner: 'An organization needs an owner: make someone else an owner first.',
  ownerOnly: 'Only an owner can give, change or take away the owner and admin roles.',
  alreadyMember: 'This person is already a member of the organization.',
  memberNotFound: 'Member not found.',
  invitationNotFound: 'Invitation not found.',
  invitationExpired: 'This invitation has expired. Ask the organization for a new one.',
  invitationUsed: 'This invitation was already used or cancelled.',
  emailNotVerified: 'Confirm your email address before accepting the invitation.',
  hasBoards: 'This organization has boards, so it cannot be deleted.',
  invitationsLimited: 'Too many invitations for now. Please try again later.',
  suspended: 'This organization is suspended by FanGrid: it opens no board and takes no entry or gift for now.',
  alreadySuspended: 'This organization is already suspended.',
  notSuspended: 'This organization is not suspended.',
} as const;

export const orgRoleSchema = z.enum(orgRoles, { error: `Choose a role: ${orgRoles.join(', ')}` });

/** An organization's address (`/o/<slug>`) as a body field or a path parameter. */
export const orgSlugSchema = z.string({ error: 'Enter an address' }).superRefine((slug, ctx) => {
  const problem = orgSlugProblem(slug);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** The id of a member or an invitation (Better Auth's ids: letters, digits, `-` and `_`). */
export const orgRecordIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a valid id');

const email = (label: string) =>
  singleLine(label)
    .min(1, 'Email is required')
    .max(320, 'Please enter a valid email address')
    .regex(emailPattern, 'Please enter a valid email address')
    .transform((value) => value.toLowerCase());

const name = singleLine('Name').min(2, 'Name must be at least 2 characters').max(100, 'Name is too long');
const cause = multiLine('Cause').max(500, 'Cause is too long (500 characters at most)');
/** A US Employer Identification Number, stored as `12-3456789`. */
const ein = z
  .string()
  .trim()
  .regex(/^\d{2}-?\d{7}$/, 'An EIN has 9 digits: 12-3456789')
  .transform((value) => `${value.replace('-', '').slice(0, 2)}-${value.replace('-', '').slice(2)}`);
/** An uploaded logo's path (POST /api/partners/logos answers it). */
const logo = z.string().regex(/^\/uploads\/[\w.-]{1,200}$/, 'Upload the logo first');

/** '' (an empty form field) means none, like leaving it out. */
const orNone = <T extends z.ZodType>(schema: T) => z.union([z.literal('').transform(() => null), schema]);

/** POST /api/orgs. */
export const createOrgSchema = z.object({
  name,
  slug: orgSlugSchema,
  cause: orNone(cause).optional(),
  contactEmail: orNone(email('Contact email')).optional(),
  ein: orNone(ein).optional(),
});
export type CreateOrgInput = z.input<typeof createOrgSchema>;

/** PATCH /api/orgs/:org: the fields to change (null clears an optional one). The address stays as it is. */
export const updateOrgSchema = z
  .object({
    name: name.optional(),
    cause: orNone(cause).nullable().optional(),
    contactEmail: orNone(email('Contact email')).nullable().optional(),
    ein: orNone(ein).nullable().optional(),
    logo: logo.nullable().optional(),
  })
  .strict();
export type UpdateOrgInput = z.input<typeof updateOrgSchema>;

export const orgStatusSchema = z.enum(['active', 'suspended']);

export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  cause: z.string().nullable(),
  contactEmail: z.string().nullable(),
  ein: z.string().nullable(),
  status: orgStatusSchema,
  createdAt: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;

export const orgCreatedSchema = z.object({ organization: organizationSchema });
/** An organization with the caller's role in it. */
export const myOrgSchema = z.object({ organization: organizationSchema, role: orgRoleSchema });
export type MyOrg = z.infer<typeof myOrgSchema>;
export const myOrgsSchema = z.object({ organizations: z.array(myOrgSchema) });
export type MyOrgs = z.infer<typeof myOrgsSchema>;

export const orgParamsSchema = z.object({ org: orgSlugSchema });
export const orgMemberParamsSchema = z.object({ org: orgSlugSchema, memberId: orgRecordIdSchema });
export const orgInvitationParamsSchema = z.object({ org: orgSlugSchema, id: orgRecordIdSchema });
export const invitationParamsSchema = z.object({ id: orgRecordIdSchema });

export const orgMemberSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: orgRoleSchema,
  createdAt: z.string(),
});
export type OrgMember = z.infer<typeof orgMemberSchema>;
export const orgMembersSchema = z.object({ members: z.array(orgMemberSchema) });
export const orgMemberResponseSchema = z.object({ member: orgMemberSchema });

/** PATCH /api/orgs/:org/members/:memberId. */
export const updateMemberRoleSchema = z.object({ role: orgRoleSchema });

/** POST /api/orgs/:org/invitations: an emailed link, valid for invitationLifetimeSeconds, used once. */
export const createInvitationSchema = z.object({ email: email('Email'), role: orgRoleSchema });
export type CreateInvitationInput = z.input<typeof createInvitationSchema>;
export const invitationLifetimeDays = invitationLifetimeSeconds / 86_400;

/** `expired`: still pending, but past its `expiresAt`. */
export const invitationStatusSchema = z.enum(['pending', 'accepted', 'rejected', 'canceled', 'expired']);
export const orgInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: orgRoleSchema,
  expiresAt: z.string(),
  status: invitationStatusSchema,
});
export type OrgInvitation = z.infer<typeof orgInvitationSchema>;
export const orgInvitationResponseSchema = z.object({ invitation: orgInvitationSchema });
export const orgInvitationsSchema = z.object({ invitations: z.array(orgInvitationSchema) });

/** GET /api/invitations/:id: what the accept page shows its recipient. */
export const invitationDetailsSchema = z.object({
  invitation: z.object({
    id: z.string(),
    role: orgRoleSchema,
    status: invitationStatusSchema,
    expiresAt: z.string(),
    expired: z.boolean(),
    organization: z.object({ name: z.string(), slug: z.string(), logo: z.string().nullable() }),
  }),
});
export type InvitationDetails = z.infer<typeof invitationDetailsSchema>;

/** POST /api/admin/orgs/:org/suspend: why (told to its owners and kept in the audit log). */
export const suspendOrgSchema = z.object({
  reason: singleLine('Reason').min(3, 'Say why, in a few words').max(300, 'Keep the reason under 300 characters'),
});

/** One organization in the platform's console, with its totals (whole cents). */
export const platformOrgSchema = z.object({
  organization: organizationSchema,
  members: z.number().int(),
  boards: z.number().int(),
  /** Boards taking entries now or later (not locked, settled or cancelled). */
  openBoards: z.number().int(),
  entries: z.number().int(),
  /** Completed gifts made to the organization (one-time gifts and first charges of monthly ones). */
  giftsCents: z.number().int(),
});
export type PlatformOrg = z.infer<typeof platformOrgSchema>;
export const platformOrgsSchema = z.object({ organizations: z.array(platformOrgSchema) });
export const platformOrgResponseSchema = z.object({ organization: organizationSchema });
