// `npm run bench:claims` (builds the server first): how fast entries claim cells on 1v99 boards through the
// HTTP API compared with the same claim done straight in PostgreSQL, and how quickly one entry reaches
// 2,000 live viewers over Server-Sent Events. Runs on a scratch PostgreSQL database made for the run and
// dropped afterwards. Prints Markdown tables, writes bench/.out/claims.json, exits 1 when a target is
// missed or an invariant (no double-held cell, no board over capacity) is violated.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { fictionPhone } from '../tests/support/fiction-phones.mjs';
import { summariseProfile } from './lib/cpuprofile.mjs';
import { createScratchDatabase } from './lib/scratch-db.mjs';
import {
  clientAddress,
  loadAverage,
  mdTable,
  median,
  onInterrupt,
  openEventStream,
  outDir,
  root,
  startFanGrid,
} from './lib/server.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5); // measured rounds per path (HTTP, raw alternated)
const CLIENTS = 50; // concurrent HTTP clients, and the raw path's pool size and concurrency
const BOARDS = 20; // boards per round; 100 entries fill a 1v99 board
const CAPACITY = 100;
const WARMUP_BOARDS = BOARDS; // one unrecorded full round per path first (JIT, pools, plans)
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 2000);
const SSE_ENTRIES = 5;
const SSE_SPACING_MS = 500;
const CPU_PROF = process.env.BENCH_CPU_PROF === '1'; // server writes a .cpuprofile to bench/.out/prof
const SERVER_SCRIPT = process.env.BENCH_SERVER ?? 'dist/server/main.js'; // another bundle, for experiments

const TARGET_RATIO = 0.6; // HTTP entries/s ≥ 60% of the raw path's
const TARGET_SSE_P99 = 250; // ms, median over the SSE entries
const ORIGIN = 'http://127.0.0.1'; // startFanGrid's PUBLIC_URL: a trusted Origin for POSTs
const THUNDER_RULE = {
  kind: 'whole-range',
  minCents: 100,
  maxCents: 2000,
  defaultCents: 100,
  quickPicksCents: [100, 500, 1000],
};
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

// The claim statement of repo.ts claimCells, with drizzle's parameter layout ($1 = $3 = board, $2 = entry).
const CLAIM_SQL = `
  insert into board_cells (board_id, cell, entry_id)
  select $1, c, $2
  from generate_series(0, 99) as c
  where not exists (select 1 from board_cells b where b.board_id = $3 and b.cell = c)
  order by random()
  limit $4
  returning cell`;

/** Nearest-rank percentile of an unsorted list (ms). */
function pct(xs, p) {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}
const ms = (x) => (Number.isFinite(x) ? `${x.toFixed(1)} ms` : 'n/a');
const int = (x) => Math.round(x).toLocaleString('en-US');

/** `n` in base 26 as `width` capital letters (codes and ticket numbers the raw path makes). */
function letters(n, width) {
  let s = '';
  for (let i = 0; i < width; i++, n = Math.floor(n / 26)) s = LETTERS[n % 26] + s;
  return s;
}

/** Runs `fn` over `jobs` with `concurrency` workers pulling from one queue. */
async function runQueue(jobs, concurrency, fn) {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) await fn(jobs[next++]);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

// CPU time (ms) of a process from /proc (Linux only; 0 elsewhere): user + system, and system alone.
const TICK_MS = 10; // USER_HZ is 100 on Linux
function cpuTimes(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { total: (Number(f[11]) + Number(f[12])) * TICK_MS, sys: Number(f[12]) * TICK_MS };
  } catch {
    return { total: 0, sys: 0 };
  }
}
const cpuMs = (pid) => cpuTimes(pid).total;

/** CPU time so far of the server, this process, and the PostgreSQL backends serving the scratch database. */
async function cpuSnapshot(pool, serverPid) {
  const { rows } = await pool.query('select pid from pg_stat_activity where datname = current_database()');
  const backends = Object.fromEntries(rows.map((r) => [r.pid, cpuMs(r.pid)]));
  const self = process.cpuUsage();
  const server = cpuTimes(serverPid);
  return { server: server.total, serverSys: server.sys, bench: (self.user + self.system) / 1000, backends };
}

