import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { apiNotFound } from './errors';

/**
 * Serves the built web app: hashed assets with long-lived caching (pre-compressed .br/.gz when the
 * browser accepts them), and index.html for every other GET so the client router can take over.
 * API paths that match no route answer with the JSON error shape instead.
 */
export async function registerWebApp(app: FastifyInstance, webDir: string | undefined): Promise<void> {
  const indexFile = webDir ? path.join(webDir, 'index.html') : undefined;
  const hasWeb = indexFile !== undefined && existsSync(indexFile);

  if (hasWeb && webDir) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          reply.header('cache-control', 'no-cache');
        }
      },
    });
    // Unknown nested paths under /assets are genuine 404s, not the app shell.
    app.get('/assets/*', (_req, reply) => reply.code(404).type('text/plain').send('Not found'));
  }

  const indexHtml = hasWeb && indexFile ? readFileSync(indexFile) : undefined;

  app.setNotFoundHandler((req, reply) => {
    const url = req.url;
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?') || req.method !== 'GET' || !indexHtml) {
      return reply.code(404).send(apiNotFound(req.method, url));
    }
    return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
}
