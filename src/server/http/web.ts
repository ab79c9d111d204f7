import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { preloadsForPath, type RoutePreloadsManifest, routePreloadsFile } from '../../shared/contracts/route-preloads';
import { apiNotFound } from './errors';
import { normalizedPath } from './paths';

const attr = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * index.html with a screen's preloads in its head (decision 0014): its code chunks as modulepreloads (as
 * Vite names the entry's), its documents as fetch preloads. `crossorigin` (anonymous: same-origin
 * credentials) matches how the app fetches them, so the browser reuses the responses. The chunks ask for low
 * priority: they start with the HTML but leave the bandwidth to the entry script and the stylesheet first
 * (the screen's chunks are of no use before the entry has run), and they do not count as render-blocking.
 */
export function htmlWithPreloads(html: string, preloads: { modules: string[]; data: string[] } | undefined): string {
  if (!preloads) return html;
  const links = [
    ...preloads.modules.map(
      (href) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${attr(href)}">`,
    ),
    ...preloads.data.map((href) => `<link rel="preload" as="fetch" crossorigin href="${attr(href)}">`),
  ];
  if (links.length === 0 || !html.includes('</head>')) return html;
  return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
}

/**
 * The HTML per screen path: built once at start for each path, per request for a path with a parameter (from
 * the screen's preloads with the request's value); any other path gets index.html as built.
 */
function screenPages(webDir: string, indexHtml: string): (pathname: string) => Buffer | undefined {
  const file = path.join(webDir, routePreloadsFile);
  if (!existsSync(file)) return () => undefined;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as RoutePreloadsManifest;
  const entries = Object.entries(manifest);
  const exact = new Map(
    entries
      .filter(([route]) => !route.includes(':'))
      .map(([route, preloads]) => [route, Buffer.from(htmlWithPreloads(indexHtml, preloads))]),
  );
  const patterns = entries.filter(([route]) => route.includes(':'));
  return (pathname) => {
    const page = exact.get(pathname);
    if (page) return page;
    for (const [pattern, preloads] of patterns) {
      const own = preloadsForPath(pattern, preloads, pathname);
      if (own) return Buffer.from(htmlWithPreloads(indexHtml, own));
    }
    return undefined;
  };
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
  const pageAt = indexHtml && webDir ? screenPages(webDir, indexHtml.toString('utf8')) : () => undefined;

  // Any other method, or any path when there is no web build: the JSON error shape.
  app.setNotFoundHandler((req, reply) => reply.code(404).send(apiNotFound(req.method, req.url)));
  if (!indexHtml) return;
  // Every other GET is the app shell (with the screen's preloads), from a route rather than the not-found
  // handler so that it is compressed like every other response (compression hooks onto routes only).
  app.get('/*', (req, reply) => {
    const url = req.url;
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) return reply.callNotFound();
    const pathname = url.split('?')[0] ?? url;
    const html = pageAt(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname) ?? indexHtml;
    return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
}