/** CPU ms per claim between two snapshots (backends present in both), and the machine's share used. */
function cpuPerClaim(a, b, claims, seconds) {
  let postgres = 0;
  for (const [pid, t] of Object.entries(b.backends)) if (pid in a.backends) postgres += t - a.backends[pid];
  const server = b.server - a.server;
  const bench = b.bench - a.bench;
  return {
    serverMs: server / claims,
    serverSysShare: server ? (b.serverSys - a.serverSys) / server : 0, // kernel part: socket writes and reads
    postgresMs: postgres / claims,
    benchMs: bench / claims,
    // Of the machine's cores × seconds, how much these three used (the rest: other tenants, kernel, idle).
    share: (server + postgres + bench) / (os.cpus().length * seconds * 1000),
  };
}

// --- scratch database --------------------------------------------------------------------------------

// --- boards ----------------------------------------------------------------------------------------------

let gameId;
let nextSequence = 1;

/** Inserts `n` open 1v99 boards; sequences go up by 2 so a filled board's auto-opened next one never collides. */
async function createBoards(pool, tag, n) {
  const boards = [];
  for (let i = 0; i < n; i++) {
    const sequence = nextSequence;
    nextSequence += 2;
    const seed = randomBytes(32).toString('hex');
    const seedHash = createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex');
    const slug = `${tag}-b${i}-${sequence}`;
    const { rows } = await pool.query(
      `insert into boards (slug, game_id, sequence, format, entry_rule, prize_table, organization, seed, seed_hash)
       values ($1, $2, $3, '1v99', $4, '[]', 'Bench Foundation', $5, $6) returning id`,
      [slug, gameId, sequence, JSON.stringify(THUNDER_RULE), seed, seedHash],
    );
    boards.push({ id: rows[0].id, slug });
  }
  return boards;
}

/** 100 jobs per board, interleaved so the clients spread over every board at once. */
const jobsFor = (boards) =>
  Array.from({ length: boards.length * CAPACITY }, (_, i) => ({
    board: boards[i % boards.length],
    n: i,
    k: Math.floor(i / boards.length), // the entry's index on its board
  }));

// --- HTTP path -----------------------------------------------------------------------------------------

const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });

