import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../src/server/db/schema';
import { seedDemoContent } from '../../src/server/db/seed';
import { pageSeeds } from '../../src/server/db/seed/pages';
import { type PageContent, pageSlugs } from '../../src/shared/contracts/pages';
import { apiPaths } from '../../src/shared/contracts/paths';
import { createTestApp, type TestContext } from '../support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/content/pages/:slug', () => {
  it.each(pageSlugs)('serves the seeded document of %s from the database', async (slug) => {
    const res = await ctx.app.inject({ method: 'GET', url: apiPaths.content.page(slug) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.json()).toEqual(JSON.parse(JSON.stringify(pageSeeds[slug])));
  });

  it('reflects an edit in the database (content is not hard-coded)', async () => {
    const edited: PageContent<'baseball'> = { ...pageSeeds.baseball, organization: 'Little League Fund' };
    await ctx.database.db.update(t.contentPages).set({ body: edited }).where(eq(t.contentPages.slug, 'baseball'));
    const body = (await ctx.app.inject({ method: 'GET', url: apiPaths.content.page('baseball') })).json();
    expect(body.organization).toBe('Little League Fund');
    await seedDemoContent(ctx.database.db);
  });

  it('refuses a stored document that breaks its contract instead of serving it', async () => {
    await ctx.database.db
      .update(t.contentPages)
      .set({ body: { fixtures: 'nope' } })
      .where(eq(t.contentPages.slug, 'baseball'));
    const res = await ctx.app.inject({ method: 'GET', url: apiPaths.content.page('baseball') });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('INTERNAL');
    await seedDemoContent(ctx.database.db);
    expect((await ctx.app.inject({ method: 'GET', url: apiPaths.content.page('baseball') })).statusCode).toBe(200);
  });

  it('answers 404 in the one error shape for an unknown page and for a page without content', async () => {
    const unknown = await ctx.app.inject({ method: 'GET', url: apiPaths.content.page('no-such-page') });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
    await ctx.database.db.delete(t.contentPages).where(eq(t.contentPages.slug, 'baseball'));
    const missing = await ctx.app.inject({ method: 'GET', url: apiPaths.content.page('baseball') });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('This page has no content yet.');
    await seedDemoContent(ctx.database.db);
  });
});
