import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scoresPaths } from '../../../shared/contracts/api-paths/scores';
import {
  mlbScoresResponseSchema,
  nflPreseasonResponseSchema,
  tickerResponseSchema,
} from '../../../shared/contracts/scores';
import type { createScoresService } from './service';

/**
 * The scores feed through FanGrid (the browser never calls the scores service). Browsers may keep an
 * answer for a minute; the server's own feed cache decides how often the upstream is asked.
 */
export const scoresRoutes: FastifyPluginAsyncZod<{ service: ReturnType<typeof createScoresService> }> = async (
  app,
  { service },
) => {
  const cache = 'public, max-age=60';
  app.get(scoresPaths.ticker, { schema: { response: { 200: tickerResponseSchema } } }, async (_req, reply) => {
    reply.header('cache-control', cache);
    return service.ticker();
  });
  app.get(
    scoresPaths.nflPreseason,
    { schema: { response: { 200: nflPreseasonResponseSchema } } },
    async (_r, reply) => {
      reply.header('cache-control', cache);
      return service.nflPreseason();
    },
  );
  app.get(scoresPaths.mlb, { schema: { response: { 200: mlbScoresResponseSchema } } }, async (_req, reply) => {
    reply.header('cache-control', cache);
    return service.mlb();
  });
};
