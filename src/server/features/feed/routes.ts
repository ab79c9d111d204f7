import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feedGamesPath, feedGamesQuerySchema, feedGamesSchema } from '../../../shared/contracts/admin';
import { organizerPaths } from '../../../shared/contracts/api-paths/organizer';
import type { FeedService } from './service';

/**
 * The feed's schedule of one league, to make a board on one of its games: for the admin (the admin guard covers
 * every /api/admin route) and for an organization's members who may create boards (the organization guard).
 */
export const feedRoutes: FastifyPluginAsyncZod<{ service: Pick<FeedService, 'list'> }> = async (app, { service }) => {
  const schema = { querystring: feedGamesQuerySchema, response: { 200: feedGamesSchema } };
  app.get(feedGamesPath, { schema }, async (req) => ({ games: await service.list(req.query.league) }));
  app.get(
    organizerPaths.feedGames.pattern,
    { schema, config: { orgPermission: 'board:create' } },
    async (req) => ({ games: await service.list(req.query.league) }),
  );
};
