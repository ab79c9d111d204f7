// `npm run bench:rls`: what PostgreSQL row-level security by organization costs on the fan's entry path (the
// board lookup and the budgeted claim, the app's own SQL from bench/rls/app-sql.ts) and on one organizer read
// (the admin entries page). On a scratch database made for the run (migrated like the server does) and a
// scratch login role, both dropped at the end, also on failure and Ctrl-C. Variants run side by side:
// alternating round by round under concurrency, then taking turns claim by claim one at a time. Prints Markdown tables, writes bench/.out/rls.json; exits 1 when a check of
// what RLS must refuse or allow fails.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { adminUrl, createScratchDatabase } from '../lib/scratch-db.mjs';
import { loadAverage, mdTable, median, onInterrupt, outDir, root } from '../lib/server.mjs';
import { claimStatement, entriesPageStatement, findBoardStatement } from './app-sql.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5); // measured rounds; each runs every variant once
const BOARDS = Number(process.env.BENCH_BOARDS ?? 10); // boards per variant per round, 100 entries each
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10); // claims in flight, and each pool's size
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 1000); // one-at-a-time claims per variant
const READS = Number(process.env.BENCH_READS ?? 100); // entries-page reads per read variant
const CAPACITY = 100;
const ORGS = ['org_rls_a', 'org_rls_b'];
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Nearest-rank percentile of an unsorted list. */
function pct(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}
const ms = (x) => `${x.toFixed(2)} ms`;
const int = (x) => Math.round(x).toLocaleString('en-US');
const letters = (n, width) => {
  let s = '';
  for (let i = 0; i < width; i++, n = Math.floor(n / 26)) s = LETTERS[n % 26] + s;
  return s;
};

async function asAdmin(text) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Row-level security by organization on boards, entries and board_cells, and the app's restricted role. */
const rlsSetup = (role) => `
  grant usage on schema public to ${role};
  grant select, insert, update, delete on all tables in schema public to ${role};
  grant usage, select on all sequences in schema public to ${role};
  -- The fan's entry names a board, not an organization: its organization is read past the policies.
  create function rls_board_organization(p_slug text) returns text
    language sql stable security definer set search_path = public
    as $$ select organization_id from boards where slug = p_slug $$;
  alter table boards enable row level security;
  create policy organization_rows on boards
    using (organization_id = current_setting('app.organization_id', true));
  alter table entries enable row level security;
  create policy organization_rows on entries
    using (exists (select 1 from boards b where b.id = entries.board_id
                   and b.organization_id = current_setting('app.organization_id', true)));
  alter table board_cells enable row level security;
  create policy organization_rows on board_cells
    using (exists (select 1 from boards b where b.id = board_cells.board_id
                   and b.organization_id = current_setting('app.organization_id', true)));`;

const SET_ORG_BY_SLUG = `select set_config('app.organization_id', rls_board_organization($1), true)`;
const SET_ORG = `select set_config('app.organization_id', $1, true)`;

const TICK_MS = 10; // /proc/<pid>/stat counts CPU in clock ticks of 10 ms (USER_HZ 100)

/** CPU ms so far of every PostgreSQL backend of the scratch database (PostgreSQL runs on this machine). */
async function backendCpu(pool) {
  const { rows } = await pool.query('select pid from pg_stat_activity where datname = current_database()');
  const cpu = {};
  for (const { pid } of rows) {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      cpu[pid] = (Number(f[11]) + Number(f[12])) * TICK_MS;
    } catch {
      // a backend that ended since the list was read
    }
  }
  return cpu;
}

/** CPU ms the backends present in both snapshots used between them. */
function cpuBetween(a, b) {
  let total = 0;
  for (const [pid, t] of Object.entries(b)) if (pid in a) total += t - a[pid];
  return total;
}

let nextSequence = 1;
let fanNumber = 0;

