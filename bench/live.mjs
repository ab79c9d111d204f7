// `npm run bench:live` (builds the server first): a live board at game-day scale. 10,000 viewers hold the
// event stream of one board on one server instance, then 20,000 split over two instances on one PostgreSQL;
// entries, the lock and scored periods are made through the API, and every viewer's arrival of every event
// is timed. Runs on a scratch PostgreSQL database made for the run and dropped afterwards. Prints Markdown
// tables, writes bench/.out/live.json, exits 1 when a target is missed.
import { fork } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { fictionPhone } from '../tests/support/fiction-phones.mjs';
import { createScratchDatabase } from './lib/scratch-db.mjs';
import {
  adminCookie,
  adminGateEnv,
  loadAverage,
  mdTable,
  median,
  memoryOf,
  outDir,
  sendJson,
  startFanGrid,
} from './lib/server.mjs';

const ONE_INSTANCE = Number(process.env.BENCH_VIEWERS ?? 10_000);
const TWO_INSTANCES = Number(process.env.BENCH_VIEWERS_TWO ?? 20_000);
/** Viewer processes per instance: each holds its share of the sockets and parses its own streams. */
const WORKERS_PER_INSTANCE = Number(process.env.BENCH_VIEWER_PROCESSES ?? 2);
const ENTRIES = 5;
const PERIODS = ['q1', 'q2'];
const SPACING_MS = 500;
const WAIT_MS = 15_000; // how long a viewer may take to get an event before it counts as not received
const TARGET_P99_MS = 250; // one instance: the median over the events of each event's p99, below this
const here = path.dirname(fileURLToPath(import.meta.url));
// BENCH_CPU_PROF=1: each server writes a .cpuprofile to bench/.out/prof (node bench/lib/cpuprofile.mjs <file>).
const profDir = path.join(outDir, 'prof');
const nodeArgs = process.env.BENCH_CPU_PROF === '1' ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [];
const script = process.env.BENCH_SERVER ?? 'dist/server/main.js'; // another bundle, for experiments

const now = () => performance.timeOrigin + performance.now();
const ms = (x) => (Number.isFinite(x) ? `${x.toFixed(1)} ms` : '–');
const pct = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;

// --- viewer processes -----------------------------------------------------------------------------------------

