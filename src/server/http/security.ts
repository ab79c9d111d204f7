import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers with a strict Content-Security-Policy: no inline scripts or styles, no third-party
 * origins, no framing. The built web app must run under it unchanged (the browser suite checks).
 */
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  manifestSrc: ["'self'"],
  workerSrc: ["'self'"],
} as const;

/**
 * Sets the security headers on every response, on every route. helmet's middleware is built once, here:
 * the Fastify plugin rebuilt it (parsing the policy anew) on every request, a visible share of an entry's
 * CPU time in the server.
 */
export async function registerSecurityHeaders(app: FastifyInstance, opts: { production: boolean }): Promise<void> {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy,
    },
    strictTransportSecurity: opts.production ? undefined : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (req, reply, done) =>
    setHeaders(req.raw, reply.raw, (err) => done(err as Error | undefined)),
  );
}
