import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../shared/contracts/paths';
import { isUnder, normalizedPath } from '../../http/paths';

/** Paths whose documentation only an admin session may read (the admin API itself is guarded the same way). */
const ADMIN_DOCS_PREFIX = '/api/admin';

type OpenApiDocument = { paths?: Record<string, unknown> } & Record<string, unknown>;

/** The document as one reader may see it: admin routes only for an admin session. */
export function documentFor(document: OpenApiDocument, admin: boolean): OpenApiDocument {
  if (admin) return document;
  const paths = Object.fromEntries(
    Object.entries(document.paths ?? {}).filter(([url]) => !isUnder(normalizedPath(url), ADMIN_DOCS_PREFIX)),
  );
  return { ...document, paths };
}

/**
 * The OpenAPI 3 document, generated from the routes' zod contracts, at `/api/openapi.json`, and a reference page
 * (Swagger UI, its own files only) at `/api/docs`. Visitors see the public API; the admin API's documentation is
 * listed only for a request with the admin session. Must be registered before any route: the document is built
 * from the routes registered after it (the API under /api; the web app and stored uploads are left out).
 */
export async function registerApiDocs(
  app: FastifyInstance,
  opts: { isAdmin: (req: FastifyRequest) => Promise<boolean>; version: string },
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'FanGrid API',
        description: 'Game boards, donations and fan engagement. Generated from the zod contracts of each route.',
        version: opts.version,
      },
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
    uiConfig: { deepLinking: false },
    uiHooks: { onRequest: whoReads },
    transformSpecification: (document, req) => documentFor(document as OpenApiDocument, readers.get(req) === true),
  });
}
