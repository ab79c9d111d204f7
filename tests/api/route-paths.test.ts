import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageSlugs } from '../../src/shared/contracts/pages';
import { apiPaths } from '../../src/shared/contracts/paths';
import { routeTable } from '../support/routes';
import { createTestApp, type TestContext } from '../support/test-app';

// Routes that frameworks register, outside the API's contracts, each with the reason.
const outside: Record<string, string> = {
  '/api/docs/*': "the reference page's own files (Swagger UI), under apiPaths.docs",
  '/api/docs/json': "the reference page's copy of the OpenAPI document",
  '/api/docs/yaml': "the reference page's copy of the OpenAPI document, as YAML",
  '/api/docs/static/index.html': "Swagger UI's page",
  '/api/docs/static/swagger-initializer.js': "Swagger UI's start script",
  '/api/docs/': 'the reference page with a trailing slash',
};
// The built web app's routes (src/server/http/web.ts), only there when dist/web exists (not in the test app).
const webApp: Record<string, string> = {
  '/*': 'the web app: every screen path answers its HTML',
  '/assets/*': "the web app's built files; a missing one answers 404",
};
const isOutside = (pattern: string) => pattern in outside || pattern in webApp;

/** Every route pattern the contracts name: each string, and each parameterized path's `pattern`. */
function contractPatterns(): Set<string> {
  const found = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === 'string') found.add(value);
    else if (typeof value === 'function' && 'pattern' in value) found.add(String(value.pattern));
    else if (value && typeof value === 'object') for (const v of Object.values(value)) walk(v);
  };
  walk(apiPaths);
  // Each content page is its own route, at the page path of its slug.
  for (const slug of pageSlugs) found.add(apiPaths.content.page(slug));
  return found;
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.ready();
});
afterAll(() => ctx?.close());

describe('every route path comes from the API paths (src/shared/contracts/api-paths)', () => {
  it('walks the route table: each pattern is a value of apiPaths or a named framework route', () => {
    const patterns = contractPatterns();
    const routes = routeTable(ctx.app);
    expect(routes.length).toBeGreaterThan(100);
    const stray = [...new Set(routes.map((r) => r.pattern))].filter((p) => !patterns.has(p) && !isOutside(p));
    expect(stray).toEqual([]);
    // The named exceptions are real routes (a removed one must not keep a stale pass).
    const seen = new Set(routes.map((r) => r.pattern));
    expect(Object.keys(outside).filter((p) => !seen.has(p))).toEqual([]);
  });

  it('a route added with a literal path fails the walk', async () => {
    const { buildApp } = await import('../../src/server/app');
    const app = await buildApp({ database: ctx.database, clock: ctx.clock, logger: false });
    app.get('/api/boards/:slug/literal', async () => ({}));
    await app.ready();
    const patterns = contractPatterns();
    const stray = routeTable(app)
      .map((r) => r.pattern)
      .filter((p) => !patterns.has(p) && !isOutside(p));
    expect(stray).toEqual(['/api/boards/:slug/literal']);
    await app.close();
  });

  it("a parameterized path's URL fills its pattern's parameters, percent-encoded", () => {
    expect(apiPaths.board('a b/c')).toBe('/api/boards/a%20b%2Fc');
    expect(apiPaths.admin.boardResultConfirm('x', 'Q1')).toBe('/api/admin/boards/x/results/Q1/confirm');
    expect(apiPaths.admin.boardResultConfirm.pattern).toBe('/api/admin/boards/:slug/results/:period/confirm');
  });
});
