import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrorCodes } from '../../../shared/contracts/auth-messages';
import { apiPaths } from '../../../shared/contracts/paths';
import type { Db } from '../../db/client';
import { readCookie, serializeCookie } from '../../http/cookies';
import { errorBody, retryAfterSeconds } from '../../http/errors';
import { createAttemptReservations } from '../../platform/attempt-reservation';
import type { Clock } from '../../platform/clock';
import type { RateLimiter, Window } from '../../platform/rate-limit';
import type { Auth } from './auth';
import { createAuthBridge } from './auth-bridge';
import { createDeviceTokens, DEVICE_COOKIE, deviceCookieMaxAgeSeconds } from './devices';
import type { LoginAttempts } from './login-attempts';

export const callbackURL = z
  .string()
  .regex(/^\/(?!\/)[\w\-/?=&%.]*$/, 'Must be a path inside FanGrid')
  .max(200)
  .optional();

/** What the account routes are given (app.ts wires them). */
export interface AccountRouteDeps {
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
  /** Whether platform staff and organization owners and admins must use two-factor authentication. */
  twoFactorRequired: boolean;
}

/** The Fastify instance the account routes are registered on (the accounts plugin's own). */
export type AccountApp = Parameters<FastifyPluginAsyncZod<AccountRouteDeps>>[0];

/**
 * What the account routes share: the bridge to Better Auth, the device cookies, the attempt reservations, and
 * the per-address limit of account requests.
 */
export function createAccountRouteKit(deps: AccountRouteDeps) {
  const { limiter, clock, ipLimit, secureCookies } = deps;
  const { callAuth, relay } = createAuthBridge(deps);
  const devices = createDeviceTokens(deps.secret);
  const reservations = createAttemptReservations(deps.db, clock);

  /** The routes that count withinIpLimit declare it (route config perAddressLimit). */
  const ipLimited = { perAddressLimit: { scope: 'auth-ip', max: ipLimit.max } };

  /** A refusal in FanGrid's error shape (each route declares the answer of its success only). */
  const sendError = (reply: FastifyReply, status: number, code: string, message: string) =>
    reply.code(status).send(errorBody(code, message));

  async function withinIpLimit(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const { allowed, retryAt } = await limiter.hit(`auth-ip:${req.client}`, ipLimit);
    if (allowed) return true;
    reply.header('retry-after', retryAfterSeconds(retryAt, clock.now()));
    await sendError(
      reply,
      429,
      authErrorCodes.rateLimited,
      'Too many attempts from your network. Please wait a minute and try again.',
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

  return { callAuth, relay, sendError, devices, reservations, ipLimited, withinIpLimit, meta, deviceCookie };
}
export type AccountRouteKit = ReturnType<typeof createAccountRouteKit>;
