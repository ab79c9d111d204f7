import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { openBoardPaths } from '../../../shared/contracts/api-paths/open-boards';
import { openBoardsSchema } from '../../../shared/contracts/boards';
import type { OpenBoardsReader } from './open-boards';

/** How long a browser or a shared cache may keep the open-boards list: a board that opens shows within this. */
export const OPEN_BOARDS_MAX_AGE_S = 15;

/**
 * `GET /api/open-boards`: the boards taking entries now, soonest game first (open-boards.ts). Public and the
 * same for everyone, so it is cached briefly (`public, max-age`), and nothing private is in it.
 */
export const openBoardRoutes: FastifyPluginAsyncZod<{ openBoards: OpenBoardsReader }> = async (app, { openBoards }) => {
  app.get(openBoardPaths.openBoards, { schema: { response: { 200: openBoardsSchema } } }, async (_req, reply) => {
    reply.header('cache-control', `public, max-age=${OPEN_BOARDS_MAX_AGE_S}`);
    return openBoards();
  });
};
