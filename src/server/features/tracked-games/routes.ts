import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../shared/contracts/paths';
import {
  createTrackedGameSchema,
  trackedGameErrorCodes,
  trackedGameListSchema,
  trackedGameParamsSchema,
  trackedGameResponseSchema,
  updateTrackedGameSchema,
} from '../../../shared/contracts/tracked-games';
import { trackedGameMessages } from '../../../shared/domain/tracked-games';
import { sessionHeaders } from '../../http/cookies';
import { AppError } from '../../http/errors';
import type { TrackedGamesService } from './service';

const listPath = apiPaths.trackedGames.list;
const onePath = apiPaths.trackedGames.one.pattern;

/** A signed-in fan's tracked games. Every route needs a session; visitors get 401. */
export const trackedGameRoutes: FastifyPluginAsyncZod<{
  service: TrackedGamesService;
  /** The signed-in user's id from the request's cookies, or null for a visitor. */
  userOf: (headers: Headers) => Promise<string | null>;
}> = async (app, { service, userOf }) => {
  // The session is checked before the body is validated: a visitor learns nothing but "sign in".
  const users = new WeakMap<FastifyRequest, string>();
  app.addHook('onRequest', async (req) => {
    const headers = sessionHeaders(req.headers.cookie);
    const userId = req.headers.cookie ? await userOf(headers) : null;
    if (!userId) throw new AppError(401, trackedGameErrorCodes.signInRequired, trackedGameMessages.signInRequired);
    users.set(req, userId);
  });
  const requireUser = (req: FastifyRequest): string => {
    const userId = users.get(req);
    if (!userId) throw new AppError(401, trackedGameErrorCodes.signInRequired, trackedGameMessages.signInRequired);
    return userId;
  };

  app.get(listPath, { schema: { response: { 200: trackedGameListSchema } } }, async (req, reply) => {
    const userId = requireUser(req);
    reply.header('cache-control', 'no-store');
    return { games: await service.list(userId) };
  });

  app.post(
    listPath,
    { schema: { body: createTrackedGameSchema, response: { 201: trackedGameResponseSchema } } },
    async (req, reply) => {
      const userId = requireUser(req);
      return reply.code(201).send({ game: await service.add(userId, req.body) });
    },
  );

  app.patch(
    onePath,
    {
      schema: {
        params: trackedGameParamsSchema,
        body: updateTrackedGameSchema,
        response: { 200: trackedGameResponseSchema },
      },
    },
    async (req) => {
      const userId = requireUser(req);
      return { game: await service.update(userId, req.params.id, req.body) };
    },
  );

  app.delete(onePath, { schema: { params: trackedGameParamsSchema } }, async (req, reply) => {
    const userId = requireUser(req);
    await service.remove(userId, req.params.id);
    return reply.code(204).send();
  });
};
