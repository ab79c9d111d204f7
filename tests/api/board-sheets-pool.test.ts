import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoBoards } from '../../src/server/db/seed/boards';
import { createWorkerPool, type WorkerPool } from '../../src/server/platform/workers/pool';
import type { Tasks } from '../../src/server/worker';
import { fictionPhone } from '../support/fiction-phones.mjs';
import { createGate, gateWorkerFile } from '../support/gate-worker';
import { Client } from '../support/http';
import { readPdf } from '../support/pdf';
import { createTestApp, type TestContext } from '../support/test-app';

/**
 * The printable sheet off the event loop: built on a worker thread, once per board state (cached, concurrent
 * requests sharing the build), 503 with Retry-After when the pool's queue is full, and /api/health/live
 * answering while sheets are being built. The pool runs FanGrid's worker tasks plus a `hold` task that keeps a
 * thread busy until the test opens its gate, so "busy" is a state the test sets.
 */
let ctx: TestContext;
const SINGLE = 'thunder-timberwolves';
const PAIRS = 'knicks-vs-pacers';
const THREADS = 1;
const MAX_QUEUE = 3;
const pool = createWorkerPool<Tasks & { hold: (gate: SharedArrayBuffer) => string }>({
  filename: gateWorkerFile,
  threads: THREADS,
  maxQueue: MAX_QUEUE,
});
let sheetBuilds = 0;
/** The app's pool: the one above, counting the sheets it is asked to build. */
const counting: WorkerPool<Tasks> = {
  run(task, input) {
    if (task === 'boardSheet') sheetBuilds++;
    return pool.run(task, input);
  },
  get started() {
    return pool.started;
  },
  get pending() {
    return pool.pending;
  },
  threads: pool.threads,
  close: () => pool.close(),
};

let ip = 0;
/** Each request from a new address: the per-address sheet limit (20 a minute) is not what these tests look at. */
const sheet = (slug: string, size = 'letter', headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/boards/${slug}/sheet.pdf?size=${size}`,
    remoteAddress: `10.88.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`,
    headers,
  });
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

beforeAll(async () => {
  ctx = await createTestApp({ workerPool: counting });
  let n = 0;
  await seedDemoBoards(ctx.database.db, ctx.clock, () => (n++).toString(16).padStart(64, 'c'));
  // The seed writes boards at the wall clock's time; here they were made before the test's clock.
  await ctx.database.db.execute(sql`update boards set created_at = '2025-06-01T00:00:00Z'`);
});
afterAll(() => ctx.close());

const enter = async (slug: string, i: number) => {
  const res = await new Client(ctx.app, `10.89.0.${i + 1}`).post(`/api/boards/${slug}/entries`, {
    phone: fictionPhone(i),
    nickname: `Fan ${i}`,
    amountCents: 500,
    ageConfirmed: true,
    rulesAccepted: true,
    state: 'OH',
    idempotencyKey: `pool-${slug}-${i}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().entry.code as string;
};

