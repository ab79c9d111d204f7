import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isPhone, test } from './fixtures';

/**
 * A FanGrid server of the feed journey's own, reading its scores from a local fake of the public scores
 * service whose one NBA game the journey moves on stage by stage. The suite's shared server keeps the recorded
 * fixtures, so no other journey sees this game.
 */

/**
 * A real game cut into the reads the live feed gives while it is played: the recorded final of Knicks at Hornets
 * (2024-01-29, tests/support/recorded/espn/nba-final.json). Each stage keeps the quarters played so far, the
 * score as their sum and the status the feed shows then; 'tipoff' is the game under way with no quarter done
 * (0-0). Every number is the real game's; only its date moves, to `startsAt`. 'contradict' is a broken read
 * of halftime: the home team's reported score is 7 more than its quarters add up to, so nothing may be scored.
 */
export type FeedStage = 'pre' | 'tipoff' | 'q1' | 'half' | 'q3' | 'final' | 'contradict';
export const FEED_EVENT_ID = '401585285';
const recorded = JSON.parse(readFileSync(path.resolve('tests/support/recorded/espn/nba-final.json'), 'utf8'));
const nbaPath = '/apis/site/v2/sports/basketball/nba/scoreboard';

function documentAt(stage: FeedStage, startsAt: Date): string {
  const doc = structuredClone(recorded);
  const event = doc.events[0];
  doc.events = [event];
  event.date = startsAt.toISOString();
  const competition = event.competitions[0];
  if (stage !== 'final') {
    const played = { pre: 0, tipoff: 0, q1: 1, half: 2, q3: 3, contradict: 2 }[stage];
    const status = {
      pre: ['STATUS_SCHEDULED', 'pre', 0, 'Scheduled'],
      tipoff: ['STATUS_IN_PROGRESS', 'in', 1, '12:00 - 1st'],
      q1: ['STATUS_END_PERIOD', 'in', 1, 'End of 1st'],
      half: ['STATUS_HALFTIME', 'in', 2, 'Halftime'],
      q3: ['STATUS_END_PERIOD', 'in', 3, 'End of 3rd'],
      contradict: ['STATUS_HALFTIME', 'in', 2, 'Halftime'],
    }[stage];
    const [name, state, period, shortDetail] = status;
    competition.status = { period, type: { name, state, completed: false, shortDetail } };
    for (const c of competition.competitors) {
      c.linescores = c.linescores.slice(0, played);
      c.score = String(c.linescores.reduce((a: number, l: { value: number }) => a + l.value, 0));
    }
    if (stage === 'contradict') {
      const home = competition.competitors.find((c: { homeAway: string }) => c.homeAway === 'home');
      home.score = String(Number(home.score) + 7);
    }
  }
  return JSON.stringify(doc);
}

const listening = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

async function freePort(): Promise<number> {
  const probe = createServer();
  const port = await listening(probe);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface FeedServer {
  /** The FanGrid server's address. */
  baseUrl: string;
  /** What the fake feed shows from now on (the server reads it every second). */
  setStage(stage: FeedStage): void;
  close(): Promise<void>;
}

/**
 * Starts the fake feed (the game at `pre`, starting in 50 minutes, so its board is open) and a FanGrid
 * server on it, polling every second, on a fresh embedded database; resolves once the server is healthy.
 */
export async function startFeedServer(): Promise<FeedServer> {
  let stage: FeedStage = 'pre';
  const startsAt = new Date(Date.now() + 50 * 60_000);
  const feed = createServer((req, res) => {
    const url = req.url ?? '';
    // Every other league and feed answers an empty scoreboard: no games today.
    const body = url.split('?')[0] === nbaPath ? documentAt(stage, startsAt) : '{"events":[]}';
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  const feedPort = await listening(feed);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fangrid-feed-e2e-'));
  let stderr = '';
  const server: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      NODE_ENV: 'development',
      PUBLIC_URL: baseUrl,
      SCORES_SOURCE: 'live',
      SCORES_BASE_URL: `http://127.0.0.1:${feedPort}`,
      SCORES_POLL_SECONDS: '1',
      SCORES_SCHEDULE_DAYS: '1',
      AUTH_RATE_LIMIT_PER_MINUTE: '500',
      SSE_MAX_PER_CLIENT: '200',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  server.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    feed.closeAllConnections();
    await new Promise((resolve) => feed.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`The feed journey's server exited: ${stderr}`);
    }
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The feed journey's server did not start within 150 s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    setStage: (next) => {
      stage = next;
    },
    close: stop,
  };
}

/**
 * For a spec file: starts its own feed server before its tests (a fresh server migrates and loads its demo
 * content first, slow on a busy 2-core machine) and closes it after them, and checks each screen at a laptop's
 * or a phone's size. The handle's `url` names a path on that server.
 */
export function feedServerForSpec(): Omit<FeedServer, 'close'> & { url(path: string): string } {
  let server: FeedServer | undefined;
  const running = () => {
    if (!server) throw new Error('the feed server starts in beforeAll');
    return server;
  };
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startFeedServer();
  });
  test.afterAll(async () => {
    await server?.close();
  });
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(isPhone(page) ? { width: 390, height: 844 } : { width: 1280, height: 800 });
  });
  return {
    get baseUrl() {
      return running().baseUrl;
    },
    setStage: (stage) => running().setStage(stage),
    url: (p) => `${running().baseUrl}${p}`,
  };
}
