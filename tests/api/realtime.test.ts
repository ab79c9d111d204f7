import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { type Database, openDatabase } from '../../src/server/db/client';
import { LISTENER_APPLICATION_NAME } from '../../src/server/db/listener';
import { seedDemoBoards } from '../../src/server/db/seed/boards';
import { fictionPhone } from '../support/fiction-phones.mjs';
import { ORIGIN } from '../support/http';
import { eventually, openEventStream } from '../support/sse';
import { createTestApp, listenOn, type TestContext } from '../support/test-app';
import { testDatabaseKind } from '../support/test-db';

/**
 * Two FanGrid instances on one database: entries posted on A reach viewers on B through LISTEN/NOTIFY.
 * On PostgreSQL, B's LISTEN connection is then terminated (as a server restart or failover would) to
 * check that B reports it, comes back on its own, and tells open streams to re-sync.
 */
const onPostgres = testDatabaseKind === 'postgres';
const board = 'thunder-timberwolves';

let a: TestContext;
let databaseB: Database;
let appB: FastifyInstance;
let baseA = '';
let baseB = '';
/** B's reconnection waits: what it asked for, and the waits still held (released by the test). */
const waitsAsked: number[] = [];
const held: Array<() => void> = [];
let holdReconnects = false;
let entrySeq = 0;
/** PostgreSQL: the URL of the database A and B share. */
let sharedUrl = '';

/** The pids of this test database's listener connections (A's and B's share the database). */
async function listenerPids(): Promise<number[]> {
  const rows = await a.database.db.execute<{ pid: number }>(
    `select pid from pg_stat_activity where application_name = '${LISTENER_APPLICATION_NAME}' and datname = current_database()`,
  );
  return (rows as unknown as { rows: Array<{ pid: number }> }).rows.map((r) => r.pid);
}

let pidA = 0;
/** Terminates B's listener backend only: this database's `fangrid-listener` that is not A's. */
async function terminateListenerOfB(): Promise<number> {
  const pids = (await listenerPids()).filter((pid) => pid !== pidA);
  expect(pids).toHaveLength(1);
  const [pid] = pids;
  const result = await a.database.db.execute(
    `select pg_terminate_backend(pid) as killed from pg_stat_activity
      where application_name = '${LISTENER_APPLICATION_NAME}' and datname = current_database() and pid = ${Number(pid)}`,
  );
  expect((result as unknown as { rows: Array<{ killed: boolean }> }).rows).toEqual([{ killed: true }]);
  return pid ?? 0;
}

