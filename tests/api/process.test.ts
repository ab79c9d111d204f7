import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/server/paths';
import { productionEnv } from '../support/production-env';

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
      ...productionEnv,
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

describe('TRUST_PROXY at start', () => {
  const production = {
    ...productionEnv,
    PAYMENTS_TEST_MODE: 'true',
  };

  it('a value that trusts everyone (production) or does not parse stops with exactly one line and exit 1', async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ ...production, TRUST_PROXY: '0.0.0.0/0' }, /TRUST_PROXY: trusts every IPv4 address, /],
      [{ ...production, TRUST_PROXY: '::/0' }, /TRUST_PROXY: trusts every IPv6 address, /],
      [{ ...production, TRUST_PROXY: '0.0.0.0/1,128.0.0.0/1' }, /TRUST_PROXY: trusts every IPv4 address, /],
      [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY: "10\.0\.0\.0\/33" is not an address or CIDR range/],
      [{ TRUST_PROXY: 'fe80::1%eth0' }, /TRUST_PROXY: "fe80::1%eth0" is not an address or CIDR range/],
    ];
    const results = await Promise.all(
      cases.map(async ([env]) => {
        const s = startServer({ ...env, SEED_DEMO: 'false' });
        running.push(s.child);
        return { code: await s.exited, ...s.output() };
      }),
    );
    results.forEach(({ code, stderr }, i) => {
      const [, reason] = cases[i] as [Record<string, string>, RegExp];
      expect(code, stderr).toBe(1);
      const lines = stderr.split('\n').filter((l) => l.trim() !== '');
      expect(lines, stderr).toHaveLength(1);
      expect(lines[0]).toMatch(/^FanGrid cannot start\. Invalid configuration: /);
      expect(lines[0]).toMatch(reason);
    });
    console.info(`TRUST_PROXY: ${results.length} real starts refused, each with one line and exit 1`);
  }, 120_000);

  it('0.0.0.0/0 in development starts without a stack trace', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fangrid-proc-'));
    const s = startServer({ DATA_DIR: dataDir, TRUST_PROXY: '0.0.0.0/0', SEED_DEMO: 'false' });
    running.push(s.child);
    const base = await s.ready;
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    expect(s.output().stderr).toBe('');
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
  }, 120_000);
});

/**
 * A stand-in for a PostgreSQL server that refuses at the door, speaking just enough of the wire protocol:
 * it reads the startup message, asks for a password when `askPassword`, then answers with a FATAL error
 * (SQLSTATE `code`). With `code` null it accepts the connection and never says a word.
 */
function fakePostgres(refusal: { code: string; message: string; askPassword?: boolean } | null) {
  const sockets = new Set<net.Socket>();
  const seen: string[] = [];
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('data', (data) => {
      seen.push(data.toString('latin1'));
      if (!refusal) return;
      const first = seen.length === 1;
      if (first && refusal.askPassword) {
        const ask = Buffer.alloc(9);
        ask.write('R', 0, 'latin1');
        ask.writeInt32BE(8, 1);
        ask.writeInt32BE(3, 5); // AuthenticationCleartextPassword
        socket.write(ask);
        return;
      }
      const fields = Buffer.from(`SFATAL\0VFATAL\0C${refusal.code}\0M${refusal.message}\0\0`, 'utf8');
      const head = Buffer.alloc(5);
      head.write('E', 0, 'latin1');
      head.writeInt32BE(fields.length + 4, 1);
      socket.end(Buffer.concat([head, fields]));
    });
  });
  return {
    seen,
    async listen(): Promise<number> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.address() as net.AddressInfo).port;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A port nothing listens on (bound, then released). */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('a wrong DATABASE_URL', () => {
  const secret = 'hunter2-do-not-print';
  /** Starts the server on `url`; it must exit 1 with one line on stderr, no stack and no password. */
  async function refusedStart(url: string) {
    const s = startServer({ DATABASE_URL: url, SEED_DEMO: 'false' });
    running.push(s.child);
    expect(await s.exited).toBe(1);
    const { stdout, stderr } = s.output();
    const lines = stderr.split('\n').filter((l) => l.trim() !== '');
    expect(lines, stderr).toHaveLength(1);
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(`${stdout}${stderr}`).not.toContain(secret);
    return lines[0] ?? '';
  }

  it('stops with one line when nothing listens on the port (connection refused)', async () => {
    const port = await freePort();
    expect(await refusedStart(`postgres://fan:${secret}@127.0.0.1:${port}/fangrid`)).toBe(
      `FanGrid cannot start: cannot connect to PostgreSQL at 127.0.0.1:${port} (connection refused)`,
    );
  }, 30_000);

  it('stops with one line when the host does not exist', async () => {
    const line = await refusedStart(`postgres://fan:${secret}@no-such-host.invalid:5432/fangrid`);
    expect(line).toMatch(
      /^FanGrid cannot start: cannot connect to PostgreSQL at no-such-host\.invalid:5432 \(host (not found|name could not be resolved)\)$/,
    );
  }, 30_000);

  it('stops with one line when the server never answers (connect_timeout)', async () => {
    const silent = fakePostgres(null);
    const port = await silent.listen();
    try {
      expect(await refusedStart(`postgres://fan:${secret}@127.0.0.1:${port}/fangrid?connect_timeout=1`)).toBe(
        `FanGrid cannot start: cannot connect to PostgreSQL at 127.0.0.1:${port} (no answer within 1 s)`,
      );
    } finally {
      await silent.close();
    }
  }, 30_000);

  it('stops with one line on a wrong password, naming the user but never the password', async () => {
    const server = fakePostgres({
      code: '28P01',
      message: 'password authentication failed for user "fan"',
      askPassword: true,
    });
    const port = await server.listen();
    try {
      expect(await refusedStart(`postgres://fan:${secret}@127.0.0.1:${port}/fangrid`)).toBe(
        `FanGrid cannot start: PostgreSQL at 127.0.0.1:${port} refused the password of user "fan" (password authentication failed)`,
      );
      // The password did reach the server (and only there).
      expect(server.seen.join('')).toContain(secret);
    } finally {
      await server.close();
    }
  }, 30_000);

  it('stops with one line when the database does not exist', async () => {
    const server = fakePostgres({ code: '3D000', message: 'database "nope" does not exist' });
    const port = await server.listen();
    try {
      expect(await refusedStart(`postgres://fan:${secret}@127.0.0.1:${port}/nope`)).toBe(
        `FanGrid cannot start: database "nope" does not exist on PostgreSQL at 127.0.0.1:${port}`,
      );
    } finally {
      await server.close();
    }
  }, 30_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'says the same of a real PostgreSQL server: a missing database, an unknown role',
    async () => {
      const base = new URL(process.env.TEST_DATABASE_URL ?? '');
      const at = `${base.hostname}:${base.port || '5432'}`;
      const missing = new URL(base);
      missing.pathname = '/fangrid_no_such_database';
      expect(await refusedStart(missing.toString())).toBe(
        `FanGrid cannot start: database "fangrid_no_such_database" does not exist on PostgreSQL at ${at}`,
      );
      const stranger = new URL(base);
      stranger.username = 'fangrid_no_such_role';
      stranger.password = secret;
      // Under trust authentication the server says the role is missing; under password authentication it only
      // refuses the password (it never tells a stranger which roles exist).
      expect(await refusedStart(stranger.toString())).toMatch(
        new RegExp(
          `^FanGrid cannot start: (role "fangrid_no_such_role" does not exist on PostgreSQL at ${at}|PostgreSQL at ${at} refused the password of user "fangrid_no_such_role")`,
        ),
      );
    },
    30_000,
  );
});
