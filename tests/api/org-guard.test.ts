import { eq } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitation, member } from '../../src/server/db/schema';
import { ORG_ROUTE_PREFIX } from '../../src/server/features/orgs/guard';
import { apiPaths } from '../../src/shared/contracts/paths';
import { type OrgPermission, type OrgRole, orgCan, orgRoles } from '../../src/shared/domain/org-roles';
import { signedInFan } from '../support/accounts';
import { Client } from '../support/http';
import { fillPattern, routeTable } from '../support/routes';
import { pathSpellings } from '../support/spellings';
import { createTestApp, type TestContext } from '../support/test-app';
import { testDatabaseKind } from '../support/test-db';

// The organization guard on every organizer route, found by walking Fastify's route table: a visitor, an
// outsider (an owner of another organization), a removed member and an unknown organization get the same 404;
// a member whose role lacks the route's permission gets 403.

/** The permission each organizer route declares: a route added under /api/orgs/:org must be listed here. */
const expectedPermissions: Record<string, OrgPermission> = {
  'GET /api/orgs/:org': 'organization:read',
  'PATCH /api/orgs/:org': 'organization:update',
  'DELETE /api/orgs/:org': 'organization:delete',
  'GET /api/orgs/:org/members': 'member:read',
  'PATCH /api/orgs/:org/members/:memberId': 'member:update',
  'DELETE /api/orgs/:org/members/:memberId': 'member:delete',
  'POST /api/orgs/:org/leave': 'organization:read',
  'POST /api/orgs/:org/invitations': 'invitation:create',
  'GET /api/orgs/:org/invitations': 'invitation:read',
  'DELETE /api/orgs/:org/invitations/:id': 'invitation:cancel',
  // The organizer API: the admin API's board operations inside the organization.
  'GET /api/orgs/:org/kpis': 'board:read',
  'GET /api/orgs/:org/donations': 'money:read',
  'GET /api/orgs/:org/entries': 'entry:read',
  'POST /api/orgs/:org/entries': 'entry:create',
  'POST /api/orgs/:org/entries/import': 'entry:create',
  'DELETE /api/orgs/:org/entries/:id': 'entry:delete',
  'POST /api/orgs/:org/entries/:id/paid': 'entry:collect',
  'DELETE /api/orgs/:org/entries/:id/paid': 'entry:collect',
  'POST /api/orgs/:org/entries/:id/refund': 'entry:delete',
  'POST /api/orgs/:org/entries/:id/returned': 'entry:collect',
  'POST /api/orgs/:org/entries/paid': 'entry:collect',
  'GET /api/orgs/:org/entries.csv': 'export:read',
  'GET /api/orgs/:org/ledger.csv': 'export:read',
  'GET /api/orgs/:org/boards': 'board:read',
  'POST /api/orgs/:org/boards': 'board:create',
  'GET /api/orgs/:org/boards/:slug': 'board:read',
  'POST /api/orgs/:org/boards/:slug/lock': 'board:lock',
  'POST /api/orgs/:org/boards/:slug/open': 'board:open',
  'POST /api/orgs/:org/boards/:slug/cancel': 'board:cancel',
  'POST /api/orgs/:org/boards/:slug/void': 'board:cancel',
  'GET /api/orgs/:org/boards/:slug/end-preview': 'board:read',
  'POST /api/orgs/:org/boards/:slug/scores': 'board:score',
  'POST /api/orgs/:org/boards/:slug/scores/preview': 'board:score',
  'POST /api/orgs/:org/boards/:slug/results/:period/confirm': 'board:score',
  'POST /api/orgs/:org/boards/:slug/scoring': 'board:score',
  'GET /api/orgs/:org/audit': 'audit:read',
  'GET /api/orgs/:org/payouts': 'claim:read',
  'POST /api/orgs/:org/payouts/:id/paid': 'claim:manage',
  'POST /api/orgs/:org/payouts/:id/reviewed': 'claim:manage',
  'POST /api/orgs/:org/payouts/:id/claim-code': 'claim:manage',
  'POST /api/orgs/:org/payouts/:id/paid-in-cash': 'claim:manage',
  'GET /api/orgs/:org/payouts.csv': 'export:read',
  'GET /api/orgs/:org/feed-games': 'board:create',
};

/** A body that passes each route's schema, so what answers is the guard (a route with a body needs one here). */
const validBodies: Record<string, unknown> = {
  'PATCH /api/orgs/:org': { name: 'Renamed By Guard Test' },
  'PATCH /api/orgs/:org/members/:memberId': { role: 'viewer' },
  'POST /api/orgs/:org/invitations': { email: 'guard-invitee@example.com', role: 'viewer' },
};

