import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicOrgPaths } from '../../../shared/contracts/api-paths/public-orgs';
import { orgErrorCodes, orgMessages, orgParamsSchema } from '../../../shared/contracts/orgs';
import { publicOrgSchema } from '../../../shared/contracts/public-orgs';
import { AppError } from '../../http/errors';
import type { OrgPages } from './service';

/** How long a browser or proxy may reuse an organization's page: its boards and total move slowly. */
export const PUBLIC_ORG_MAX_AGE_S = 30;

/** `GET /api/public/orgs/:org`: anyone may read it; an unknown address is 404, a malformed one 400. */
export const orgPageRoutes: FastifyPluginAsyncZod<{ pages: OrgPages }> = async (app, { pages }) => {
  app.get(
    publicOrgPaths.org.pattern,
    { schema: { params: orgParamsSchema, response: { 200: publicOrgSchema } } },
    async (req, reply) => {
      const page = await pages.page(req.params.org);
      if (!page) throw new AppError(404, orgErrorCodes.notFound, orgMessages.notFound);
      reply.header('cache-control', `public, max-age=${PUBLIC_ORG_MAX_AGE_S}`);
      return page;
    },
  );
};
