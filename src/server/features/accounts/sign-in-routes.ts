import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  signedInSchema,
  signInLinkSchema,
  signInLinkSentSchema,
  signInSchema,
} from '../../../shared/contracts/accounts';
import { authErrorCodes, authMessages } from '../../../shared/contracts/auth-messages';
import { apiPaths } from '../../../shared/contracts/paths';
import { singleLine } from '../../../shared/contracts/text';
import { twoFactorChallengeSchema } from '../../../shared/contracts/two-factor';
import { session, user } from '../../db/schema/auth';
import { readCookie } from '../../http/cookies';
import { retryAfterSeconds, TooManyRequestsError } from '../../http/errors';
import { readBody } from './auth-bridge';
import { DEVICE_COOKIE } from './devices';
import { type AccountApp, type AccountRouteDeps, type AccountRouteKit, callbackURL } from './route-kit';

/**
 * Guessing an account's password is slowed in two ways, neither of which lets a stranger lock its owner out:
 * - per account and client (an address, or a browser holding the account's device cookie): 10 failed sign-ins in
 *   15 minutes lock that client out of that account for 15 minutes; the owner's other networks and devices are
 *   not affected;
 * - per account across every client: from the 10th failure in 15 minutes on, the account waits 1 s before the
 *   next try, doubling with each further failure up to 1 minute, which caps guessing from many addresses at about
 *   one try a minute. A browser with the account's device cookie does not wait, and a password reset (the emailed
 *   link always works) clears every counter of the account.
 * Both counts are taken before the password is checked, in one statement (platform/attempt-reservation.ts): a
 * refused attempt counts nothing, an admitted one counts as a failure until it turns out otherwise (a success
 * clears the counters, a right password on an unconfirmed account gives the count back). So N concurrent guesses
 * from any number of addresses, on any number of instances, check at most as many passwords as N sequential ones
 * at the same moments would: the first 10 in 15 minutes, then one per wait (1 s, doubling to 60 s).
 */
