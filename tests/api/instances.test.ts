import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { boards, entries } from '../../src/server/db/schema';
import { fixedClock } from '../../src/server/platform/clock';
import { createMetrics, type Metrics } from '../../src/server/platform/metrics';
import { apiPaths } from '../../src/shared/contracts/paths';
import { knicksBoardBody } from '../support/boards';
import { fictionPhone } from '../support/fiction-phones.mjs';
import { Client, ORIGIN } from '../support/http';
import { openEventStream } from '../support/sse';
import { createTestApp, listenOn, type TestContext } from '../support/test-app';
import { openSecondConnection } from '../support/test-db';
import { signedInAdmin } from './fake-feed';

// Two server instances on one database, each with its own connection pool and its own clock, over real
// sockets: what one instance does, the other sees; shared limits are shared; background work runs once.
const settings = {
  authSecret: 'test-secret-for-two-instances-0123456',
  entryLimitPerMinute: 1000,
  entriesPerPhonePerBoard: 100,
};
/** Every job each app registers on its scheduler (src/server/app.ts counts each through `metrics.counted`). */
const registered = { a: new Map<string, number>(), b: new Map<string, number>() };
/** The real metrics, noting each job's name and interval as the app registers it. */
function noting(jobs: Map<string, number>): Metrics {
  const metrics = createMetrics();
  return {
    ...metrics,
    counted(job) {
      jobs.set(job.name, job.intervalMs);
      return metrics.counted(job);
    },
  };
}
const metricsA = noting(registered.a);
const metricsB = noting(registered.b);
let a: TestContext;
let second: Database;
let appB: FastifyInstance;
let baseA: string;
let baseB: string;
const clockB = fixedClock('2025-06-11T16:00:00Z');

async function makeBoard(slug: string) {
  const admin = await signedInAdmin(a.app, '10.91.0.1');
  const made = await admin.post('/api/admin/boards', knicksBoardBody(slug, a.clock.now(), 30));
  expect(made.statusCode, made.body).toBe(201);
}

