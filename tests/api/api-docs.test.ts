import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGroupNames, apiGroups } from '../../src/server/features/api-docs';
import { normalizedPath } from '../../src/server/http/paths';
import { createTestApp, type TestContext } from '../support/test-app';
import { signedInAdmin } from './fake-feed';

// Routes that answer something other than JSON, or whose input is not JSON, and say so here with the reason.
// Every other API route declares its response (and its params and body where it takes them) in zod.
const exempt: Record<string, string> = {
  'GET /api/auth/verify-email': 'a redirect from the emailed link',
  'GET /api/auth/reset-password/:token': 'a redirect from the emailed link',
  'GET /api/auth/magic-link/verify': 'a redirect from the emailed sign-in link',
  'POST /api/auth/sign-out': 'answered by better-auth; takes no body',
  'GET /api/boards/:slug/events': 'a Server-Sent Events stream',
  'GET /api/live/boards': 'a Server-Sent Events stream',
  'GET /api/boards/:slug/qr.svg': 'an SVG image',
  'GET /api/boards/:slug/sheet.pdf': 'a PDF document',
  'GET /api/admin/payouts.csv': 'a CSV file',
  'GET /api/admin/ledger.csv': 'a CSV file',
  'GET /api/admin/exports/game-entries.csv': 'a CSV file',
  'GET /api/admin/exports/login-attempts.csv': 'a CSV file',
  'GET /api/orgs/:org/payouts.csv': 'a CSV file',
  'GET /api/orgs/:org/ledger.csv': 'a CSV file',
  'GET /api/orgs/:org/entries.csv': 'a CSV file',
  'DELETE /api/me/tracked-games/:id': 'answers 204 with no body',
  'DELETE /api/me/fan-profile/trophies/:id': 'answers 204 with no body',
  'DELETE /api/me/gaming-profile/achievements/:id': 'answers 204 with no body',
  'DELETE /api/me/gaming-profile/trophies/:id': 'answers 204 with no body',
  'POST /api/payments/webhook': "the provider's signed raw body, verified before it is parsed",
  'POST /api/sms/inbound': "Twilio's signed form body, verified before it is parsed",
  'POST /api/partners/logos': 'a multipart upload, checked by the uploads service',
  'GET /api/donations/monthly/statement.pdf': 'a PDF file',
};

// Actions that take no body (their path names everything); their response and params are still declared.
const noBody = new Set([
  'POST /api/claims/:token/code',
  'POST /api/admin/entries/:id/paid',
  'POST /api/admin/entries/:id/refund',
  'POST /api/admin/entries/:id/returned',
  'POST /api/admin/payouts/:id/reviewed',
  'POST /api/admin/payouts/:id/claim-code',
  'POST /api/donations/monthly/sign-out',
  'POST /api/donations/monthly/:id/card',
  'POST /api/donations/monthly/:id/cancel',
  'POST /api/admin/boards/:slug/lock',
  'POST /api/admin/boards/:slug/open',
  'POST /api/admin/boards/:slug/cancel',
  'POST /api/admin/boards/:slug/results/:period/confirm',
  'POST /api/payments/local/:id/cancel',
  'POST /api/admin-gate/sign-out',
  'POST /api/admin/orgs/:org/restore',
  'POST /api/orgs/:org/entries/:id/paid',
  'POST /api/orgs/:org/entries/:id/refund',
  'POST /api/orgs/:org/entries/:id/returned',
  'POST /api/orgs/:org/payouts/:id/reviewed',
  'POST /api/orgs/:org/payouts/:id/claim-code',
  'POST /api/orgs/:org/boards/:slug/lock',
  'POST /api/orgs/:org/boards/:slug/open',
  'POST /api/orgs/:org/boards/:slug/cancel',
  'POST /api/orgs/:org/boards/:slug/results/:period/confirm',
  'POST /api/me/gaming-profile/import-from-page',
  'POST /api/orgs/:org/leave',
  'POST /api/invitations/:id/accept',
]);

const routes: RouteOptions[] = [];
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ onRoute: (route) => routes.push(route) });
  await ctx.app.ready();
});
afterAll(() => ctx?.close());

const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);

describe('every API route has a schema', () => {
  it('declares response, params and body schemas where it takes them, unless exempt with a reason', () => {
    const missing: string[] = [];
    const seen = new Set<string>();
    for (const route of routes) {
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      if (!normalizedPath(route.url).startsWith('/api/') || schema.hide === true) continue;
      for (const method of methodsOf(route).filter((m) => m !== 'HEAD')) {
        const key = `${method} ${route.url}`;
        seen.add(key);
        if (key in exempt) continue;
        if (!schema.response) missing.push(`${key}: no response schema`);
        if (route.url.includes(':') && !schema.params) missing.push(`${key}: no params schema`);
        if (['POST', 'PUT', 'PATCH'].includes(method) && !noBody.has(key) && !schema.body)
          missing.push(`${key}: no body schema`);
      }
    }
    expect(missing).toEqual([]);
    // The exemptions name real routes (a renamed route must not keep a stale pass).
    expect([...Object.keys(exempt), ...noBody].filter((key) => !seen.has(key))).toEqual([]);
    expect(seen.size).toBeGreaterThan(60);
  });
});

