// `npm run bench:memory` (builds first): the built server's resident memory on embedded PGlite, the
// default of `npm start`. Starts it on a fresh data dir (time to a healthy /api/health and VmRSS then),
// drives the public journeys over HTTP for a while (pages and their assets and data, board views, entries,
// live board streams, QR codes and printable sheets, admin pages), lets it rest, then stops it and starts
// it again on the same data dir and does the same. Prints a Markdown table, writes bench/.out/memory.json,
// exits 1 when the resident memory at rest on fresh data is over the target.
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fictionPhone } from '../tests/support/fiction-phones.mjs';
import {
  adminCookie,
  adminGateEnv,
  clientAddress,
  freshDir,
  loadAverage,
  mdTable,
  memoryOf,
  onInterrupt,
  openEventStream,
  outDir,
  root,
  sendJson,
  startFanGrid,
} from './lib/server.mjs';

const TARGET_REST_MB = 400; // VmRSS at rest on fresh data
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const REST_SECONDS = Number(process.env.BENCH_REST_SECONDS ?? 600);
const USERS = 4; // concurrent journeys during the load
// Each fan waits this long between two visits: a steady load on a shared 2-core machine, not a stress test.
const PAUSE_MS = Number(process.env.BENCH_PAUSE_MS ?? 500);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 50); // live board streams held open during the load
const SERVER_SCRIPT = process.env.BENCH_SERVER ?? 'dist/server/main.js'; // another bundle, for experiments
const NODE_ARGS = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []; // e.g. --heapsnapshot-signal=SIGUSR2
const PASSCODE = 'benchpw1';
const PHRASE = 'bench phrase';

const PAGES = ['/', '/sports', '/game-board', '/boards/finals-game-5', '/gaming'];
/** Demo boards (src/server/db/seed/boards.ts) and the body each one's entries need; `slug` follows 'Board full'. */
const entryBoards = () => [
  { slug: 'finals-game-5', body: {} }, // free-to-play, no amount
  { slug: 'thunder-timberwolves', body: { amountCents: 500, state: 'OH' } }, // sweepstakes: a state
  { slug: 'finals-game-6', body: { amountCents: 1000, state: 'TX' } }, // sweepstakes, preset amounts
];
const VIEW_BOARDS = ['finals-game-5', 'thunder-timberwolves', 'finals-game-6', 'finals-game-7', 'knicks-vs-pacers'];

const mb = (x) => Math.round(x);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const run = randomBytes(3).toString('hex');
let fanNumber = 0;
/** A new fan: its own phone number and its own address (the server trusts x-forwarded-for here). */
function nextFan() {
  const n = ++fanNumber;
  return {
    phone: fictionPhone(n),
    address: clientAddress(n),
    n,
  };
}

/** Counts answers by status per kind of request; an answer outside `ok` fails the run. */
class Tally {
  counts = {};
  add(kind, status, ok) {
    const key = `${kind} ${status}`;
    this.counts[key] = (this.counts[key] ?? 0) + 1;
    if (!ok.includes(status)) throw new Error(`${kind} answered ${status}`);
  }
}

async function get(url, tally, kind, headers = {}, ok = [200]) {
  const res = await fetch(url, { headers });
  const body = await res.arrayBuffer();
  tally.add(kind, res.status, ok);
  return { res, body };
}

/** A page as a browser loads it: the HTML, then the scripts, styles and data it names. */
async function page(base, p, tally, headers) {
  const { body } = await get(base + p, tally, 'page', headers);
  const html = new TextDecoder().decode(body);
  const assets = [...html.matchAll(/(?:src|href)="(\/(?:assets|api)\/[^"]+)"/g)].map((m) => m[1]);
  await Promise.all(assets.map((a) => get(base + a, tally, a.startsWith('/api/') ? 'page data' : 'asset', headers)));
}

async function enter(base, board, tally) {
  const fan = nextFan();
  const res = await sendJson(`${base}/api/boards/${board.slug}/entries`, {
    address: fan.address,
    body: {
      phone: fan.phone,
      nickname: `Mem${fan.n}`,
      ageConfirmed: true,
      rulesAccepted: true,
      idempotencyKey: `memory-${run}-${fan.n}`,
      ...board.body,
    },
  });
  const answer = await res.json();
  // 409: the board is full (or closed); like the web app, the fan moves on to the next board it offers.
  tally.add('entry', res.status, [201, 409]);
  const next = answer.error?.fields?.nextBoard;
  if (res.status === 409 && next) board.slug = next;
}

/** One fan's visit; `i` varies which pages and boards. */
async function journey(base, i, tally, cookie, boards) {
  const headers = { 'x-forwarded-for': nextFan().address };
  await page(base, PAGES[i % PAGES.length], tally, headers);
  const slug = VIEW_BOARDS[i % VIEW_BOARDS.length];
  await get(`${base}/api/boards/${slug}`, tally, 'board', headers);
  await enter(base, boards[i % boards.length], tally);
  if (i % 5 === 0) {
    await get(`${base}/api/boards/${slug}/qr.svg`, tally, 'qr', headers);
    await get(`${base}/api/boards/${slug}/sheet.pdf?size=${i % 2 ? 'a4' : 'letter'}`, tally, 'sheet', headers);
  }
  if (i % 10 === 0) {
    const admin = { ...headers, cookie };
    await page(base, '/admin-kpi', tally, admin);
    for (const p of ['/api/admin/kpis', '/api/admin/boards', '/api/admin/entries']) {
      await get(base + p, tally, 'admin', admin);
    }
  }
}

/** Opens a live board stream and resolves once its first line arrived; counts the events it gets. */
function openStream(base, slug, stats) {
  return openEventStream(`${base}/api/boards/${slug}/events`, {
    headers: { 'x-forwarded-for': nextFan().address },
    onEvent: () => {
      stats.events++;
    },
  });
}

