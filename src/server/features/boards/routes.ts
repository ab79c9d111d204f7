import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { boardStreamErrorCodes, LIVE_BOARDS_MAX } from '../../../shared/contracts/board-events';
import {
  boardViewResponseSchema,
  entryCreatedResponseSchema,
  entrySummaryResponseSchema,
  freeEntryCodeSentResponseSchema,
  myEntriesResponseSchema,
  officialRulesOrTextResponseSchema,
} from '../../../shared/contracts/board-responses';
import {
  commitmentSchema,
  createEntrySchema,
  createFreeEntrySchema,
  entryLookupSchema,
  freeEntryCodeRequestSchema,
} from '../../../shared/contracts/boards';
import { errorCodes } from '../../../shared/contracts/errors';
import { apiPaths } from '../../../shared/contracts/paths';
import { singleLine } from '../../../shared/contracts/text';
import { freeEntryCodeSendLimits } from '../../../shared/domain/free-entry';
import { buildOfficialRules, rulesAsText } from '../../../shared/domain/legal';
import type { PerAddressLimit } from '../../http/client-address';
import { sessionHeaders } from '../../http/cookies';
import { AppError, errorBody } from '../../http/errors';
import type { StreamLimits } from '../../http/stream-limits';
import type { EventHub } from '../../platform/events';
import { createLiveRooms } from './live-rooms';
import type { BoardsService } from './service';

const params = z.object({ slug: singleLine('Board').min(1).max(100) });

/** A board slug as the multi-board stream takes it: lower-case letters, digits and single dashes. */
const liveSlug = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const liveQuery = z.object({ boards: singleLine('Boards').max(LIVE_BOARDS_MAX * 101) });

/** The boards a multi-board stream asks for, once each, in order; a 400 naming `boards` for a bad list. */
function liveBoardSlugs(list: string): string[] {
  const refuse = (message: string) => {
    throw new AppError(400, errorCodes.validation, message, { boards: message });
  };
  const slugs = [...new Set(list.split(',').map((s) => s.trim()))];
  if (slugs.length === 0 || slugs.some((s) => s === '')) refuse('List the boards as slugs separated by commas.');
  const bad = slugs.find((s) => s.length > 100 || !liveSlug.test(s));
  if (bad !== undefined) refuse(`"${bad.slice(0, 100)}" is not a board slug.`);
  if (slugs.length > LIVE_BOARDS_MAX) refuse(`Follow at most ${LIVE_BOARDS_MAX} boards on one stream.`);
  return slugs;
}