async function enterOnA(): Promise<{ cells: number[]; code: string }> {
  entrySeq += 1;
  const res = await fetch(`${baseA}/api/boards/${board}/entries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({
      phone: fictionPhone(entrySeq),
      nickname: `Fan${entrySeq}`,
      amountCents: 100,
      ageConfirmed: true,
      rulesAccepted: true,
      state: 'OH',
      idempotencyKey: `realtime-entry-${entrySeq}`,
    }),
  });
  expect(res.status).toBe(201);
  const { entry } = await res.json();
  return { cells: entry.cells, code: entry.code };
}

const health = async (base: string) => {
  const res = await fetch(`${base}/api/health`);
  return { status: res.status, body: await res.json() };
};

beforeAll(async () => {
  a = await createTestApp();
  await seedDemoBoards(a.database.db, a.clock, () => 'cd'.repeat(32));
  if (onPostgres) {
    pidA = (await listenerPids())[0] ?? 0;
    expect(pidA).toBeGreaterThan(0);
    const name = (await a.database.db.execute<{ name: string }>('select current_database() as name')) as unknown as {
      rows: Array<{ name: string }>;
    };
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.pathname = `/${name.rows[0]?.name}`;
    sharedUrl = url.toString();
    databaseB = await openDatabase({
      kind: 'postgres',
      url: sharedUrl,
      max: 2,
      listener: {
        random: () => 0,
        // Waits pass at once unless the test holds them, so it can look at B while its listener is down.
        wait: (ms, signal) =>
          new Promise<void>((resolve) => {
            waitsAsked.push(ms);
            if (!holdReconnects || signal.aborted) return resolve();
            held.push(resolve);
            signal.addEventListener('abort', () => resolve(), { once: true });
          }),
      },
    });
  } else {
    // PGlite lives in this process: a second instance shares the same database object.
    databaseB = a.database;
  }
  appB = await buildApp({ database: databaseB, clock: a.clock, logger: false });
  baseA = await listenOn(a.app);
  baseB = await listenOn(appB);
});

afterAll(async () => {
  for (const release of held.splice(0)) release();
  await appB?.close();
  if (onPostgres) await databaseB?.close();
  await a?.close();
});

describe(`two instances on one ${testDatabaseKind} database`, () => {
  it('both report realtime ok from the start, and a viewer on B sees an entry made on A', async () => {
    for (const base of [baseA, baseB]) {
      expect(await health(base)).toEqual({
        status: 200,
        body: { status: 'ok', database: 'ok', realtime: 'ok', uptimeSeconds: 0 },
      });
    }
    const viewer = await openEventStream(`${baseB}/api/boards/${board}/events`);
    expect(viewer.status).toBe(200);
    const entry = await enterOnA();
    expect((await viewer.waitFor((e) => e.event === 'cells')).data).toEqual(entry);
    viewer.close();
  });
});

describe.skipIf(!onPostgres)(
  'a dropped LISTEN connection (PostgreSQL only: PGlite runs inside the process, so its LISTEN cannot drop)',
  () => {
    it('listens as soon as the app is built, before any viewer subscribes', async () => {
      const before = new Set(await listenerPids());
      // The listener keeps its own name even when the URL names the application otherwise.
      const databaseC = await openDatabase({
        kind: 'postgres',
        url: `${sharedUrl}?application_name=someone-else`,
        max: 1,
      });
      expect(await listenerPids()).toHaveLength(before.size);
      const c = await buildApp({ database: databaseC, logger: false });
      const added = (await listenerPids()).filter((pid) => !before.has(pid));
      expect(added).toHaveLength(1);
      await c.close();
      await databaseC.close();
      await eventually(async () => !(await listenerPids()).includes(added[0] ?? 0), 5000, 'C’s listener gone');
    });

    it('is reported by health (503, realtime down) until it is back, and only on the instance that lost it', async () => {
      holdReconnects = true;
      waitsAsked.length = 0;
      const viewer = await openEventStream(`${baseB}/api/boards/${board}/events`);
      const killed = await terminateListenerOfB();
      await eventually(async () => (await health(baseB)).status === 503, 5000, 'B reporting realtime down');
      expect(await health(baseB)).toEqual({
        status: 503,
        body: { status: 'error', database: 'ok', realtime: 'down', uptimeSeconds: 0 },
      });
      expect((await health(baseA)).status).toBe(200);
      // Backoff starts at 250 ms, jittered by the injected random source (0: half of it).
      expect(waitsAsked[0]).toBe(125);

      // Committed while B is deaf: B's viewer cannot hear it, so it must be told to re-read the board.
      const missed = await enterOnA();
      // A stream opened while the listener is down is still served; it gets the resync too.
      const lateViewer = await openEventStream(`${baseB}/api/boards/${board}/events`);
      expect(lateViewer.status).toBe(200);
      expect(viewer.events.filter((e) => e.event === 'cells')).toEqual([]);
      expect(await health(baseB)).toMatchObject({ status: 503 });

      holdReconnects = false;
      for (const release of held.splice(0)) release();
      for (const stream of [viewer, lateViewer]) {
        expect((await stream.waitFor((e) => e.event === 'resync')).data).toEqual({});
      }
      expect(await health(baseB)).toMatchObject({ status: 200, body: { status: 'ok', realtime: 'ok' } });
      const newPids = (await listenerPids()).filter((pid) => pid !== pidA);
      expect(newPids).toHaveLength(1);
      expect(newPids[0]).not.toBe(killed);

      // What a viewer does on resync: re-read the board, which has the entry it missed.
      const view = await (await fetch(`${baseB}/api/boards/${board}`)).json();
      const seen = new Set(view.cells.map((c: { cell: number }) => c.cell));
      expect(missed.cells.every((cell) => seen.has(cell))).toBe(true);

      // And the listener LISTENs again: the next entry arrives live.
      const next = await enterOnA();
      for (const stream of [viewer, lateViewer]) {
        expect((await stream.waitFor((e) => e.event === 'cells')).data).toEqual(next);
      }
      viewer.close();
      lateViewer.close();
    });

    it('keeps retrying, with a growing wait, while the database refuses new connections', async () => {
      const name = new URL(sharedUrl).pathname.slice(1);
      const viewer = await openEventStream(`${baseB}/api/boards/${board}/events`);
      waitsAsked.length = 0;
      // PostgreSQL refuses to close the database one is connected to: do it from the server's own database.
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`alter database "${name}" allow_connections false`);
      try {
        await terminateListenerOfB();
        await eventually(() => waitsAsked.length >= 5, 10_000, 'five refused reconnection attempts');
        expect(await health(baseB)).toMatchObject({ status: 503, body: { realtime: 'down' } });
      } finally {
        await admin.query(`alter database "${name}" allow_connections true`);
        await admin.end();
      }
      // 250 ms doubling, each halved by the injected random source (0): the schedule grows per failure.
      expect(waitsAsked.slice(0, 5)).toEqual([125, 250, 500, 1000, 2000]);
      await eventually(async () => (await health(baseB)).status === 200, 10_000, 'B back once connections are allowed');
      await viewer.waitFor((e) => e.event === 'resync');
      const entry = await enterOnA();
      expect((await viewer.waitFor((e) => e.event === 'cells')).data).toEqual(entry);
      viewer.close();
    });

    it('reconnects on its own timer, not only when a test lets it (the default wait)', async () => {
      const before = new Set(await listenerPids());
      const databaseC = await openDatabase({ kind: 'postgres', url: sharedUrl, max: 1 });
      const c = await buildApp({ database: databaseC, logger: false });
      const baseC = await listenOn(c);
      const [pidC] = (await listenerPids()).filter((pid) => !before.has(pid));
      await a.database.db.execute(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = '${LISTENER_APPLICATION_NAME}' and datname = current_database() and pid = ${Number(pidC)}`,
      );
      await eventually(
        async () => (await listenerPids()).some((pid) => !before.has(pid) && pid !== pidC),
        5000,
        'C listening again on a new connection',
      );
      expect(await health(baseC)).toMatchObject({ status: 200, body: { realtime: 'ok' } });
      await c.close();
      await databaseC.close();
    });

    it('comes back by itself after each of several drops in a row, with live entries reaching B within seconds', async () => {
      const viewer = await openEventStream(`${baseB}/api/boards/${board}/events`);
      for (let drop = 1; drop <= 3; drop++) {
        const from = viewer.events.length;
        await terminateListenerOfB();
        await eventually(async () => (await health(baseB)).status === 200, 10_000, `B back after drop ${drop}`);
        await viewer.waitFor((e) => e.event === 'resync', { from });
        const entry = await enterOnA();
        const got = await viewer.waitFor((e) => e.event === 'cells', { from, timeoutMs: 5000 });
        expect(got.data).toEqual(entry);
      }
      viewer.close();
    });

    it('a viewer on A hears nothing of B’s drops: A keeps its own connection and its stream gets no resync', async () => {
      const viewerA = await openEventStream(`${baseA}/api/boards/${board}/events`);
      await terminateListenerOfB();
      await eventually(async () => (await health(baseB)).status === 200, 10_000, 'B back');
      const entry = await enterOnA();
      expect((await viewerA.waitFor((e) => e.event === 'cells')).data).toEqual(entry);
      expect(viewerA.events.map((e) => e.event)).toEqual(['cells']);
      expect((await listenerPids()).includes(pidA)).toBe(true);
      viewerA.close();
    });
  },
);
