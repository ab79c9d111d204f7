import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '../../../shared/contracts/health';
import { apiPaths } from '../../../shared/contracts/paths';
import type { Clock } from '../../platform/clock';

export const healthRoutes: FastifyPluginAsyncZod<{
  ping: () => Promise<boolean>;
  clock: Clock;
  startedAt: Date;
}> = async (app, { ping, clock, startedAt }) => {
  app.get(
    apiPaths.health,
    { schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema } }, logLevel: 'warn' },
    async (_req, reply) => {
      const ok = await ping();
      const uptimeSeconds = Math.max(0, Math.floor((clock.now().getTime() - startedAt.getTime()) / 1000));
      reply.header('cache-control', 'no-store');
      return reply.code(ok ? 200 : 503).send({
        status: ok ? 'ok' : 'error',
        database: ok ? 'ok' : 'unreachable',
        uptimeSeconds,
      });
    },
  );
};
