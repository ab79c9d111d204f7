import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feedGamesPath, feedGamesQuerySchema, feedGamesSchema } from '../../../shared/contracts/admin';
import type { FeedService } from './service';

/** Admin: the feed's schedule of one league (the admin guard covers every /api/admin route). */
export const feedRoutes: FastifyPluginAsyncZod<{ service: Pick<FeedService, 'list'> }> = async (app, { service }) => {
  app.get(
    feedGamesPath,
    { schema: { querystring: feedGamesQuerySchema, response: { 200: feedGamesSchema } } },
    async (req) => ({ games: await service.list(req.query.league) }),
  );
};