describe('the OpenAPI document and the reference page', () => {
  it('serves the public API to visitors, without the admin routes', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const paths = Object.keys(doc.paths);
    expect(paths).toContain('/api/health/live');
    expect(paths).toContain('/api/boards/{slug}/entries');
    expect(doc.paths['/api/boards/{slug}/entries'].post.requestBody).toBeDefined();
    expect(paths.filter((p) => p.startsWith('/api/admin/') || p === '/api/admin')).toEqual([]);
    // Nothing outside the API (the web app, uploads) nor the documentation itself.
    expect(paths.filter((p) => !p.startsWith('/api/') || p.startsWith('/api/docs'))).toEqual([]);
    // The reference page's own copy of the document is filtered the same way.
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(ui.statusCode).toBe(200);
    expect(Object.keys(ui.json().paths).filter((p) => p.startsWith('/api/admin/'))).toEqual([]);
    const yaml = await ctx.app.inject({ method: 'GET', url: '/api/docs/yaml' });
    expect(yaml.body).not.toContain('/api/admin/');
  });

  it('lists the admin API only for the admin session', async () => {
    const admin = await signedInAdmin(ctx.app, '10.61.0.1');
    const doc = (await admin.get('/api/openapi.json')).json();
    expect(Object.keys(doc.paths)).toContain('/api/admin/boards/{slug}/lock');
    const ui = (await admin.get('/api/docs/json')).json();
    expect(Object.keys(ui.paths)).toContain('/api/admin/boards');
    // A forged or expired admin cookie is a visitor.
    const forged = await ctx.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { cookie: 'fangrid_admin=forged' },
    });
    expect(Object.keys(forged.json().paths).filter((p) => p.startsWith('/api/admin/'))).toEqual([]);
  });

  it('puts every operation in exactly one group, its feature, and lists only the groups a reader has', async () => {
    type Doc = {
      paths: Record<string, Record<string, { tags?: string[] }>>;
      tags: { name: string; description: string }[];
    };
    const operations = (doc: Doc) =>
      Object.entries(doc.paths).flatMap(([url, ops]) =>
        Object.entries(ops).map(([m, op]) => ({ key: `${m} ${url}`, op })),
      );
    const admin = await signedInAdmin(ctx.app, '10.61.0.2');
    const full = (await admin.get('/api/openapi.json')).json() as Doc;
    const visitor = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Doc;
    for (const doc of [full, visitor]) {
      const wrong = operations(doc)
        .filter(({ op }) => op.tags?.length !== 1 || !apiGroupNames.includes(op.tags[0] ?? ''))
        .map(({ key, op }) => `${key}: ${JSON.stringify(op.tags)}`);
      expect(wrong).toEqual([]);
      // The document's groups are exactly the ones its operations use, in the page's order, each described.
      const used = new Set(operations(doc).map(({ op }) => op.tags?.[0]));
      expect(doc.tags.map((t) => t.name)).toEqual(apiGroupNames.filter((name) => used.has(name)));
      for (const t of doc.tags) expect(t.description.length).toBeGreaterThan(10);
    }
    const groupOf = (method: string, url: string) => full.paths[url]?.[method]?.tags?.[0];
    // A group is the feature that registers the route, whatever its path says.
    expect(groupOf('get', '/api/boards/{slug}')).toBe(apiGroups.boards.name);
    expect(groupOf('get', '/api/boards/{slug}/sheet.pdf')).toBe(apiGroups.boards.name);
    expect(groupOf('post', '/api/claims/{token}')).toBe(apiGroups.prizes.name);
    expect(groupOf('get', '/api/admin/payouts')).toBe(apiGroups.prizes.name);
    expect(groupOf('get', '/api/admin/kpis')).toBe(apiGroups.admin.name);
    expect(groupOf('get', '/api/orgs/{org}/kpis')).toBe(apiGroups.organizer.name);
    expect(groupOf('get', '/api/orgs/{org}/payouts')).toBe(apiGroups.organizer.name);
    expect(groupOf('get', '/api/orgs/{org}/feed-games')).toBe(apiGroups.organizer.name);
    expect(groupOf('post', '/api/admin-gate/passcode')).toBe(apiGroups['admin-gate'].name);
    expect(groupOf('post', '/api/donations/checkout')).toBe(apiGroups.payments.name);
    expect(groupOf('get', '/api/health/live')).toBe(apiGroups.health.name);
    // Most features have operations of their own; a visitor's document has no admin group.
    expect(full.tags.length).toBeGreaterThanOrEqual(14);
    expect(visitor.tags.map((t) => t.name)).not.toContain(apiGroups.admin.name);
    expect(visitor.tags.map((t) => t.name)).not.toContain(apiGroups.feed.name);
  });

  it('serves the reference page under the strict CSP, loading only its own files', async () => {
    let res = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    if (res.statusCode >= 300 && res.statusCode < 400) {
      res = await ctx.app.inject({ method: 'GET', url: new URL(String(res.headers.location), 'http://x').pathname });
    }
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    // No inline script: every script is a file of the page's own.
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const init = await ctx.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    expect(init.body).not.toContain('validator.swagger.io');
  });
});