/** One POST with a keep-alive socket; resolves to { status, body }. */
function post(url, payload, address) {
  const data = JSON.stringify(payload);
  const forwarded = address ? { 'x-forwarded-for': address } : {};
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
          origin: ORIGIN,
          ...forwarded,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/**
 * Each entry is a different fan: its own phone number and its own address (sent as X-Forwarded-For to a
 * server told to trust one proxy hop). One address or one phone making thousands of entries a second is
 * what the entry limits exist to stop; its counter row would serialise every request of the run.
 */
const fanPhone = (n) => fictionPhone(n);

// Fans of the probes for a full board and of the SSE entries, apart from the rounds' fans.
const EXTRA_FANS = 500_000;
const SSE_FANS = 600_000;

const entryBody = (tag, n) => ({
  phone: fanPhone(n),
  nickname: `B${n}`,
  amountCents: 100,
  ageConfirmed: true,
  rulesAccepted: true,
  state: 'OH',
  idempotencyKey: `${tag}-${n}-${randomBytes(4).toString('hex')}`,
});

async function httpRound(base, boards, tag) {
  const latencies = [];
  let full = 0;
  const failures = [];
  const started = performance.now();
  await runQueue(jobsFor(boards), CLIENTS, async ({ board, n }) => {
    const t0 = performance.now();
    const res = await post(`${base}/api/boards/${board.slug}/entries`, entryBody(tag, n), clientAddress(n)).catch(
      (err) => ({
        status: 0,
        body: String(err),
      }),
    );
    const t = performance.now() - t0;
    if (res.status === 201) latencies.push(t);
    else if (res.status === 409 && res.body.includes('BOARD_FULL')) full++;
    else failures.push(`${res.status} ${res.body.slice(0, 200)}`);
  });
  return summarise(latencies, full, failures, performance.now() - started);
}

// --- raw path ---------------------------------------------------------------------------------------------

let ticketCounter = 0;

/** The claim straight through pg: lock, insert the entry, claim one cell, notify, commit. */
async function rawClaim(pool, { board, n, k }, tag) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock(hashtext($1))', [board.id]);
    const code = letters(k, 3); // unique on the board
    const { rows: entry } = await client.query(
      `insert into entries (board_id, phone, nickname, code, amount_cents, ticket_number, idempotency_key, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
      [
        board.id,
        fanPhone(n),
        `B${n}`,
        code,
        100,
        `Z${letters(ticketCounter++, 8)}`,
        `${tag}-${n}-${randomBytes(4).toString('hex')}`,
        new Date(),
      ],
    );
    const { rows: cells } = await client.query(CLAIM_SQL, [board.id, entry[0].id, board.id, 1]);
    if (cells.length < 1) {
      await client.query('rollback');
      return false;
    }
    const event = { topic: `board:${board.id}`, data: { cells: cells.map((r) => Number(r.cell)), code } };
    await client.query('select pg_notify($1, $2)', ['fangrid_events', JSON.stringify(event)]);
    await client.query('commit');
    return true;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

async function rawRound(pool, boards, tag) {
  const latencies = [];
  let full = 0;
  const failures = [];
  const started = performance.now();
  await runQueue(jobsFor(boards), CLIENTS, async (job) => {
    const t0 = performance.now();
    try {
      if (await rawClaim(pool, job, tag)) latencies.push(performance.now() - t0);
      else full++;
    } catch (err) {
      failures.push(String(err?.message ?? err));
    }
  });
  return summarise(latencies, full, failures, performance.now() - started);
}

function summarise(latencies, full, failures, elapsedMs) {
  return {
    ok: latencies.length,
    full,
    failures: failures.length,
    firstFailures: failures.slice(0, 5),
    seconds: elapsedMs / 1000,
    rps: latencies.length / (elapsedMs / 1000),
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
  };
}

// --- invariants ---------------------------------------------------------------------------------------------

/** Whole-database check plus "every board of the round is exactly full"; returns a list of problems. */
async function verify(pool, roundBoards) {
  const problems = [];
  const { rows: totals } = await pool.query(
    'select count(*)::int as cells, count(distinct (board_id, cell))::int as distinct_cells from board_cells',
  );
  const { cells, distinct_cells: distinct } = totals[0];
  if (cells !== distinct) problems.push(`${cells - distinct} double-held cells (${cells} rows, ${distinct} distinct)`);
  const { rows } = await pool.query(`
    select b.id, b.slug, b.format,
      (select count(*) from entries e where e.board_id = b.id)::int as entries,
      (select count(*) from board_cells c where c.board_id = b.id)::int as cells
    from boards b`);
  for (const b of rows) {
    if (b.cells > CAPACITY) problems.push(`board ${b.slug} holds ${b.cells} cells (capacity ${CAPACITY})`);
    if (b.format === '1v99' && b.entries !== b.cells)
      problems.push(`board ${b.slug}: ${b.entries} entries, ${b.cells} cells`);
  }
  const byId = new Map(rows.map((b) => [b.id, b]));
  for (const b of roundBoards) {
    const found = byId.get(b.id);
    if (found?.cells !== CAPACITY) problems.push(`board ${b.slug} ended with ${found?.cells} cells, not ${CAPACITY}`);
  }
  return { problems, cells, distinct };
}

/** One more claim per filled board must be refused: 409 BOARD_FULL over HTTP, no free cell on the raw path. */
async function probeFull(name, boards, tag) {
  const problems = [];
  for (const [i, board] of boards.entries()) {
    if (name === 'http') {
      const fan = EXTRA_FANS + i;
      const res = await post(
        `${server.url}/api/boards/${board.slug}/entries`,
        entryBody(`${tag}-extra`, fan),
        clientAddress(fan),
      );
      if (res.status !== 409 || !res.body.includes('BOARD_FULL')) {
        problems.push(`an extra entry on full board ${board.slug} answered ${res.status}, not 409 Board full`);
      }
    } else if (await rawClaim(pool, { board, n: 0, k: CAPACITY }, `${tag}-extra`)) {
      problems.push(`an extra raw claim on full board ${board.slug} got a cell`);
    }
  }
  return problems;
}

// --- SSE fan-out ------------------------------------------------------------------------------------------

/** Opens one event stream; resolves once the `retry:` line arrived. `events` collects arrival times of `cells`. */
async function subscribe(url, onCells) {
  const sub = { events: [], req: undefined };
  sub.req = await openEventStream(url, {
    onEvent: (name, data) => {
      if (name !== 'cells') return;
      sub.events.push({ at: performance.now(), data: JSON.parse(data || 'null') });
      onCells();
    },
  });
  return sub;
}

async function sseFanout(base, pool) {
  const [board] = await createBoards(pool, 'sse', 1);
  const url = `${base}/api/boards/${board.slug}/events`;
  let arrived = 0;
  let waiter;
  const onCells = () => {
    arrived++;
    waiter?.();
  };
  const subs = [];
  try {
    // Open in batches of 200 so the listen backlog is not overrun.
    const openStart = performance.now();
    for (let i = 0; i < SUBSCRIBERS; i += 200) {
      const batch = Math.min(200, SUBSCRIBERS - i);
      subs.push(...(await Promise.all(Array.from({ length: batch }, () => subscribe(url, onCells)))));
    }
    const openSeconds = (performance.now() - openStart) / 1000;
    console.error(`SSE: ${subs.length} subscribers ready in ${openSeconds.toFixed(1)} s`);

    const runs = [];
    for (let k = 0; k < SSE_ENTRIES; k++) {
      await new Promise((r) => setTimeout(r, SSE_SPACING_MS));
      const want = subs.length * (k + 1);
      const all = new Promise((resolve) => {
        waiter = () => arrived >= want && resolve(true);
        waiter();
      });
      const t0 = performance.now();
      const res = await post(
        `${base}/api/boards/${board.slug}/entries`,
        entryBody('sse', SSE_FANS + k),
        clientAddress(SSE_FANS + k),
      );
      const postMs = performance.now() - t0;
      if (res.status !== 201) throw new Error(`SSE entry answered ${res.status}: ${res.body.slice(0, 200)}`);
      const { entry } = JSON.parse(res.body);
      await Promise.race([all, new Promise((r) => setTimeout(r, 10_000))]);
      const latencies = [];
      let wrong = 0;
      for (const s of subs) {
        const e = s.events[k];
        if (!e) continue;
        latencies.push(e.at - t0);
        if (e.data?.code !== entry.code || JSON.stringify(e.data?.cells) !== JSON.stringify(entry.cells)) wrong++;
      }
      const run = {
        received: latencies.length,
        wrong,
        postMs,
        p50: pct(latencies, 50),
        p99: pct(latencies, 99),
        max: latencies.length ? Math.max(...latencies) : Number.NaN,
      };
      runs.push(run);
      console.error(
        `SSE entry ${k + 1}: ${run.received}/${subs.length} received, p50 ${ms(run.p50)}, p99 ${ms(run.p99)}, max ${ms(run.max)} (POST ${ms(postMs)})`,
      );
    }
    return {
      board: board.slug,
      subscribers: subs.length,
      openSeconds,
      runs,
      medianP99: median(runs.map((r) => r.p99)),
    };
  } finally {
    for (const s of subs) s.req.destroy();
  }
}

// --- main ----------------------------------------------------------------------------------------------------

let server;
let pool;
let exitCode = 0;
const problems = [];
let database;
let interrupted = false;
const unregister = onInterrupt(() => {
  interrupted = true; // the scratch database's own hook drops it
});
try {
  database = await createScratchDatabase();
  const profDir = path.join(outDir, 'prof');
  if (CPU_PROF) mkdirSync(profDir, { recursive: true });
  server = await startFanGrid({
    databaseUrl: database.url,
    // The entry limits keep their defaults: every entry comes from its own fan (phone and address, the
    // address through one trusted proxy hop). The viewers all come from this machine's one address, whose
    // stream cap (20) would refuse all but 20 of them.
    env: {
      SEED_DEMO: 'false',
      TRUST_PROXY: '1',
      SSE_MAX_PER_CLIENT: String(SUBSCRIBERS + 100),
      SSE_MAX_PER_INSTANCE: String(SUBSCRIBERS + 100),
    },
    nodeArgs: CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [],
    script: SERVER_SCRIPT,
  });
  pool = new pg.Pool({ connectionString: database.url, max: CLIENTS });
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {})); // a dropped database ends connections
  const { rows: game } = await pool.query(
    `insert into games (slug, league, team_a, team_b, starts_at, venue)
     values ('bench-game', 'NBA', 'Thunder', 'Timberwolves', now() + interval '30 minutes', 'Bench Arena')
     returning id`,
  );
  gameId = game[0].id;

  const runs = { http: [], raw: [] };
  const checks = [];
  const paths = {
    http: (boards, tag) => httpRound(server.url, boards, tag),
    raw: (boards, tag) => rawRound(pool, boards, tag),
  };
  // Round 0 warms up both paths and is not recorded; then HTTP and raw alternate on fresh boards.
  for (let round = 0; round <= ROUNDS; round++) {
    for (const name of ['http', 'raw']) {
      const tag = `${name}${round}`;
      const boards = await createBoards(pool, tag, round === 0 ? WARMUP_BOARDS : BOARDS);
      const before = await cpuSnapshot(pool, server.pid);
      const r = await paths[name](boards, tag);
      r.cpu = cpuPerClaim(before, await cpuSnapshot(pool, server.pid), r.ok, r.seconds);
      const check = await verify(pool, boards);
      check.problems.push(...(await probeFull(name, boards, tag)));
      checks.push({ round, path: name, ...check });
      if (r.failures)
        problems.push(`${name} round ${round}: ${r.failures} failed requests, e.g. ${r.firstFailures[0]}`);
      for (const p of check.problems) problems.push(`${name} round ${round}: ${p}`);
      console.error(
        `${round === 0 ? 'warm-up' : `round ${round}`} ${name}: ${r.ok} claims in ${r.seconds.toFixed(2)} s = ` +
          `${int(r.rps)}/s, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, ${r.full} full, ${r.failures} failed; ` +
          `CPU per claim: server ${r.cpu.serverMs.toFixed(2)} ms (${(r.cpu.serverSysShare * 100).toFixed(0)}% kernel), PostgreSQL ${r.cpu.postgresMs.toFixed(2)} ms, ` +
          `bench ${r.cpu.benchMs.toFixed(2)} ms (${(r.cpu.share * 100).toFixed(0)}% of the machine); ` +
          `${check.problems.length ? check.problems.join('; ') : 'invariants hold'}`,
      );
      if (round > 0) runs[name].push(r);
      if (problems.length) throw new Error('invariant violated or request failed');
    }
  }

  const summary = Object.fromEntries(
    Object.entries(runs).map(([name, rs]) => [
      name,
      {
        rps: median(rs.map((r) => r.rps)),
        p50: median(rs.map((r) => r.p50)),
        p99: median(rs.map((r) => r.p99)),
        full: rs.reduce((n, r) => n + r.full, 0),
        cpu: Object.fromEntries(
          ['serverMs', 'serverSysShare', 'postgresMs', 'benchMs', 'share'].map((k) => [
            k,
            median(rs.map((r) => r.cpu[k])),
          ]),
        ),
        runs: rs,
      },
    ]),
  );
  const ratio = summary.http.rps / summary.raw.rps;
  const roundRatios = runs.http.map((h, i) => h.rps / runs.raw[i].rps);

  const sse = await sseFanout(server.url, pool);
  const finalCheck = await verify(pool, []);
  for (const p of finalCheck.problems) problems.push(`after SSE: ${p}`);

  // Targets.
  const missed = [];
  if (ratio < TARGET_RATIO) missed.push(`HTTP/raw claim throughput ${ratio.toFixed(2)} < ${TARGET_RATIO}`);
  if (!(sse.medianP99 < TARGET_SSE_P99)) missed.push(`SSE fan-out p99 ${ms(sse.medianP99)} ≥ ${TARGET_SSE_P99} ms`);
  for (const [k, r] of sse.runs.entries()) {
    if (r.received !== sse.subscribers) missed.push(`SSE entry ${k + 1} reached ${r.received}/${sse.subscribers}`);
    if (r.wrong) problems.push(`SSE entry ${k + 1}: ${r.wrong} subscribers got other cells or code`);
  }

  console.log(
    `\n### Claims on 1v99 boards (${BOARDS} boards × ${CAPACITY} entries per round, ${CLIENTS} concurrent, ${ROUNDS} rounds per path, alternated; median)\n`,
  );
  console.log(
    mdTable(
      ['Path', 'Entries/s (median)', 'p50 latency', 'p99 latency', 'Entries/s per round', '409 Board full', 'vs raw'],
      [
        ['HTTP `POST /api/boards/:slug/entries`', summary.http, `${(ratio * 100).toFixed(0)}%`],
        ['Raw `pg` transaction (pool of 50)', summary.raw, '100%'],
      ].map(([label, s, rel]) => [
        label,
        int(s.rps),
        ms(s.p50),
        ms(s.p99),
        s.runs.map((r) => int(r.rps)).join(', '),
        s.full,
        rel,
      ]),
    ),
  );
  console.log(
    `\nHTTP/raw = ${ratio.toFixed(3)} (target ≥ ${TARGET_RATIO}); per round ${roundRatios.map((r) => r.toFixed(3)).join(', ')}`,
  );
  console.log(
    `Invariants after every round: ${checks.every((c) => c.problems.length === 0) ? 'hold' : 'VIOLATED'} ` +
      `(${finalCheck.cells} cells held in all, ${finalCheck.distinct} distinct; no board over ${CAPACITY}; entries = cells)`,
  );

  console.log(
    '\nCPU time per successful claim (median of the rounds; PostgreSQL = the backends of the scratch database):\n',
  );
  console.log(
    mdTable(
      ['Path', 'Server process', 'PostgreSQL backends', 'Bench process (load generator)', 'Share of machine used'],
      [
        ['HTTP', summary.http.cpu],
        ['Raw', summary.raw.cpu],
      ].map(([label, c]) => [
        label,
        c.serverMs ? `${ms(c.serverMs)} (${(c.serverSysShare * 100).toFixed(0)}% kernel)` : '–',
        ms(c.postgresMs),
        ms(c.benchMs),
        `${(c.share * 100).toFixed(0)}%`,
      ]),
    ),
  );

  console.log(
    `\n### SSE fan-out (${sse.subscribers} subscribers on one board, ${SSE_ENTRIES} entries ${SSE_SPACING_MS} ms apart)\n`,
  );
  console.log(
    mdTable(
      ['Entry', 'Received', 'p50', 'p99', 'max', 'POST latency'],
      sse.runs.map((r, k) => [
        k + 1,
        `${r.received}/${sse.subscribers}`,
        ms(r.p50),
        ms(r.p99),
        ms(r.max),
        ms(r.postMs),
      ]),
    ),
  );
  console.log(`\nMedian p99 ${ms(sse.medianP99)} (target < ${TARGET_SSE_P99} ms), measured from just before the POST.`);

  const result = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    settings: {
      rounds: ROUNDS,
      clients: CLIENTS,
      boardsPerRound: BOARDS,
      entriesPerBoard: CAPACITY,
      warmupBoards: WARMUP_BOARDS,
      subscribers: SUBSCRIBERS,
      sseEntries: SSE_ENTRIES,
    },
    targets: { httpToRaw: TARGET_RATIO, sseP99Ms: TARGET_SSE_P99 },
    http: summary.http,
    raw: summary.raw,
    ratioHttpToRaw: ratio,
    roundRatios,
    invariants: checks,
    sse,
    missed,
    problems,
    loadAverage: os.loadavg(),
  };
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'claims.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nLoad average ${loadAverage()}. Wrote ${path.relative(root, path.join(outDir, 'claims.json'))}`);
  for (const m of missed) console.error(`TARGET MISSED: ${m}`);
  for (const p of problems) console.error(`INVARIANT VIOLATED: ${p}`);
  if (missed.length || problems.length) exitCode = 1;
} catch (err) {
  if (interrupted) await new Promise(() => {}); // Ctrl-C: the interrupt hook drops the database and exits
  console.error(`benchmark error: ${err?.stack ?? err}`);
  for (const p of problems) console.error(`  ${p}`);
  exitCode = 1;
} finally {
  agent.destroy();
  await server?.stop().catch(() => {});
  await pool?.end().catch(() => {});
  await database?.drop().catch((err) => console.error(`could not drop ${database.name}: ${err.message}`));
  unregister();
}
if (CPU_PROF) {
  // The server writes its profile on exit; summarise the newest one.
  const profDir = path.join(outDir, 'prof');
  const files = existsSync(profDir) ? readdirSync(profDir).filter((f) => f.endsWith('.cpuprofile')) : [];
  const newest = files.sort().at(-1);
  if (newest) {
    const { buckets, functions } = summariseProfile(path.join(profDir, newest), 20);
    const busy = buckets.filter(([k]) => k !== '(idle)').reduce((n, [, t]) => n + t, 0);
    const rows = (list) =>
      list.filter(([k]) => k !== '(idle)').map(([k, t]) => [k, `${((100 * t) / busy).toFixed(1)}%`]);
    console.log(`\n### Server CPU profile (${newest}, whole run, busy ${(busy / 1000).toFixed(1)} s; self time)\n`);
    console.log(mdTable(['Package', 'Share'], rows(buckets).slice(0, 15)));
    console.log('');
    console.log(mdTable(['Function', 'Share'], rows(functions)));
  }
}
process.exit(exitCode);