export const signInRules = {
  perClient: { max: 10, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
  perAccount: { max: 10, windowMs: 15 * 60_000, baseMs: 1000, capMs: 60_000 },
} as const;

/**
 * The one-time sign-in link: 5 requests per client address (an IPv6 client by its /64) and 3 emails per account
 * in 15 minutes. Past the account's 3 the answer is the same and no email is sent: the links already sent still
 * work, so a stranger asking for links cannot keep the owner from one.
 */
export const signInLinkRules = {
  perClient: { max: 5, windowMs: 15 * 60_000 },
  perAccount: { max: 3, windowMs: 15 * 60_000 },
} as const;

export const signInKeys = (email: string) => ({
  /** The prefix of every counter of the account. */
  all: `signin:${email.toLowerCase()}:`,
  client: (client: string) => `signin:${email}:${client}`,
  account: `signin:${email}:*account`,
});

/** Sign-in by email and password, slowed and locked per signInRules. */
export function registerSignIn(app: AccountApp, deps: AccountRouteDeps, kit: AccountRouteKit) {
  const { limiter, loginAttempts, clock } = deps;
  const { callAuth, relay, sendError, devices, reservations, ipLimited, withinIpLimit, meta, deviceCookie } = kit;

  app.post(
    apiPaths.authEndpoints.signInEmail,
    {
      schema: {
        body: signInSchema.extend({ callbackURL, rememberMe: z.boolean().optional() }),
        // A right password of an account with two-factor on starts no session: the second step is asked for.
        response: { 200: signedInSchema.or(twoFactorChallengeSchema) },
      },
      config: ipLimited,
    },
    async (req, reply) => {
      if (!(await withinIpLimit(req, reply))) return reply;
      const email = req.body.email.toLowerCase();
      const keys = signInKeys(email);
      const device = devices.verify(readCookie(req.headers.cookie, DEVICE_COOKIE), email);
      const clientLockKey = keys.client(device ? `device:${device}` : `ip:${req.client}`);
      const refuse = async (until: Date, message: string, code: string = authErrorCodes.accountLocked) => {
        await loginAttempts.record({ status: 'locked', email, ...meta(req) });
        reply.header('retry-after', retryAfterSeconds(until, clock.now()));
        return sendError(reply, 429, code, message);
      };
      // The attempt is counted before the password is checked, atomically across instances (see
      // platform/attempt-reservation.ts), so concurrent guesses check no more passwords than sequential ones.
      const reserved = await reservations.reserve(
        { key: clientLockKey, rule: signInRules.perClient },
        device ? undefined : { key: keys.account, rule: signInRules.perAccount },
      );
      if (!reserved.admitted && reserved.refusedBy === 'lock') {
        const locked = reserved.until;
        return refuse(
          locked,
          `Too many failed sign-ins: this account is locked for 15 minutes on this network. Try again after ${locked.toISOString().slice(11, 16)} UTC, or reset your password.`,
        );
      }
      // Only a browser without the account's device cookie waits: it is offered a one-time sign-in link by email.
      if (!reserved.admitted) {
        const seconds = retryAfterSeconds(reserved.until, clock.now());
        return refuse(
          reserved.until,
          `Too many failed sign-ins for this account: try again in ${seconds} second${seconds === 1 ? '' : 's'}, or reset your password. If this is your account, we can email you a one-time sign-in link.`,
          authErrorCodes.accountSlowed,
        );
      }
      const res = await callAuth(req, { ...req.body, email });
      const body = (await readBody(res)) as {
        user?: { id: string; name: string; phone?: string };
        code?: string;
        twoFactorRedirect?: boolean;
      };
      if (res.ok) {
        await Promise.all([limiter.clear(clientLockKey), limiter.clear(keys.account)]);
        await loginAttempts.record({
          // The password was right; with two-factor on, the session starts only after the second step.
          status: body.twoFactorRedirect === true ? 'attempted' : 'success',
          email,
          userId: body.user?.id ?? null,
          name: body.user?.name ?? null,
          phone: body.user?.phone ?? null,
          ...meta(req),
        });
        reply.header('set-cookie', deviceCookie(req, email));
      } else {
        // A wrong email or password keeps its reservation (a failure); anything else, such as a correct but
        // unconfirmed one, gives it back.
        if (body.code !== authErrorCodes.invalidCredentials) await reservations.giveBack(reserved.reservation);
        await loginAttempts.record({ status: 'attempted', email, ...meta(req) });
      }
      return relay(reply, res, body);
    },
  );
}

/** The one-time sign-in link (signInLinkRules): asking for one, and following it. */
export function registerSignInLink(app: AccountApp, deps: AccountRouteDeps, kit: AccountRouteKit) {
  const { auth, db, limiter, loginAttempts, clock } = deps;
  const { callAuth, relay, ipLimited, withinIpLimit, meta, deviceCookie } = kit;

  // The one-time sign-in link, for an owner whom strangers' guesses slowed down: the same answer whether or not
  // the account exists; an email only to a confirmed account, at most 3 per account in 15 minutes.
  app.post(
    apiPaths.authEndpoints.signInLink,
    { schema: { body: signInLinkSchema, response: { 200: signInLinkSentSchema } }, config: ipLimited },
    async (req, reply) => {
      if (!(await withinIpLimit(req, reply))) return reply;
      const perClient = await limiter.hit(`signin-link:ip:${req.client}`, signInLinkRules.perClient);
      if (!perClient.allowed) {
        throw new TooManyRequestsError(
          authErrorCodes.rateLimited,
          'Too many sign-in links asked for from your network. Please check your email, or try again later.',
          perClient.retryAt,
          clock.now(),
        );
      }
      const email = req.body.email.toLowerCase();
      const perAccount = await limiter.hit(`signin-link:${email}`, signInLinkRules.perAccount);
      if (perAccount.allowed) {
        const [owner] = await db
          .select({ emailVerified: user.emailVerified, twoFactorEnabled: user.twoFactorEnabled })
          .from(user)
          .where(eq(user.email, email));
        // An unconfirmed account gets no link: Better Auth would take its password away on the first use. An
        // account with two-factor on gets none either: the link would sign it in without its second factor.
        if (owner?.emailVerified && !owner.twoFactorEnabled) {
          await auth.api.signInMagicLink({
            body: { email, callbackURL: '/', errorCallbackURL: '/login?link=failed' },
            headers: new Headers(),
          });
        }
      }
      return { sent: true as const, message: authMessages.signInLinkSent.message };
    },
  );

  // The emailed sign-in link: Better Auth checks and spends the token and starts the session; the browser also
  // gets the account's device cookie, so it skips the account's wait from then on.
  app.get(
    apiPaths.authEndpoints.magicLinkVerify,
    {
      schema: {
        // Where the link leads must be inside FanGrid: Better Auth would redirect anywhere (an open redirect).
        querystring: z.object({ token: singleLine('Token').max(2000), callbackURL, errorCallbackURL: callbackURL }),
      },
    },
    async (req, reply) => {
      const res = await callAuth(req);
      const started = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0] ?? '')
        .filter((pair) => /session_token=./.test(pair));
      if (started.length > 0) {
        const current = await auth.api.getSession({ headers: new Headers({ cookie: started.join('; ') }) });
        // A link sent before two-factor was turned on signs nobody in: the session it started is ended.
        if (current?.user.twoFactorEnabled) {
          await db.delete(session).where(eq(session.id, current.session.id));
          return reply.code(302).header('location', '/login?link=failed').send();
        }
        if (current) {
          reply.header('set-cookie', deviceCookie(req, current.user.email));
          await loginAttempts.record({
            status: 'success',
            email: current.user.email,
            userId: current.user.id,
            ...meta(req),
          });
        }
      }
      return relay(reply, res);
    },
  );
}
