import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { meResponseSchema, signedOutSchema } from '../../../shared/contracts/accounts';
import { twoFactorPaths } from '../../../shared/contracts/api-paths/two-factor';
import { apiPaths } from '../../../shared/contracts/paths';
import { singleLine } from '../../../shared/contracts/text';
import { sessionHeaders } from '../../http/cookies';
import { apiNotFound } from '../../http/errors';
import { normalizedPath } from '../../http/paths';
import { type AccountApp, type AccountRouteDeps, type AccountRouteKit, callbackURL } from './route-kit';

/** Better Auth endpoints FanGrid serves itself (with its limits, lockouts and checks), as normalized paths. */
const ownEndpoints = new Set([
  ...['sign-up/email', 'sign-in/email', 'request-password-reset', 'reset-password', 'sign-in/magic-link'].map((p) =>
    normalizedPath(`${apiPaths.auth}/${p}`),
  ),
  ...Object.values(twoFactorPaths).map(normalizedPath),
]);

/** The rest of Better Auth that FanGrid serves (the emailed links, sign-out), and who is signed in. */
export function registerSessionRoutes(app: AccountApp, deps: AccountRouteDeps, kit: AccountRouteKit) {
  const { auth, publicUrl } = deps;
  const { callAuth, relay } = kit;

  // The rest of Better Auth that FanGrid uses, and nothing more: the emailed links and sign-out. Its other
  // endpoints (update-user, change-password, change-email, …) would take a body past FanGrid's contracts
  // (a name with a NUL, a common password), so they are not served: they answer 404 like any unknown path.
  // Better Auth reads the URL as a URL parser does (dot segments resolved), so a spelling that it would resolve
  // to an endpoint FanGrid serves itself, with its limits and lockouts, is refused here too.
  const toAuth = async (req: FastifyRequest, reply: FastifyReply) => {
    if (ownEndpoints.has(normalizedPath(new URL(req.url, publicUrl).pathname))) {
      return reply.code(404).send(apiNotFound(req.method, req.url));
    }
    return relay(reply, await callAuth(req));
  };
  // A link's callback is a path inside FanGrid, like every other callback: an emailed link must not send its
  // reader to another site (an open redirect).
  const linkQuery = z.object({ token: singleLine('Token').max(2000).optional(), callbackURL });
  app.get(apiPaths.authEndpoints.verifyEmail, { schema: { querystring: linkQuery } }, toAuth);
  app.get(
    apiPaths.authEndpoints.resetPasswordLink.pattern,
    { schema: { params: z.object({ token: singleLine('Token').max(2000) }), querystring: linkQuery } },
    toAuth,
  );
  app.post(apiPaths.authEndpoints.signOut, { schema: { response: { 200: signedOutSchema } } }, toAuth);

  // A visitor is not an error: `user` is null when nobody is signed in.
  app.get(apiPaths.me, { schema: { response: { 200: meResponseSchema } } }, async (req, reply) => {
    const headers = sessionHeaders(req.headers.cookie);
    const current = await auth.api.getSession({ headers });
    reply.header('cache-control', 'no-store');
    if (!current) return { user: null };
    const u = current.user as typeof current.user & { phone: string };
    return { user: { id: u.id, name: u.name, email: u.email, phone: u.phone, emailVerified: u.emailVerified } };
  });
}
