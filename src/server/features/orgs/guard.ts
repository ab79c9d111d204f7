import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { orgErrorCodes, orgMessages } from '../../../shared/contracts/orgs';
import { twoFactorErrorCodes, twoFactorMessages } from '../../../shared/contracts/two-factor';
import { isOrgRole, type OrgPermission, type OrgRole, orgCan, orgSlugProblem } from '../../../shared/domain/org-roles';
import type { Db } from '../../db/client';
import { sessionHeaders } from '../../http/cookies';
import { errorBody } from '../../http/errors';
import { normalizedPath } from '../../http/paths';
import { createOrgsRepo, type MemberRow, type OrgRow, type OrgsRepo } from './repo';

/** What the organization guard hands an organizer route: the organization, the caller's membership and role. */
export interface OrgAccess {
  organization: OrgRow;
  member: MemberRow;
  role: OrgRole;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The permission a route under `/api/orgs/:org` needs (shared/domain/org-roles.ts). Every such route must
     * declare one: registering one without it fails.
     */
    orgPermission?: OrgPermission;
  }
}

/** Every route at or under this pattern is an organizer route, behind the organization guard. */
export const ORG_ROUTE_PREFIX = '/api/orgs/:org';

const isOrgRoute = (pattern: string) => {
  const path = normalizedPath(pattern);
  return path === ORG_ROUTE_PREFIX || path.startsWith(`${ORG_ROUTE_PREFIX}/`);
};

const accesses = new WeakMap<FastifyRequest, OrgAccess>();

/**
 * Whether an account, in its role here, lacks the second factor it must have (injected where two-factor
 * authentication is required; without it nobody is refused for that).
 */
export type SecondFactorMissing = (userId: string, role: OrgRole) => Promise<boolean>;

interface GuardDeps {
  repo: Pick<OrgsRepo, 'membership'>;
  userOf(headers: Headers): Promise<string | null>;
  secondFactorMissing?: SecondFactorMissing;
}

/**
 * The organization guard (issue 39): on every request, from the database (nothing cached, so a member removed
 * on any instance is refused on the next request anywhere), the `:org` slug and the session's account become a
 * membership. A visitor, an outsider, a removed member and an unknown organization all get the same 404
 * NOT_FOUND; a member who must use two-factor authentication and has not turned it on gets 403 TWO_FACTOR_REQUIRED; a
 * member whose role lacks the permission gets 403 FORBIDDEN. The handler reads what it checked with
 * `orgAccessOf(req)`.
 */
export function orgAccess(deps: GuardDeps, permission: OrgPermission): preValidationAsyncHookHandler {
  return async function orgGuard(req: FastifyRequest, reply: FastifyReply) {
    const slug = (req.params as { org?: unknown } | undefined)?.org;
    const refuse = () => reply.code(404).send(errorBody(orgErrorCodes.notFound, orgMessages.notFound));
    if (typeof slug !== 'string' || orgSlugProblem(slug) !== null) return refuse();
    const userId = req.headers.cookie ? await deps.userOf(sessionHeaders(req.headers.cookie)) : null;
    if (!userId) return refuse();
    const found = await deps.repo.membership(slug, userId);
    if (!found) return refuse();
    const role = isOrgRole(found.member.role) ? found.member.role : null;
    reply.header('cache-control', 'private, no-store');
    if (role && (await deps.secondFactorMissing?.(userId, role))) {
      return reply.code(403).send(errorBody(twoFactorErrorCodes.required, twoFactorMessages.required));
    }
    if (!role || !orgCan(role, permission)) {
      return reply.code(403).send(errorBody(orgErrorCodes.forbidden, orgMessages.forbidden));
    }
    accesses.set(req, { organization: found.organization, member: found.member, role });
  };
}

/**
 * Attaches the guard to every route whose own pattern is under /api/orgs/:org, in any plugin, whenever it is
 * registered, with the permission the route declares (`config.orgPermission`); a route there without one is a
 * bug and stops the app from building. Runs before validation (the guard checks `:org` itself). Must be
 * registered before any route.
 */
export function registerOrgGuard(
  app: FastifyInstance,
  ctx: { db: Db; userOf(headers: Headers): Promise<string | null>; secondFactorMissing?: SecondFactorMissing },
): void {
  const deps: GuardDeps = {
    repo: createOrgsRepo(ctx.db),
    userOf: ctx.userOf,
    secondFactorMissing: ctx.secondFactorMissing,
  };
  app.addHook('onRoute', (route) => {
    if (!isOrgRoute(route.url ?? route.path)) return;
    const permission = (route.config as { orgPermission?: OrgPermission } | undefined)?.orgPermission;
    if (!permission) throw new Error(`${route.method} ${route.url}: an organizer route must declare orgPermission`);
    // Before validation: someone outside the organization learns nothing from a route, not even its body's rules.
    const own = route.preValidation;
    route.preValidation = [orgAccess(deps, permission), ...(own === undefined ? [] : Array.isArray(own) ? own : [own])];
  });
}

/** What the guard checked for this request (organizer routes only; anything else is a bug). */
export function orgAccessOf(req: FastifyRequest): OrgAccess {
  const access = accesses.get(req);
  if (!access) throw new Error('orgAccessOf: not an organizer request');
  return access;
}

/** Who is acting on an organizer route, as the audit log names them: the account, its role there, and the IP. */
export async function organizerActorOf(
  req: FastifyRequest,
  emailOf: (headers: Headers) => Promise<string | null>,
): Promise<string> {
  const { organization, role } = orgAccessOf(req);
  const email = req.headers.cookie ? await emailOf(sessionHeaders(req.headers.cookie)) : null;
  return [email, `${role} of ${organization.slug}`, req.ip].filter(Boolean).join(' · ');
}