/** Public board routes. The viewer's account (when signed in) comes from `viewerOf`. */
export const boardRoutes: FastifyPluginAsyncZod<{
  service: BoardsService;
  events: EventHub;
  viewerOf: (headers: Headers) => Promise<{ userId: string | null }>;
  /** Open event streams allowed per client address and per instance. */
  limits: StreamLimits;
  /** The per-address entry budget the entry routes count against (entry-budget.ts), when there is one. */
  entryLimit?: PerAddressLimit;
}> = async (app, { service, events, viewerOf, limits, entryLimit }) => {
  const entryConfig: { perAddressLimit?: PerAddressLimit } = entryLimit ? { perAddressLimit: entryLimit } : {};
  // Open event streams never finish on their own: end them when the server closes, so shutdown drains.
  const streams = new Set<{ end(): void }>();
  const rooms = createLiveRooms(events, (topic) =>
    app.log.warn({ topic }, 'a board event that is not in the contract was dropped'),
  );
  app.addHook('preClose', async () => {
    for (const stream of [...streams]) stream.end();
  });

  /**
   * Live cells as Server-Sent Events: `event: cells` with `{ cells, code }` for every new entry, `release`
   * with `{ released }` for cells given back, `locked` and `scored` (shared/contracts/board-events.ts), and
   * `resync` when this process may have missed some (its LISTEN connection dropped and came back), so the
   * viewer re-reads the board. Viewers of one board share a room (live-rooms.ts): each event is encoded once
   * for all of them. Each client address may hold `perClient` streams (429 beyond) and the process `perInstance` (503 beyond); a stream's slot is
   * given back once, whichever way the stream ends (client gone, server closing, failed write).
   */
  const streamConfig = {
    perAddressLimit: { scope: 'streams', max: limits.perClient, counts: 'open streams' as const },
  };
  const streamRoute = { schema: { params }, config: streamConfig };

  /**
   * Serves one event stream that joins the rooms `subscriptions` names (looked up after the stream is
   * admitted, so a refused lookup still gives its slot back): each room's events are written to it, tagged
   * with their board when the subscription names one.
   */
  async function serveStream(
    req: FastifyRequest,
    reply: FastifyReply,
    subscriptions: () => Promise<{ topic: string; board?: string }[]>,
  ) {
    const admission = limits.admit(req.client);
    if (!admission.ok) {
      const perClient = admission.limit === 'client';
      reply.header('retry-after', perClient ? 30 : 10);
      return reply
        .code(perClient ? 429 : 503)
        .send(
          perClient
            ? errorBody(
                boardStreamErrorCodes.tooManyStreams,
                'Too many live boards are open from your network. Close some and try again.',
              )
            : errorBody(errorCodes.unavailable, 'Live boards are busy right now. Please try again shortly.'),
        );
    }
    const res = reply.raw;
    let ended = false;
    let open = false;
    const stops: (() => void)[] = [];
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    const write = (chunk: string | Buffer) => {
      if (open && !res.destroyed && !res.writableEnded) res.write(chunk);
    };
    const leaveAll = () => {
      for (const stop of stops.splice(0)) stop();
    };
    const stream = {
      end() {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        leaveAll();
        streams.delete(stream);
        admission.slot.release();
        if (open && !res.writableEnded) res.end();
      },
    };
    // Attached before anything is awaited, so a client that leaves (or a server that closes) while the
    // board is looked up still frees the slot.
    res.once('close', () => stream.end());
    res.on('error', () => stream.end());
    streams.add(stream);
    try {
      // Join before answering: if that fails the client gets an error, not a silent open stream.
      for (const { topic, board } of await subscriptions()) {
        stops.push(await rooms.join(topic, board === undefined ? { write } : { write, board }));
        if (ended) break;
      }
      if (ended) {
        leaveAll();
        if (res.destroyed) return reply.hijack();
        reply.header('retry-after', 2);
        return reply.code(503).send(errorBody(errorCodes.unavailable, 'The server is restarting. Try again shortly.'));
      }
    } catch (err) {
      stream.end();
      throw err;
    }
    reply.hijack();
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    open = true;
    write('retry: 2000\n\n');
    // Socket I/O of this one connection (proxies close a silent stream), not periodic work: no scheduler job.
    heartbeat = setInterval(() => write(': keep-alive\n\n'), 25_000);
  }

  app.get(apiPaths.boardEvents.pattern, streamRoute, async (req, reply) =>
    serveStream(req, reply, async () => [{ topic: await service.topicOf(req.params.slug) }]),
  );

  /**
   * Several boards' live events on one stream (a fan's entries on many boards, within the browser's few
   * connections per site): `?boards=a,b,c`, at most `LIVE_BOARDS_MAX` slugs, duplicates counted once. Each
   * event is its board stream's event with `board` (the slug) added to its data; `resync` names its board
   * too. 400 for a missing, malformed or overlong list, 404 naming the first unknown board. The stream counts
   * as one against the per-address and per-instance caps.
   */
  app.get(apiPaths.boardsLive, { schema: { querystring: liveQuery }, config: streamConfig }, async (req, reply) => {
    const slugs = liveBoardSlugs(req.query.boards);
    return serveStream(req, reply, async () => {
      const topics = await service.topicsOf(slugs);
      return topics.map(({ slug, topic }) => ({ topic, board: slug }));
    });
  });

  app.get(
    apiPaths.board.pattern,
    { schema: { params, response: { 200: boardViewResponseSchema } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return service.view(req.params.slug);
    },
  );

  app.post(
    apiPaths.boardEntries.pattern,
    { schema: { params, body: createEntrySchema, response: { 201: entryCreatedResponseSchema } }, config: entryConfig },
    async (req, reply) => {
      const headers = sessionHeaders(req.headers.cookie);
      const entry = await service.enter(req.params.slug, req.body, {
        ...(await viewerOf(headers)),
        address: req.client,
      });
      return reply.code(201).send({ entry });
    },
  );

  /**
   * A sweepstakes board's free method of entry: the entry body without an amount; 409 FREE_ENTRY_NOT_OFFERED on
   * other modes, 409 FREE_ENTRY_PERSON_LIMIT / FREE_ENTRY_BOARD_LIMIT past the board's limits.
   */
  app.post(
    apiPaths.boardFreeEntries.pattern,
    {
      schema: { params, body: createFreeEntrySchema, response: { 201: entryCreatedResponseSchema } },
      config: entryConfig,
    },
    async (req, reply) => {
      const headers = sessionHeaders(req.headers.cookie);
      const viewer = { ...(await viewerOf(headers)), address: req.client };
      const entry = await service.freeEnter(req.params.slug, req.body, viewer);
      return reply.code(201).send({ entry });
    },
  );

  /**
   * Texts the one-time code a free entry needs to the number given (the only text sent without consent): 202
   * with when it expires; 429 with Retry-After past the sends allowed per number, address or board; 409 on a
   * board that offers no free entry or takes no entries now.
   */
  app.post(
    apiPaths.boardFreeEntryCode.pattern,
    {
      schema: { params, body: freeEntryCodeRequestSchema, response: { 202: freeEntryCodeSentResponseSchema } },
      config: {
        perAddressLimit: { scope: 'free-code:address', max: freeEntryCodeSendLimits.perAddress.max },
      },
    },
    async (req, reply) => {
      const sent = await service.sendFreeEntryCode(req.params.slug, req.body.phone, req.client);
      reply.header('cache-control', 'no-store');
      return reply.code(202).send(sent);
    },
  );

  /**
   * The board's official rules, written from its settings (domain/legal buildOfficialRules): JSON sections, or
   * plain text when the client asks for text/plain.
   */
  app.get(
    apiPaths.boardRules.pattern,
    { schema: { params, response: { 200: officialRulesOrTextResponseSchema } } },
    async (req, reply) => {
      const rules = buildOfficialRules(await service.view(req.params.slug));
      reply.header('cache-control', 'no-store');
      const accept = req.headers.accept ?? '';
      if (accept.includes('text/plain') && !accept.includes('application/json')) {
        return reply.type('text/plain; charset=utf-8').send(rulesAsText(rules));
      }
      return rules;
    },
  );

  // POST, not GET: ticket numbers act as the visitor's secret and stay out of URLs and logs.
  app.post(
    apiPaths.entryLookup,
    { schema: { body: entryLookupSchema, response: { 200: myEntriesResponseSchema } } },
    async (req, reply) => {
      const headers = sessionHeaders(req.headers.cookie);
      const { userId } = await viewerOf(headers);
      reply.header('cache-control', 'no-store');
      return { entries: await service.myEntries({ tickets: req.body.tickets, userId }) };
    },
  );

  app.post(
    apiPaths.entryCommitment,
    { schema: { body: commitmentSchema, response: { 200: entrySummaryResponseSchema } } },
    async (req) => {
      const headers = sessionHeaders(req.headers.cookie);
      const { userId } = await viewerOf(headers);
      return service.commit({ ...req.body, userId });
    },
  );

  // The ticket number is the key (a secret the entrant holds), so a reload or a shared link keeps working.
  app.post(
    apiPaths.entrySummary,
    {
      schema: {
        body: z.object({ ticket: z.string().regex(/^[A-Z]{9}$/) }),
        response: { 200: entrySummaryResponseSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return service.summary(req.body.ticket);
    },
  );
};
