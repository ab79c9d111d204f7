import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../src/server/db/schema';
import { seedDemoContent } from '../../src/server/db/seed';
import type { FaqContent, HomeContent, SportsHubContent } from '../../src/shared/contracts/content';
import { apiPaths } from '../../src/shared/contracts/paths';
import { createTestApp, type TestContext } from '../support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/content/home', () => {
  it('serves the marketing figures, featured categories and benefits from the database in order', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: apiPaths.content.home });
    expect(res.statusCode).toBe(200);
    const body = res.json<HomeContent>();
    expect(body.stats.map((s) => s.value)).toEqual(['2,847', '156', '$47,230', '94%']);
    expect(body.categories.map((c) => [c.title, c.href])).toEqual([
      ['Football', '/sports'],
      ['Basketball', '/sports'],
      ['Gaming', '/gaming'],
    ]);
    expect(body.benefits.map((b) => b.title)).toEqual(['Lightning Fast', 'Precision Tracking', 'Amazing Rewards']);
  });

  it('reflects an edit in the database (content is not hard-coded)', async () => {
    await ctx.database.db.update(t.marketingStats).set({ value: '3,001' }).where(eq(t.marketingStats.slug, 'players'));
    const body = (await ctx.app.inject({ method: 'GET', url: apiPaths.content.home })).json<HomeContent>();
    expect(body.stats[0]).toEqual({ key: 'players', label: 'Active Players', value: '3,001' });
    await seedDemoContent(ctx.database.db);
  });
});

describe('GET /api/content/sports-hub', () => {
  it('lists every destination the spec names, with its route', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: apiPaths.content.sportsHub });
    expect(res.statusCode).toBe(200);
    const body = res.json<SportsHubContent>();
    expect(body.destinations.map((d) => d.href)).toEqual([
      '/east-game-board',
      '/game-board',
      '/nba-finals',
      '/wnba-games',
      '/baseball-games',
      '/partners',
      '/soccer-tournament',
      '/f1-season',
    ]);
  });

  it('compresses the response for clients that accept it', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: apiPaths.content.sportsHub,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const { gunzipSync } = await import('node:zlib');
    const body = JSON.parse(gunzipSync(res.rawPayload).toString('utf8')) as SportsHubContent;
    expect(body.destinations).toHaveLength(8);
  });

  it('serves the static panels with their spec data (prices in cents)', async () => {
    const body = (await ctx.app.inject({ method: 'GET', url: apiPaths.content.sportsHub })).json<SportsHubContent>();
    expect(body.ticketOffers.map((o) => [o.minPriceCents, o.maxPriceCents])).toEqual([
      [2500, 4500],
      [6500, 12500],
      [5000, 20000],
    ]);
    expect(new Set(body.mlbWeekend.map((g) => g.status))).toEqual(new Set(['completed', 'live', 'upcoming']));
    const completed = body.mlbWeekend.find((g) => g.status === 'completed');
    expect(completed?.homeHits).toBeTypeOf('number');
    expect(body.summerLeague.length).toBeGreaterThan(0);
    expect(body.f1Races.filter((r) => r.status === 'next')).toHaveLength(1);
  });
});

describe('GET /api/content/faq', () => {
  it('states the payout ratio, NBA Finals pricing and baseball scoring', async () => {
    const body = (await ctx.app.inject({ method: 'GET', url: apiPaths.content.faq })).json<FaqContent>();
    const all = [...body.general, ...body.game].map((i) => `${i.question} ${i.answer}`).join('\n');
    expect(all).toContain('1.5x');
    expect(all).toMatch(
      /1st quarter pays 50, 2nd quarter 100, 3rd quarter 50 and the final score including overtime 150/,
    );
    expect(all).toMatch(/total rebounds draw of 55, based on a 10 raffle/);
    expect(all).toMatch(/end of the 5th and 9th innings, by the score and by total hits/);
    expect(body.general.every((i) => i.section === 'general')).toBe(true);
    expect(body.game.every((i) => i.section === 'game')).toBe(true);
  });
});

describe('demo seed', () => {
  it('is idempotent: running it again changes no row count and restores edited text', async () => {
    const before = await ctx.database.db.select({ n: count() }).from(t.faqItems);
    await ctx.database.db.update(t.faqItems).set({ answer: 'edited' }).where(eq(t.faqItems.slug, 'formats'));
    await seedDemoContent(ctx.database.db);
    await seedDemoContent(ctx.database.db);
    const after = await ctx.database.db.select({ n: count() }).from(t.faqItems);
    expect(after).toEqual(before);
    const [row] = await ctx.database.db.select().from(t.faqItems).where(eq(t.faqItems.slug, 'formats'));
    expect(row?.answer).toMatch(/1v99 board takes 100 entries/);
  });
});
