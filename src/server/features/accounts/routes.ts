import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  forgotPasswordSchema,
  meResponseSchema,
  resetPasswordSchema,
  signInLinkSchema,
  signInLinkSentSchema,
  signInSchema,
  signUpSchema,
} from '../../../shared/contracts/accounts';
import { authErrorCodes, authMessages } from '../../../shared/contracts/auth-messages';
import { errorCodes } from '../../../shared/contracts/errors';
import { apiPaths } from '../../../shared/contracts/paths';
import { singleLine } from '../../../shared/contracts/text';
import type { Db } from '../../db/client';
import { user } from '../../db/schema/auth';
import { readCookie, serializeCookie, sessionHeaders } from '../../http/cookies';
import { apiNotFound, errorBody, retryAfterSeconds, TooManyRequestsError } from '../../http/errors';
import { acceptedOriginOf } from '../../http/origin';
import { normalizedPath } from '../../http/paths';
import { createAttemptReservations } from '../../platform/attempt-reservation';
import type { Clock } from '../../platform/clock';
import type { RateLimiter, Window } from '../../platform/rate-limit';
import { type Auth, CLIENT_IP_HEADER, VERIFIED_ORIGIN_HEADER } from './auth';
import { createDeviceTokens, DEVICE_COOKIE, deviceCookieMaxAgeSeconds } from './devices';
import type { LoginAttempts } from './login-attempts';
import { commonPasswordMessage, isCommonPassword } from './passwords';

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

/** One sign-up of an email at a time, across instances (a claim longer than a sign-up takes, if never released). */
const signUpClaim = { max: 1, windowMs: 60_000 } as const;
const signUpClaimKey = (email: string) => `signup:${email.toLowerCase()}`;
/** Better Auth's answers when the email was taken while it worked. */
const betterAuthDuplicateCodes = new Set([
  authErrorCodes.userExists,
  'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
  'FAILED_TO_CREATE_USER',
]);

const callbackURL = z
  .string()
  .regex(/^\/(?!\/)[\w\-/?=&%.]*$/, 'Must be a path inside FanGrid')
  .max(200)
  .optional();

/** Whether a redirect's Location, resolved as a browser resolves it, stays on FanGrid's origin. */
function isOwnLocation(location: string, publicUrl: string): boolean {
  try {
    return new URL(location, publicUrl).origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}

/** Headers the bridge to Better Auth sets itself; a client's own values for them are dropped. */
const bridgeHeaders = new Set([CLIENT_IP_HEADER, VERIFIED_ORIGIN_HEADER, 'content-length', 'host']);

/** A Better Auth response body: JSON when it says so and has any, else text (redirects have none). */
async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return '';
  return res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
}

/** Better Auth's error codes, in FanGrid's words (docs/product.md#accounts). */
const messageFor: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: authMessages.loginFailed.message,
  EMAIL_NOT_VERIFIED: authMessages.emailNotConfirmed.message,
  INVALID_TOKEN: 'This link is invalid or has expired. Please request a new one.',
};

interface Deps {
  auth: Auth;
  db: Db;
  limiter: RateLimiter;
  loginAttempts: LoginAttempts;
  publicUrl: string;
  clock: Clock;
  /** Per IP: account requests (sign-in, sign-up, reset) per window (20 a minute by default). */
  ipLimit: Window;
  /** Signs device cookies (the app's secret). */
  secret: string;
  secureCookies: boolean;
}

/** Better Auth endpoints FanGrid serves itself (with its limits, lockouts and checks), as normalized paths. */
const ownEndpoints = new Set(
  ['sign-up/email', 'sign-in/email', 'request-password-reset', 'reset-password', 'sign-in/magic-link'].map((p) =>
    normalizedPath(`${apiPaths.auth}/${p}`),
  ),
);

