// `npm run bench:sheets` (builds the server first): does building printable sheets stall the instance? 200
// concurrent `GET /api/boards/:slug/sheet.pdf` spread over 20 boards (letter and A4 alternating: 40 distinct
// sheets a round), while `GET /api/health/live` (which touches no database) is sampled back to back. Each round
// changes every board first, so its sheets are built afresh (the cache keys on the board's state). Runs on a
// scratch PostgreSQL database made for the run and dropped afterwards. Prints a Markdown table, writes
// bench/.out/sheets.json, exits 1 when the health p99 during the bursts is 100 ms or more, or a sheet fails.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createScratchDatabase } from './lib/scratch-db.mjs';
import { clientAddress, loadAverage, mdTable, onInterrupt, outDir, startFanGrid } from './lib/server.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3); // measured rounds, after one warm-up round
const BOARDS = 20;
const REQUESTS = 200; // concurrent sheet requests per round, spread evenly over the boards
const SAMPLE_GAP_MS = 2; // pause between two health probes (closed loop)
const PROBE_EVERY_MS = Number(process.env.BENCH_PROBE_EVERY_MS ?? 0); // > 0: open-loop probes at this interval
const TARGET_P99 = 100; // ms, /api/health/live during the bursts
// BENCH_CONTROL=1: the same burst of the board's JSON (GET /api/boards/:slug) instead of its sheet: what a burst
// of 200 requests costs the event loop with no document to build, for comparison.
const CONTROL = process.env.BENCH_CONTROL === '1';
const CPU_PROF = process.env.BENCH_CPU_PROF === '1'; // server writes .cpuprofile files to bench/.out/prof-sheets
const SERVER_SCRIPT = process.env.BENCH_SERVER ?? 'dist/server/main.js'; // another bundle (e.g. the old path)
// WORKER_THREADS for the server: unset = the machine's parallelism; 0 = sheets built on the event loop.
const WORKER_THREADS = process.env.BENCH_WORKER_THREADS;
const RULE = { kind: 'whole-range', minCents: 100, maxCents: 2000, defaultCents: 100, quickPicksCents: [100, 500] };

/** Nearest-rank percentile of an unsorted list (ms). */
function pct(xs, p) {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}
const ms = (x) => (Number.isFinite(x) ? `${x.toFixed(1)} ms` : 'n/a');

/** A GET on `agent`; resolves to { status, ms, head } (the first 5 bytes of the body) and never rejects. */
function get(url, agent, headers = {}) {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = http.get(url, { agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode, ms: performance.now() - t0, head: body.subarray(0, 5).toString() });
      });
      res.on('error', (err) => resolve({ status: 0, ms: performance.now() - t0, head: String(err) }));
    });
    req.on('error', (err) => resolve({ status: 0, ms: performance.now() - t0, head: String(err) }));
  });
}

/**
 * Probes /api/health/live until `done` resolves; answers the times. By default one after another on one
 * keep-alive socket (closed loop: a stall delays the next probe, so it is one slow sample however long it
 * lasts). With BENCH_PROBE_EVERY_MS a probe starts every that many ms whatever the others do (open loop, on
 * up to 64 sockets): a stall then shows as every probe sent during it, the stricter reading.
 */
async function sampleHealth(base, done) {
  const times = [];
  let failed = 0;
  let finished = false;
  done.then(() => {
    finished = true;
  });
  if (PROBE_EVERY_MS > 0) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    const inFlight = [];
    while (!finished) {
      inFlight.push(
        get(`${base}/api/health/live`, agent).then((r) => {
          if (r.status === 200) times.push(r.ms);
          else failed++;
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
    await Promise.all(inFlight);
    agent.destroy();
    return { times, failed };
  }
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  while (!finished) {
    const r = await get(`${base}/api/health/live`, agent);
    if (r.status === 200) times.push(r.ms);
    else failed++;
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_GAP_MS));
  }
  agent.destroy();
  return { times, failed };
}

/** One round: 200 concurrent sheet requests (each its own socket and client address) while health is sampled. */
async function round(base, boards, n) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: REQUESTS });
  const started = performance.now();
  const burst = Promise.all(
    Array.from({ length: REQUESTS }, (_, i) => {
      const board = boards[i % boards.length];
      const size = Math.floor(i / boards.length) % 2 === 0 ? 'letter' : 'a4';
      // Each request from its own address: the sheet limit (20 a minute per address) is not measured here.
      const url = CONTROL ? `${base}/api/boards/${board}` : `${base}/api/boards/${board}/sheet.pdf?size=${size}`;
      return get(url, agent, {
        'x-forwarded-for': clientAddress(n * REQUESTS + i + 1),
      });
    }),
  );
  const [sheets, health] = await Promise.all([burst, sampleHealth(base, burst)]);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  const ok = sheets.filter((s) => s.status === 200 && (CONTROL || s.head === '%PDF-'));
  const refused = sheets.filter((s) => s.status === 503).length;
  return {
    seconds,
    ok: ok.length,
    refused,
    failed: REQUESTS - ok.length - refused,
    sheetP50: pct(
      ok.map((s) => s.ms),
      50,
    ),
    sheetP99: pct(
      ok.map((s) => s.ms),
      99,
    ),
    health: health.times,
    healthFailed: health.failed,
    healthP50: pct(health.times, 50),
    healthP99: pct(health.times, 99),
    healthMax: Math.max(...health.times),
  };
}

