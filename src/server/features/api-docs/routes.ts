import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest, RegisterOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../shared/contracts/paths';
import { isUnder, normalizedPath } from '../../http/paths';
import { apiGroups } from './groups';

/** Paths whose documentation only an admin session may read (the admin API itself is guarded the same way). */
const ADMIN_DOCS_PREFIX = '/api/admin';

type OpenApiDocument = {
  paths?: Record<string, Record<string, { tags?: string[] }>>;
  tags?: { name: string }[];
} & Record<string, unknown>;

/**
 * The document as one reader may see it: admin routes only for an admin session, and only the groups that
 * keep an operation (the page would show an empty group).
 */
export function documentFor(document: OpenApiDocument, admin: boolean): OpenApiDocument {
  const paths = admin
    ? (document.paths ?? {})
    : Object.fromEntries(
        Object.entries(document.paths ?? {}).filter(([url]) => !isUnder(normalizedPath(url), ADMIN_DOCS_PREFIX)),
      );
  const used = new Set(
    Object.values(paths).flatMap((operations) => Object.values(operations).flatMap((op) => op.tags ?? [])),
  );
  return { ...document, paths, tags: (document.tags ?? []).filter((t) => used.has(t.name)) };
}

/**
 * The OpenAPI 3 document, generated from the routes' zod contracts, at `/api/openapi.json`, and a reference page
 * (Swagger UI, its own files only) at `/api/docs`. Visitors see the public API; the admin API's documentation is
 * listed only for a request with the admin session. Must be registered before any route: the document is built
 * from the routes registered after it (the API under /api; the web app and stored uploads are left out). A plugin
 * registered with `apiGroup` tags every route it registers with that group (groups.ts), so the page shows the
 * API feature by feature.
 */
export async function registerApiDocs(
  app: FastifyInstance,
  opts: { isAdmin: (req: FastifyRequest) => Promise<boolean>; version: string },
): Promise<void> {
  app.addHook('onRegister', (instance, pluginOptions) => {
    const group = (pluginOptions as RegisterOptions).apiGroup;
    if (!group) return;
    const tags = [apiGroups[group].name];
    instance.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, tags };
    });
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'FanGrid API',
        description: 'Game boards, donations and fan engagement. Generated from the zod contracts of each route.',
        version: opts.version,
      },
      tags: Object.values(apiGroups).map(({ name, description }) => ({ name, description })),
    },
    transform: (input) => {
      const url = normalizedPath(input.url);
      if (!url.startsWith('/api/') || url === apiPaths.openapi || isUnder(url, apiPaths.docs)) {
        return { schema: { ...input.schema, hide: true }, url: input.url };
      }
      return jsonSchemaTransform(input);
    },
  });

  const readers = new WeakMap<FastifyRequest, boolean>();
  const whoReads = async (req: FastifyRequest) => {
    readers.set(req, await opts.isAdmin(req));
  };

  app.get(apiPaths.openapi, { schema: { hide: true }, onRequest: whoReads, logLevel: 'warn' }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return documentFor(app.swagger() as OpenApiDocument, readers.get(req) === true);
  });

  await app.register(swaggerUi, {
    routePrefix: apiPaths.docs,
    // The page loads only its own files; no validator badge from elsewhere.
    validatorUrl: false,
    // The base layout: the standalone one adds a top bar (a URL box to load other documents, and a logo
    // whose inline <style> the page's CSP refuses).
    uiConfig: { deepLinking: false, layout: 'BaseLayout' },
    uiHooks: { onRequest: whoReads },
    transformSpecification: (document, req) => documentFor(document as OpenApiDocument, readers.get(req) === true),
  });
}
