import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoBoards } from '../../src/server/db/seed/boards';
import { ORIGIN } from '../support/http';
import { type EventStream, openEventStream, type SseEvent } from '../support/sse';
import { createTestApp, listenOn, type TestContext } from '../support/test-app';
import { testDatabaseKind } from '../support/test-db';

let ctx: TestContext;
let base = '';

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoBoards(ctx.database.db, ctx.clock, () => 'ab'.repeat(32));
  base = await listenOn(ctx.app);
});
afterAll(() => ctx.close());

/** The `cells` events a viewer has seen once it has `count` of them, or all it got when `timeoutMs` passes. */
async function cellEvents(viewer: EventStream, count: number, timeoutMs = 5000) {
  const isCells = (e: SseEvent) => e.event === 'cells';
  const events = await viewer.collect((all) => all.filter(isCells).length >= count, { timeoutMs });
  viewer.close();
  return events.filter(isCells).map((e) => e.data);
}

describe(`live board updates on ${testDatabaseKind} (LISTEN/NOTIFY -> Server-Sent Events)`, () => {
  it('sends every viewer the new cells and code of each committed entry', async () => {
    const viewers = await Promise.all(
      [1, 2, 3].map(() => openEventStream(`${base}/api/boards/thunder-timberwolves/events`)),
    );
    for (const v of viewers) {
      expect(v.status).toBe(200);
      expect(v.headers['content-type']).toContain('text/event-stream');
    }
    const reading = viewers.map((v) => cellEvents(v, 2));
    const entered = [];
    for (const nickname of ['Live', 'Wire']) {
      const res = await fetch(`${base}/api/boards/thunder-timberwolves/entries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: JSON.stringify({
          phone: '+12025550191',
          nickname,
          amountCents: 100,
          ageConfirmed: true,
          rulesAccepted: true,
          state: 'OH',
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
    const viewer = await openEventStream(`${base}/api/boards/thunder-timberwolves/events`);
    const reading = cellEvents(viewer, 1, 1500);
    const bad = await fetch(`${base}/api/boards/thunder-timberwolves/entries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({
        phone: '+12025550191',
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
    const viewer = await openEventStream(`${await listenOn(app)}/api/boards/thunder-timberwolves/events`);
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(2000);
    // The stream ends instead of hanging.
    await viewer.ended;
  });
});
