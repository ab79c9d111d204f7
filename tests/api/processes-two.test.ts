import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/server/paths';
import { apiPaths } from '../../src/shared/contracts/paths';
import { knicksBoardBody } from '../support/boards';
import { fictionPhone } from '../support/fiction-phones.mjs';
import { openEventStream } from '../support/sse';
import { testDatabaseKind } from '../support/test-db';

// Two real server processes (src/server/main.ts, as `npm start` runs it) on one fresh PostgreSQL database,
// behind the same public address, seen only over HTTP: what docs/operations.md "Scaling out" promises.
// tests/api/instances.test.ts proves the same on two apps in one process. PostgreSQL only (api-postgres).
// Each process names its connections (application_name) so that the database can tell them apart.
const url = process.env.TEST_DATABASE_URL;
const run = testDatabaseKind === 'postgres' && url !== undefined;
const PUBLIC_URL = 'http://fangrid.test';
const SLUG = 'two-processes';
const ENTRY_LIMIT = 3;
const METRICS_TOKEN = 'metrics-token-for-two-processes-0123';
/** A one-second payment hold makes the hold sweeper tick every 333 ms (src/server/features/boards/jobs.ts). */
const SWEEPER = 'boards:release-expired-holds';

const dbName = `fangrid_procs_${randomBytes(5).toString('hex')}`;
const children: ChildProcess[] = [];
let pool: pg.Pool;
let baseA: string;
let baseB: string;
let childB: ChildProcess;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A port free on 127.0.0.1 right now (the server binds it a moment later). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Starts one server process; answers its base URL once it says it is running (bounded wait). */
async function startServer(name: string, env: Record<string, string>): Promise<{ base: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d) => {
    stdout += d;
  });
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  for (let waited = 0; waited < 45_000; waited += 100) {
    const running = /FanGrid is running on (http:\/\/[\d.:]+)/.exec(stdout)?.[1];
    if (running) return { base: running, child };
    if (child.exitCode !== null) break;
    await sleep(100);
  }
  throw new Error(`server ${name} did not start (exit ${child.exitCode}): ${stderr.slice(-2000)}`);
}

/** Stops a child with SIGTERM (its graceful stop), then SIGKILL if it has not exited within 10 s. */
async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** A request as a browser behind the load balancer makes it: the public origin, its address forwarded. */
function call(base: string, path: string, opts: { from: string; body?: unknown; cookie?: string }) {
  return fetch(`${base}${path}`, {
    method: opts.body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      origin: PUBLIC_URL,
      'x-forwarded-for': opts.from,
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    },
    signal: AbortSignal.timeout(20_000),
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
  });
}

const enter = (base: string, from: string, body: { phone: string; nickname: string; idempotencyKey: string }) =>
  call(base, apiPaths.boardEntries(SLUG), { from, body: { ...body, ageConfirmed: true, rulesAccepted: true } });

