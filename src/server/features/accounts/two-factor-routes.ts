import { twoFactorPaths } from '../../../shared/contracts/api-paths/two-factor';
import {
  backupCodeSchema,
  totpCodeSchema,
  twoFactorBackupCodesSchema,
  twoFactorDisabledSchema,
  twoFactorErrorCodes,
  twoFactorMessages,
  twoFactorPasswordSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  twoFactorVerifiedSchema,
} from '../../../shared/contracts/two-factor';
import { sessionHeaders } from '../../http/cookies';
import { readBody } from './auth-bridge';
import type { AccountApp, AccountRouteDeps, AccountRouteKit } from './route-kit';
import { createTwoFactorRule } from './two-factor';

/**
 * Two-factor authentication, Better Auth's endpoints behind FanGrid's bodies and per-address limit: turning it
 * on (the password, then a code from the app), turning it off or making new backup codes (the password), and the second step of a sign-in
 * (a code, or a backup code once). Better Auth counts the wrong codes of a sign-in (5 per challenge, 10 in a row
 * lock the account's second step for 15 minutes).
 */
export function registerTwoFactorRoutes(app: AccountApp, deps: AccountRouteDeps, kit: AccountRouteKit) {
  const { auth, db, loginAttempts } = deps;
  const { callAuth, relay, sendError, ipLimited, withinIpLimit, meta } = kit;
  const rule = createTwoFactorRule(db);

  app.get(twoFactorPaths.status, { schema: { response: { 200: twoFactorStatusSchema } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const current = req.headers.cookie
      ? await auth.api.getSession({ headers: sessionHeaders(req.headers.cookie) })
      : null;
    if (!current) return sendError(reply, 401, twoFactorErrorCodes.signInRequired, twoFactorMessages.signInRequired);
    return rule.status(current.user.id, deps.twoFactorRequired);
  });

  const routes = [
    { path: twoFactorPaths.enable, body: twoFactorPasswordSchema, answer: twoFactorSetupSchema, signIn: false },
    { path: twoFactorPaths.verifyTotp, body: totpCodeSchema, answer: twoFactorVerifiedSchema, signIn: true },
    { path: twoFactorPaths.verifyBackupCode, body: backupCodeSchema, answer: twoFactorVerifiedSchema, signIn: true },
    { path: twoFactorPaths.disable, body: twoFactorPasswordSchema, answer: twoFactorDisabledSchema, signIn: false },
    {
      path: twoFactorPaths.generateBackupCodes,
      body: twoFactorPasswordSchema,
      answer: twoFactorBackupCodesSchema,
      signIn: false,
    },
  ] as const;
  for (const route of routes) {
    app.post(
      route.path,
      { schema: { body: route.body, response: { 200: route.answer } }, config: ipLimited },
      async (req, reply) => {
        if (!(await withinIpLimit(req, reply))) return reply;
        // Only what FanGrid checked reaches Better Auth (never `trustDevice` or `disableSession`).
        const res = await callAuth(req, req.body);
        const body = await readBody(res);
        // The second step of a sign-in (the challenge cookie, no session yet) is logged as the sign-in it ends.
        if (route.signIn && /(^|;\s*)(__Secure-)?fangrid\.two_factor=/.test(req.headers.cookie ?? '')) {
          const signedIn = res.ok ? (body as { user?: { id: string; email: string; name: string } }).user : undefined;
          await loginAttempts.record({
            status: signedIn ? 'success' : 'attempted',
            userId: signedIn?.id ?? null,
            email: signedIn?.email ?? null,
            name: signedIn?.name ?? null,
            ...meta(req),
          });
        }
        return relay(reply, res, body);
      },
    );
  }
}