export const accountRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const { auth, db, limiter, loginAttempts, publicUrl, clock, ipLimit, secureCookies } = deps;
  const devices = createDeviceTokens(deps.secret);
  const reservations = createAttemptReservations(db, clock);

  /** Hands a request to Better Auth as a Fetch Request, with the client's IP in our own header. */
  async function callAuth(req: FastifyRequest, body?: unknown): Promise<Response> {
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
      if (value === undefined || bridgeHeaders.has(key)) continue;
      headers.set(key, Array.isArray(value) ? value.join(', ') : value);
    }
    headers.set(CLIENT_IP_HEADER, req.ip);
    const origin = acceptedOriginOf(req);
    if (origin) headers.set(VERIFIED_ORIGIN_HEADER, origin);
    const payload = body ?? req.body;
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && payload !== undefined;
    if (hasBody) headers.set('content-type', 'application/json');
    return auth.handler(
      new Request(new URL(req.url, publicUrl), {
        method: req.method,
        headers,
        body: hasBody ? JSON.stringify(payload) : undefined,
      }),
    );
  }

  /** Sends Better Auth's response through Fastify, turning its errors into FanGrid's error shape. */
  async function relay(reply: FastifyReply, res: Response, parsed?: unknown): Promise<FastifyReply> {
    // Better Auth's own 5xx (its session lookup hides a lost database behind 500 FAILED_TO_GET_SESSION) goes to
    // the error handler, which answers 503 UNAVAILABLE if the database does not answer, else logs a 500.
    if (res.status >= 500) throw new Error(`Better Auth answered ${res.status} to ${reply.request.url.split('?')[0]}`);
    reply.code(res.status);
    res.headers.forEach((value, key) => {
      if (key !== 'set-cookie' && key !== 'content-length' && key !== 'content-encoding') reply.header(key, value);
    });
    // Better Auth redirects only inside FanGrid: a Location on another origin becomes the home page.
    const location = res.headers.get('location');
    if (location !== null && !isOwnLocation(location, publicUrl)) reply.header('location', '/');
    const cookies = res.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    const body = parsed ?? (await readBody(res));
    if (res.status >= 400 && body && typeof body === 'object' && 'code' in body) {
      const { code, message } = body as { code: string; message?: string };
      return reply.send(errorBody(code, messageFor[code] ?? message ?? 'Something went wrong.'));
    }
    // An error without Better Auth's code (an empty 404, say) still answers in the one error shape.
    if (res.status >= 400) {
      return reply.send(
        errorBody(res.status === 404 ? errorCodes.notFound : authErrorCodes.authFailed, 'Something went wrong.'),
      );
    }
    return reply.send(body === '' ? null : body);
  }

  /** The routes that count withinIpLimit declare it (route config perAddressLimit). */
  const ipLimited = { perAddressLimit: { scope: 'auth-ip', max: ipLimit.max } };

  async function withinIpLimit(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const { allowed, retryAt } = await limiter.hit(`auth-ip:${req.client}`, ipLimit);
    if (allowed) return true;
    reply.header('retry-after', retryAfterSeconds(retryAt, clock.now()));
    await reply
      .code(429)
      .send(
        errorBody(
          authErrorCodes.rateLimited,
          'Too many attempts from your network. Please wait a minute and try again.',
        ),
      );
    return false;
  }

  const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] ?? null });

  /** The account's device cookie for this browser: the one it holds for `email`, or a new one. */
  const deviceCookie = (req: FastifyRequest, email: string) => {
    const held = readCookie(req.headers.cookie, DEVICE_COOKIE);
    return serializeCookie(DEVICE_COOKIE, devices.verify(held, email) && held ? held : devices.issue(email), {
      maxAgeSeconds: deviceCookieMaxAgeSeconds,
      secure: secureCookies,
      sameSite: 'Lax',
      path: apiPaths.auth,
    });
  };

  app.post(
    apiPaths.authEndpoints.signUpEmail,
    { schema: { body: signUpSchema.extend({ callbackURL }) }, config: ipLimited },
    async (req, reply) => {
      if (!(await withinIpLimit(req, reply))) return reply;
      const { name, phone, email } = req.body;
      const fail = async (status: number, code: string, message: string) => {
        await loginAttempts.record({ status: 'attempted', name, phone, email, ...meta(req) });
        return reply.code(status).send(errorBody(code, message));
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

  app.post(
    apiPaths.authEndpoints.signInEmail,
    {
      schema: { body: signInSchema.extend({ callbackURL, rememberMe: z.boolean().optional() }) },
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
        return reply.code(429).send(errorBody(code, message));
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
      const body = (await readBody(res)) as { user?: { id: string; name: string; phone?: string }; code?: string };
      if (res.ok) {
        await Promise.all([limiter.clear(clientLockKey), limiter.clear(keys.account)]);
        await loginAttempts.record({
          status: 'success',
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

  app.post(
    apiPaths.authEndpoints.requestPasswordReset,
    { schema: { body: forgotPasswordSchema.extend({ redirectTo: callbackURL }) }, config: ipLimited },
    async (req, reply) => {
      if (!(await withinIpLimit(req, reply))) return reply;
      return relay(reply, await callAuth(req, { ...req.body, email: req.body.email.toLowerCase() }));
    },
  );

  app.post(
    apiPaths.authEndpoints.resetPassword,
    { schema: { body: resetPasswordSchema }, config: ipLimited },
    async (req, reply) => {
      if (!(await withinIpLimit(req, reply))) return reply;
      if (isCommonPassword(req.body.newPassword)) {
        return reply.code(400).send(errorBody(authErrorCodes.commonPassword, commonPasswordMessage));
      }
      return relay(reply, await callAuth(req));
    },
  );

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
        const [owner] = await db.select({ emailVerified: user.emailVerified }).from(user).where(eq(user.email, email));
        // An unconfirmed account gets no link: Better Auth would take its password away on the first use.
        if (owner?.emailVerified) {
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
  app.post(apiPaths.authEndpoints.signOut, toAuth);

  // A visitor is not an error: `user` is null when nobody is signed in.
  app.get(apiPaths.me, { schema: { response: { 200: meResponseSchema } } }, async (req, reply) => {
    const headers = sessionHeaders(req.headers.cookie);
    const current = await auth.api.getSession({ headers });
    reply.header('cache-control', 'no-store');
    if (!current) return { user: null };
    const u = current.user as typeof current.user & { phone: string };
    return { user: { id: u.id, name: u.name, email: u.email, phone: u.phone, emailVerified: u.emailVerified } };
  });
};
