import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoBoards } from '../../src/server/db/seed/boards';
import { ORIGIN } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { testDatabaseKind } from '../support/test-db';

let ctx: TestContext;
let base = '';

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoBoards(ctx.database.db, ctx.clock, () => 'ab'.repeat(32));
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const address = ctx.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => ctx.close());

/** Reads Server-Sent Events from a fetch stream until `count` `cells` events have arrived. */
async function readCellEvents(res: Response, count: number, timeoutMs = 5000) {
  const reader = res.body?.getReader();
  if (!reader) throw new Error('no body');
  const decoder = new TextDecoder();
  const events: unknown[] = [];
  let buffer = '';
  const deadline = Date.now() + timeoutMs;
  while (events.length < count && Date.now() < deadline) {
    const { value, done } = await Promise.race([
      reader.read(),
      new Promise<{ value: undefined; done: true }>((r) =>
        setTimeout(() => r({ value: undefined, done: true }), deadline - Date.now()),
      ),
    ]);
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    for (let i = buffer.indexOf('\n\n'); i !== -1; i = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, i);
      buffer = buffer.slice(i + 2);
      if (block.startsWith('event: cells')) events.push(JSON.parse(block.split('\ndata: ')[1] ?? 'null'));
    }
  }
  await reader.cancel();
  return events;
}

describe(`live board updates on ${testDatabaseKind} (LISTEN/NOTIFY -> Server-Sent Events)`, () => {
  it('sends every viewer the new cells and code of each committed entry', async () => {
    const viewers = await Promise.all([1, 2, 3].map(() => fetch(`${base}/api/boards/thunder-timberwolves/events`)));
    for (const v of viewers) {
      expect(v.status).toBe(200);
      expect(v.headers.get('content-type')).toContain('text/event-stream');
    }
    const reading = viewers.map((v) => readCellEvents(v, 2));
    const entered = [];
    for (const nickname of ['Live', 'Wire']) {
      const res = await fetch(`${base}/api/boards/thunder-timberwolves/entries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: JSON.stringify({
          phone: '+15551234567',
          nickname,
          amountCents: 100,
          idempotencyKey: `live-${nickname}-key`,
        }),
      });
      expect(res.status).toBe(201);
      entered.push((await res.json()).entry);
    }
    for (const events of await Promise.all(reading)) {
      expect(events).toEqual(entered.map((e) => ({ cells: e.cells, code: e.code })));
    }
  });

  it('announces nothing for a refused entry, and 404s for an unknown board', async () => {
    const viewer = await fetch(`${base}/api/boards/thunder-timberwolves/events`);
    const reading = readCellEvents(viewer, 1, 1500);
    const bad = await fetch(`${base}/api/boards/thunder-timberwolves/entries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({
        phone: '+15551234567',
        nickname: 'Bad',
        amountCents: 9999,
        idempotencyKey: 'live-bad-key',
      }),
    });
    expect(bad.status).toBe(400);
    expect(await reading).toEqual([]);
    expect((await fetch(`${base}/api/boards/nope/events`)).status).toBe(404);
  });

  it('ends open event streams when the server closes, so shutdown does not hang', async () => {
    const { buildApp } = await import('../../src/server/app');
    const app = await buildApp({ database: ctx.database, clock: ctx.clock, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const viewer = await fetch(`http://127.0.0.1:${port}/api/boards/thunder-timberwolves/events`);
    const reader = viewer.body?.getReader();
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(2000);
    // The stream ends instead of hanging.
    for (;;) {
      const { done } = (await reader?.read()) ?? { done: true };
      if (done) break;
    }
  });
});
