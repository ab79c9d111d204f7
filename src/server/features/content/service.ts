import type { FaqContent, HomeContent, SportsHubContent } from '../../../shared/contracts/content';
import { errorCodes } from '../../../shared/contracts/errors';
import { type PageContent, type PageSlug, pageSchemas } from '../../../shared/contracts/pages';
import { AppError } from '../../http/errors';
import type { ContentRepo } from './repo';

/** Shapes the editorial tables into the public content contracts. */
export function createContentService(repo: ContentRepo) {
  return {
    async home(): Promise<HomeContent> {
      const [stats, categories, benefits] = await Promise.all([
        repo.marketingStats(),
        repo.featuredCategories(),
        repo.benefits(),
      ]);
      return {
        stats: stats.map(({ slug, label, value }) => ({ key: slug, label, value })),
        categories: categories.map(({ slug, title, description, href, icon }) => ({
          slug,
          title,
          description,
          href,
          icon,
        })),
        benefits: benefits.map(({ slug, title, description, icon }) => ({ slug, title, description, icon })),
      };
    },

    async sportsHub(): Promise<SportsHubContent> {
      const [destinations, offers, mlb, summer, f1] = await Promise.all([
        repo.hubDestinations(),
        repo.ticketOffers(),
        repo.mlbWeekendGames(),
        repo.summerLeagueGames(),
        repo.f1Races(),
      ]);
      return {
        destinations: destinations.map(({ slug, title, description, href, badge, icon }) => ({
          slug,
          title,
          description,
          href,
          badge,
          icon,
        })),
        ticketOffers: offers.map(({ slug, name, description, minPriceCents, maxPriceCents }) => ({
          slug,
          name,
          description,
          minPriceCents,
          maxPriceCents,
        })),
        mlbWeekend: mlb.map(({ sort: _s, updatedAt: _u, ...game }) => game),
        summerLeague: summer.map(({ slug, date, awayTeam, homeTeam, time, venue, isLive }) => ({
          slug,
          date,
          teams: [awayTeam, homeTeam] as [string, string],
          time,
          venue,
          isLive,
        })),
        f1Races: f1.map(({ slug, race, date, location, status }) => ({ slug, race, date, location, status })),
      };
    },

    /** A page's document, checked against its contract on the way out (an edit can't break the page). */
    async page<S extends PageSlug>(slug: S): Promise<PageContent<S>> {
      const body = await repo.pageBody(slug);
      if (body === undefined) throw new AppError(404, errorCodes.notFound, 'This page has no content yet.');
      return pageSchemas[slug].parse(body) as PageContent<S>;
    },

    async faq(): Promise<FaqContent> {
      const items = (await repo.faqItems()).map(({ slug, section, question, answer }) => ({
        slug,
        section,
        question,
        answer,
      }));
      return {
        general: items.filter((i) => i.section === 'general'),
        game: items.filter((i) => i.section === 'game'),
      };
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;
