// `npm run bench:export` (builds the server first): the admin CSV export of game entries is streamed, so
// the server's memory must not grow with the number of entries. Exports the same table at 20,000 and at
// 200,000 entries from the built server on a scratch PostgreSQL database, sampling the server's resident
// memory (VmRSS) every 20 ms while each download runs, and compares the two side by side. Prints a
// Markdown table, writes bench/.out/export.json, exits 1 when a target is missed or a file is wrong.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { FICTION_AREA_CODES } from '../tests/support/fiction-phones.mjs';
import {
  adminCookie,
  adminGateEnv,
  mdTable,
  median,
  memoryOf,
  onInterrupt,
  outDir,
  startFanGrid,
} from './lib/server.mjs';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SIZES = [20_000, 200_000];
const RUNS = 3; // downloads per size; medians reported
const PASSCODE = 'benchpw1';
const PHRASE = 'bench phrase';
/** Peak extra memory while exporting 10× the rows may be at most this many times the smaller export's. */
const TARGET_GROWTH_RATIO = 1.5;
const HEAP_MB = 96;

const dbName = `fangrid_bench_${randomBytes(6).toString('hex')}`;
const dbUrl = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

async function adminQuery(text) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
const dropDatabase = () => adminQuery(`drop database if exists ${pg.escapeIdentifier(dbName)} with (force)`);

const rssKb = (pid) => memoryOf(pid).rssMb * 1024;

/** One download, reading the body as it arrives, with the server's RSS sampled meanwhile. */
async function download(url, cookie, pid) {
  const base = rssKb(pid);
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKb(pid));
  }, 20);
  const started = performance.now();
  const res = await fetch(`${url}/api/admin/exports/game-entries.csv`, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`export answered ${res.status}`);
  let firstByteMs = Number.NaN;
  let bytes = 0;
  let lines = 0;
  const decoder = new TextDecoder();
  for await (const chunk of res.body) {
    if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - started;
    bytes += chunk.byteLength;
    const text = decoder.decode(chunk, { stream: true });
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssKb(pid));
  return { seconds, firstByteMs, bytes, rows: lines - 1, baseMb: base / 1024, growthMb: (peak - base) / 1024 };
}

let server;
let pool;
let exitCode = 0;
const unregister = onInterrupt(dropDatabase);
try {
  await adminQuery(`create database ${pg.escapeIdentifier(dbName)}`);
  console.error(`scratch database ${dbName}`);
  server = await startFanGrid({
    databaseUrl: dbUrl,
    // A modest heap: V8 then collects as it goes, so resident memory shows what the export keeps, not
    // how lazily garbage is collected. An export that held every row would run out of it.
    nodeArgs: [`--max-old-space-size=${HEAP_MB}`],
    env: { SEED_DEMO: 'false', ...(await adminGateEnv(PASSCODE, PHRASE)) },
  });
  pool = new pg.Pool({ connectionString: dbUrl, max: 2 });
  const { rows: game } = await pool.query(
    `insert into games (slug, league, team_a, team_b, starts_at, venue)
     values ('bench-game', 'NBA', 'Thunder', 'Timberwolves', now() + interval '30 minutes', 'Bench Arena') returning id`,
  );
  const { rows: board } = await pool.query(
    `insert into boards (slug, game_id, sequence, format, entry_rule, prize_table, organization, seed, seed_hash)
     values ('bench-board', $1, 1, '1v99', '{"kind":"no-amount"}', '[]', 'Bench Org', $2, $2) returning id`,
    [game[0].id, 'ab'.repeat(32)],
  );
  const cookie = await adminCookie(server.url, PASSCODE, PHRASE);

  const results = [];
  let inserted = 0;
  for (const size of SIZES) {
    // Realistic rows: every text column filled, some of them formula-looking (the neutralised path). Phones are
    // valid US fiction numbers (555-01XX under real area codes), as the entry rule would store them.
    await pool.query(
      `insert into entries (board_id, phone, nickname, code, amount_cents, team_support, organization,
         referral_code, game_code, ticket_number, idempotency_key, created_at)
       select $1, '+1' || ($4::int[])[1 + (i / 100) % cardinality($4::int[])] || '55501' || lpad((i % 100)::text, 2, '0'), 'Fan' || (i % 10000), 'C' || i, 100 + i % 1900,
         case when i % 10 = 0 then '=Thunder' else 'Thunder' end, 'Bench Org', 'REF' || (i % 97), 'BENCH',
         'T' || lpad(i::text, 8, '0'), 'bench-' || i, now() - i * interval '1 second'
       from generate_series($2::int, $3::int) as i`,
      [board[0].id, inserted + 1, size, FICTION_AREA_CODES],
    );
    inserted = size;
    await pool.query('vacuum analyze entries');
    await download(server.url, cookie, server.pid); // warm-up, not recorded
    const runs = [];
    for (let r = 0; r < RUNS; r++) {
      const run = await download(server.url, cookie, server.pid);
      if (run.rows !== size) throw new Error(`export of ${size} entries had ${run.rows} rows`);
      runs.push(run);
      console.error(
        `${size} entries: ${run.seconds.toFixed(2)} s, first byte ${run.firstByteMs.toFixed(0)} ms, ` +
          `${(run.bytes / 1e6).toFixed(1)} MB, RSS ${run.baseMb.toFixed(0)} MB + ${run.growthMb.toFixed(1)} MB`,
      );
    }
    results.push({
      size,
      seconds: median(runs.map((r) => r.seconds)),
      rowsPerSecond: median(runs.map((r) => r.rows / r.seconds)),
      firstByteMs: median(runs.map((r) => r.firstByteMs)),
      mb: runs[0].bytes / 1e6,
      growthMb: median(runs.map((r) => r.growthMb)),
      runs,
    });
  }

  const [small, large] = results;
  // A floor of 5 MB keeps noise in a tiny growth from making the ratio meaningless.
  const ratio = large.growthMb / Math.max(5, small.growthMb);
  const pass = ratio <= TARGET_GROWTH_RATIO;
  console.log(
    mdTable(
      ['entries', 'file', 'time', 'rows/s', 'first byte', 'server RSS growth (peak)'],
      results.map((r) => [
        r.size.toLocaleString('en-US'),
        `${r.mb.toFixed(1)} MB`,
        `${r.seconds.toFixed(2)} s`,
        Math.round(r.rowsPerSecond).toLocaleString('en-US'),
        `${r.firstByteMs.toFixed(0)} ms`,
        `${r.growthMb.toFixed(1)} MB`,
      ]),
    ),
  );
  console.log(
    `\nMemory growth at 10× the rows: ${ratio.toFixed(2)}× (target ≤ ${TARGET_GROWTH_RATIO}×, smaller growth floored at 5 MB): ${pass ? 'met' : 'MISSED'}`,
  );
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'export.json'), JSON.stringify({ results, ratio, pass }, null, 2));
  if (!pass) exitCode = 1;
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  await pool?.end().catch(() => {});
  await server?.stop();
  await dropDatabase().catch((err) => console.error('could not drop', dbName, err.message));
  unregister();
}
process.exit(exitCode);
