/**
 * Who may do what inside one organization (issue 39): the roles, what each role's permissions are, and the
 * rules about who may give or take which role. The server checks every organizer request against these (the
 * organization plugin's access control is built from them: features/accounts/organizations.ts); the web shows or
 * hides an action by the same rule.
 */

/** Every role a member of an organization has, most powerful first. */
export const orgRoles = ['owner', 'admin', 'staff', 'viewer'] as const;
export type OrgRole = (typeof orgRoles)[number];

export const isOrgRole = (value: string): value is OrgRole => (orgRoles as readonly string[]).includes(value);

/**
 * The resources and their actions. `organization`, `member` and `invitation` carry the organization plugin's own
 * action names (its endpoints check `organization: update|delete`, `invitation: create|cancel`, `member: …`).
 */
export const orgStatements = {
  organization: ['read', 'update', 'delete'],
  member: ['read', 'create', 'update', 'delete'],
  invitation: ['read', 'create', 'cancel'],
  board: ['read', 'create', 'open', 'lock', 'score', 'cancel'],
  entry: ['read', 'create', 'collect', 'delete'],
  freeEntry: ['read', 'create'],
  claim: ['read', 'manage'],
  /** The payout ledger and the organization's money settings (its payout account, fees). */
  money: ['read', 'update'],
  export: ['read'],
  audit: ['read'],
} as const;
export type OrgStatements = typeof orgStatements;
export type OrgResource = keyof OrgStatements;
/** One permission: a resource and one of its actions, e.g. `{ board: 'lock' }` is written `'board:lock'`. */
export type OrgPermission = { [R in OrgResource]: `${R}:${OrgStatements[R][number]}` }[OrgResource];

type Grants = { readonly [R in OrgResource]?: readonly OrgStatements[R][number][] };

/** What every member may read: the organization, its members, its boards and their money, and exports. */
const reads = {
  organization: ['read'],
  member: ['read'],
  board: ['read'],
  entry: ['read'],
  freeEntry: ['read'],
  claim: ['read'],
  money: ['read'],
  export: ['read'],
  audit: ['read'],
} as const satisfies Grants;

/** Board operations: create, open, lock, score and cancel boards, take and collect entries, free entries, claims. */
const boardOperations = {
  ...reads,
  board: orgStatements.board,
  entry: orgStatements.entry,
  freeEntry: orgStatements.freeEntry,
  claim: orgStatements.claim,
} as const satisfies Grants;

/**
 * - **owner**: everything: members of every role, the money settings, deleting the organization.
 * - **admin**: everything but ownership: no deleting the organization, no money settings, and members and
 *   invitations of the staff and viewer roles only (see `mayGrant`).
 * - **staff**: board operations.
 * - **viewer**: reads and exports.
 */
export const orgRoleGrants = {
  owner: orgStatements,
  admin: {
    ...boardOperations,
    organization: ['read', 'update'],
    member: orgStatements.member,
    invitation: orgStatements.invitation,
    money: ['read'],
  },
  staff: boardOperations,
  viewer: reads,
} as const satisfies Record<OrgRole, Grants>;

/** Whether `role` has `permission` (`'board:lock'`). */
export function orgCan(role: OrgRole, permission: OrgPermission): boolean {
  const [resource, action] = permission.split(':') as [OrgResource, string];
  const actions: readonly string[] | undefined = (orgRoleGrants[role] as Grants)[resource];
  return actions?.includes(action) ?? false;
}

/** Roles only an owner may give, take away or invite to: ownership and the admins who act for the owners. */
export const ownerOnlyRoles: readonly OrgRole[] = ['owner', 'admin'];

/**
 * Whether a member with role `actor` may invite someone as `role`, or change a member from `from` to `role`, or
 * remove a member with role `from`: owners any role; admins (who have `member:update`) staff and viewers only,
 * never to or from owner or admin; nobody else.
 */
export function mayGrant(actor: OrgRole, role: OrgRole, from?: OrgRole): boolean {
  if (actor === 'owner') return true;
  if (!orgCan(actor, 'member:update')) return false;
  return !ownerOnlyRoles.includes(role) && (from === undefined || !ownerOnlyRoles.includes(from));
}

/** How long an emailed invitation can be accepted. */
export const invitationLifetimeSeconds = 7 * 24 * 60 * 60;

/**
 * How many invitation emails FanGrid sends, so that nobody can use it to mail strangers: per inviting account
 * an hour, and to one address a day from all organizations together.
 */
export const invitationLimits = {
  perInviterPerHour: { max: 30, windowMs: 60 * 60_000 },
  perAddressPerDay: { max: 5, windowMs: 24 * 60 * 60_000 },
} as const;

/**
 * An organization's address `/o/<slug>`: lowercase letters, digits and single dashes between them, 3–40
 * characters, and none of the words that name the app's own paths.
 */
export const ORG_SLUG_MIN = 3;
export const ORG_SLUG_MAX = 40;
export const orgSlugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const reservedOrgSlugs: ReadonlySet<string> = new Set([
  'admin',
  'api',
  'app',
  'assets',
  'auth',
  'boards',
  'dashboard',
  'dev',
  'docs',
  'fangrid',
  'help',
  'invitations',
  'login',
  'logout',
  'me',
  'new',
  'o',
  'org',
  'orgs',
  'organizations',
  'platform',
  'public',
  'settings',
  'signin',
  'signup',
  'static',
  'support',
  'uploads',
  'www',
]);

/** Why `slug` cannot be an organization's address, or null when it can. */
export function orgSlugProblem(slug: string): string | null {
  if (slug.length < ORG_SLUG_MIN || slug.length > ORG_SLUG_MAX) {
    return `The address must be ${ORG_SLUG_MIN} to ${ORG_SLUG_MAX} characters`;
  }
  if (!orgSlugPattern.test(slug)) {
    return 'Use lowercase letters, digits and single dashes between them';
  }
  if (reservedOrgSlugs.has(slug)) return 'This address is reserved; choose another';
  return null;
}
