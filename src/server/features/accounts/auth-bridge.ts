import type { FastifyReply, FastifyRequest } from 'fastify';
import { authErrorCodes, authMessages } from '../../../shared/contracts/auth-messages';
import { errorCodes } from '../../../shared/contracts/errors';
import { twoFactorMessages } from '../../../shared/contracts/two-factor';
import { errorBody } from '../../http/errors';
import { acceptedOriginOf } from '../../http/origin';
import { type Auth, CLIENT_IP_HEADER, VERIFIED_ORIGIN_HEADER } from './auth';

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
export async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return '';
  return res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
}

/** Better Auth's error codes, in FanGrid's words (docs/product.md#accounts). */
const messageFor: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: authMessages.loginFailed.message,
  EMAIL_NOT_VERIFIED: authMessages.emailNotConfirmed.message,
  INVALID_TOKEN: 'This link is invalid or has expired. Please request a new one.',
  INVALID_PASSWORD: 'That password is not right.',
  INVALID_CODE: twoFactorMessages.invalidCode,
  INVALID_BACKUP_CODE: twoFactorMessages.invalidBackupCode,
  INVALID_TWO_FACTOR_COOKIE: twoFactorMessages.challengeExpired,
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: twoFactorMessages.challengeExpired,
};

/** The bridge to Better Auth: a Fastify request handed to it, and its response sent back in FanGrid's shape. */
export function createAuthBridge(deps: { auth: Auth; publicUrl: string }) {
  const { auth, publicUrl } = deps;

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

  return { callAuth, relay };
}
