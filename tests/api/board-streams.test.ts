import http from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { seedDemoBoards } from '../../src/server/db/seed/boards';
import { createStreamLimits } from '../../src/server/http/stream-limits';
import { fictionPhone } from '../support/fiction-phones.mjs';
import { ORIGIN } from '../support/http';
import { type EventStream, eventually, openEventStream } from '../support/sse';
import { createTestApp, listenOn, type TestContext } from '../support/test-app';
import { testDatabaseKind } from '../support/test-db';

/**
 * Open event streams are capped per client address and per instance, and every way a stream can end
 * gives its slot back exactly once. Real sockets from distinct loopback addresses (127.0.0.x) stand in
 * for distinct clients.
 */
const limits = createStreamLimits({ perClient: 3, perInstance: 5 });
let ctx: TestContext;
let base = '';
const board = 'thunder-timberwolves';
const eventsUrl = (slug = board) => `${base}/api/boards/${slug}/events`;
let entrySeq = 0;

async function enter() {
  entrySeq += 1;
  const res = await fetch(`${base}/api/boards/${board}/entries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({
      phone: fictionPhone(entrySeq),
      nickname: `S${entrySeq}`,
      amountCents: 100,
      ageConfirmed: true,
      rulesAccepted: true,
      state: 'OH',
      idempotencyKey: `streams-entry-${entrySeq}`,
    }),
  });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return { cells: body.entry.cells as number[], code: body.entry.code as string };
}

const openFrom = (localAddress: string, slug?: string) => openEventStream(eventsUrl(slug), { localAddress });
const closeAll = async (streams: EventStream[]) => {
  for (const s of streams) s.close();
  await eventually(() => limits.open() === 0, 5000, 'every slot given back');
};

beforeAll(async () => {
  ctx = await createTestApp({ streamLimits: limits });
  await seedDemoBoards(ctx.database.db, ctx.clock, () => 'ef'.repeat(32));
  base = await listenOn(ctx.app);
});
afterAll(() => ctx.close());

describe(`event stream caps on ${testDatabaseKind}`, () => {
  it('refuses a fourth stream from one address with 429, Retry-After and the error shape, keeping the three', async () => {
    const mine = [await openFrom('127.0.0.2'), await openFrom('127.0.0.2'), await openFrom('127.0.0.2')];
    expect(mine.map((s) => s.status)).toEqual([200, 200, 200]);
    // Refused before the board is looked up: an unknown board is refused the same way.
    for (const slug of [board, 'no-such-board', 'finals-game-5']) {
      const refused = await openFrom('127.0.0.2', slug);
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('30');
      expect(refused.headers['content-type']).toContain('application/json');
      expect(refused.body).toEqual({
        error: { code: 'TOO_MANY_STREAMS', message: expect.stringContaining('Too many live boards') },
      });
    }
    expect(limits.open()).toBe(3);
    expect(limits.openBy('127.0.0.2')).toBe(3);
    // The three still work, and another address is not affected.
    const other = await openFrom('127.0.0.3');
    expect(other.status).toBe(200);
    const entry = await enter();
    for (const s of [...mine, other]) expect((await s.waitFor((e) => e.event === 'cells')).data).toEqual(entry);
    await closeAll([...mine, other]);
  });

  it('refuses any stream past the instance cap with 503 and Retry-After; the rest of the API still answers', async () => {
    const open = [];
    for (const address of ['127.0.0.2', '127.0.0.2', '127.0.0.2', '127.0.0.3', '127.0.0.4']) {
      open.push(await openFrom(address));
    }
    expect(open.every((s) => s.status === 200)).toBe(true);
    for (const address of ['127.0.0.5', '127.0.0.6', '127.0.0.3']) {
      const refused = await openFrom(address);
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('10');
      expect(refused.body).toEqual({ error: { code: 'UNAVAILABLE', message: expect.any(String) } });
    }
    // A client at its own cap hears about its own cap.
    expect((await openFrom('127.0.0.2')).status).toBe(429);
    expect(limits.open()).toBe(5);
    expect((await fetch(`${base}/api/boards/${board}`)).status).toBe(200);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    await closeAll(open);
  });

  it('holds no slot for a refused board: 404 for an unknown board, 400 for an overlong slug', async () => {
    for (let i = 0; i < 5; i++) {
      const unknown = await openFrom('127.0.0.2', 'no-such-board');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ error: { code: 'BOARD_NOT_FOUND' } });
      expect((await openFrom('127.0.0.2', 'x'.repeat(101))).status).toBe(400);
    }
    expect(limits.open()).toBe(0);
    const streams = [await openFrom('127.0.0.2'), await openFrom('127.0.0.2'), await openFrom('127.0.0.2')];
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
    await closeAll(streams);
  });

  it('frees exactly one slot when a client closes a stream (FIN or RST), even if the server writes after', async () => {
    for (const how of ['end', 'reset'] as const) {
      const streams = [await openFrom('127.0.0.2'), await openFrom('127.0.0.2'), await openFrom('127.0.0.2')];
      expect((await openFrom('127.0.0.2')).status).toBe(429);
      streams[0]?.close(how);
      await eventually(() => limits.openBy('127.0.0.2') === 2, 5000, `slot freed after ${how}`);
      // Events still flow to the others; writing to none of the gone one's socket changes the count.
      const entry = await enter();
      for (const s of streams.slice(1)) expect((await s.waitFor((e) => e.event === 'cells')).data).toEqual(entry);
      expect(limits.open()).toBe(2);
      const again = await openFrom('127.0.0.2');
      expect(again.status).toBe(200);
      expect((await openFrom('127.0.0.2')).status).toBe(429);
      await closeAll([...streams.slice(1), again]);
      expect(limits.openBy('127.0.0.2')).toBe(0);
    }
  });

  /** Holds the boards table locked, so stream requests wait in their board lookup until `unlock`. */
  async function lockBoards() {
    let unlock = () => {};
    const held = new Promise<void>((r) => {
      unlock = r;
    });
    let locked = () => {};
    const isLocked = new Promise<void>((r) => {
      locked = r;
    });
    const done = ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table boards in access exclusive mode`);
      locked();
      await held;
    });
    await isLocked;
    return async () => {
      unlock();
      await done;
    };
  }

  /** A new app with its own counter, counting the requests it has seen. */
  async function appWithCounter() {
    const own = createStreamLimits({ perClient: 100, perInstance: 100 });
    const app = await buildApp({ database: ctx.database, clock: ctx.clock, logger: false, streamLimits: own });
    const seen = { count: 0 };
    app.addHook('onRequest', async () => {
      seen.count += 1;
    });
    return { own, app, seen, url: `${await listenOn(app)}/api/boards/${board}/events` };
  }

  it('gives the slot back when a client leaves while its board is still being looked up', async () => {
    const { own, app, seen, url } = await appWithCounter();
    const unlock = await lockBoards();
    const reqs = Array.from({ length: 10 }, () => {
      const req = http.get(url, { localAddress: '127.0.0.2', agent: false });
      req.on('error', () => {});
      return req;
    });
    await eventually(() => seen.count === 10 && own.open() === 10, 5000, 'ten lookups waiting');
    for (const req of reqs) req.destroy();
    await eventually(() => own.open() === 0, 5000, 'slots given back while the lookups still wait');
    await unlock();
    // The lookups finish for clients that are gone: nothing is counted again.
    await eventually(async () => (await fetch(`${base}/api/health`)).status === 200, 5000, 'database free');
    expect(own.open()).toBe(0);
    const stream = await openEventStream(url, { localAddress: '127.0.0.2' });
    expect(stream.status).toBe(200);
    expect(own.open()).toBe(1);
    stream.close();
    await eventually(() => own.open() === 0, 5000, 'last slot given back');
    await app.close();
  });

  it('answers 503 to streams still being looked up when the server starts closing, freeing their slots', async () => {
    const { own, app, seen, url } = await appWithCounter();
    const unlock = await lockBoards();
    const pending = Array.from({ length: 3 }, () => openEventStream(url, { localAddress: '127.0.0.3' }));
    await eventually(() => seen.count === 3, 5000, 'three lookups waiting');
    const closing = app.close();
    await eventually(() => own.open() === 0, 5000, 'slots given back at close');
    await unlock();
    for (const stream of await Promise.all(pending)) {
      expect(stream.status).toBe(503);
      expect(stream.headers['retry-after']).toBe('2');
      expect(stream.body).toMatchObject({ error: { code: 'UNAVAILABLE' } });
    }
    await closing;
    expect(own.open()).toBe(0);
  });

  it('gives every slot back when the server closes its streams, and the count returns to zero', async () => {
    const own = createStreamLimits({ perClient: 2, perInstance: 10 });
    const app = await buildApp({ database: ctx.database, clock: ctx.clock, logger: false, streamLimits: own });
    const url = `${await listenOn(app)}/api/boards/${board}/events`;
    const streams = [];
    for (const address of ['127.0.0.2', '127.0.0.2', '127.0.0.3']) {
      streams.push(await openEventStream(url, { localAddress: address }));
    }
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
    expect(own.open()).toBe(3);
    await app.close();
    await Promise.all(streams.map((s) => s.ended));
    expect(own.open()).toBe(0);
    expect(own.openBy('127.0.0.2')).toBe(0);
  });

  it('reads the caps from the settings when no counter is given (SSE_MAX_PER_CLIENT, SSE_MAX_PER_INSTANCE)', async () => {
    const app = await buildApp({
      database: ctx.database,
      clock: ctx.clock,
      logger: false,
      settings: { sseMaxPerClient: 1, sseMaxPerInstance: 2 },
    });
    const url = `${await listenOn(app)}/api/boards/${board}/events`;
    const first = await openEventStream(url, { localAddress: '127.0.0.2' });
    expect(first.status).toBe(200);
    expect((await openEventStream(url, { localAddress: '127.0.0.2' })).status).toBe(429);
    const second = await openEventStream(url, { localAddress: '127.0.0.3' });
    expect(second.status).toBe(200);
    expect((await openEventStream(url, { localAddress: '127.0.0.4' })).status).toBe(503);
    first.close();
    // The freed slot is usable again once the server has seen the close.
    await eventually(
      async () => {
        const retry = await openEventStream(url, { localAddress: '127.0.0.4' });
        if (retry.status === 200) retry.close();
        return retry.status === 200;
      },
      5000,
      'a freed slot reused',
    );
    second.close();
    await app.close();
  });
});
