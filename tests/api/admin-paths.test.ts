import { count } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, boards, entries } from '../../src/server/db/schema';
import { seedDemoBoards } from '../../src/server/db/seed/boards';
import { isUnder } from '../../src/server/http/paths';
import { apiPaths } from '../../src/shared/contracts/paths';
import { Client, ORIGIN } from '../support/http';
import { fillPattern, routeTable } from '../support/routes';
import { pathSpellings } from '../support/spellings';
import { createTestApp, type TestContext } from '../support/test-app';
import { testDatabaseKind } from '../support/test-db';

let ctx: TestContext;
let admin: Client;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoBoards(ctx.database.db, ctx.clock, () => 'ab'.repeat(32));
  admin = new Client(ctx.app, '10.20.0.1');
  expect((await admin.post('/api/admin-gate/passcode', { passcode: 'fangrid1' })).statusCode).toBe(200);
  expect((await admin.post('/api/admin-gate/phrase', { phrase: 'game day' })).statusCode).toBe(200);
});
afterAll(() => ctx.close());

const adminRoutesPatterns = () =>
  routeTable(ctx.app)
    .map((r) => r.pattern)
    .filter((p) => p === '/api/admin' || p.startsWith('/api/admin/'));

const adminRoutes = () =>
  routeTable(ctx.app)
    .filter((r) => r.pattern === '/api/admin' || r.pattern.startsWith('/api/admin/'))
    .map((r) => ({
      method: r.method as 'GET' | 'POST' | 'DELETE',
      path: fillPattern(r.pattern, { slug: 'thunder-timberwolves', id: '00000000-0000-4000-8000-000000000000' }),
    }));

/** A request as a client that skips URL normalisation would send it (curl --path-as-is), with a real Origin. */
const raw = (method: string, url: string, cookie?: string): Promise<LightMyRequestResponse> =>
  ctx.app.inject({
    method: method as 'GET',
    url,
    remoteAddress: '10.20.0.9',
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    ...(method === 'GET' || method === 'HEAD' ? {} : { payload: {} }),
  });

describe(`every spelling of every admin path needs the admin session (${testDatabaseKind})`, () => {
  it('the report that started this: /api/%61dmin/entries and the exports answer 401 with no cookie', async () => {
    for (const url of [
      '/api/%61dmin/entries',
      '/api/%61dmin/exports/game-entries.csv',
      '/api/%61dmin/login-attempts',
      '/api/%61dmin/audit',
    ]) {
      const res = await raw('GET', url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error.code).toBe('ADMIN_REQUIRED');
      expect(res.body).not.toMatch(/\+1\d{10}|phone/i);
    }
  });

  it('walks the route table: no spelling of any admin route answers anything but 401 without the session', async () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(16);
    const counts = async () => ({
      entries: (await ctx.database.db.select({ n: count() }).from(entries))[0]?.n,
      boards: (await ctx.database.db.select({ n: count() }).from(boards))[0]?.n,
      audit: (await ctx.database.db.select({ n: count() }).from(auditLog))[0]?.n,
    });
    const before = await counts();
    let tried = 0;
    let reachedHandler = 0;
    for (const route of routes) {
      for (const url of [route.path, ...pathSpellings(route.path)]) {
        for (const method of route.method === 'GET' ? ['GET', 'HEAD'] : [route.method]) {
          const res = await raw(method, url);
          tried++;
          expect(res.statusCode, `${method} ${url}`).toBe(401);
          if (method !== 'HEAD') expect(res.json().error.code, `${method} ${url}`).toBe('ADMIN_REQUIRED');
        }
        // With the session, the same spelling shows whether it routes to the handler at all: those that do
        // are the ones a string-prefix guard let through.
        if (route.method === 'GET') {
          const withSession = await raw('GET', url, admin.cookieHeader);
          if (withSession.statusCode === 200) reachedHandler++;
        }
      }
    }
    expect(await counts()).toEqual(before);
    // Percent-encoded letters route to the handler (the router decodes them): they are the class being guarded.
    expect(reachedHandler).toBeGreaterThan(routes.length);
    console.info(
      `admin path spellings: ${tried} requests without the session, all 401; ${reachedHandler} reached a handler with it`,
    );
    // Thousands of requests, more with each admin route: on a busy 2-core machine the walk outlasts 30 s.
  }, 120_000);

  it('an admin route registered later, in another plugin, is guarded under every spelling', async () => {
    const { buildApp } = await import('../../src/server/app');
    const app = await buildApp({ database: ctx.database, clock: ctx.clock, logger: false });
    await app.register(async (child) => {
      child.get('/api/admin/late-route', async () => ({ secret: true }));
    });
    for (const url of ['/api/admin/late-route', ...pathSpellings('/api/admin/late-route')]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
    }
    await app.close();
  });

  it('an admin route declares itself by its path in apiPaths.admin, which is all under the guarded /api/admin', () => {
    const declared: string[] = Object.values(apiPaths.admin).map((p) => (typeof p === 'string' ? p : p.pattern));
    expect(declared.filter((p) => !isUnder(p, '/api/admin'))).toEqual([]);
    // Every route the guard covers is a declared admin path, in whichever feature registers it.
    const guarded = [...new Set(adminRoutesPatterns())];
    expect(guarded.filter((p) => !declared.includes(p))).toEqual([]);
    expect(guarded).toContain(apiPaths.admin.payoutPaid.pattern);
  });

  it('the admin gate itself (/api/admin-gate) stays open, and the session opens the canonical routes', async () => {
    expect((await raw('GET', '/api/admin-gate')).statusCode).toBe(200);
    expect((await raw('GET', '/api/%61dmin-gate')).statusCode).toBe(200);
    expect((await raw('GET', '/api/admin/entries', admin.cookieHeader)).statusCode).toBe(200);
    expect((await raw('GET', '/api/%61dmin/entries', admin.cookieHeader)).statusCode).toBe(200);
  });
});