describe('the printable sheet, built off the event loop', () => {
  it('starts no worker thread before the first sheet', () => {
    expect(pool.started).toBe(false);
  });

  it('builds once for 100 concurrent requests of one board, all served the same bytes and ETag', async () => {
    const first = await enter(SINGLE, 0);
    const responses = await Promise.all(Array.from({ length: 100 }, () => sheet(SINGLE)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(100).fill(200));
    expect(new Set(responses.map((r) => sha(r.rawPayload))).size).toBe(1);
    const etags = new Set(responses.map((r) => r.headers.etag));
    expect(etags.size).toBe(1);
    expect(sheetBuilds).toBe(1);
    expect(pool.started).toBe(true);
    const etag = String(responses[0]?.headers.etag);
    expect(etag).toMatch(/^"sheet-[\w-]{27}"$/);
    expect(responses[0]?.headers['cache-control']).toBe('no-cache');
    const [page] = (await readPdf(responses[0]?.rawPayload ?? Buffer.alloc(0))).pages;
    expect(page?.items).toContain(first);
    expect(page?.text).toContain('Board as of 2025-06-11 16:00 UTC');
    // An unchanged board revalidates to 304 without building; another size is another sheet.
    const again = await sheet(SINGLE, 'letter', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await sheet(SINGLE, 'a4')).statusCode).toBe(200);
    expect(sheetBuilds).toBe(2);
    console.info(`sheet cache: 100 concurrent requests for one board -> ${sheetBuilds - 1} build`);
  });

  it('gives a new sheet, showing the new entry and its time, once the board changes', async () => {
    const before = await sheet(SINGLE);
    const builds = sheetBuilds;
    expect(builds).toBe(2); // served from the cache
    ctx.clock.advance(5 * 60_000);
    const code = await enter(SINGLE, 1);
    const after = await sheet(SINGLE, 'letter', { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(sheetBuilds).toBe(builds + 1);
    const [page] = (await readPdf(after.rawPayload)).pages;
    expect(page?.items).toContain(code);
    expect(page?.text).toContain('Board as of 2025-06-11 16:05 UTC');
    expect(page?.text).toContain('2 of 100 entries');
    // The time of the request is not printed: minutes later the unchanged board is the same sheet.
    ctx.clock.advance(3 * 60_000);
    const later = await sheet(SINGLE);
    expect(later.headers.etag).toBe(after.headers.etag);
    expect(sheetBuilds).toBe(builds + 1);
  });

  it('answers 503 UNAVAILABLE with Retry-After when the queue is full, and serves the sheet once there is room', async () => {
    const gate = createGate();
    const held = Array.from({ length: THREADS + MAX_QUEUE }, () => pool.run('hold', gate.buffer));
    try {
      const builds = sheetBuilds;
      const res = await sheet(PAIRS, 'a4');
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.json()).toEqual({
        error: { code: 'UNAVAILABLE', message: 'The server is busy building documents. Try again in a moment.' },
      });
      expect(sheetBuilds).toBe(builds + 1); // asked, and refused before anything was queued
      // A cached sheet is still served while the pool is full.
      expect((await sheet(SINGLE)).statusCode).toBe(200);
    } finally {
      gate.open();
      await Promise.all(held);
    }
    const res = await sheet(PAIRS, 'a4');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('keeps /api/health/live answering while sheets are being built', async () => {
    ctx.clock.advance(60_000);
    await enter(PAIRS, 2);
    const gate = createGate();
    const held = pool.run('hold', gate.buffer);
    let settled = 0;
    // Three sheets not built yet (a changed board, another size) wait for the busy thread.
    const building = [sheet(PAIRS, 'letter'), sheet(PAIRS, 'a4'), sheet(SINGLE, 'a4')].map((p) =>
      p.then((r) => {
        settled++;
        return r;
      }),
    );
    try {
      await expect.poll(() => pool.pending).toBe(THREADS + MAX_QUEUE);
      for (let i = 0; i < 5; i++) {
        const live = await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
        expect(live.statusCode).toBe(200);
      }
      expect(settled).toBe(0);
    } finally {
      gate.open();
      await held;
    }
    const done = await Promise.all(building);
    expect(done.map((r) => r.statusCode)).toEqual([200, 200, 200]);
  });

  it('gives a new sheet when the board locks: its drawn digits, not the question marks', async () => {
    const before = await sheet(SINGLE);
    expect(before.statusCode).toBe(200);
    const admin = new Client(ctx.app, '10.89.1.1');
    expect((await admin.post('/api/admin-gate/passcode', { passcode: 'fangrid1' })).statusCode).toBe(200);
    expect((await admin.post('/api/admin-gate/phrase', { phrase: 'game day' })).statusCode).toBe(200);
    ctx.clock.advance(60_000);
    expect((await admin.post(`/api/admin/boards/${SINGLE}/lock`)).statusCode).toBe(200);
    const after = await sheet(SINGLE, 'letter', { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const [page] = (await readPdf(after.rawPayload)).pages;
    expect(page?.items).not.toContain('?');
    expect(page?.text).toContain('Locked: numbers drawn');
  });
});
