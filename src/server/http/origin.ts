import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authErrorCodes } from '../../shared/contracts/auth-messages';
import { errorBody } from './errors';

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The origins of `http://<host>` and `https://<host>` for a Host header, or none when it is not a host. */
function originsOfHost(host: string | undefined): string[] {
  if (!host || /[\s/\\@?#]/.test(host)) return [];
  try {
    return [new URL(`http://${host}`).origin, new URL(`https://${host}`).origin];
  } catch {
    return [];
  }
}

const accepted = new WeakMap<FastifyRequest, string>();

/** The Origin the check accepted for this request (set on state-changing requests only). */
export function acceptedOriginOf(req: FastifyRequest): string | undefined {
  return accepted.get(req);
}

/**
 * CSRF defence for every state-changing request to a route, whatever the spelling of its path: the browser's Origin (or, failing that,
 * the Referer's origin) must be one FanGrid trusts. In production that is `trustedOrigins` only (the public
 * URL and TRUSTED_ORIGINS); a refused origin is logged so an operator can see what to add. In development an
 * Origin naming the request's own host is accepted as well, so the app works wherever it is opened
 * (http://127.0.0.1:3000, a LAN address from a phone): a cross-site page can never send its victim's
 * browser's requests with an Origin equal to the host they go to. Routes listed in `exempt` by their own
 * pattern (signed webhooks) skip the check, so no spelling of another path can claim the exemption.
 */
export function registerOriginCheck(
  app: FastifyInstance,
  opts: { trustedOrigins: string[]; production: boolean; exempt?: string[] },
): void {
  const trusted = new Set(opts.trustedOrigins);
  const exempt = new Set(opts.exempt ?? []);
  app.addHook('onRequest', async (req, reply) => {
    // A request that matches no route changes nothing (it gets a 404); every route is checked by its own pattern.
    if (!stateChanging.has(req.method) || req.routeOptions.url === undefined) return;
    if (exempt.has(req.routeOptions.url)) return;
    let origin = req.headers.origin;
    if (!origin && req.headers.referer) {
      try {
        origin = new URL(req.headers.referer).origin;
      } catch {
        origin = undefined;
      }
    }
    const ok =
      origin !== undefined &&
      (trusted.has(origin) || (!opts.production && originsOfHost(req.headers.host).includes(origin)));
    if (!ok || origin === undefined) {
      req.log.warn(
        { origin: origin ?? null, host: req.headers.host ?? null, path: req.routeOptions.url ?? null },
        'refused a state-changing request from an origin that is not trusted (add it to TRUSTED_ORIGINS if it is yours)',
      );
      return reply
        .code(403)
        .send(errorBody(authErrorCodes.originRejected, 'This request did not come from FanGrid, so it was refused.'));
    }
    accepted.set(req, origin);
  });
}
