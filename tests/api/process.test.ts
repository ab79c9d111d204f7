import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/server/paths';

/** The real process entry (src/server/main.ts under tsx), as `npm start` runs it after building. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d) => {
    stdout += d;
  });
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = stdout.match(/FanGrid is running on (http:\/\/[^"]+)/);
      if (m?.[1]) {
        clearInterval(timer);
        resolve(m[1]);
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code}: ${stderr}`));
    });
  });
  // Not every caller awaits readiness (some expect an early exit): keep the rejection handled.
  ready.catch(() => {});
  return { child, ready, exited, output: () => ({ stdout, stderr }) };
}

const running: ChildProcess[] = [];
afterAll(() => {
  for (const c of running) c.kill('SIGKILL');
});

describe('process entry', () => {
  it('refuses a bad configuration with one message listing every problem and exit code 1', async () => {
    const s = startServer({ PORT: 'abc', DATABASE_URL: 'mysql://nope' });
    expect(await s.exited).toBe(1);
    const { stderr } = s.output();
    expect(stderr).toContain('FanGrid cannot start.');
    expect(stderr).toContain('Invalid configuration:');
    expect(stderr).toContain('PORT:');
    expect(stderr).toContain('DATABASE_URL: must be a postgres');
  });

  it('refuses to start in production on test money (the local checkout, a Stripe test key)', async () => {
    const production = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(40),
      ADMIN_PASSCODE_HASH: '$argon2id$v=19$m=19456,t=2,p=1$a$b',
      ADMIN_PHRASE_HASH: '$argon2id$v=19$m=19456,t=2,p=1$a$b',
      PUBLIC_URL: 'https://fangrid.example',
    };
    const extras: Record<string, string>[] = [
      {},
      { PAYMENTS_TEST_MODE: 'false' },
      { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' },
    ];
    for (const extra of extras) {
      const s = startServer({ ...production, ...extra });
      expect(await s.exited).toBe(1);
      expect(s.output().stderr).toContain('FanGrid cannot start.');
      expect(s.output().stderr).toMatch(
        /STRIPE_SECRET_KEY.*(required in production|a test key takes no real payments)/,
      );
    }
  });

  it('starts on a fresh data dir, refuses a second process on it, drains on SIGTERM and reuses the data', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fangrid-proc-'));
    const first = startServer({ DATA_DIR: dataDir });
    running.push(first.child);
    const base = await first.ready;
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });

    // A second process on the same data dir stops with a clear message and leaves the first intact.
    const second = startServer({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output().stderr).toMatch(/already in use by another FanGrid process \(pid \d+\)/);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);

    // SIGTERM: graceful stop, exit 0, lock released.
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output().stdout).toContain('shutdown complete');
    expect(existsSync(path.join(dataDir, 'db', 'fangrid.lock'))).toBe(false);

    // Put a marker row into the stored database, then start again: the data is reused, not recreated.
    const pglite = await PGlite.create(path.join(dataDir, 'db'));
    await pglite.query(`insert into marketing_stats (slug, label, value, sort) values ('marker', 'Marker', '42', 99)`);
    await pglite.close();

    const again = startServer({ DATA_DIR: dataDir });
    running.push(again.child);
    const base2 = await again.ready;
    const home = await (await fetch(`${base2}/api/content/home`)).json();
    expect(home.stats).toContainEqual({ key: 'marker', label: 'Marker', value: '42' });
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 90_000);
});
