import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from './db/client';
import { contentRoutes } from './features/content/routes';
import { healthRoutes } from './features/health/routes';
import { registerErrorHandling } from './http/errors';
import { registerSecurityHeaders } from './http/security';
import { registerGracefulClose } from './http/shutdown';
import { registerWebApp } from './http/web';
import { type Clock, systemClock } from './platform/clock';

export interface AppDeps {
  database: Pick<Database, 'db' | 'ping'>;
  clock?: Clock;
  /** Directory of the built web app; the API alone is served when it is absent. */
  webDir?: string;
  production?: boolean;
  /** Structured (pino) logging options, or `false` to keep tests quiet. */
  logger?: false | { level: string };
}

/** Builds the whole HTTP app from its dependencies. Nothing here reads the environment or listens. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const clock = deps.clock ?? systemClock;
  const startedAt = clock.now();
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: deps.production ?? false,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    bodyLimit: 1024 * 1024,
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerGracefulClose(app);
  await registerSecurityHeaders(app, { production: deps.production ?? false });
  // Dynamic responses over 1 KB are compressed; built assets are already pre-compressed on disk.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  await app.register(healthRoutes, { ping: deps.database.ping, clock, startedAt });
  await app.register(contentRoutes, { db: deps.database.db });

  await registerWebApp(app, deps.webDir);
  return app;
}
