import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  boardLinkPath,
  sheetRateLimited,
  sheetRateLimitMessage,
  sheetSizes,
  sheetsPerMinute,
} from '../../../shared/contracts/board-share';
import { singleLine } from '../../../shared/contracts/text';
import { errorBody, retryAfterSeconds } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { RateLimiter } from '../../platform/rate-limit';
import { etagMatches, qrSvg } from './qr';
import type { BoardsService } from './service';
import { boardSheet, sheetFileName } from './sheet';

const params = z.object({ slug: singleLine('Board').min(1).max(100) });

/** `?size=letter|a4`, letter when absent; any other spelling (case, spaces, repeated) is a 400. */
const sheetQuerySchema = z.object({
  size: z.enum(sheetSizes, { error: 'Choose a sheet size of letter or a4' }).default('letter'),
});

/**
 * Sharing a board in person: its link as a QR code (SVG) and a printable sheet (PDF). Both are built from
 * the board as stored (its own slug, teams and codes), never from the request beyond the slug that finds it.
 */
export const boardShareRoutes: FastifyPluginAsyncZod<{
  service: Pick<BoardsService, 'view'>;
  /** The address users open (PUBLIC_URL), without a trailing slash: links on the QR code and the sheet. */
  publicUrl: string;
  clock: Clock;
  /** Counts sheets per client address across instances: each sheet is built afresh (it shows the codes taken now). */
  limiter: Pick<RateLimiter, 'hit'>;
}> = async (app, { service, publicUrl, clock, limiter }) => {
  const linkOf = (slug: string) => `${publicUrl}${boardLinkPath(slug)}`;

  // The code of a board's link never changes, so browsers and proxies may keep it; the ETag revalidates it.
  app.get('/api/boards/:slug/qr.svg', { schema: { params } }, async (req, reply) => {
    const board = await service.view(req.params.slug);
    const { svg, etag } = await qrSvg(linkOf(board.slug));
    reply
      .header('etag', etag)
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff');
    if (etagMatches(req.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type('image/svg+xml; charset=utf-8').send(svg);
  });

  const sheetRoute = {
    schema: { params, querystring: sheetQuerySchema },
    config: { perAddressLimit: { scope: 'board-sheet', max: sheetsPerMinute } },
  };
  app.get('/api/boards/:slug/sheet.pdf', sheetRoute, async (req, reply) => {
    // An unknown board is a 404 before anything is counted: a request that names nothing writes nothing.
    const board = await service.view(req.params.slug);
    const { allowed, retryAt } = await limiter.hit(`board-sheet:${req.client}`, {
      max: sheetsPerMinute,
      windowMs: 60_000,
    });
    if (!allowed) {
      reply.header('retry-after', retryAfterSeconds(retryAt, clock.now()));
      return reply.code(429).send(errorBody(sheetRateLimited, sheetRateLimitMessage));
    }
    const { size } = req.query;
    const doc = await boardSheet(board, { size, link: linkOf(board.slug), generatedAt: clock.now() });
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${sheetFileName(board.slug, size)}"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(doc);
  });
};