/** `n` open 1v99 boards, alternately of each organization. */
async function createBoards(pool, gameId, tag, n) {
  const boards = [];
  for (let i = 0; i < n; i++) {
    const sequence = nextSequence;
    nextSequence += 2;
    const slug = `${tag}-b${i}-${sequence}`;
    const organizationId = ORGS[i % ORGS.length];
    const { rows } = await pool.query(
      `insert into boards (slug, game_id, sequence, format, entry_rule, prize_table, organization, organization_id, seed, seed_hash)
       values ($1, $2, $3, '1v99', '{"kind":"no-amount"}', '[]', 'Bench Foundation', $4, $5, $6) returning id`,
      [slug, gameId, sequence, organizationId, randomBytes(32).toString('hex'), randomBytes(32).toString('hex')],
    );
    boards.push({ id: rows[0].id, slug, organizationId });
  }
  return boards;
}

/** The claim's json from its row (rowMode array: [window_start, result]). */
const claimStatus = (res) => {
  const value = res.rows[0]?.[1];
  return (typeof value === 'string' ? JSON.parse(value) : value)?.status;
};

/**
 * One fan's entry. `app`: as the server runs it today (owner role, the lookup and the claim, each its own
 * statement). `one`: the same two in one transaction. `tx` and `rls`: one transaction that first sets the board's organization, then the same two
 * statements; `tx` as the owner (RLS bypassed: the cost of the transaction shape alone), `rls` as the
 * restricted role under the policies.
 */
async function entry(variant, client, board) {
  const n = fanNumber++;
  const claim = await claimStatement({
    boardId: board.id,
    phone: `+1555${String(n).padStart(7, '0')}`,
    nickname: `R${n}`,
    code: letters(n, 4),
    ticket: letters(n, 9),
    key: `rls-${n}`,
    address: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
  });
  const find = await findBoardStatement(board.slug);
  const t0 = performance.now();
  let res;
  if (variant === 'app') {
    const found = await client.query(find);
    if (found.rows.length !== 1) throw new Error(`${variant}: board ${board.slug} not found`);
    res = await client.query(claim);
  } else {
    await client.query('begin');
    try {
      if (variant !== 'one') await client.query(SET_ORG_BY_SLUG, [board.slug]);
      const found = await client.query(find);
      if (found.rows.length !== 1) throw new Error(`${variant}: board ${board.slug} not found`);
      res = await client.query(claim);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    }
  }
  const elapsed = performance.now() - t0;
  const status = claimStatus(res);
  if (status !== 'ok') throw new Error(`${variant}: claim answered ${status}`);
  return elapsed;
}

