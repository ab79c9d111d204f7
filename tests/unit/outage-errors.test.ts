import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AppError,
  databaseUnavailableMessage,
  probeTimeoutMs,
  registerErrorHandling,
  unavailableRetryAfterSeconds,
  unavailableWarnEveryMs,
} from '../../src/server/http/errors';
import { fixedClock } from '../../src/server/platform/clock';

/**
 * The error handler's side of an outage: a recognised connection failure is 503 UNAVAILABLE with Retry-After,
 * an unrecognised 500 becomes one only when the database does not answer the probe, and the log gets one warning
 * line per minute (no stack, no query text) instead of a stack per request.
 */

interface LogLine {
  level: number;
  msg: string;
  cause?: { code?: string; message: string };
  err?: unknown;
  alsoUnreachableSinceLastWarning?: number;
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

function build(opts: { probe?: () => Promise<boolean> } = {}) {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const clock = fixedClock('2025-06-11T16:00:00Z');
  app = Fastify({ logger: { level: 'warn', stream } });
  registerErrorHandling(app, { clock, ...opts });
  const refused = () => {
    const driver = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });
    // As Drizzle wraps it: the query and its parameters are in the wrapper's message.
    throw Object.assign(new Error('Failed query: insert into entries values ($1)\nparams: +12025550191'), {
      cause: driver,
    });
  };
  app.get('/refused', async () => refused());
  app.addHook('preHandler', async (req) => {
    if (req.url === '/hook') refused();
  });
  app.get('/hook', async () => ({ ok: true }));
  app.get('/hidden', async () => {
    // Better Auth's session lookup: its own 500, the cause only in its logger.
    throw Object.assign(new Error('Failed to get session'), { statusCode: 500, status: 'INTERNAL_SERVER_ERROR' });
  });
  app.get('/bug', async () => {
    throw new TypeError('x is not a function');
  });
  app.get('/conflict', async () => {
    throw new AppError(409, 'BOARD_FULL', 'Board full');
  });
  return { app, lines, clock };
}

const unavailableBody = { error: { code: 'UNAVAILABLE', message: databaseUnavailableMessage } };

describe('the error handler during an outage', () => {
  it('answers a lost database 503 UNAVAILABLE with Retry-After, from a handler or a hook', async () => {
    const { app } = build();
    for (const url of ['/refused', '/hook']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after']).toBe(String(unavailableRetryAfterSeconds));
      expect(res.json()).toEqual(unavailableBody);
    }
  });

  it('warns once a minute, naming the driver error only (no stack, no query, no phone number)', async () => {
    const { app, lines, clock } = build();
    for (let i = 0; i < 25; i++) expect((await app.inject({ url: '/refused' })).statusCode).toBe(503);
    expect(lines).toHaveLength(1);
    const [first] = lines;
    expect(first?.level).toBe(40);
    expect(first?.msg).toBe('database unreachable: answering 503 UNAVAILABLE');
    expect(first?.cause).toEqual({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 10.0.0.5:5432' });
    expect(JSON.stringify(lines)).not.toMatch(/2025550191|Failed query|stack/);

    clock.advance(unavailableWarnEveryMs - 1);
    await app.inject({ url: '/refused' });
    expect(lines).toHaveLength(1);
    clock.advance(1);
    await app.inject({ url: '/hook' });
    expect(lines).toHaveLength(2);
    expect(lines[1]?.alsoUnreachableSinceLastWarning).toBe(25);
    console.log(`outage log: 27 requests over ${unavailableWarnEveryMs / 1000} s, ${lines.length} warning lines`);
  });

  it('an unexplained 500 is an outage only when the database does not answer the probe', async () => {
    let answers = true;
    let probes = 0;
    const { app, lines } = build({
      probe: async () => {
        probes += 1;
        return answers;
      },
    });
    const up = await app.inject({ url: '/hidden' });
    expect(up.statusCode).toBe(500);
    expect(up.json().error.code).toBe('INTERNAL');
    expect(lines.filter((l) => l.level === 50)).toHaveLength(1);

    answers = false;
    const down = await app.inject({ url: '/hidden' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual(unavailableBody);
    // The warning names the error's kind only: an unrecognised error's message may hold a query's parameters.
    expect(lines.at(-1)).toMatchObject({
      level: 40,
      cause: { message: 'Error; the database does not answer a probe' },
    });
    expect((await app.inject({ url: '/bug' })).statusCode).toBe(503);
    // A probe that throws counts as no answer; recognised failures and FanGrid's own errors need no probe.
    const before = probes;
    expect((await app.inject({ url: '/refused' })).statusCode).toBe(503);
    expect((await app.inject({ url: '/conflict' })).statusCode).toBe(409);
    expect(probes).toBe(before);
  });

  it('a probe that hangs counts as no answer after the probe timeout (on the injected clock)', async () => {
    const { app, clock } = build({ probe: () => new Promise<boolean>(() => {}) });
    let settled = false;
    const pending = app.inject({ url: '/hidden' }).finally(() => {
      settled = true;
    });
    // Each round lets the request reach the handler and start its probe, then moves time past the timeout.
    for (let round = 0; round < 50 && !settled; round++) {
      await new Promise((resolve) => setImmediate(resolve));
      await clock.tick(probeTimeoutMs);
    }
    const res = await pending;
    expect(res.statusCode).toBe(503);
  });

  it('a probe that throws counts as no answer', async () => {
    const { app } = build({
      probe: async () => {
        throw new Error('PGlite is closed');
      },
    });
    expect((await app.inject({ url: '/hidden' })).statusCode).toBe(503);
  });
});
