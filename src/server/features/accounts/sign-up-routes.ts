import { eq } from 'drizzle-orm';
import { signedUpSchema, signUpSchema } from '../../../shared/contracts/accounts';
import { authErrorCodes, authMessages } from '../../../shared/contracts/auth-messages';
import { apiPaths } from '../../../shared/contracts/paths';
import { user } from '../../db/schema/auth';
import { readBody } from './auth-bridge';
import { commonPasswordMessage, isCommonPassword } from './passwords';
import { type AccountApp, type AccountRouteDeps, type AccountRouteKit, callbackURL } from './route-kit';

/** One sign-up of an email at a time, across instances (a claim longer than a sign-up takes, if never released). */
const signUpClaim = { max: 1, windowMs: 60_000 } as const;
const signUpClaimKey = (email: string) => `signup:${email.toLowerCase()}`;
/** Better Auth's answers when the email was taken while it worked. */
const betterAuthDuplicateCodes = new Set([
  authErrorCodes.userExists,
  'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
  'FAILED_TO_CREATE_USER',
]);

/** Sign-up by email: one sign-up of an email at a time; a taken email or a common password is refused. */
export function registerSignUp(app: AccountApp, deps: AccountRouteDeps, kit: AccountRouteKit) {
  const { db, limiter, loginAttempts } = deps;
  const { callAuth, relay, sendError, ipLimited, withinIpLimit, meta } = kit;

  app.post(
    apiPaths.authEndpoints.signUpEmail,
    { schema: { body: signUpSchema.extend({ callbackURL }), response: { 200: signedUpSchema } }, config: ipLimited },
    async (req, reply) => {
      if (!(await withinIpLimit(req, reply))) return reply;
      const { name, phone, email } = req.body;
      const fail = async (status: number, code: string, message: string) => {
        await loginAttempts.record({ status: 'attempted', name, phone, email, ...meta(req) });
        return sendError(reply, status, code, message);
      };
      if (isCommonPassword(req.body.password)) return fail(400, authErrorCodes.commonPassword, commonPasswordMessage);
      const duplicate = () => fail(409, authErrorCodes.userExists, authMessages.alreadyRegistered.message);
      // Identical sign-ups at once (a double-clicked button, two tabs, two instances) would all pass the check
      // below and all but one fail on the unique email inside Better Auth, which logs an error. The first to
      // claim the email goes on; the others answer as a later duplicate does. The claim is a count in PostgreSQL
      // (every instance sees it), released when the sign-up ends, and forgotten after a minute if a process dies.
      const claim = signUpClaimKey(email);
      if (!(await limiter.hit(claim, signUpClaim)).allowed) return duplicate();
      // The claim is released before anything is answered, so whoever reacts to the answer finds it gone.
      let outcome: { res: Response; body: { user?: { id: string }; code?: string } } | 'duplicate';
      try {
        outcome = await (async () => {
          const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase()));
          if (existing) return 'duplicate';
          const res = await callAuth(req, { ...req.body, email: email.toLowerCase() });
          const body = (await readBody(res)) as { user?: { id: string }; code?: string };
          if (!res.ok && body.code !== undefined && betterAuthDuplicateCodes.has(body.code)) {
            // A claim that expired under a stalled sign-up: still the same answer when the account now exists.
            const [now] = await db.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase()));
            if (now) return 'duplicate';
          }
          return { res, body };
        })();
      } finally {
        await limiter.clear(claim);
      }
      if (outcome === 'duplicate') return duplicate();
      const { res, body } = outcome;
      await loginAttempts.record({
        status: res.ok ? 'signup_pending' : 'attempted',
        userId: res.ok ? (body.user?.id ?? null) : null,
        name,
        phone,
        email,
        ...meta(req),
      });
      return relay(reply, res, body);
    },
  );
}
