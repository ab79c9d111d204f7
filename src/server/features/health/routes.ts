import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '../../../shared/contracts/health';
import { apiPaths } from '../../../shared/contracts/paths';
import type { Clock } from '../../platform/clock';

export const healthRoutes: FastifyPluginAsyncZod<{
  ping: () => Promise<boolean>;
  /** Whether this process's LISTEN connection is up (live board updates from other instances arrive). */
  realtime: () => 'ok' | 'down';
  clock: Clock;
  startedAt: Date;
}> = async (app, { ping, realtime, clock, startedAt }) => {
  app.get(
    apiPaths.health,
    { schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema } }, logLevel: 'warn' },
    async (_req, reply) => {
      const database = (await ping()) ? 'ok' : 'unreachable';
      const live = realtime();
      const ok = database === 'ok' && live === 'ok';
      const uptimeSeconds = Math.max(0, Math.floor((clock.now().getTime() - startedAt.getTime()) / 1000));
      reply.header('cache-control', 'no-store');
      return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'error', database, realtime: live, uptimeSeconds });
    },
  );
};
