import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminPasscodeAcceptedSchema,
  adminPasscodeSchema,
  adminPhraseAcceptedSchema,
  adminPhraseSchema,
  adminSessionSchema,
  adminSignedOutSchema,
  adminStatusSchema,
} from '../../../shared/contracts/accounts';
import { authErrorCodes, authMessages } from '../../../shared/contracts/auth-messages';
import { apiPaths } from '../../../shared/contracts/paths';
import { readCookie, serializeCookie, sessionHeaders } from '../../http/cookies';
import { errorBody } from '../../http/errors';
import { isUnder, normalizedPath } from '../../http/paths';
import { type AdminGate, type AdminSession, adminGateRules, type GateResult } from './service';

export const ADMIN_COOKIE = 'fangrid_admin';
/** Every route at or under this path needs the admin session. */
export const ADMIN_PREFIX = '/api/admin';

const tokenOf = (req: FastifyRequest) => readCookie(req.headers.cookie, ADMIN_COOKIE);

/**
 * The guard of the admin API, attached to the admin routes themselves: an `onRoute` hook on the root app adds
 * it to every route whose own pattern is under /api/admin, in whatever plugin and whenever it is registered, so
 * no spelling of a URL that reaches an admin handler (percent-escapes, dot segments, doubled or trailing
 * slashes, case) can skip it. A request whose path merely reads as an admin path once normalized (an unknown
 * admin path, or one the router would not match) is refused the same way, so the API does not tell which
 * admin routes exist. Must be registered before any route.
 */
export function registerAdminGuard(app: FastifyInstance, gate: AdminGate): void {
  const guard = async (req: FastifyRequest, reply: FastifyReply) => {
    if (adminSessions.has(req)) return;
    const session = await gate.authorize(tokenOf(req));
    if (!session) {
      return reply.code(401).send(errorBody(authErrorCodes.adminRequired, 'Admin access needs the admin passwords.'));
    }
    adminSessions.set(req, session);
  };
  app.addHook('onRoute', (route) => {
    if (!isUnder(normalizedPath(route.url ?? route.path), ADMIN_PREFIX)) return;
    const own = route.onRequest;
    route.onRequest = [guard, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])];
  });
  app.addHook('onRequest', async (req, reply) => {
    if (isUnder(normalizedPath(req.url), ADMIN_PREFIX)) return guard(req, reply);
  });
}

const adminSessions = new WeakMap<FastifyRequest, AdminSession>();

/**
 * Whether a request outside the admin API carries a live admin session (e.g. to show admin-only material on a
 * public page). Admin routes themselves use the guard.
 */
export function adminRequestCheck(gate: AdminGate): (req: FastifyRequest) => Promise<boolean> {
  return async (req) => {
    if (adminSessions.has(req)) return true;
    const token = tokenOf(req);
    return token !== undefined && (await gate.authorize(token)) !== null;
  };
}

/**
 * Who is acting on an admin route, for the audit log (decision 0013): the signed-in account's email when the
 * admin is also signed in, the admin session's short id and the IP.
 */
export async function actorOf(
  req: FastifyRequest,
  emailOf: (headers: Headers) => Promise<string | null>,
): Promise<string> {
  const session = adminSessionOf(req);
  const email = req.headers.cookie ? await emailOf(sessionHeaders(req.headers.cookie)) : null;
  return [email, `admin session ${session.id}`, req.ip].filter(Boolean).join(' · ');
}

/** The admin session the guard let through (admin routes only; anything else is a bug). */
export function adminSessionOf(req: FastifyRequest): AdminSession {
  const session = adminSessions.get(req);
  if (!session) throw new Error('adminSessionOf: not an admin request');
  return session;
}

/** The gate's own routes (status, the two steps, sign-out) and the admin session probe. */
export const adminGateRoutes: FastifyPluginAsyncZod<{ gate: AdminGate; secureCookies: boolean }> = async (
  app,
  { gate, secureCookies },
) => {
  const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] ?? null });
  /** Wrong passcodes and phrases from one client lock it (service.ts lockKey counts `admin-gate:${clientKey}`). */
  const gateLimit = { scope: 'admin-gate', max: adminGateRules.lockout.max, counts: 'failures' as const };

  function setCookie(reply: FastifyReply, token: string, maxAgeMs: number) {
    reply.header(
      'set-cookie',
      serializeCookie(ADMIN_COOKIE, token, { maxAgeSeconds: maxAgeMs / 1000, secure: secureCookies }),
    );
  }

  function refuse(reply: FastifyReply, result: Exclude<GateResult, { ok: true }>) {
    if (result.reason === 'locked' || result.lockedUntil) {
      const until = result.lockedUntil?.toISOString().slice(11, 16);
      return reply
        .code(429)
        .send(
          errorBody(
            authErrorCodes.adminLocked,
            result.reason === 'locked'
              ? `Too many wrong passwords: the admin gate is locked for 15 minutes (until ${until} UTC).`
              : `${authMessages.adminInvalid}. Too many wrong passwords: the admin gate is locked until ${until} UTC.`,
          ),
        );
    }
    if (result.reason === 'step-expired') {
      return reply.code(401).send(errorBody(authErrorCodes.adminStepExpired, 'Start again with the passcode.'));
    }
    return reply.code(401).send(errorBody(authErrorCodes.adminInvalid, authMessages.adminInvalid));
  }

  app.get(apiPaths.adminGate.status, { schema: { response: { 200: adminStatusSchema } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const [stage, lockedUntil] = await Promise.all([gate.stage(tokenOf(req)), gate.lockedUntil(req.ip)]);
    return { stage, lockedUntil: lockedUntil?.toISOString() ?? null };
  });

  app.post(
    apiPaths.adminGate.passcode,
    {
      schema: { body: adminPasscodeSchema, response: { 200: adminPasscodeAcceptedSchema } },
      config: { perAddressLimit: gateLimit },
    },
    async (req, reply) => {
      const result = await gate.passcode({ passcode: req.body.passcode, ...meta(req) });
      if (!result.ok) return refuse(reply, result);
      setCookie(reply, result.token, adminGateRules.stepMs);
      return { stage: 'passcode' as const };
    },
  );

  app.post(
    apiPaths.adminGate.phrase,
    {
      schema: { body: adminPhraseSchema, response: { 200: adminPhraseAcceptedSchema } },
      config: { perAddressLimit: gateLimit },
    },
    async (req, reply) => {
      const result = await gate.phrase({ token: tokenOf(req), phrase: req.body.phrase, ...meta(req) });
      if (!result.ok) return refuse(reply, result);
      setCookie(reply, result.token, adminGateRules.maxAgeMs);
      return { stage: 'admin' as const };
    },
  );

  app.post(apiPaths.adminGate.signOut, { schema: { response: { 200: adminSignedOutSchema } } }, async (req, reply) => {
    await gate.signOut(tokenOf(req));
    reply.header('set-cookie', serializeCookie(ADMIN_COOKIE, '', { maxAgeSeconds: 0, secure: secureCookies }));
    return { stage: 'none' as const };
  });

  // The smallest admin route: lets the admin pages ask whether their session is still good.
  app.get(apiPaths.admin.session, { schema: { response: { 200: adminSessionSchema } } }, async () => ({
    admin: true as const,
  }));
};
