// Shared helpers for the benchmarks: start the built FanGrid server (or any Node script) as a child
// process on a free port, wait until it answers, and make sure it is stopped again.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { hash } from '@node-rs/argon2';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const outDir = path.join(root, 'bench/.out');

/** A TCP port that is free right now on 127.0.0.1 (asked from the OS). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** A fresh, empty directory under bench/.out/ (each run gets its own database). */
export function freshDir(prefix) {
  mkdirSync(outDir, { recursive: true });
  return mkdtempSync(path.join(outDir, `${prefix}-`));
}

const children = new Set();
const interruptHooks = new Set();
let interrupted = false;

/**
 * Registers async cleanup (e.g. dropping a scratch database) to run on Ctrl-C / SIGTERM before the
 * process exits (at most 10 s). Returns a function that unregisters it.
 */
export function onInterrupt(fn) {
  interruptHooks.add(fn);
  return () => interruptHooks.delete(fn);
}

/** Kills every child still running; also wired to process exit and Ctrl-C so nothing is left behind. */
function killAll(signal = 'SIGTERM') {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
}
process.on('exit', () => killAll('SIGKILL'));
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    interrupted = true;
    killAll();
    if (interruptHooks.size === 0) process.exit(130);
    const hooks = [...interruptHooks].map((fn) => Promise.resolve().then(fn));
    const timeout = new Promise((r) => setTimeout(r, 10_000).unref());
    Promise.race([Promise.allSettled(hooks), timeout]).finally(() => process.exit(130));
  });
}

/**
 * Spawns `node [nodeArgs] <script>` with the given env, polls `healthPath` every `pollMs` until it answers
 * 200 (up to `timeoutMs`), and returns { url, stop, pid, readyMs }. Throws (after killing the child) when it
 * does not come up.
 */