/** A fan's entry over HTTP, with the age and rules ticks every entry needs (the boards are free to play). */
const enter = (base: string, slug: string, body: object) =>
  fetch(`${base}${apiPaths.boardEntries(slug)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ ageConfirmed: true, rulesAccepted: true, ...body }),
  });

beforeAll(async () => {
  a = await createTestApp({ settings, metrics: metricsA });
  second = await openSecondConnection(a.database);
  appB = await buildApp({ database: second, clock: clockB, logger: false, settings, metrics: metricsB });
  baseA = await listenOn(a.app);
  baseB = await listenOn(appB);
  await makeBoard('two-instances');
});
afterAll(async () => {
  await appB?.close();
  await second?.close();
  await a?.close();
});

describe('two instances on one database', () => {
  it("an entry on one is live on the other's event stream", async () => {
    const viewer = await openEventStream(`${baseB}/api/boards/two-instances/events`);
    expect(viewer.status).toBe(200);
    const res = await enter(baseA, 'two-instances', {
      phone: '+12025550157',
      nickname: 'Live',
      idempotencyKey: 'instances-live-1',
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const made = await res.json();
    const cells = await viewer.waitFor((e) => e.event === 'cells', { timeoutMs: 5000 });
    expect(cells.data).toEqual({ cells: made.entry.cells, code: made.entry.code });
    viewer.close();
  });

  it("an entry on one is live on the other's multi-board stream, tagged with its board", async () => {
    await makeBoard('two-instances-b');
    const viewer = await openEventStream(`${baseB}${apiPaths.boardsLive}?boards=two-instances,two-instances-b`);
    expect(viewer.status).toBe(200);
    const res = await enter(baseA, 'two-instances-b', {
      phone: '+12025550131',
      nickname: 'Both',
      idempotencyKey: 'instances-live-multi',
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const made = await res.json();
    const cells = await viewer.waitFor((e) => e.event === 'cells', { timeoutMs: 5000 });
    expect(cells.data).toEqual({ board: 'two-instances-b', cells: made.entry.cells, code: made.entry.code });
    viewer.close();
  });

  it('an idempotent entry replayed across both is one entry', async () => {
    const body = { phone: '+12025550158', nickname: 'Once', idempotencyKey: 'instances-replay-1' };
    const answers = await Promise.all([
      enter(baseA, 'two-instances', body),
      enter(baseB, 'two-instances', body),
      enter(baseA, 'two-instances', body),
      enter(baseB, 'two-instances', body),
    ]);
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(answers.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    expect(new Set(bodies.map((b) => JSON.stringify(b.cells ?? b.entry ?? b))).size).toBe(1);
    const [board] = await a.database.db.select().from(boards).where(eq(boards.slug, 'two-instances'));
    const rows = await a.database.db
      .select({ n: count() })
      .from(entries)
      .where(eq(entries.boardId, board?.id ?? ''));
    expect(rows[0]?.n).toBe(2);
  });

  it('rate limits are shared: entries from one address count on both instances together', async () => {
    const limited = { ...settings, entryLimitPerMinute: 3 };
    const c = await buildApp({ database: a.database, clock: a.clock, logger: false, settings: limited });
    const d = await buildApp({ database: second, clock: clockB, logger: false, settings: limited });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const client = new Client(i % 2 === 0 ? c : d, '10.92.0.1');
        const res = await client.post(apiPaths.boardEntries('two-instances'), {
          phone: fictionPhone(i),
          nickname: `Lim${i}`,
          ageConfirmed: true,
          rulesAccepted: true,
          idempotencyKey: `instances-limit-${i}`,
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([201, 201, 201, 429, 429]);
    } finally {
      await c.close();
      await d.close();
    }
  });

  it('rate limits and lockouts are shared', async () => {
    // The admin gate's wrong-password lockout: attempts on A and B count together.
    const wrong = (base: string) =>
      fetch(`${base}${apiPaths.adminGate.passcode}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: JSON.stringify({ passcode: 'wrongpw1' }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await wrong(i % 2 === 0 ? baseA : baseB)).status);
    expect(statuses).toContain(429);
    const firstLocked = statuses.indexOf(429);
    // Once locked on one instance, the other refuses too.
    expect((await wrong(baseA)).status).toBe(429);
    expect((await wrong(baseB)).status).toBe(429);
    expect(firstLocked).toBeLessThan(12);
  });

  it('each scheduled job runs once per tick across both', async () => {
    const jobs = [...registered.a];
    expect(new Map(jobs)).toEqual(registered.b);
    // Every job app.ts registers (the demo's only with its rounds on, which these apps are not).
    for (const name of ['feed:poll', 'feed:schedule', 'sms:outbox', 'mail:notifications', 'prizes:expire']) {
      expect(registered.a.has(name), name).toBe(true);
    }
    expect(jobs.some(([name]) => name.startsWith('boards:'))).toBe(true);
    expect(jobs.some(([name]) => name.startsWith('payments:'))).toBe(true);
    const runs = async () => {
      const parse = async (m: Metrics) =>
        (await m.registry.getSingleMetric('fangrid_job_runs_total')?.get())?.values ?? [];
      const byJob = new Map<string, number>();
      for (const v of [...(await parse(metricsA)), ...(await parse(metricsB))]) {
        byJob.set(String(v.labels.job), (byJob.get(String(v.labels.job)) ?? 0) + v.value);
      }
      return byJob;
    };
    // Both clocks at the same time, with nothing due left over.
    clockB.set(a.clock.now());
    await Promise.all([a.clock.tick(0), clockB.tick(0)]);
    const before = await runs();
    // Steps short and long, up to past the next UTC midnight, so that every job's grid has ticks in them.
    const start = a.clock.now().getTime();
    const midnight = Math.ceil((start + 1) / 86_400_000) * 86_400_000;
    const steps = [5_000, 5_000, 5_000, 10_000, 30_000, 30_000, 60_000, 60_000, 600_000, 3_600_000];
    steps.push(midnight + 1_000 - start - steps.reduce((x, y) => x + y, 0));
    // A job's timer fires at the first step that reaches the next tick of its grid, and runs that tick once.
    const expected = new Map(jobs.map(([name]) => [name, 0]));
    let t = start;
    for (const step of steps) {
      expect(step).toBeGreaterThan(0);
      for (const [name, interval] of jobs) {
        if (Math.floor((t + step) / interval) > Math.floor(t / interval)) {
          expected.set(name, (expected.get(name) ?? 0) + 1);
        }
      }
      t += step;
      a.clock.advance(step);
      clockB.advance(step);
      await Promise.all([a.clock.tick(0), clockB.tick(0)]);
    }
    const after = await runs();
    for (const [name] of jobs) {
      const ran = (after.get(name) ?? 0) - (before.get(name) ?? 0);
      expect(expected.get(name), `${name} has ticks in the steps`).toBeGreaterThan(0);
      // Once per tick, on one instance or the other, never on both.
      expect(ran, name).toBe(expected.get(name));
    }
  });

  it('one instance stopping mid-burst loses no acknowledged write', async () => {
    await makeBoard('two-instances-burst');
    type Sent = { i: number; to: 'A' | 'B'; status: number; afterStop: boolean };
    const results: Sent[] = [];
    let stopping: Promise<void> | undefined;
    let next = 0;
    // Six fans each send ten entries one after another, alternating instances; B stops once it has taken
    // four, so the burst goes on through and after its stop.
    const worker = async () => {
      for (let k = 0; k < 10; k++) {
        const i = next++;
        const to = i % 2 === 0 ? 'A' : 'B';
        const afterStop = stopping !== undefined;
        const status = await enter(to === 'A' ? baseA : baseB, 'two-instances-burst', {
          phone: fictionPhone(1000 + i),
          nickname: `B${i}`,
          idempotencyKey: `instances-burst-${i}`,
        })
          .then(async (r) => {
            await r.arrayBuffer();
            return r.status;
          })
          .catch(() => 0); // the socket was refused or closed
        results.push({ i, to, status, afterStop });
        if (!stopping && results.filter((r) => r.to === 'B' && r.status === 201).length >= 4) {
          stopping = appB.close();
        }
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    await stopping;
    expect(stopping, 'B stopped during the burst').toBeDefined();

    const acknowledged = results.filter((r) => r.status === 201);
    const fromB = results.filter((r) => r.to === 'B');
    // B acknowledged entries before its stop, and refused (503) or dropped (closed socket) the burst's later ones.
    expect(fromB.filter((r) => r.status === 201).length).toBeGreaterThanOrEqual(4);
    const cutOff = fromB.filter((r) => r.status === 503 || r.status === 0);
    expect(cutOff.length).toBeGreaterThan(0);
    // Those include the ones sent after the stop began; one still in flight may be cut off too (unacknowledged).
    expect(cutOff.some((r) => r.afterStop)).toBe(true);
    // A went on taking entries after B's stop.
    expect(results.some((r) => r.to === 'A' && r.afterStop && r.status === 201)).toBe(true);
    // Nothing but a success, a refusal while closing, or a closed socket.
    expect(results.every((r) => [201, 503, 0].includes(r.status))).toBe(true);
    expect(results).toHaveLength(60);

    const [board] = await a.database.db.select().from(boards).where(eq(boards.slug, 'two-instances-burst'));
    const stored = await a.database.db
      .select({ key: entries.idempotencyKey })
      .from(entries)
      .where(eq(entries.boardId, board?.id ?? ''));
    const keys = new Set(stored.map((s) => s.key));
    for (const r of acknowledged) expect(keys.has(`instances-burst-${r.i}`), `entry ${r.i}`).toBe(true);
    // Nothing stored that was not sent (a cut-off entry may have been stored before its answer was lost).
    expect(stored.length).toBeGreaterThanOrEqual(acknowledged.length);
    expect(stored.length).toBeLessThanOrEqual(results.filter((r) => r.status !== 503).length);
  });
});
