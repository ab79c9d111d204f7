import type { FastifyPluginAsync } from 'fastify';
import { apiPaths } from '../../../shared/contracts/paths';
import type { UploadsService } from './service';

/** Served for an SVG: no scripts, no loads, no forms, no same-origin power even if opened directly. */
export const svgContentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
/** Served for a raster image: nothing to run or load either. */
export const imageContentSecurityPolicy = "default-src 'none'; sandbox";

/**
 * GET /uploads/<name>: stored uploads with the type their bytes were found to be, `nosniff`, and a
 * sandboxing Content-Security-Policy. Names are random and contents never change: cached for a year.
 */
export const uploadRoutes: FastifyPluginAsync<{ service: UploadsService }> = async (app, { service }) => {
  app.get<{ Params: { name: string } }>(apiPaths.uploads.pattern, async (req, reply) => {
    const found = await service.open(req.params.name);
    if (!found) {
      return reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('Not found');
    }
    return reply
      .type(found.contentType)
      .header('content-length', found.size)
      .header('x-content-type-options', 'nosniff')
      .header(
        'content-security-policy',
        found.contentType === 'image/svg+xml' ? svgContentSecurityPolicy : imageContentSecurityPolicy,
      )
      .header('content-disposition', 'inline')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(found.body);
  });
};