let server;
let pool;
let database;
let exitCode = 0;
const unregister = onInterrupt(() => {});
try {
  database = await createScratchDatabase();
  server = await startFanGrid({
    databaseUrl: database.url,
    env: {
      SEED_DEMO: 'false',
      TRUST_PROXY: '1',
      ...(WORKER_THREADS === undefined ? {} : { WORKER_THREADS }),
    },
    script: SERVER_SCRIPT,
    nodeArgs: CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.join(outDir, 'prof-sheets')}`] : [],
  });
  pool = new pg.Pool({ connectionString: database.url, max: 4 });
  pool.on('error', () => {});
  const { rows: game } = await pool.query(
    `insert into games (slug, league, team_a, team_b, starts_at, venue)
     values ('bench-game', 'NBA', 'Thunder', 'Timberwolves', now() + interval '2 hours', 'Bench Arena')
     returning id`,
  );
  const prizes = [
    { key: 'q1', label: '1st quarter', prizeCents: 5000 },
    { key: 'q2', label: '2nd quarter', prizeCents: 10000 },
    { key: 'q3', label: '3rd quarter', prizeCents: 5000 },
    { key: 'final', label: 'Final score', prizeCents: 15000 },
  ];
  const boards = [];
  for (let i = 0; i < BOARDS; i++) {
    const seed = randomBytes(32).toString('hex');
    const seedHash = createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex');
    const slug = `sheets-b${i}`;
    await pool.query(
      `insert into boards (slug, game_id, sequence, format, entry_rule, prize_table, organization, seed, seed_hash, opened_at)
       values ($1, $2, $3, '1v99', $4, $5, 'Bench Foundation', $6, $7, now())`,
      [slug, game[0].id, i + 1, JSON.stringify(RULE), JSON.stringify(prizes), seed, seedHash],
    );
    boards.push(slug);
  }

  const rounds = [];
  for (let n = 0; n <= ROUNDS; n++) {
    // A change to every board (its opening time, part of its last change): every sheet of the round is new.
    await pool.query(`update boards set opened_at = now() where slug like 'sheets-b%'`);
    const r = await round(server.url, boards, n);
    console.error(
      `${n === 0 ? 'warm-up' : `round ${n}`}: ${r.ok} sheets in ${r.seconds.toFixed(2)} s (p50 ${ms(r.sheetP50)}, ` +
        `p99 ${ms(r.sheetP99)}), ${r.refused} × 503, ${r.failed} failed; health/live ${r.health.length} probes ` +
        `p50 ${ms(r.healthP50)}, p99 ${ms(r.healthP99)}, max ${ms(r.healthMax)}`,
    );
    if (n > 0) rounds.push(r);
  }
  const allHealth = rounds.flatMap((r) => r.health);
  const p99 = pct(allHealth, 99);
  const failures = rounds.reduce((sum, r) => sum + r.failed + r.healthFailed, 0);
  const serverMode =
    SERVER_SCRIPT !== 'dist/server/main.js'
      ? `bundle ${SERVER_SCRIPT}`
      : WORKER_THREADS === '0'
        ? 'WORKER_THREADS=0 (on the event loop)'
        : `worker pool (${WORKER_THREADS ?? os.availableParallelism()} threads)`;
  const mode = `${CONTROL ? 'CONTROL (board JSON, no sheet), ' : ''}${serverMode}`;
  const probes =
    PROBE_EVERY_MS > 0 ? `health probed every ${PROBE_EVERY_MS} ms (open loop)` : 'health probed back to back';
  console.log(
    `\nSheets: ${REQUESTS} concurrent over ${BOARDS} boards, ${mode}, ${probes}; ${os.availableParallelism()} CPUs, load ${loadAverage()}\n`,
  );
  console.log(
    mdTable(
      [
        'Round',
        'Sheets OK',
        '503',
        'Burst',
        'Sheet p50',
        'Sheet p99',
        'Health probes',
        'Health p50',
        'Health p99',
        'Health max',
      ],
      rounds.map((r, i) => [
        i + 1,
        r.ok,
        r.refused,
        `${r.seconds.toFixed(2)} s`,
        ms(r.sheetP50),
        ms(r.sheetP99),
        r.health.length,
        ms(r.healthP50),
        ms(r.healthP99),
        ms(r.healthMax),
      ]),
    ),
  );
  console.log(`\n/api/health/live p99 over all measured rounds: ${ms(p99)} (target < ${TARGET_P99} ms)`);
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    path.join(outDir, 'sheets.json'),
    `${JSON.stringify({ mode, probeEveryMs: PROBE_EVERY_MS, cpus: os.availableParallelism(), p99, rounds: rounds.map(({ health, ...r }) => r) }, null, 2)}\n`,
  );
  if (!(p99 < TARGET_P99)) {
    console.error(`FAIL: health/live p99 ${ms(p99)} is not under ${TARGET_P99} ms`);
    exitCode = 1;
  }
  if (failures > 0) {
    console.error(`FAIL: ${failures} failed sheet or health requests`);
    exitCode = 1;
  }
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  await pool?.end().catch(() => {});
  await server?.stop();
  await database?.drop();
  unregister();
}
process.exit(exitCode);