export async function startNode(
  script,
  { env = {}, healthPath, name = script, timeoutMs = 60_000, nodeArgs = [], pollMs = 250 },
) {
  const port = await freePort();
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, script], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.add(child);
  let stopping = false;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.once('exit', (code, signal) => {
    children.delete(child);
    // Say so when the child ends on its own (a crash, or a signal from elsewhere): requests start failing.
    if (!stopping && !interrupted)
      console.error(`${name} (pid ${child.pid}) exited unexpectedly: code ${code}, signal ${signal}`);
  });

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    stopping = true;
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} before it was ready`);
    try {
      const res = await fetch(url + healthPath, { signal: AbortSignal.timeout(2_000) });
      // readyMs: from spawning the process to the first 200, to within pollMs.
      if (res.status === 200) return { url, stop, pid: child.pid, readyMs: performance.now() - spawnedAt };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${name} did not answer 200 on ${healthPath} within ${timeoutMs / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/** The server's PUBLIC_URL in the benchmarks: the Origin header a POST must carry. */
export const publicUrl = 'http://127.0.0.1';

/**
 * Sends a JSON request as the web app does: Origin = PUBLIC_URL (the origin check), with the admin cookie and
 * a client address (X-Forwarded-For) when given. Answers the fetch Response; the caller checks its status.
 */
export function sendJson(url, { method = 'POST', body, cookie, address } = {}) {
  return fetch(url, {
    method,
    headers: {
      'content-type': 'application/json',
      origin: publicUrl,
      ...(cookie ? { cookie } : {}),
      ...(address ? { 'x-forwarded-for': address } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Hashes a secret with the settings of `npm run admin:hash`. */
const adminHash = (secret) => hash(secret, { algorithm: 2, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 });

/** The env (for startFanGrid's `env`) of a server whose admin gate opens with `passcode` and `phrase`. */
export async function adminGateEnv(passcode, phrase) {
  return { ADMIN_PASSCODE_HASH: await adminHash(passcode), ADMIN_PHRASE_HASH: await adminHash(phrase) };
}

/** Passes the two-step admin gate of a server started with adminGateEnv(passcode, phrase); returns the admin cookie. */
export async function adminCookie(url, passcode, phrase) {
  const post = async (p, body, cookie) => {
    const res = await sendJson(url + p, { body, cookie });
    if (res.status !== 200) throw new Error(`${p} answered ${res.status}: ${await res.text()}`);
    return (res.headers.get('set-cookie') ?? '').split(';')[0];
  };
  const step = await post('/api/admin-gate/passcode', { passcode });
  return post('/api/admin-gate/phrase', { phrase }, step);
}

/** A process's resident memory now (VmRSS) and its peak so far (VmHWM), in MB, from /proc/<pid>/status. */
export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(status.match(new RegExp(`${field}:\\s+(\\d+) kB`))?.[1] ?? Number.NaN);
  return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 };
}

/**
 * Production refuses to start without real secrets and live payments; the benchmarks take no money, so
 * throwaway secrets and payments test mode do.
 */
async function productionSecrets() {
  return {
    PUBLIC_URL: publicUrl,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    ...(await adminGateEnv(randomBytes(8).toString('hex'), randomBytes(8).toString('hex'))),
    // No Stripe keys here: the local test checkout, which production takes only in explicit test mode.
    PAYMENTS_TEST_MODE: 'true',
  };
}

/**
 * Starts the built production server (dist/server/main.js). With `databaseUrl` it runs on that PostgreSQL
 * database, with `dataDir` on that PGlite data dir (both left as they are); with neither it gets a fresh
 * PGlite data dir, removed on stop. `env` adds or overrides variables (e.g. SEED_DEMO); `nodeArgs` go to
 * node (e.g. --cpu-prof); `script` replaces the bundle (e.g. an experimental build); `pollMs` is how often
 * readiness is polled (see startNode).
 */
export async function startFanGrid({
  logLevel = 'warn',
  databaseUrl,
  dataDir: givenDataDir,
  env = {},
  nodeArgs = [],
  script = 'dist/server/main.js',
  pollMs,
} = {}) {
  const dataDir = databaseUrl ? undefined : (givenDataDir ?? freshDir('data'));
  const removeData = () => !givenDataDir && dataDir && rmSync(dataDir, { recursive: true, force: true });
  const database = databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir };
  try {
    const server = await startNode(script, {
      name: 'FanGrid server',
      healthPath: '/api/health',
      nodeArgs,
      pollMs,
      // Production mode reads live scoreboards; this machine cannot reach them, so replay the recordings.
      env: {
        ...database,
        LOG_LEVEL: logLevel,
        NODE_ENV: 'production',
        SCORES_SOURCE: 'fixtures',
        ...(await productionSecrets()),
        ...env,
      },
    });
    return { ...server, stop: () => server.stop().finally(removeData) };
  } catch (err) {
    removeData();
    throw err;
  }
}

/**
 * A distinct client address for the n-th fan or viewer, sent as X-Forwarded-For to a server that trusts one
 * proxy hop: each gets the per-address limits to itself.
 */
export const clientAddress = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** The machine's load averages over 1, 5 and 15 minutes, two decimals each, for the figures' context. */
export const loadAverage = (separator = ' ') =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(separator);

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Renders rows (arrays of cells) as a Markdown table. */
export function mdTable(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/**
 * Opens a live board's Server-Sent Events stream on a socket of its own and resolves with its request once the
 * stream's first line (`retry:`) arrived. Each event block goes to `onEvent(name, data)` as it arrives, in
 * order; `onClose` runs when the stream ends. Rejects when the server answers anything but 200.
 */
export function openEventStream(url, { headers, localAddress, onEvent = () => {}, onClose = () => {} } = {}) {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const req = http.get(url, { agent: false, localAddress, headers }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`events stream answered ${res.statusCode}`));
        return;
      }
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        buffer += chunk;
        for (let i = buffer.indexOf('\n\n'); i !== -1; i = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          if (block.startsWith('retry:')) resolve(req);
          else if (block.startsWith('event: ')) {
            const [head, data = ''] = block.split('\ndata: ');
            onEvent(head.slice('event: '.length), data);
          }
        }
      });
      res.on('error', () => {});
      res.on('close', onClose);
    });
    req.on('error', (err) => {
      onClose();
      reject(err);
    });
  });
}