describe.runIf(run)('two server processes on one PostgreSQL', () => {
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const dbUrl = new URL(url ?? '');
    dbUrl.pathname = `/${dbName}`;
    pool = new pg.Pool({ connectionString: dbUrl.toString(), max: 2 });
    const named = (name: string) => {
      const named = new URL(dbUrl);
      named.searchParams.set('application_name', `fangrid-${name}`);
      return named.toString();
    };
    const env = {
      SEED_DEMO: 'false',
      AUTH_SECRET: 'test-secret-for-two-processes-0123456789',
      PUBLIC_URL,
      TRUST_PROXY: 'loopback',
      ENTRY_LIMIT_PER_MINUTE: String(ENTRY_LIMIT),
      SCORES_SOURCE: 'fixtures',
      PAYMENT_HOLD_SECONDS: '1',
      METRICS_TOKEN,
    };
    // Migrations run at start: the first instance first, then the second (docs/operations.md).
    baseA = (await startServer('A', { ...env, DATABASE_URL: named('a'), PORT: String(await freePort()) })).base;
    const b = await startServer('B', { ...env, DATABASE_URL: named('b'), PORT: String(await freePort()) });
    baseB = b.base;
    childB = b.child;

    // The organizer signs in on A and makes a board.
    const from = '198.51.100.1';
    // The gate's cookies, newest value per name (the phrase step replaces the passcode step's).
    const jar = new Map<string, string>();
    const keep = (res: Response) => {
      for (const line of res.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        jar.set(pair.slice(0, pair.indexOf('=')), pair);
      }
    };
    const cookie = () => [...jar.values()].join('; ');
    const passcode = await call(baseA, apiPaths.adminGate.passcode, { from, body: { passcode: 'fangrid1' } });
    expect(passcode.status, await passcode.clone().text()).toBe(200);
    keep(passcode);
    const phrase = await call(baseA, apiPaths.adminGate.phrase, {
      from,
      body: { phrase: 'game day' },
      cookie: cookie(),
    });
    expect(phrase.status, await phrase.clone().text()).toBe(200);
    keep(phrase);
    const made = await call(baseA, '/api/admin/boards', {
      from,
      body: knicksBoardBody(SLUG, new Date(), 60),
      cookie: cookie(),
    });
    expect(made.status, await made.clone().text()).toBe(201);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(children.map(stop));
    await pool?.end();
    if (!url) return;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }, 30_000);

  it('an entry made on one process is live on the other’s event stream, both ways', async () => {
    for (const [on, viewedOn, n] of [
      [baseA, baseB, 1],
      [baseB, baseA, 2],
    ] as const) {
      const viewer = await openEventStream(`${viewedOn}/api/boards/${SLUG}/events`);
      try {
        expect(viewer.status).toBe(200);
        const res = await enter(on, `203.0.113.${n}`, {
          phone: fictionPhone(n),
          nickname: `Live${n}`,
          idempotencyKey: `procs-live-${n}`,
        });
        expect(res.status, await res.clone().text()).toBe(201);
        const made = await res.json();
        const cells = await viewer.waitFor((e) => e.event === 'cells', { timeoutMs: 10_000 });
        expect(cells.data).toEqual({ cells: made.entry.cells, code: made.entry.code });
      } finally {
        viewer.close();
      }
    }
  });

  it('an idempotent entry replayed on both processes is one entry', async () => {
    const body = { phone: '+12025550177', nickname: 'Once', idempotencyKey: 'procs-replay-1' };
    const from = '203.0.113.20';
    const answers = await Promise.all([enter(baseA, from, body), enter(baseB, from, body), enter(baseA, from, body)]);
    // A later replay, after the others were answered.
    answers.push(await enter(baseB, from, body));
    // Each is answered as the entry (a replay gets the same answer), never a second one.
    expect(answers.map((r) => r.status).every((s) => s === 200 || s === 201)).toBe(true);
    const codes = await Promise.all(answers.map(async (r) => (await r.json()).entry.code));
    expect(new Set(codes).size).toBe(1);
    const { rows } = await pool.query('select count(*)::int as n from entries where idempotency_key = $1', [
      body.idempotencyKey,
    ]);
    expect(rows[0].n).toBe(1);
  });

  it('counts one address’s entries across both processes against one limit', async () => {
    const from = '203.0.113.30';
    const statuses: number[] = [];
    for (let i = 0; i < ENTRY_LIMIT + 2; i++) {
      const res = await enter(i % 2 === 0 ? baseA : baseB, from, {
        phone: fictionPhone(100 + i),
        nickname: `Lim${i}`,
        idempotencyKey: `procs-limit-${i}`,
      });
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      await res.arrayBuffer();
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    // Another address still enters on either process: the limit is the address's, not the board's.
    const other = await enter(baseB, '203.0.113.31', {
      phone: '+12025550178',
      nickname: 'Other',
      idempotencyKey: 'procs-limit-other',
    });
    expect(other.status).toBe(201);
  });

  it('locks the admin gate for an address on both processes once its failures add up across them', async () => {
    const from = '203.0.113.40';
    const passcode = async (base: string, value: string, address = from) => {
      const res = await call(base, apiPaths.adminGate.passcode, { from: address, body: { passcode: value } });
      await res.arrayBuffer();
      return res.status;
    };
    // Five failures from one address lock the gate (admin-gate/service.ts): here A, B, A, B, A, so that
    // neither process alone saw five.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push(await passcode(i % 2 === 0 ? baseA : baseB, 'wrongpw1'));
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    // Both refuse that address now, even with the right passcode, and B says so on the gate's status.
    expect(await passcode(baseB, 'fangrid1')).toBe(429);
    expect(await passcode(baseA, 'fangrid1')).toBe(429);
    const status = await call(baseB, apiPaths.adminGate.status, { from });
    expect((await status.json()).lockedUntil).not.toBeNull();
    // The lock is the address's: another one is still only told its passcode is wrong, on either process.
    expect(await passcode(baseB, 'wrongpw1', '203.0.113.41')).toBe(401);
    expect(await passcode(baseA, 'wrongpw1', '203.0.113.41')).toBe(401);
  });

  it('runs each scheduled job once per tick across both processes', async () => {
    // The database notes every ask for a tick (each process's claim is an upsert on scheduled_jobs: the
    // insert's before-trigger fires whether or not it wins), every claim won, and every run's end, with the
    // name of the process whose connection did it.
    await pool.query(`
      create table job_log (
        id bigserial primary key,
        kind text not null,
        job text not null,
        tick_at timestamptz not null,
        app text not null
      );
      create function job_log_ask() returns trigger language plpgsql as $$
      begin
        insert into job_log (kind, job, tick_at, app)
          values ('ask', new.name, new.last_tick_at, current_setting('application_name'));
        return new;
      end $$;
      create function job_log_change() returns trigger language plpgsql as $$
      begin
        insert into job_log (kind, job, tick_at, app)
          values (case when tg_op = 'INSERT' or new.last_tick_at <> old.last_tick_at then 'claim' else 'finish' end,
                  new.name, new.last_tick_at, current_setting('application_name'));
        return null;
      end $$;
      create trigger job_log_ask before insert on scheduled_jobs
        for each row execute function job_log_ask();
      create trigger job_log_change after insert or update on scheduled_jobs
        for each row execute function job_log_change();
    `);
    type Row = { id: string; kind: 'ask' | 'claim' | 'finish'; app: string; tick_at: Date };
    const apps = ['fangrid-a', 'fangrid-b'] as const;
    const logOf = async () =>
      (await pool.query<Row>('select id, kind, app, tick_at from job_log where job = $1 order by id', [SWEEPER])).rows;
    /** This process's sweeper runs so far, by its /metrics (ok and failed). */
    const runsOf = async (base: string) => {
      const res = await fetch(`${base}${apiPaths.metrics}`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        signal: AbortSignal.timeout(10_000),
      });
      expect(res.status).toBe(200);
      let runs = 0;
      for (const m of (await res.text()).matchAll(/^fangrid_job_runs_total\{(.*)\} (\d+)$/gm)) {
        if (m[1]?.includes(`job="${SWEEPER}"`)) runs += Number(m[2]);
      }
      return runs;
    };
    /**
     * A moment when no sweeper run is under way, and both processes' run counters as of it. A process runs a
     * job's ticks one after another and asks for none while running one, so: each has asked since the log
     * began (a run from before it has ended) and has no claim without its finish after it; and no claim came
     * while the counters were read. A run is counted before its finish is written.
     */
    const quietMoment = async () => {
      for (let attempt = 0; attempt < 300; attempt++) {
        const rows = await logOf();
        const asked = apps.every((app) => rows.some((r) => r.app === app && r.kind === 'ask'));
        const running = apps.some(
          (app) => rows.filter((r) => r.app === app && r.kind !== 'ask').at(-1)?.kind === 'claim',
        );
        if (asked && !running) {
          const [a, b] = await Promise.all([runsOf(baseA), runsOf(baseB)]);
          const claims = rows.filter((r) => r.kind === 'claim');
          const again = (await logOf()).filter((r) => r.kind === 'claim');
          if (again.length === claims.length) return { rows, claims, runs: { 'fangrid-a': a, 'fangrid-b': b } };
        }
        await sleep(20);
      }
      throw new Error('the sweeper was never quiet on both processes');
    };

    const before = await quietMoment();
    await sleep(3000);
    const after = await quietMoment();

    const claimed = after.claims.slice(before.claims.length);
    // A tick every 333 ms: three seconds have several, each on the grid both processes share.
    expect(claimed.length).toBeGreaterThanOrEqual(3);
    for (const c of claimed) expect(c.tick_at.getTime() % 333).toBe(0);
    // Never two claims for one tick of any job (the upsert moves a job's tick only forward).
    const { rows: twice } = await pool.query(
      `select job, tick_at from job_log where kind = 'claim' group by job, tick_at having count(*) > 1`,
    );
    expect(twice).toEqual([]);
    // The runs summed over both processes are the ticks claimed, and each process ran what it claimed.
    const ran = (app: (typeof apps)[number]) => after.runs[app] - before.runs[app];
    expect(ran('fangrid-a') + ran('fangrid-b')).toBe(new Set(claimed.map((c) => c.tick_at.getTime())).size);
    for (const app of apps) expect(ran(app), app).toBe(claimed.filter((c) => c.app === app).length);
    // Both processes were alive and asking: each asked for ticks in those seconds, some ticks were asked for
    // by both, and each of those was claimed by one.
    const asks = after.rows.slice(before.rows.length).filter((r) => r.kind === 'ask');
    const askedBy = new Map<number, Set<string>>();
    for (const a of asks) askedBy.set(a.tick_at.getTime(), (askedBy.get(a.tick_at.getTime()) ?? new Set()).add(a.app));
    for (const app of apps) expect(asks.filter((a) => a.app === app).length, app).toBeGreaterThanOrEqual(2);
    const both = [...askedBy].filter(([, by]) => by.size === 2).map(([tick]) => tick);
    expect(both.length).toBeGreaterThanOrEqual(1);
    for (const tick of both) expect(after.claims.filter((c) => c.tick_at.getTime() === tick)).toHaveLength(1);
  });

  it('loses no acknowledged entry when one process stops mid-burst', async () => {
    type Sent = { i: number; status: number; afterStop: boolean; cells?: number[]; code?: string };
    const results: Sent[] = [];
    const total = 40;
    let next = 0;
    let signalled = false;
    const exited = new Promise<number | null>((resolve) => childB.once('exit', (code) => resolve(code)));
    // Eight fans at a time enter on B, each from its own address; B is sent SIGTERM once it has
    // acknowledged four, with others in flight, and the burst goes on through and after its stop.
    const worker = async () => {
      while (next < total) {
        const i = next++;
        const afterStop = signalled;
        const sent: Sent = await enter(baseB, `198.18.1.${i + 1}`, {
          phone: fictionPhone(200 + i),
          nickname: `Burst${i}`,
          idempotencyKey: `procs-burst-${i}`,
        })
          .then(async (r) => {
            if (r.status !== 201) {
              await r.arrayBuffer();
              return { i, status: r.status, afterStop };
            }
            const { entry } = await r.json();
            return { i, status: 201, afterStop, cells: entry.cells, code: entry.code };
          })
          .catch(() => ({ i, status: 0, afterStop })); // refused or closed socket: no answer
        results.push(sent);
        if (!signalled && results.filter((r) => r.status === 201).length >= 4) {
          signalled = true;
          childB.kill('SIGTERM');
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    expect(signalled, 'B was stopped during the burst').toBe(true);
    // B drained and stopped cleanly (it exits 1 if its shutdown times out).
    expect(await Promise.race([exited, sleep(15_000).then(() => 'still running')])).toBe(0);

    expect(results).toHaveLength(total);
    // Each answer is an entry, a refusal while closing (503) or no answer at all (refused or closed socket).
    expect(results.every((r) => [201, 503, 0].includes(r.status))).toBe(true);
    const acknowledged = results.filter((r) => r.status === 201);
    expect(acknowledged.length).toBeGreaterThanOrEqual(4);
    const cutOff = results.filter((r) => r.status !== 201);
    expect(cutOff.length).toBeGreaterThan(0);
    expect(cutOff.some((r) => r.afterStop)).toBe(true);

    // Every entry B acknowledged is stored, and A, still up, shows its cells under its code.
    const { rows } = await pool.query<{ key: string }>(
      `select idempotency_key as key from entries where idempotency_key like 'procs-burst-%'`,
    );
    const keys = new Set(rows.map((r) => r.key));
    for (const r of acknowledged) expect(keys.has(`procs-burst-${r.i}`), `entry ${r.i}`).toBe(true);
    // Nothing stored that was refused (one cut off in flight may have been stored before its answer was lost).
    for (const r of results.filter((x) => x.status === 503)) expect(keys.has(`procs-burst-${r.i}`)).toBe(false);
    const board = await call(baseA, apiPaths.board(SLUG), { from: '203.0.113.50' });
    expect(board.status).toBe(200);
    const shown = new Map<number, string>(
      ((await board.json()).cells as { cell: number; code: string }[]).map((c) => [c.cell, c.code]),
    );
    for (const r of acknowledged)
      for (const cell of r.cells ?? []) expect(shown.get(cell), `entry ${r.i}`).toBe(r.code);
    // A goes on taking entries.
    const later = await enter(baseA, '203.0.113.51', {
      phone: '+12025550179',
      nickname: 'Later',
      idempotencyKey: 'procs-burst-later',
    });
    expect(later.status, await later.clone().text()).toBe(201);
  });
});
