// `npm run bench:api` (builds the server first): throughput of GET /api/health/live (liveness, no database)
// and GET /api/health (readiness, a database round trip) on the built server beside a bare Fastify route, measured in the same run and alternated round by round so that a noisy
// shared machine affects both alike. Reports the median req/s and p99 latency of each and their ratio;
// prints a Markdown table and writes bench/.out/api.json.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadAverage, mdTable, median, outDir, root, startFanGrid, startNode } from './lib/server.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const DURATION = Number(process.env.BENCH_DURATION ?? 10); // seconds per measurement
const WARMUP = 3; // seconds per target, not recorded (JIT, connection setup, PGlite caches)
const CONNECTIONS = 50;
const PIPELINING = 1;

/** One autocannon run; throws when any request failed or answered non-2xx. */
async function load(url, duration) {
  const r = await autocannon({ url, connections: CONNECTIONS, pipelining: PIPELINING, duration });
  if (r.errors || r.timeouts || r.non2xx) {
    throw new Error(`${url}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx responses`);
  }
  return { rps: r.requests.average, p99: r.latency.p99, p50: r.latency.p50, requests: r.requests.total };
}

const servers = [];
let exitCode = 0;
try {
  // Both servers are separate child processes, like production; the load generator is this process.
  const fangrid = await startFanGrid({ logLevel: 'warn' });
  servers.push(fangrid);
  const bare = await startNode(path.join(root, 'bench/bare-server.mjs'), { name: 'bare Fastify', healthPath: '/bare' });
  servers.push(bare);

  const targets = {
    bare: `${bare.url}/bare`,
    live: `${fangrid.url}/api/health/live`,
    health: `${fangrid.url}/api/health`,
  };
  for (const url of Object.values(targets)) await load(url, WARMUP);

  const runs = { bare: [], live: [], health: [] };
  for (let round = 1; round <= ROUNDS; round++) {
    for (const name of ['bare', 'live', 'health']) {
      const r = await load(targets[name], DURATION);
      runs[name].push(r);
      console.error(`round ${round} ${name}: ${Math.round(r.rps)} req/s, p99 ${r.p99} ms`);
    }
  }

  const summary = Object.fromEntries(
    Object.entries(runs).map(([name, rs]) => [
      name,
      { rps: median(rs.map((r) => r.rps)), p99: median(rs.map((r) => r.p99)), runs: rs },
    ]),
  );
  const ratio = summary.health.rps / summary.bare.rps;
  const liveRatio = summary.live.rps / summary.bare.rps;
  const liveRoundRatio = median(runs.live.map((l, i) => l.rps / runs.bare[i].rps));
  // Each round's health/bare ratio; its median is less sensitive to a noisy neighbour than the ratio of medians.
  const roundRatios = runs.health.map((h, i) => h.rps / runs.bare[i].rps);
  const roundRatio = median(roundRatios);

  console.log(
    `\n### API throughput (autocannon, ${CONNECTIONS} connections, pipelining ${PIPELINING}, ${ROUNDS} × ${DURATION} s each, alternated; median)\n`,
  );
  console.log(
    mdTable(
      ['Route', 'Req/s (median)', 'p99 latency (median)', 'Req/s per round', 'vs bare'],
      [
        ['bare Fastify `GET /bare`', summary.bare, '100%'],
        ['FanGrid `GET /api/health/live`', summary.live, `${(liveRatio * 100).toFixed(0)}%`],
        ['FanGrid `GET /api/health` (ready)', summary.health, `${(ratio * 100).toFixed(0)}%`],
      ].map(([label, s, rel]) => [
        label,
        Math.round(s.rps),
        `${s.p99} ms`,
        s.runs.map((r) => Math.round(r.rps)).join(', '),
        rel,
      ]),
    ),
  );

  const result = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    settings: {
      rounds: ROUNDS,
      durationSeconds: DURATION,
      warmupSeconds: WARMUP,
      connections: CONNECTIONS,
      pipelining: PIPELINING,
    },
    bare: summary.bare,
    live: summary.live,
    health: summary.health,
    ratioLiveToBare: liveRatio,
    medianRoundRatioLive: liveRoundRatio,
    ratioHealthToBare: ratio,
    roundRatios,
    medianRoundRatio: roundRatio,
    loadAverage: os.loadavg(),
  };
  writeFileSync(path.join(outDir, 'api.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(
    `\nhealth/bare = ${ratio.toFixed(3)} (median of per-round ratios ${roundRatio.toFixed(3)}: ` +
      `${roundRatios.map((r) => r.toFixed(3)).join(', ')}); load average ${loadAverage()}`,
  );
  // The liveness route must stay at least half as fast as the bare route.
  const liveTarget = 0.5;
  console.log(
    `live/bare = ${liveRatio.toFixed(3)} (median of per-round ratios ${liveRoundRatio.toFixed(3)}; target ≥ ${liveTarget})`,
  );
  if (liveRoundRatio < liveTarget) {
    console.error(`live route below target: ${liveRoundRatio.toFixed(3)} < ${liveTarget}`);
    exitCode = 1;
  }
  console.log(`Wrote ${path.relative(root, path.join(outDir, 'api.json'))}`);
} catch (err) {
  console.error(`benchmark error: ${err?.stack ?? err}`);
  exitCode = 1;
} finally {
  for (const s of servers) await s.stop();
}
process.exit(exitCode);
