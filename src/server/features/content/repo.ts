import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import * as t from '../../db/schema';

/** SQL for the editorial content tables. Every list comes back in its editorial order. */
export function createContentRepo(db: Db) {
  return {
    marketingStats: () => db.select().from(t.marketingStats).orderBy(asc(t.marketingStats.sort)),
    featuredCategories: () => db.select().from(t.featuredCategories).orderBy(asc(t.featuredCategories.sort)),
    benefits: () => db.select().from(t.benefits).orderBy(asc(t.benefits.sort)),
    hubDestinations: () => db.select().from(t.hubDestinations).orderBy(asc(t.hubDestinations.sort)),
    ticketOffers: () => db.select().from(t.ticketOffers).orderBy(asc(t.ticketOffers.sort)),
    mlbWeekendGames: () => db.select().from(t.mlbWeekendGames).orderBy(asc(t.mlbWeekendGames.sort)),
    summerLeagueGames: () => db.select().from(t.summerLeagueGames).orderBy(asc(t.summerLeagueGames.sort)),
    f1Races: () => db.select().from(t.f1Races).orderBy(asc(t.f1Races.sort)),
    faqItems: () => db.select().from(t.faqItems).orderBy(asc(t.faqItems.sort)),
    async pageBody(slug: string): Promise<unknown> {
      const [row] = await db
        .select({ body: t.contentPages.body })
        .from(t.contentPages)
        .where(eq(t.contentPages.slug, slug));
      return row?.body;
    },
  };
}
export type ContentRepo = ReturnType<typeof createContentRepo>;