const captured: RouteOptions[] = [];
let ctx: TestContext;
const people: Partial<Record<OrgRole | 'outsider' | 'removed', Client & { userId: string }>> = {};
let visitor: Client;
let targetMemberId: string;
let targetInvitationId: string;

let n = 0;
const person = (name: string) => {
  n++;
  return signedInFan(ctx.database.db, new Client(ctx.app, `10.40.0.${n}`), {
    email: `guard-${n}@example.com`,
    name,
    phone: '+12025550143',
  });
};

beforeAll(async () => {
  ctx = await createTestApp({ onRoute: (route) => captured.push(route) });
  visitor = new Client(ctx.app, '10.40.1.1');
  const owner = await person('Guard Owner');
  people.owner = owner;
  expect((await owner.post(apiPaths.orgs.orgs, { name: 'Guard Org', slug: 'guard-org' })).statusCode).toBe(201);
  for (const role of ['admin', 'staff', 'viewer', 'removed'] as const) {
    const who = await person(`Guard ${role}`);
    const made = await owner.post(apiPaths.orgs.invitations('guard-org'), {
      email: `guard-${n}@example.com`,
      role: role === 'removed' ? 'staff' : role,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect((await who.post(apiPaths.invitations.accept(made.json().invitation.id))).statusCode).toBe(200);
    people[role] = who;
  }
  const removed = people.removed;
  const [removedRow] = await ctx.database.db
    .select()
    .from(member)
    .where(eq(member.userId, removed?.userId ?? ''));
  expect((await owner.delete(apiPaths.orgs.member('guard-org', removedRow?.id ?? ''))).statusCode).toBe(200);
  const outsider = await person('Guard Outsider');
  expect((await outsider.post(apiPaths.orgs.orgs, { name: 'Other Org', slug: 'other-guard-org' })).statusCode).toBe(
    201,
  );
  people.outsider = outsider;
  // The routes' targets: the viewer's membership and a pending invitation of the organization.
  const [viewerRow] = await ctx.database.db
    .select()
    .from(member)
    .where(eq(member.userId, people.viewer?.userId ?? ''));
  targetMemberId = viewerRow?.id ?? '';
  const pending = await owner.post(apiPaths.orgs.invitations('guard-org'), {
    email: 'guard-pending@example.com',
    role: 'staff',
  });
  targetInvitationId = pending.json().invitation.id;
});
afterAll(() => ctx?.close());

const key = (method: string, pattern: string) => `${method} ${pattern}`;
const isOrgRoute = (pattern: string) => pattern === ORG_ROUTE_PREFIX || pattern.startsWith(`${ORG_ROUTE_PREFIX}/`);

/** Every organizer route from Fastify's route table, with its URL for an organization and its body. */
function organizerRoutes(slug = 'guard-org') {
  return routeTable(ctx.app)
    .filter((r) => isOrgRoute(r.pattern))
    .map((r) => ({
      method: r.method as 'GET' | 'POST' | 'PATCH' | 'DELETE',
      key: key(r.method, r.pattern),
      url: fillPattern(r.pattern, {
        org: slug,
        memberId: targetMemberId,
        id: targetInvitationId,
        slug: 'guard-board',
        period: 'q1',
      }),
      body: validBodies[key(r.method, r.pattern)],
    }));
}

const send = (c: Client, route: ReturnType<typeof organizerRoutes>[number], url = route.url) =>
  route.method === 'GET'
    ? c.get(url)
    : c.send(route.method, url, route.body ?? (route.method === 'POST' ? {} : undefined));

describe(`the organization guard on every organizer route (${testDatabaseKind})`, () => {
  it('every route under /api/orgs/:org declares the expected permission', () => {
    const declared = Object.fromEntries(
      captured
        .filter((r) => isOrgRoute(r.url))
        .flatMap((r) =>
          [r.method]
            .flat()
            .filter((m) => m !== 'HEAD')
            .map((m) => [key(m, r.url), (r.config as { orgPermission?: string } | undefined)?.orgPermission]),
        ),
    );
    expect(declared).toEqual(expectedPermissions);
    // The route table and the registered routes agree.
    expect(
      organizerRoutes()
        .map((r) => r.key)
        .sort(),
    ).toEqual(Object.keys(expectedPermissions).sort());
  });

  it('a visitor, an outsider, a removed member and an unknown organization get the same 404', async () => {
    const routes = organizerRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(10);
    const before = await ctx.database.db.select().from(member);
    let tried = 0;
    for (const route of routes) {
      const unknown = organizerRoutes('no-such-org').find((r) => r.key === route.key);
      const cases: [string, Client, string][] = [
        ['visitor', visitor, route.url],
        ['outsider', people.outsider as Client, route.url],
        ['removed', people.removed as Client, route.url],
        ['owner, unknown organization', people.owner as Client, unknown?.url ?? ''],
      ];
      const bodies = new Set<string>();
      for (const [who, c, url] of cases) {
        const res = await send(c, route, url);
        tried++;
        expect(res.statusCode, `${who}: ${route.key}`).toBe(404);
        expect(res.json().error.code, `${who}: ${route.key}`).toBe('NOT_FOUND');
        bodies.add(res.body);
      }
      // Indistinguishable: one answer for all of them.
      expect(bodies.size, route.key).toBe(1);
    }
    expect(await ctx.database.db.select().from(member)).toEqual(before);
    console.info(`organization guard: ${tried} requests from people outside the organization, all 404`);
  });

  it('no spelling of an organizer path lets an outsider in', async () => {
    let tried = 0;
    let reachedHandler = 0;
    // Every GET route (a member's GET shows whether a spelling reaches the handler) and the first route of each
    // other method: the guard is one hook on every route, so the spellings of its path are the class.
    const routes = organizerRoutes();
    const firstOf = new Map<string, string>();
    for (const r of routes) if (!firstOf.has(r.method)) firstOf.set(r.method, r.key);
    const walked = routes.filter((r) => r.method === 'GET' || firstOf.get(r.method) === r.key);
    for (const route of walked) {
      for (const url of pathSpellings(route.url)) {
        const res = await send(people.outsider as Client, route, url);
        tried++;
        expect(res.statusCode, `${route.method} ${url}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${route.method} ${url}`).toBeLessThan(500);
        expect(res.statusCode, `${route.method} ${url}`).not.toBe(403);
        // With a member's session the same spelling shows whether it routes to the handler at all.
        if (route.method === 'GET' && (await (people.viewer as Client).get(url)).statusCode === 200) reachedHandler++;
      }
    }
    // Percent-encoded letters route to the handler (the router decodes them): they are the class being guarded.
    expect(reachedHandler).toBeGreaterThan(10);
    console.info(
      `organization guard: ${tried} spellings of ${walked.length} routes from an outsider, all refused; ${reachedHandler} reached a handler for a member`,
    );
  }, 180_000);

  it('a member whose role lacks the permission gets 403, on every route', async () => {
    let refused = 0;
    for (const route of organizerRoutes()) {
      const permission = expectedPermissions[route.key];
      if (!permission) throw new Error(`no permission listed for ${route.key}`);
      for (const role of orgRoles) {
        if (orgCan(role, permission)) continue;
        const res = await send(people[role] as Client, route);
        expect(res.statusCode, `${role}: ${route.key}`).toBe(403);
        expect(res.json().error.code).toBe('FORBIDDEN');
        refused++;
      }
    }
    expect(refused).toBeGreaterThanOrEqual(15);
    // Every role may read the organization and its members.
    for (const role of orgRoles) {
      const res = await (people[role] as Client).get(apiPaths.orgs.members('guard-org'));
      expect(res.statusCode, role).toBe(200);
      expect((await (people[role] as Client).get(apiPaths.orgs.org('guard-org'))).json().role).toBe(role);
    }
    // Nothing changed: the pending invitation is still pending, the viewer still a viewer.
    const [pending] = await ctx.database.db.select().from(invitation).where(eq(invitation.id, targetInvitationId));
    expect(pending?.status).toBe('pending');
    const [viewerRow] = await ctx.database.db.select().from(member).where(eq(member.id, targetMemberId));
    expect(viewerRow?.role).toBe('viewer');
  });

  it('a route registered later under /api/orgs/:org gets the guard, and one without a permission is refused', async () => {
    const { buildApp } = await import('../../src/server/app');
    const app = await buildApp({ database: ctx.database, clock: ctx.clock, logger: false });
    await app.register(async (child) => {
      child.get('/api/orgs/:org/late-route', { config: { orgPermission: 'money:update' } }, async () => ({ ok: 1 }));
    });
    await app.ready();
    const as = (c: Client) =>
      app.inject({ method: 'GET', url: '/api/orgs/guard-org/late-route', headers: { cookie: c.cookieHeader } });
    expect((await app.inject({ method: 'GET', url: '/api/orgs/guard-org/late-route' })).statusCode).toBe(404);
    expect((await as(people.outsider as Client)).statusCode).toBe(404);
    expect((await as(people.admin as Client)).statusCode).toBe(403);
    expect((await as(people.owner as Client)).statusCode).toBe(200);
    await app.close();

    const unguarded = await buildApp({ database: ctx.database, clock: ctx.clock, logger: false });
    await expect(
      unguarded.register(async (child) => {
        child.get('/api/orgs/:org/unguarded', async () => ({ secret: true }));
      }),
    ).rejects.toThrow(/orgPermission/);
    await unguarded.close().catch(() => {});
  });
});
