import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthLiveResponseSchema, healthResponseSchema } from '../../../shared/contracts/health';
import { apiPaths } from '../../../shared/contracts/paths';
import type { Clock } from '../../platform/clock';

export const healthRoutes: FastifyPluginAsyncZod<{
  ping: () => Promise<boolean>;
  /** Whether this process's LISTEN connection is up (live board updates from other instances arrive). */
  realtime: () => 'ok' | 'down';
  clock: Clock;
  startedAt: Date;
}> = async (app, { ping, realtime, clock, startedAt }) => {
  // Liveness: the process answers; no database, no I/O. A load balancer restarts a process only when this fails.
  app.get(
    apiPaths.healthLive,
    { schema: { response: { 200: healthLiveResponseSchema } }, logLevel: 'warn' },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  // Readiness: the database answers and this process hears other instances' changes; 503 takes it out of
  // rotation. The original health path stays an alias of it.
  for (const url of [apiPaths.healthReady, apiPaths.health]) {
    app.get(
      url,
      { schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema } }, logLevel: 'warn' },
      async (_req, reply) => {
        const database = (await ping()) ? 'ok' : 'unreachable';
        const live = realtime();
        const ok = database === 'ok' && live === 'ok';
        const uptimeSeconds = Math.max(0, Math.floor((clock.now().getTime() - startedAt.getTime()) / 1000));
        reply.header('cache-control', 'no-store');
        return reply
          .code(ok ? 200 : 503)
          .send({ status: ok ? 'ok' : 'error', database, realtime: live, uptimeSeconds });
      },
    );
  }
};

const liveBody = JSON.stringify({ status: 'ok' });
const liveHeaders = {
  'content-type': 'application/json; charset=utf-8',
  'content-length': String(Buffer.byteLength(liveBody)),
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

/**
 * Liveness answered ahead of every other hook (security headers, origin and admin checks, compression, metrics):
 * a load balancer may ask it many times a second, and it must say only that the process answers. The route
 * registered by healthRoutes documents it (and answers it should this hook be absent). Register first.
 */
export function registerLiveFastPath(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    if (req.method === 'GET' && req.url === apiPaths.healthLive) {
      reply.hijack();
      reply.raw.writeHead(200, liveHeaders);
      reply.raw.end(liveBody);
      return;
    }
    done();
  });
}
