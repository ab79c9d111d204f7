import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminPaths } from '../../../shared/contracts/api-paths/admin';
import {
  orgParamsSchema,
  platformOrgResponseSchema,
  platformOrgsSchema,
  suspendOrgSchema,
} from '../../../shared/contracts/orgs';
import { actorOf } from '../admin-gate';
import type { PlatformOrgs } from './platform';

/**
 * The platform's console of organizations, under /api/admin (the admin gate checks the admin session before
 * each): every organization with its totals; suspending and restoring one.
 */
export const platformOrgRoutes: FastifyPluginAsyncZod<{
  platform: PlatformOrgs;
  emailOf: (headers: Headers) => Promise<string | null>;
}> = async (app, { platform, emailOf }) => {
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(adminPaths.orgs, { schema: { response: { 200: platformOrgsSchema } } }, async () => ({
    organizations: await platform.list(),
  }));

  app.post(
    adminPaths.orgSuspend.pattern,
    { schema: { params: orgParamsSchema, body: suspendOrgSchema, response: { 200: platformOrgResponseSchema } } },
    async (req) => ({
      organization: await platform.suspend(await actorOf(req, emailOf), req.params.org, req.body.reason),
    }),
  );

  app.post(
    adminPaths.orgRestore.pattern,
    { schema: { params: orgParamsSchema, response: { 200: platformOrgResponseSchema } } },
    async (req) => ({ organization: await platform.restore(await actorOf(req, emailOf), req.params.org) }),
  );
};
