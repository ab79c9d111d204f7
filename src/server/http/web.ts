import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { type RoutePreloadsManifest, routePreloadsFile } from '../../shared/contracts/route-preloads';
import { apiNotFound } from './errors';
import { normalizedPath } from './paths';

const attr = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * index.html with a screen's preloads in its head (decision 0014): its code chunks as modulepreloads (as
 * Vite names the entry's), its documents as fetch preloads. `crossorigin` (anonymous: same-origin
 * credentials) matches how the app fetches them, so the browser reuses the responses.
 */
export function htmlWithPreloads(html: string, preloads: { modules: string[]; data: string[] } | undefined): string {
  if (!preloads) return html;
  const links = [
    ...preloads.modules.map((href) => `<link rel="modulepreload" crossorigin href="${attr(href)}">`),
    ...preloads.data.map((href) => `<link rel="preload" as="fetch" crossorigin href="${attr(href)}">`),
  ];
  if (links.length === 0 || !html.includes('</head>')) return html;
  return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
}

/** The HTML per screen path, built once at start; any other path gets index.html as built. */
function screenPages(webDir: string, indexHtml: string): Map<string, Buffer> {
  const file = path.join(webDir, routePreloadsFile);
  if (!existsSync(file)) return new Map();
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as RoutePreloadsManifest;
  return new Map(
    Object.entries(manifest).map(([route, preloads]) => [route, Buffer.from(htmlWithPreloads(indexHtml, preloads))]),
  );
}

/**
 * Serves the built web app: hashed assets with long-lived caching (pre-compressed .br/.gz when the
 * browser accepts them), and index.html for every other GET so the client router can take over.
 * API paths that match no route answer with the JSON error shape instead.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDir: string | undefined,
  opts: { production: boolean } = { production: false },
): Promise<void> {
  // Source maps hold the app's source: production never serves them, under any spelling of their path
  // (percent-escapes, a pre-compressed twin). Development keeps them for debugging.
  if (opts.production) {
    app.addHook('onRequest', async (req, reply) => {
      if (/\.map(\.(br|gz))?$/.test(normalizedPath(req.url))) {
        return reply.code(404).type('text/plain').send('Not found');
      }
    });
  }
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
  const pages = indexHtml && webDir ? screenPages(webDir, indexHtml.toString('utf8')) : new Map<string, Buffer>();

  app.setNotFoundHandler((req, reply) => {
    const url = req.url;
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?') || req.method !== 'GET' || !indexHtml) {
      return reply.code(404).send(apiNotFound(req.method, url));
    }
    const pathname = url.split('?')[0] ?? url;
    const html = pages.get(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname) ?? indexHtml;
    return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
}
