import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DemoService } from './service';

/** The demo's stable addresses: each redirects to the board of the current round. */
export const demoPaths = { open: '/boards/demo-open', live: '/boards/demo-live' } as const;

/**
 * `/boards/demo-open` goes to the round taking entries, `/boards/demo-live` to the round being played (between
 * rounds, the one played last; before the first round, the open one). Before the first round is set up (the
 * first seconds after start) both go to the home page.
 */
export const demoRoutes: FastifyPluginAsyncZod<{ service: Pick<DemoService, 'current'> }> = async (
  app,
  { service },
) => {
  for (const which of ['open', 'live'] as const) {
    app.get(demoPaths[which], async (_req, reply) => {
      const slug = await service.current(which);
      return reply
        .header('cache-control', 'no-store')
        .redirect(slug ? `/boards/${encodeURIComponent(slug)}` : '/', 302);
    });
  }
};
