import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../shared/contracts/paths';
import {
  claimCodeSentResponseSchema,
  claimResultResponseSchema,
  claimViewResponseSchema,
} from '../../../shared/contracts/prize-responses';
import { claimBodySchema, claimTokenParamsSchema } from '../../../shared/contracts/prizes';
import { sessionHeaders } from '../../http/cookies';
import type { Clock } from '../../platform/clock';
import { actorOf } from '../admin-gate';
import { orgAccessOf, organizerActorOf } from '../orgs';
import { adminPayoutPaths, organizerPayoutPaths, prizeAdminRoutes } from './admin-routes';
import { claimLimitScopes, claimLimits } from './claim';
import type { PrizesService } from './service';

/**
 * Prize claims (public, by signed link) and the payout ledger (prizeAdminRoutes). Claim answers are personal:
 * never cached.
 */
export const prizeRoutes: FastifyPluginAsyncZod<{
  service: PrizesService;
  clock: Clock;
  /** The signed-in account of a request, or null. */
  userOf: (headers: Headers) => Promise<string | null>;
  /** The signed-in account's email, when the admin is also signed in. */
  emailOf: (headers: Headers) => Promise<string | null>;
}> = async (app, { service, clock, userOf, emailOf }) => {
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const viewer = (req: FastifyRequest) => (req.headers.cookie ? userOf(sessionHeaders(req.headers.cookie)) : null);

  app.get(
    apiPaths.prizes.claim.pattern,
    { schema: { params: claimTokenParamsSchema, response: { 200: claimViewResponseSchema } } },
    async (req) => service.claimView(req.params.token, await viewer(req)),
  );

  app.post(
    apiPaths.prizes.claimCode.pattern,
    {
      schema: { params: claimTokenParamsSchema, response: { 202: claimCodeSentResponseSchema } },
      config: { perAddressLimit: { scope: claimLimitScopes.sends, max: claimLimits.sendsPerAddress.max } },
    },
    async (req, reply) => {
      await service.sendCode(req.params.token, req.client);
      return reply.code(202).send({});
    },
  );

  app.post(
    apiPaths.prizes.claim.pattern,
    {
      schema: { params: claimTokenParamsSchema, body: claimBodySchema, response: { 200: claimResultResponseSchema } },
      config: {
        perAddressLimit: { scope: claimLimitScopes.wrong, max: claimLimits.wrongPerAddress.max, counts: 'failures' },
      },
    },
    async (req) => service.claim(req.params.token, req.body, await viewer(req), req.client),
  );

  // The payout ledger: on the admin API (every board's) and the organizer API (one organization's).
  await app.register(prizeAdminRoutes, {
    service,
    clock,
    paths: adminPayoutPaths,
    actorOf: (req) => actorOf(req, emailOf),
  });
  await app.register(prizeAdminRoutes, {
    apiGroup: 'organizer',
    service,
    clock,
    paths: organizerPayoutPaths,
    actorOf: (req) => organizerActorOf(req, emailOf),
    organizationOf: (req) => orgAccessOf(req).organization.id,
  });
};
