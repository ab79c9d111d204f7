import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { pageSchemas, pageSlugs } from '../../../shared/contracts/pages';
import type { Db } from '../client';
import * as t from '../schema';
import * as content from './content';
import { pageSeeds } from './pages';

/**
 * Upserts rows by slug (sort = position in the list). Re-running changes nothing; edited demo content
 * is brought back to the shipped text.
 */
async function upsertAll<T extends PgTable>(db: Db, table: T, rows: readonly Record<string, unknown>[]) {
  if (rows.length === 0) return;
  const values = rows.map((row, i) => ({ ...row, sort: i }));
  const columns = Object.keys(values[0] ?? {}).filter((k) => k !== 'slug');
  const set = Object.fromEntries(
    columns.map((k) => {
      const column = (table as unknown as Record<string, { name: string }>)[k];
      if (!column) throw new Error(`seed: unknown column ${k}`);
      return [k, sql.raw(`excluded.${column.name}`)];
    }),
  );
  const slug = (table as unknown as { slug: Parameters<typeof sql>[1] }).slug;
  await db
    .insert(table)
    .values(values as never)
    .onConflictDoUpdate({ target: slug as never, set: { ...set, updatedAt: sql`now()` } as never });
}

export async function seedDemoContent(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const d = tx as unknown as Db;
    await upsertAll(d, t.marketingStats, content.marketingStatRows);
    await upsertAll(d, t.featuredCategories, content.featuredCategoryRows);
    await upsertAll(d, t.benefits, content.benefitRows);
    await upsertAll(d, t.hubDestinations, content.hubDestinationRows);
    await upsertAll(d, t.ticketOffers, content.ticketOfferRows);
    await upsertAll(d, t.mlbWeekendGames, content.mlbWeekendGameRows);
    await upsertAll(d, t.summerLeagueGames, content.summerLeagueGameRows);
    await upsertAll(d, t.preseasonGames, content.preseasonGameRows);
    await upsertAll(d, t.f1Races, content.f1RaceRows);
    await upsertAll(d, t.faqItems, content.faqRows);
    for (const slug of pageSlugs) {
      // Parsed against the page's contract, so shipped content that breaks it fails the start, not a page.
      const body = pageSchemas[slug].parse(pageSeeds[slug]);
      await d
        .insert(t.contentPages)
        .values({ slug, body })
        .onConflictDoUpdate({ target: t.contentPages.slug, set: { body, updatedAt: sql`now()` } });
    }
  });
}