/** Forks a viewer process; `ask` sends it a message and resolves to its answer. */
function viewerProcess() {
  const child = fork(path.join(here, 'lib/live-viewers.mjs'), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let pending;
  child.on('message', (msg) => {
    const p = pending;
    pending = undefined;
    if (msg.type === 'error') p?.reject(new Error(`viewer process: ${msg.message}`));
    else p?.resolve(msg);
  });
  child.on('exit', (code) => pending?.reject(new Error(`viewer process exited (${code})`)));
  return {
    ask: (msg) =>
      new Promise((resolve, reject) => {
        pending = { resolve, reject };
        child.send(msg);
      }),
    close: () => {
      if (child.connected) child.send({ type: 'close' });
    },
  };
}

// --- the board ----------------------------------------------------------------------------------------------

async function createGameAndBoard(pool, tag) {
  const { rows: game } = await pool.query(
    `insert into games (slug, league, team_a, team_b, starts_at, venue)
     values ($1, 'NBA', 'Thunder', 'Timberwolves', now() + interval '30 minutes', 'Bench Arena') returning id`,
    [`live-${tag}`],
  );
  const seed = randomBytes(32).toString('hex');
  const seedHash = createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex');
  const rule = { kind: 'whole-range', minCents: 100, maxCents: 2000, defaultCents: 100, quickPicksCents: [100, 500] };
  const prizes = PERIODS.map((key, i) => ({ key, label: `Quarter ${i + 1}`, prizeCents: 0 }));
  const slug = `live-${tag}`;
  await pool.query(
    `insert into boards (slug, game_id, sequence, format, entry_rule, prize_table, organization, seed, seed_hash)
     values ($1, $2, 1, '1v99', $3, $4, 'Bench Foundation', $5, $6)`,
    [slug, game[0].id, JSON.stringify(rule), JSON.stringify(prizes), seed, seedHash],
  );
  return slug;
}

async function call(url, { method = 'POST', body, cookie, address }) {
  const res = await sendJson(url, { method, body, cookie, address });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

// --- one phase: viewers on some instances, then the game's events ----------------------------------------------

async function phase({ label, servers, viewers, pool, cookie }) {
  const slug = await createGameAndBoard(pool, label.replace(/\W+/g, '-').toLowerCase());
  const memoryBefore = servers.map((s) => memoryOf(s.pid).rssMb);
  const perInstance = Math.floor(viewers / servers.length);
  const processes = [];
  const opened = [];
  const openStarted = now();
  // Viewers go to the instances in equal shares, each share over WORKERS_PER_INSTANCE processes, each process
  // from its own loopback address (its own range of source ports).
  for (const server of servers) {
    for (let w = 0; w < WORKERS_PER_INSTANCE; w++) {
      const count = Math.floor(perInstance / WORKERS_PER_INSTANCE) + (w === 0 ? perInstance % WORKERS_PER_INSTANCE : 0);
      const p = viewerProcess();
      processes.push(p);
      const index = processes.length;
      opened.push(
        p.ask({
          type: 'open',
          url: `${server.url}/api/boards/${slug}/events`,
          count,
          addressBase: index * 50_000,
          localAddress: `127.0.0.${1 + index}`,
        }),
      );
    }
  }
  try {
    const open = (await Promise.all(opened)).reduce((n, o) => n + o.open, 0);
    const openSeconds = (now() - openStarted) / 1000;
    await new Promise((r) => setTimeout(r, 1000)); // let the servers settle before reading memory
    const memoryAfter = servers.map((s) => memoryOf(s.pid).rssMb);
    const perConnectionKb = servers.map((_, i) => ((memoryAfter[i] - memoryBefore[i]) * 1024) / perInstance);
    console.error(`${label}: ${open} viewers open in ${openSeconds.toFixed(1)} s`);

    const events = [];
    /** Triggers one event (t0 just before the request) and gathers every viewer's arrival of it. */
    const measure = async (what, name, nth, trigger, expectOf) => {
      await new Promise((r) => setTimeout(r, SPACING_MS));
      const t0 = now();
      const answer = await trigger();
      const requestMs = now() - t0;
      const parts = await Promise.all(
        processes.map((p) => p.ask({ type: 'collect', name, nth, t0, expect: expectOf?.(answer), waitMs: WAIT_MS })),
      );
      const latencies = parts.flatMap((p) => p.latencies).sort((a, b) => a - b);
      const row = {
        what,
        received: latencies.length,
        viewers: open,
        wrong: parts.reduce((n, p) => n + p.wrong, 0),
        closed: parts.reduce((n, p) => n + p.closed, 0),
        p50: pct(latencies, 50),
        p99: pct(latencies, 99),
        max: latencies.at(-1) ?? Number.NaN,
        requestMs,
      };
      events.push(row);
      console.error(
        `${label} ${what}: ${row.received}/${open} received, p50 ${ms(row.p50)}, p99 ${ms(row.p99)}, max ${ms(row.max)} (request ${ms(requestMs)})`,
      );
    };

    for (let k = 0; k < ENTRIES; k++) {
      // With two instances the entries alternate between them: each hears the other's through PostgreSQL.
      const server = servers[k % servers.length];
      await measure(
        `entry ${k + 1}${servers.length > 1 ? ` (on instance ${(k % servers.length) + 1})` : ''}`,
        'cells',
        k,
        () =>
          call(`${server.url}/api/boards/${slug}/entries`, {
            address: `10.250.0.${k + 1}`,
            body: {
              phone: fictionPhone(k + (servers.length - 1) * 100),
              nickname: `L${k}`,
              amountCents: 100,
              ageConfirmed: true,
              rulesAccepted: true,
              state: 'OH',
              idempotencyKey: `live-${label}-${k}`,
            },
          }),
        (answer) => `"code":"${answer.entry.code}"`,
      );
    }
    await measure('board locked', 'locked', 0, () =>
      call(`${servers[0].url}/api/admin/boards/${slug}/lock`, { cookie, body: {} }),
    );
    for (const [i, period] of PERIODS.entries()) {
      await measure(`${period} scored`, 'scored', i, () =>
        call(`${servers[0].url}/api/admin/boards/${slug}/scores`, {
          cookie,
          body: { period, teamAScore: 20 + i * 7, teamBScore: 18 + i * 9 },
        }),
      );
    }
    return { label, slug, viewers: open, openSeconds, memoryBefore, memoryAfter, perConnectionKb, events };
  } finally {
    for (const p of processes) p.close();
  }
}

// --- main -----------------------------------------------------------------------------------------------------

// The admin gate's passcode has 8 characters; both are throwaway secrets of this run.
const passcode = randomBytes(4).toString('hex');
const phrase = `bench ${randomBytes(6).toString('hex')}`;
const servers = [];
let database;
let pool;
let exitCode = 0;
try {
  database = await createScratchDatabase();
  if (nodeArgs.length) mkdirSync(profDir, { recursive: true });
  const env = {
    SEED_DEMO: 'false',
    // Every viewer is a different fan behind one trusted proxy hop, so the per-address stream cap keeps its
    // default; only the per-instance cap (5,000 by default) is raised to hold the run's viewers.
    TRUST_PROXY: '1',
    SSE_MAX_PER_INSTANCE: String(Math.max(ONE_INSTANCE, TWO_INSTANCES / 2) + 100),
    ...(await adminGateEnv(passcode, phrase)),
  };
  servers.push(await startFanGrid({ databaseUrl: database.url, env, nodeArgs, script }));
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  pool.on('error', () => {});
  const cookie = await adminCookie(servers[0].url, passcode, phrase);

  const results = [];
  results.push(
    await phase({ label: `One instance, ${ONE_INSTANCE} viewers`, servers, viewers: ONE_INSTANCE, pool, cookie }),
  );
  if (TWO_INSTANCES > 0) {
    servers.push(await startFanGrid({ databaseUrl: database.url, env, nodeArgs, script }));
    results.push(
      await phase({ label: `Two instances, ${TWO_INSTANCES} viewers`, servers, viewers: TWO_INSTANCES, pool, cookie }),
    );
  }

  const missed = [];
  for (const r of results) {
    for (const e of r.events) {
      if (e.received !== r.viewers) missed.push(`${r.label}, ${e.what}: ${e.received}/${r.viewers} received`);
      if (e.wrong) missed.push(`${r.label}, ${e.what}: ${e.wrong} viewers got other data`);
    }
  }
  // The p99 of one event swings with whatever else the two cores run at that moment; the median over the
  // run's events is the figure held to the target (every event's own is in the table).
  const oneP99 = median(results[0].events.map((e) => e.p99));
  if (!(oneP99 < TARGET_P99_MS)) missed.push(`${results[0].label}: median p99 ${ms(oneP99)} ≥ ${TARGET_P99_MS} ms`);

  for (const r of results) {
    console.log(`\n### ${r.label} (opened in ${r.openSeconds.toFixed(1)} s)\n`);
    console.log(
      mdTable(
        ['Event', 'Received', 'p50', 'p99', 'max', 'Request'],
        r.events.map((e) => [e.what, `${e.received}/${e.viewers}`, ms(e.p50), ms(e.p99), ms(e.max), ms(e.requestMs)]),
      ),
    );
    console.log(
      `\nServer memory: ${r.memoryBefore.map((m, i) => `instance ${i + 1} ${m.toFixed(0)} → ${r.memoryAfter[i].toFixed(0)} MB (${r.perConnectionKb[i].toFixed(1)} KB per viewer)`).join('; ')}. ` +
        `Median p99 ${ms(median(r.events.map((e) => e.p99)))}.`,
    );
  }
  console.log(
    `\nLoad average ${loadAverage()}. Target: every viewer gets every event; median p99 < ${TARGET_P99_MS} ms with ${ONE_INSTANCE} viewers on one instance.`,
  );
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    path.join(outDir, 'live.json'),
    JSON.stringify(
      { at: new Date().toISOString(), loadavg: os.loadavg(), targets: { p99Ms: TARGET_P99_MS }, results, missed },
      null,
      2,
    ),
  );
  console.log('Wrote bench/.out/live.json');
  for (const m of missed) console.error(`TARGET MISSED: ${m}`);
  if (missed.length) exitCode = 1;
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  await pool?.end().catch(() => {});
  for (const s of servers) await s.stop();
  await database?.drop();
}
process.exit(exitCode);
