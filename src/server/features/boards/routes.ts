import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  boardViewSchema,
  createEntrySchema,
  entryCreatedSchema,
  scoreInputSchema,
} from '../../../shared/contracts/boards';
import type { BoardsService } from './service';

const params = z.object({ slug: z.string().min(1).max(100) });

/** Public board routes. The viewer's account (when signed in) comes from `viewerOf`. */
export const boardRoutes: FastifyPluginAsyncZod<{
  service: BoardsService;
  viewerOf: (headers: Headers) => Promise<{ userId: string | null }>;
}> = async (app, { service, viewerOf }) => {
  app.get('/api/boards/:slug', { schema: { params, response: { 200: boardViewSchema } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return service.view(req.params.slug);
  });

  app.post(
    '/api/boards/:slug/entries',
    { schema: { params, body: createEntrySchema, response: { 201: entryCreatedSchema } } },
    async (req, reply) => {
      const headers = new Headers();
      if (req.headers.cookie) headers.set('cookie', req.headers.cookie);
      const entry = await service.enter(req.params.slug, req.body, await viewerOf(headers));
      return reply.code(201).send({ entry });
    },
  );

  // Board operations for organizers; the /api/admin guard (admin-gate) protects both.
  app.post('/api/admin/boards/:slug/lock', { schema: { params } }, async (req) => {
    await service.lock(req.params.slug);
    return { ok: true };
  });

  app.post('/api/admin/boards/:slug/scores', { schema: { params, body: scoreInputSchema } }, async (req) => {
    await service.score(req.params.slug, req.body);
    return service.view(req.params.slug);
  });
};
