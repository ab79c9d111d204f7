import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invitationPaths, orgPaths } from '../../../shared/contracts/api-paths/orgs';
import { okResponseSchema } from '../../../shared/contracts/ok';
import {
  createInvitationSchema,
  createOrgSchema,
  invitationDetailsSchema,
  invitationParamsSchema,
  myOrgSchema,
  myOrgsSchema,
  orgCreatedSchema,
  orgErrorCodes,
  orgInvitationParamsSchema,
  orgInvitationResponseSchema,
  orgInvitationsSchema,
  orgMemberParamsSchema,
  orgMemberResponseSchema,
  orgMembersSchema,
  orgMessages,
  orgParamsSchema,
  updateMemberRoleSchema,
  updateOrgSchema,
} from '../../../shared/contracts/orgs';
import { sessionHeaders } from '../../http/cookies';
import { AppError } from '../../http/errors';
import { orgAccessOf } from './guard';
import type { OrgsService } from './service';
import { organizationView } from './service';

/**
 * The organizations API. Every route under /api/orgs/:org declares its permission (`config.orgPermission`) and
 * gets the organization guard for it (guard.ts, attached in app.ts to every such route).
 */
export const orgRoutes: FastifyPluginAsyncZod<{
  service: OrgsService;
  userOf(headers: Headers): Promise<string | null>;
}> = async (app, { service, userOf }) => {
  const headersOf = (req: FastifyRequest) => sessionHeaders(req.headers.cookie);
  const signedIn = async (req: FastifyRequest) => {
    const userId = req.headers.cookie ? await userOf(headersOf(req)) : null;
    if (!userId) throw new AppError(401, orgErrorCodes.signInRequired, orgMessages.signInRequired);
    return userId;
  };
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.post(
    orgPaths.orgs,
    { schema: { body: createOrgSchema, response: { 201: orgCreatedSchema } } },
    async (req, reply) => {
      await signedIn(req);
      const organization = await service.create(headersOf(req), req.body);
      return reply.code(201).send({ organization });
    },
  );

  app.get(orgPaths.orgs, { schema: { response: { 200: myOrgsSchema } } }, async (req) => ({
    organizations: await service.mine(await signedIn(req)),
  }));

  app.get(
    orgPaths.org.pattern,
    {
      schema: { params: orgParamsSchema, response: { 200: myOrgSchema } },
      config: { orgPermission: 'organization:read' },
    },
    async (req) => {
      const { organization, role } = orgAccessOf(req);
      return { organization: organizationView(organization), role };
    },
  );

  app.patch(
    orgPaths.org.pattern,
    {
      schema: { params: orgParamsSchema, body: updateOrgSchema, response: { 200: orgCreatedSchema } },
      config: { orgPermission: 'organization:update' },
    },
    async (req) => ({ organization: await service.update(headersOf(req), orgAccessOf(req), req.body) }),
  );

  app.delete(
    orgPaths.org.pattern,
    {
      schema: { params: orgParamsSchema, response: { 200: okResponseSchema } },
      config: { orgPermission: 'organization:delete' },
    },
    async (req) => {
      await service.remove(orgAccessOf(req));
      return { ok: true as const };
    },
  );

  app.get(
    orgPaths.members.pattern,
    {
      schema: { params: orgParamsSchema, response: { 200: orgMembersSchema } },
      config: { orgPermission: 'member:read' },
    },
    async (req) => ({ members: await service.members(orgAccessOf(req)) }),
  );

  app.patch(
    orgPaths.member.pattern,
    {
      schema: {
        params: orgMemberParamsSchema,
        body: updateMemberRoleSchema,
        response: { 200: orgMemberResponseSchema },
      },
      config: { orgPermission: 'member:update' },
    },
    async (req) => ({ member: await service.changeRole(orgAccessOf(req), req.params.memberId, req.body.role) }),
  );

  app.delete(
    orgPaths.member.pattern,
    {
      schema: { params: orgMemberParamsSchema, response: { 200: okResponseSchema } },
      config: { orgPermission: 'member:delete' },
    },
    async (req) => {
      await service.removeMember(orgAccessOf(req), req.params.memberId);
      return { ok: true as const };
    },
  );

  app.post(
    orgPaths.leave.pattern,
    {
      schema: { params: orgParamsSchema, response: { 200: okResponseSchema } },
      config: { orgPermission: 'organization:read' },
    },
    async (req) => {
      await service.leave(orgAccessOf(req));
      return { ok: true as const };
    },
  );

  app.post(
    orgPaths.invitations.pattern,
    {
      schema: { params: orgParamsSchema, body: createInvitationSchema, response: { 201: orgInvitationResponseSchema } },
      config: { orgPermission: 'invitation:create' },
    },
    async (req, reply) => {
      const invitation = await service.invite(headersOf(req), orgAccessOf(req), req.body);
      return reply.code(201).send({ invitation });
    },
  );

  app.get(
    orgPaths.invitations.pattern,
    {
      schema: { params: orgParamsSchema, response: { 200: orgInvitationsSchema } },
      config: { orgPermission: 'invitation:read' },
    },
    async (req) => ({ invitations: await service.invitations(orgAccessOf(req)) }),
  );

  app.delete(
    orgPaths.invitation.pattern,
    {
      schema: { params: orgInvitationParamsSchema, response: { 200: orgInvitationResponseSchema } },
      config: { orgPermission: 'invitation:cancel' },
    },
    async (req) => ({
      invitation: await service.cancelInvitation(headersOf(req), orgAccessOf(req), req.params.id),
    }),
  );

  // The invitation's own pages: for its recipient only. A visitor or another account gets 404, as for an unknown id.
  app.get(
    invitationPaths.invitation.pattern,
    { schema: { params: invitationParamsSchema, response: { 200: invitationDetailsSchema } } },
    async (req) => {
      const userId = req.headers.cookie ? await userOf(headersOf(req)) : null;
      if (!userId) throw new AppError(404, orgErrorCodes.notFound, orgMessages.invitationNotFound);
      return { invitation: await service.invitationFor(userId, req.params.id) };
    },
  );

  app.post(
    invitationPaths.accept.pattern,
    { schema: { params: invitationParamsSchema, response: { 200: myOrgSchema } } },
    async (req) => service.accept(await signedIn(req), req.params.id),
  );
};
