import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  boardViewSchema,
  commitmentSchema,
  createEntrySchema,
  entryCreatedSchema,
  entryLookupSchema,
  entrySummarySchema,
  myEntriesSchema,
} from '../../../shared/contracts/boards';
import { apiPaths } from '../../../shared/contracts/paths';
import { singleLine } from '../../../shared/contracts/text';
import { sessionHeaders } from '../../http/cookies';
import type { EventHub } from '../../platform/events';
import type { BoardsService } from './service';

const params = z.object({ slug: singleLine('Board').min(1).max(100) });

/** Public board routes. The viewer's account (when signed in) comes from `viewerOf`. */
export const boardRoutes: FastifyPluginAsyncZod<{
  service: BoardsService;
  events: EventHub;
  viewerOf: (headers: Headers) => Promise<{ userId: string | null }>;
  /** How long paid entries hold their cells: expired holds are released at a third of it (at most a minute). */
  holdMs: number;
}> = async (app, { service, events, viewerOf, holdMs }) => {
  const sweep = setInterval(
    () => {
      service.releaseExpiredHolds().catch((err: unknown) => app.log.error({ err }, 'releasing expired holds failed'));
    },
    Math.max(250, Math.min(60_000, Math.floor(holdMs / 3))),
  );
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  // Open event streams never finish on their own: end them when the server closes, so shutdown drains.
  const streams = new Set<{ end(): void }>();
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
  });

  /** Live cells as Server-Sent Events: `event: cells` with `{ cells, code }` for every new entry. */
  app.get('/api/boards/:slug/events', { schema: { params } }, async (req, reply) => {
    const topic = await service.topicOf(req.params.slug);
    // Subscribe before answering: if that fails the client gets an error, not a silent open stream.
    const res = reply.raw;
    let open = false;
    const unsubscribe = await events.subscribe(topic, (data) => {
      // New cells arrive as `cells`; cells a paid board's expired hold gave back arrive as `release`.
      const kind = typeof data === 'object' && data !== null && 'released' in data ? 'release' : 'cells';
      if (open) res.write(`event: ${kind}\ndata: ${JSON.stringify(data)}\n\n`);
    });
    reply.hijack();
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    res.write('retry: 2000\n\n');
    open = true;
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 25_000);
    const stream = {
      end() {
        clearInterval(heartbeat);
        unsubscribe();
        streams.delete(stream);
        if (!res.writableEnded) res.end();
      },
    };
    streams.add(stream);
    req.raw.on('close', () => stream.end());
  });

  app.get('/api/boards/:slug', { schema: { params, response: { 200: boardViewSchema } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return service.view(req.params.slug);
  });

  app.post(
    '/api/boards/:slug/entries',
    { schema: { params, body: createEntrySchema, response: { 201: entryCreatedSchema } } },
    async (req, reply) => {
      const headers = sessionHeaders(req.headers.cookie);
      const entry = await service.enter(req.params.slug, req.body, { ...(await viewerOf(headers)), address: req.ip });
      return reply.code(201).send({ entry });
    },
  );

  // POST, not GET: ticket numbers act as the visitor's secret and stay out of URLs and logs.
  app.post(
    apiPaths.entryLookup,
    { schema: { body: entryLookupSchema, response: { 200: myEntriesSchema } } },
    async (req, reply) => {
      const headers = sessionHeaders(req.headers.cookie);
      const { userId } = await viewerOf(headers);
      reply.header('cache-control', 'no-store');
      return { entries: await service.myEntries({ tickets: req.body.tickets, userId }) };
    },
  );

  app.post(
    apiPaths.entryCommitment,
    { schema: { body: commitmentSchema, response: { 200: entrySummarySchema } } },
    async (req) => {
      const headers = sessionHeaders(req.headers.cookie);
      const { userId } = await viewerOf(headers);
      return service.commit({ ...req.body, userId });
    },
  );

  // The ticket number is the key (a secret the entrant holds), so a reload or a shared link keeps working.
  app.post(
    apiPaths.entrySummary,
    { schema: { body: z.object({ ticket: z.string().regex(/^[A-Z]{9}$/) }), response: { 200: entrySummarySchema } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return service.summary(req.body.ticket);
    },
  );
};