/** Drives USERS concurrent journeys for `seconds`, with STREAMS live board streams open throughout. */
async function load(base, seconds, cookie) {
  const tally = new Tally();
  const stats = { events: 0 };
  const streams = [];
  for (let i = 0; i < STREAMS; i++) streams.push(await openStream(base, VIEW_BOARDS[i % VIEW_BOARDS.length], stats));
  const until = Date.now() + seconds * 1000;
  let next = 0;
  let journeys = 0;
  const boards = entryBoards();
  await Promise.all(
    Array.from({ length: USERS }, async () => {
      while (Date.now() < until) {
        await journey(base, next++, tally, cookie, boards);
        journeys++;
        await sleep(PAUSE_MS);
      }
    }),
  );
  for (const req of streams) req.destroy();
  return { journeys, streams: STREAMS, streamEvents: stats.events, answers: tally.counts };
}

/** Starts the server on `dataDir`, loads it, lets it rest; the memory and timings of each step. */
async function phase(label, dataDir, adminEnv) {
  console.error(`${label}: starting`);
  const server = await startFanGrid({
    dataDir,
    script: SERVER_SCRIPT,
    nodeArgs: NODE_ARGS,
    pollMs: 50,
    // Each fan has its own address (x-forwarded-for), so the entry and stream limits run at their defaults.
    env: { ...adminEnv, TRUST_PROXY: '1' },
  });
  try {
    const started = memoryOf(server.pid);
    console.error(`${label}: healthy in ${(server.readyMs / 1000).toFixed(2)} s, VmRSS ${mb(started.rssMb)} MB`);
    const cookie = await adminCookie(server.url, PASSCODE, PHRASE);
    const work = await load(server.url, LOAD_SECONDS, cookie);
    const loaded = memoryOf(server.pid);
    console.error(`${label}: ${work.journeys} journeys, VmRSS ${mb(loaded.rssMb)} MB; resting ${REST_SECONDS} s`);
    const restSamples = [];
    for (let t = 0; t < REST_SECONDS; t += 10) {
      await sleep(Math.min(10, REST_SECONDS - t) * 1000);
      restSamples.push(Math.round(memoryOf(server.pid).rssMb));
    }
    const rest = memoryOf(server.pid);
    console.error(`${label}: at rest VmRSS ${mb(rest.rssMb)} MB (peak ${mb(rest.hwmMb)} MB)`);
    return { label, readyMs: server.readyMs, started, loaded, rest, restSamples, load: work };
  } finally {
    await server.stop();
  }
}

let exitCode = 0;
// Kept across the restart, removed at the end.
const dataDir = freshDir('memory');
const removeData = () => rmSync(dataDir, { recursive: true, force: true });
onInterrupt(removeData);
try {
  const loadAtStart = loadAverage();
  const adminEnv = await adminGateEnv(PASSCODE, PHRASE);
  const fresh = await phase('fresh data', dataDir, adminEnv);
  const existing = await phase('existing data', dataDir, adminEnv);

  const rows = [fresh, existing].flatMap((p) => [
    [p.label, 'healthy', `${(p.readyMs / 1000).toFixed(2)} s`, mb(p.started.rssMb), mb(p.started.hwmMb)],
    [p.label, `after ${LOAD_SECONDS} s of load`, '', mb(p.loaded.rssMb), mb(p.loaded.hwmMb)],
    [p.label, `at rest (${REST_SECONDS} s later)`, '', `**${mb(p.rest.rssMb)}**`, mb(p.rest.hwmMb)],
  ]);
  console.log(
    `\n### Server memory on embedded PGlite (${USERS} fans, ${PAUSE_MS} ms between visits, ${STREAMS} live streams; VmRSS/VmHWM in MB)\n`,
  );
  console.log(mdTable(['Data dir', 'When', 'Time to healthy', 'VmRSS', 'VmHWM (peak)'], rows));
  for (const p of [fresh, existing]) {
    console.log(
      `\n${p.label}: ${p.load.journeys} journeys, ${p.load.streamEvents} stream events; answers ` +
        Object.entries(p.load.answers)
          .map(([k, v]) => `${k}: ${v}`)
          .join(', '),
    );
  }
  const loadAtEnd = loadAverage();
  console.log(`\nLoad average (1, 5, 15 min): ${loadAtStart} at the start, ${loadAtEnd} at the end.`);

  const result = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    server: SERVER_SCRIPT,
    settings: {
      loadSeconds: LOAD_SECONDS,
      restSeconds: REST_SECONDS,
      users: USERS,
      pauseMs: PAUSE_MS,
      streams: STREAMS,
    },
    targetRestMb: TARGET_REST_MB,
    fresh,
    existing,
    loadAverage: { start: loadAtStart, end: loadAtEnd },
  };
  writeFileSync(path.join(outDir, 'memory.json'), `${JSON.stringify(result, null, 2)}\n`);
  const restMb = fresh.rest.rssMb;
  console.log(
    `\nAt rest on fresh data: ${mb(restMb)} MB (target ≤ ${TARGET_REST_MB} MB: ${restMb <= TARGET_REST_MB ? 'met' : 'missed'})`,
  );
  if (restMb > TARGET_REST_MB) {
    console.error(`resident memory at rest on fresh data over target: ${mb(restMb)} MB > ${TARGET_REST_MB} MB`);
    exitCode = 1;
  }
  console.log(`Wrote ${path.relative(root, path.join(outDir, 'memory.json'))}`);
} catch (err) {
  console.error(`benchmark error: ${err?.stack ?? err}`);
  exitCode = 1;
} finally {
  removeData();
}
process.exit(exitCode);
