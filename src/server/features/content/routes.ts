import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentPaths } from '../../../shared/contracts/api-paths/content';
import { faqContentSchema, homeContentSchema, sportsHubContentSchema } from '../../../shared/contracts/content';
import { pageSchemas, pageSlugs } from '../../../shared/contracts/pages';
import type { Db } from '../../db/client';
import { createContentRepo } from './repo';
import { createContentService } from './service';

/** Public editorial content. Cacheable by browsers for a minute; it changes only when content is edited. */
export const contentRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const service = createContentService(createContentRepo(db));
  const cache = 'public, max-age=60';

  app.get(contentPaths.home, { schema: { response: { 200: homeContentSchema } } }, async (_req, reply) => {
    reply.header('cache-control', cache);
    return service.home();
  });

  app.get(contentPaths.sportsHub, { schema: { response: { 200: sportsHubContentSchema } } }, async (_req, reply) => {
    reply.header('cache-control', cache);
    return service.sportsHub();
  });

  app.get(contentPaths.faq, { schema: { response: { 200: faqContentSchema } } }, async (_req, reply) => {
    reply.header('cache-control', cache);
    return service.faq();
  });

  // One route per registered page, each declaring its own contract as the response.
  for (const slug of pageSlugs) {
    app.get(contentPaths.page(slug), { schema: { response: { 200: pageSchemas[slug] } } }, async (_req, reply) => {
      reply.header('cache-control', cache);
      return service.page(slug);
    });
  }
};
