import type { z } from 'zod';
import { baseballPageSchema } from './baseball';
import { f1SeasonPageSchema } from './f1-season';
import { gamingPageSchema } from './gaming';
import { gamingCatalogSchema } from './gaming-catalog';
import { nbaFinalsPageSchema } from './nba-finals';
import { soccerTournamentPageSchema } from './soccer-tournament';
import { wnbaPageSchema } from './wnba';
import { womensBasketballPageSchema } from './womens-basketball';

/**
 * Page-shaped editorial content: one document per page, stored in `content_pages` and served by
 * `GET /api/content/pages/:slug`. The schema registered here for a slug is the page's contract: the
 * seed parses its document with it, the route declares it as the response, and the web page reads the
 * inferred type. Add a page by adding its schema file and one line here (decision 0008).
 */
export const pageSchemas = {
  baseball: baseballPageSchema,
  'nba-finals': nbaFinalsPageSchema,
  wnba: wnbaPageSchema,
  'womens-basketball': womensBasketballPageSchema,
  gaming: gamingPageSchema,
  'gaming-catalog': gamingCatalogSchema,
  'f1-season': f1SeasonPageSchema,
  'soccer-tournament': soccerTournamentPageSchema,
} as const satisfies Record<string, z.ZodType>;

export type PageSlug = keyof typeof pageSchemas;
export type PageContent<S extends PageSlug> = z.infer<(typeof pageSchemas)[S]>;
export const pageSlugs = Object.keys(pageSchemas) as PageSlug[];