/** Fills `boards` (100 entries each, interleaved) with `CONCURRENCY` claims in flight; latencies and rate. */
async function claimRound(variant, pool, boards) {
  const jobs = Array.from({ length: boards.length * CAPACITY }, (_, i) => boards[i % boards.length]);
  const latencies = [];
  let next = 0;
  const worker = async () => {
    const client = await pool.connect();
    try {
      while (next < jobs.length) latencies.push(await entry(variant, client, jobs[next++]));
    } finally {
      client.release();
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - t0) / 1000;
  return { latencies, perSecond: jobs.length / seconds };
}

/**
 * One claim at a time, the variants taking turns claim by claim (each on its own boards, a fresh one every 100),
 * so that a change in the machine's load falls on all of them alike: no lock waits, no queueing, only each
 * variant's own work and round trips. The first 10 turns are not recorded.
 */
async function sequentialRound(variants, poolOf, owner, gameId) {
  const clients = {};
  const times = {};
  const boards = {};
  for (const v of variants) {
    clients[v] = await poolOf[v].connect();
    times[v] = [];
  }
  try {
    for (let i = -10; i < SEQUENTIAL; i++) {
      for (const v of variants) {
        if (!boards[v] || boards[v].used === CAPACITY) {
          boards[v] = { ...(await createBoards(owner, gameId, `seq-${v}-${i}`, 1))[0], used: 0 };
        }
        const elapsed = await entry(v, clients[v], boards[v]);
        boards[v].used++;
        if (i >= 0) times[v].push(elapsed);
      }
    }
  } finally {
    for (const v of variants) clients[v].release();
  }
  return times;
}

/** Every board of the round exactly full, no cell held twice. */
async function checkFull(owner, boards) {
  const { rows } = await owner.query(
    `select b.id, (select count(*) from entries e where e.board_id = b.id)::int as entries,
            (select count(*) from board_cells c where c.board_id = b.id)::int as cells,
            (select count(distinct cell) from board_cells c where c.board_id = b.id)::int as distinct_cells
     from boards b where b.id = any($1)`,
    [boards.map((b) => b.id)],
  );
  for (const r of rows) {
    if (r.entries !== CAPACITY || r.cells !== CAPACITY || r.distinct_cells !== CAPACITY) {
      throw new Error(`board ${r.id}: ${r.entries} entries, ${r.cells} cells (${r.distinct_cells} distinct)`);
    }
  }
}

/** What the policies must refuse and allow, checked on the restricted role. */
async function checkPolicies(restricted, boards) {
  const failures = [];
  const client = await restricted.connect();
  try {
    const [a, b] = [boards.find((x) => x.organizationId === ORGS[0]), boards.find((x) => x.organizationId === ORGS[1])];
    const { rows: none } = await client.query('select count(*)::int as n from entries');
    if (none[0].n !== 0) failures.push(`no organization set: ${none[0].n} entries visible (expected 0)`);
    await client.query('begin');
    await client.query(SET_ORG, [ORGS[1]]);
    const found = await client.query(await findBoardStatement(a.slug));
    if (found.rows.length !== 0) failures.push("another organization's board was found");
    const { rows: mine } = await client.query(
      'select count(*)::int as n, count(*) filter (where board_id <> all($1))::int as other from entries',
      [boards.filter((x) => x.organizationId === ORGS[1]).map((x) => x.id)],
    );
    if (mine[0].other !== 0) failures.push(`${mine[0].other} entries of another organization visible`);
    await client.query('commit');
    await client.query('begin');
    await client.query(SET_ORG, [ORGS[1]]);
    try {
      await client.query(
        await claimStatement({
          boardId: a.id,
          phone: '+15559999999',
          nickname: 'X',
          code: 'ZZZZ',
          ticket: 'ZZZZZZZZZ',
          key: 'rls-cross',
          address: '10.255.255.255',
        }),
      );
      failures.push("a claim on another organization's board was accepted");
    } catch (error) {
      if (error.code !== '42501') failures.push(`cross-organization claim: unexpected error ${error.message}`);
    }
    await client.query('rollback');
    return { failures, checkedBoards: [a.slug, b.slug] };
  } finally {
    client.release();
  }
}

/** The admin entries page of organization A, `READS` times per variant, alternating one read at a time. */
async function readRounds(owner, restricted) {
  const scoped = entriesPageStatement(ORGS[0]);
  const unscoped = entriesPageStatement(null);
  const ownerClient = await owner.connect();
  const rlsClient = await restricted.connect();
  const inOrg = async (client, statement) => {
    await client.query('begin');
    await client.query(SET_ORG, [ORGS[0]]);
    const res = await client.query(statement);
    await client.query('commit');
    return res;
  };
  const variants = {
    'app filter (owner role)': () => ownerClient.query(scoped),
    'app filter, in a transaction with set_config (owner role, RLS bypassed)': () => inOrg(ownerClient, scoped),
    'app filter + RLS (restricted role, same transaction)': () => inOrg(rlsClient, scoped),
    'RLS only, no app filter (restricted role, same transaction)': () => inOrg(rlsClient, unscoped),
  };
  const times = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
  const ids = {};
  try {
    for (let i = -5; i < READS; i++) {
      for (const [name, run] of Object.entries(variants)) {
        const t0 = performance.now();
        const res = await run();
        const elapsed = performance.now() - t0;
        if (i >= 0) times[name].push(elapsed);
        ids[name] ??= res.rows.map((r) => r[0]).join(',');
      }
    }
  } finally {
    ownerClient.release();
    rlsClient.release();
  }
  const same = new Set(Object.values(ids)).size === 1;
  return { times, same, rows: ids['app filter (owner role)'].split(',').length };
}

async function main() {
  const role = `fangrid_rls_app_${randomBytes(4).toString('hex')}`;
  const database = await createScratchDatabase();
  let roleMade = false;
  const pools = [];
  const cleanup = async () => {
    await Promise.allSettled(pools.map((p) => p.end()));
    try {
      await database.drop();
    } finally {
      if (roleMade) await asAdmin(`drop role if exists ${role}`);
    }
  };
  /** A pool whose connections may be ended under it when the scratch database is dropped. */
  const poolOn = (url) => {
    const p = new pg.Pool({ connectionString: url, max: CONCURRENCY + 1 });
    p.on('error', () => {});
    p.on('connect', (client) => client.on('error', () => {}));
    pools.push(p);
    return p;
  };
  const unregister = onInterrupt(cleanup);
  try {
    await asAdmin(`create role ${role} login nosuperuser nobypassrls`);
    roleMade = true;
    const owner = poolOn(database.url);
    await migrate(drizzle(owner), { migrationsFolder: path.join(root, 'src/server/db/migrations') });
    await owner.query(
      `insert into organization (id, name, slug, created_at, status)
       values ($1, 'RLS A', 'rls-a', now(), 'active'), ($2, 'RLS B', 'rls-b', now(), 'active')`,
      ORGS,
    );
    const { rows: game } = await owner.query(
      `insert into games (slug, league, team_a, team_b, starts_at, venue)
       values ('rls-game', 'NBA', 'Thunder', 'Timberwolves', now() + interval '30 minutes', 'Bench Arena') returning id`,
    );
    await owner.query(rlsSetup(role));
    const restrictedUrl = new URL(database.url);
    restrictedUrl.username = role;
    const restricted = poolOn(restrictedUrl.toString());
    const poolOf = { app: owner, one: owner, tx: owner, rls: restricted };
    const variants = ['app', 'one', 'tx', 'rls'];

    const runs = { app: [], one: [], tx: [], rls: [] };
    const started = new Date().toISOString();
    const allBoards = [];
    for (let round = 0; round <= ROUNDS; round++) {
      // Round 0 warms every variant and is not recorded; after it the order rotates round by round.
      const order = variants.map((_, i) => variants[(i + round) % variants.length]);
      for (const variant of order) {
        const boards = await createBoards(owner, game[0].id, `${variant}${round}`, BOARDS);
        allBoards.push(...boards);
        const before = await backendCpu(owner);
        const result = await claimRound(variant, poolOf[variant], boards);
        result.postgresCpuMs = cpuBetween(before, await backendCpu(owner));
        await checkFull(owner, boards);
        console.error(
          `round ${round} ${variant}: ${int(result.perSecond)} entries/s, p50 ${ms(pct(result.latencies, 50))}, p95 ${ms(pct(result.latencies, 95))}, PostgreSQL CPU ${ms(result.postgresCpuMs / result.latencies.length)} per claim`,
        );
        if (round > 0) runs[variant].push(result);
      }
    }
    const sequential = await sequentialRound(variants, poolOf, owner, game[0].id);
    const policy = await checkPolicies(restricted, allBoards);
    await owner.query('analyze');
    const reads = await readRounds(owner, restricted);

    const summary = Object.fromEntries(
      variants.map((v) => {
        const latencies = runs[v].flatMap((r) => r.latencies);
        return [
          v,
          {
            claims: latencies.length,
            perSecond: median(runs[v].map((r) => r.perSecond)),
            perRound: runs[v].map((r) => Math.round(r.perSecond)),
            p50: pct(latencies, 50),
            p95: pct(latencies, 95),
            postgresCpuMs: runs[v].reduce((t, r) => t + r.postgresCpuMs, 0) / latencies.length,
          },
        ];
      }),
    );
    const label = {
      app: 'Today: owner role, lookup + claim (2 statements)',
      one: 'Owner role, begin + lookup + claim + commit',
      tx: 'Owner role, begin + set_config + lookup + claim + commit (RLS bypassed)',
      rls: 'RLS: restricted role, begin + set_config + lookup + claim + commit',
    };
    const claimTable = mdTable(
      [
        'Variant',
        'Claims',
        'Entries/s (median of rounds)',
        'Per round',
        'Latency p50',
        'Latency p95',
        'vs today (entries/s)',
        'PostgreSQL CPU per claim',
        'vs today (CPU)',
      ],
      variants.map((v) => [
        label[v],
        int(summary[v].claims),
        int(summary[v].perSecond),
        summary[v].perRound.join(', '),
        ms(summary[v].p50),
        ms(summary[v].p95),
        (summary[v].perSecond / summary.app.perSecond).toFixed(2),
        ms(summary[v].postgresCpuMs),
        (summary[v].postgresCpuMs / summary.app.postgresCpuMs).toFixed(2),
      ]),
    );
    const perRoundRatio = runs.rls.map((r, i) => (r.perSecond / runs.app[i].perSecond).toFixed(2));
    const perRoundVsTx = runs.rls.map((r, i) => (r.perSecond / runs.tx[i].perSecond).toFixed(2));
    const seqTable = mdTable(
      ['Variant', 'Claims', 'Latency median', 'p95', 'vs today (median)', 'vs transaction shape (median)'],
      variants.map((v) => [
        label[v],
        int(sequential[v].length),
        ms(median(sequential[v])),
        ms(pct(sequential[v], 95)),
        (median(sequential[v]) / median(sequential.app)).toFixed(2),
        (median(sequential[v]) / median(sequential.tx)).toFixed(2),
      ]),
    );
    const readNames = Object.keys(reads.times);
    const base = median(reads.times[readNames[0]]);
    const readTable = mdTable(
      ['Variant', 'Reads', 'Median', 'p95', 'vs app filter (median)'],
      readNames.map((name) => [
        name,
        reads.times[name].length,
        ms(median(reads.times[name])),
        ms(pct(reads.times[name], 95)),
        (median(reads.times[name]) / base).toFixed(2),
      ]),
    );
    const { rows: counts } = await owner.query('select count(*)::int as n from entries');
    const { rows: version } = await owner.query('show server_version');
    console.log(
      [
        `### Entry path with and without row-level security (${ROUNDS} rounds per variant after one warm-up, alternating; ${BOARDS} boards × ${CAPACITY} entries per variant per round; ${CONCURRENCY} in flight)`,
        '',
        claimTable,
        '',
        `RLS vs today (entries/s, median of rounds): ${(summary.rls.perSecond / summary.app.perSecond).toFixed(3)}; per round ${perRoundRatio.join(', ')}.`,
        `RLS vs the same transaction shape without RLS: ${(summary.rls.perSecond / summary.tx.perSecond).toFixed(3)}; per round ${perRoundVsTx.join(', ')}.`,
        `PostgreSQL CPU per claim RLS / transaction shape: ${(summary.rls.postgresCpuMs / summary.tx.postgresCpuMs).toFixed(3)}; RLS / today: ${(summary.rls.postgresCpuMs / summary.app.postgresCpuMs).toFixed(3)} (the backends' CPU over all measured rounds, from /proc).`,
        `Latency p50 RLS/today ${(summary.rls.p50 / summary.app.p50).toFixed(2)}, p95 ${(summary.rls.p95 / summary.app.p95).toFixed(2)}.`,
        '',
        `### One claim at a time, the variants taking turns claim by claim (${int(SEQUENTIAL)} each after 10 unrecorded)`,
        '',
        seqTable,
        '',
        `### Organizer read: the admin entries page of one organization (50 newest of ${int(counts[0].n / 2)}; ${int(counts[0].n)} entries in all), ${READS} reads each, alternating`,
        '',
        readTable,
        '',
        `Same rows in every variant: ${reads.same ? 'yes' : 'NO'} (${reads.rows} rows).`,
        `Policy checks: ${policy.failures.length === 0 ? 'all hold (nothing visible without an organization; another organization’s board not found, its entries not visible, a claim on it refused with 42501)' : policy.failures.join('; ')}.`,
        '',
        `PostgreSQL ${version[0].server_version}; started ${started}; load average ${loadAverage()}.`,
      ].join('\n'),
    );
    mkdirSync(outDir, { recursive: true });
    writeFileSync(
      path.join(outDir, 'rls.json'),
      JSON.stringify(
        { started, rounds: ROUNDS, boards: BOARDS, concurrency: CONCURRENCY, summary, sequential, reads, policy },
        null,
        2,
      ),
    );
    if (policy.failures.length > 0 || !reads.same) process.exitCode = 1;
  } finally {
    await cleanup();
    unregister();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
