import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { baseballPaths } from '../../../shared/contracts/api-paths/baseball';
import { createCustomEntrySchema, customEntriesSchema, customEntrySchema } from '../../../shared/contracts/baseball';
import type { PerAddressLimit } from '../../http/client-address';
import { sessionHeaders } from '../../http/cookies';
import type { BaseballService } from './service';

export const baseballRoutes: FastifyPluginAsyncZod<{
  service: BaseballService;
  viewerOf: (headers: Headers) => Promise<{ userId: string | null }>;
  /** The per-address entry budget a custom entry counts against (the boards feature's), when there is one. */
  entryLimit?: PerAddressLimit;
}> = async (app, { service, viewerOf, entryLimit }) => {
  /** A signed-in fan's entry belongs to the account; a visitor's is kept without an owner. */
  app.post(
    baseballPaths.customEntries,
    {
      schema: { body: createCustomEntrySchema, response: { 201: customEntrySchema } },
      config: entryLimit ? { perAddressLimit: entryLimit } : {},
    },
    async (req, reply) => {
      const { userId } = await viewerOf(sessionHeaders(req.headers.cookie));
      reply.code(201);
      return service.createCustomEntry({ ...req.body, userId, address: req.client });
    },
  );

  app.get(baseballPaths.customEntries, { schema: { response: { 200: customEntriesSchema } } }, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    const { userId } = await viewerOf(sessionHeaders(req.headers.cookie));
    return { entries: await service.customEntriesOf(userId) };
  });
};
