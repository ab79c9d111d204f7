import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  boardLinkPath,
  type SheetSize,
  sheetRateLimited,
  sheetRateLimitMessage,
  sheetSizes,
  sheetsPerMinute,
} from '../../../shared/contracts/board-share';
import type { BoardView } from '../../../shared/contracts/boards';
import { apiPaths } from '../../../shared/contracts/paths';
import { singleLine } from '../../../shared/contracts/text';
import { errorBody, retryAfterSeconds } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { RateLimiter } from '../../platform/rate-limit';
import { createBuildCache } from '../../platform/workers/cache';
import { etagMatches } from './qr';
import type { BoardsService } from './service';
import { sheetFileName } from './sheet';

/** Sheets (about 20-60 kB each) and QR codes (a few kB) kept per instance, least recently used dropped first. */
const SHEETS_CACHED = 200;
const QR_CODES_CACHED = 1000;

/**
 * The sheet's key (and strong ETag): a hash of what it shows (the board's fingerprint and last change, which
 * it prints), its size and its link.
 */
function sheetKey(fingerprint: string, changedAt: Date, size: SheetSize, link: string): string {
  const shown = JSON.stringify([1, fingerprint, changedAt.toISOString(), size, link]);
  return `"sheet-${createHash('sha256').update(shown).digest('base64url').slice(0, 27)}"`;
}

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
  service: Pick<BoardsService, 'view' | 'sheetState'>;
  /** The address users open (PUBLIC_URL), without a trailing slash: links on the QR code and the sheet. */
  publicUrl: string;
  clock: Clock;
  /** Counts sheets per client address across instances (served from the cache or built, each counts). */
  limiter: Pick<RateLimiter, 'hit'>;
  /** Builds off the event loop (a worker thread): the sheet's PDF bytes, and the link's QR code. */
  render: {
    sheet(input: { board: BoardView; size: SheetSize; link: string; changedAt: Date }): Promise<Uint8Array>;
    qr(link: string): Promise<{ svg: string; etag: string }>;
  };
}> = async (app, { service, publicUrl, clock, limiter, render }) => {
  const linkOf = (slug: string) => `${publicUrl}${boardLinkPath(slug)}`;
  // One board state is one sheet: a hundred fans printing one board build it once (concurrent requests share
  // the build in flight). A new entry, a draw or a score changes the key.
  const sheets = createBuildCache<Buffer>({ maxEntries: SHEETS_CACHED });
  const qrCodes = createBuildCache<{ svg: string; etag: string }>({ maxEntries: QR_CODES_CACHED });

  // The code of a board's link never changes, so browsers and proxies may keep it; the ETag revalidates it.
  app.get(apiPaths.boardQr.pattern, { schema: { params } }, async (req, reply) => {
    const board = await service.view(req.params.slug);
    const link = linkOf(board.slug);
    const { svg, etag } = await qrCodes.get(link, () => render.qr(link));
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
  app.get(apiPaths.boardSheet.pattern, sheetRoute, async (req, reply) => {
    // An unknown board is a 404 before anything is counted: a request that names nothing writes nothing.
    const { slug, fingerprint, changedAt } = await service.sheetState(req.params.slug);
    const { allowed, retryAt } = await limiter.hit(`board-sheet:${req.client}`, {
      max: sheetsPerMinute,
      windowMs: 60_000,
    });
    if (!allowed) {
      reply.header('retry-after', retryAfterSeconds(retryAt, clock.now()));
      return reply.code(429).send(errorBody(sheetRateLimited, sheetRateLimitMessage));
    }
    const { size } = req.query;
    const link = linkOf(slug);
    const etag = sheetKey(fingerprint, changedAt, size, link);
    // Revalidated on every use (no-cache): the board may have changed since; an unchanged one answers 304.
    reply.header('etag', etag).header('cache-control', 'no-cache').header('x-content-type-options', 'nosniff');
    if (etagMatches(req.headers['if-none-match'], etag)) return reply.code(304).send();
    // Only a sheet not built yet reads the whole board (a change between the two reads is in its next key).
    const pdf = await sheets.get(etag, async () => {
      const board = await service.view(slug);
      const bytes = await render.sheet({ board, size, link, changedAt });
      // A worker thread's bytes arrive as a Uint8Array: the same memory, seen as a Buffer.
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    });
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${sheetFileName(slug, size)}"`)
      .send(pdf);
  });
};
