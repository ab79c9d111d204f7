import type { FastifyInstance } from 'fastify';
import { authErrorCodes } from '../../shared/contracts/auth-messages';
import { errorBody } from './errors';

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence for every state-changing API request: the browser's Origin (or, failing that, the
 * Referer's origin) must be one FanGrid trusts. Paths in `exempt` (signed webhooks) skip the check.
 */
export function registerOriginCheck(app: FastifyInstance, opts: { trustedOrigins: string[]; exempt?: string[] }): void {
  const trusted = new Set(opts.trustedOrigins);
  const exempt = opts.exempt ?? [];
  app.addHook('onRequest', async (req, reply) => {
    if (!stateChanging.has(req.method) || !req.url.startsWith('/api/')) return;
    const path = req.url.split('?')[0] ?? '';
    if (exempt.includes(path)) return;
    let origin = req.headers.origin;
    if (!origin && req.headers.referer) {
      try {
        origin = new URL(req.headers.referer).origin;
      } catch {
        origin = undefined;
      }
    }
    if (!origin || !trusted.has(origin)) {
      return reply
        .code(403)
        .send(errorBody(authErrorCodes.originRejected, 'This request did not come from FanGrid, so it was refused.'));
    }
  });
}
