import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsDir } from '../paths';
import { createPgListener, type ListenerOptions, type ListenerState } from './listener';
import { acquireDataDirLock } from './lock';
import * as schema from './schema';
import { connectTimeoutMs } from './startup-check';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is underneath. Features depend on this type only. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending drizzle-kit migrations. */
  migrate(): Promise<void>;
  /** Cheap liveness probe for /api/health. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * LISTEN on a channel; `callback` gets each NOTIFY payload sent after commit, from any instance.
   * Resolves to a function that stops listening. `onState` gets the state of the LISTEN connection once
   * listening has been attempted, then each change: on PostgreSQL it drops (`down`) and reconnects with
   * backoff (`ok`), and NOTIFYs sent while it was down never arrive; PGlite's in-process listen is always `ok`.
   */
  listen(
    channel: string,
    callback: (payload: string) => void,
    onState?: (state: ListenerState) => void,
  ): Promise<() => Promise<void>>;
  /** PostgreSQL only: the pool's connections now (total, idle, and clients waiting for one). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** PGlite only: the whole data dir as a gzipped tarball (used to clone test databases quickly). */
  dump?(): Promise<Blob>;
}

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob; lock?: boolean }
  | {
      kind: 'postgres';
      url: string;
      max?: number;
      /** The LISTEN connection's reconnection: jitter source, backoff, and the wait between attempts (tests). */
      listener?: Omit<ListenerOptions, 'url'>;
    };

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.kind === 'postgres') {
    // A connection that cannot be made within the URL's connect_timeout (10 s by default) fails, and the request
    // gets 503 UNAVAILABLE, instead of waiting minutes for the system's TCP timeout when the database's host is
    // unreachable; a request also waits at most that long for a free connection of the pool.
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.max ?? 10,
      connectionTimeoutMillis: connectTimeoutMs(opts.url),
    });
    // An idle client that loses its connection (server restart, failover) is dropped and replaced by the
    // pool; without a listener, pg would raise it as an uncaught error and end the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    // One dedicated, reconnecting connection carries every LISTEN of this process.
    const listener = createPgListener({ ...opts.listener, url: opts.url });
    return {
      db,
      kind: 'postgres',
      listen: (channel, callback, onState) => listener.listen(channel, callback, onState),
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder: migrationsDir }),
      ping: () => ping(db),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      async close() {
        await listener.close();
        await pool.end();
      },
    };
  }

  const lock = opts.dataDir && opts.lock !== false ? acquireDataDirLock(opts.dataDir) : undefined;
  try {
    if (opts.dataDir && !opts.loadDataDir && !existsSync(path.join(opts.dataDir, 'PG_VERSION'))) {
      await createDataDir(opts.dataDir);
    }
    const client = await PGlite.create(opts.dataDir, {
      startParams: pgliteStartParams,
      ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsDir }),
      ping: () => ping(db),
      dump: () => client.dumpDataDir('gzip'),
      async listen(channel, callback, onState) {
        const stop = await client.listen(channel, callback);
        onState?.('ok');
        return async () => {
          if (!client.closed) await stop();
        };
      },
      async close() {
        try {
          if (!client.closed) await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
}

/**
 * PostgreSQL settings of every PGlite instance, given on its command line: they override the data dir's
 * postgresql.conf, which stays as initdb wrote it (PGlite's `postgresqlconf` option would replace that file
 * whole, and with it initdb's `timezone = UTC` and text search configuration). PGlite's shared memory is
 * resident from the start, so shared_buffers is memory held for the life of the process: 16 MB (2,048 pages)
 * instead of initdb's 128 MB. Pages beyond it are read from the data dir's files (the OS caches them).
 */
const pgliteStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * Creates a PGlite data dir (initdb) in a child process, which exits when done: initdb runs a second
 * PostgreSQL inside PGlite and peaks at about 830 MB, and a process keeps much of that after the instance is
 * closed. With initdb in-process and 128 MB of shared buffers the server rested at 492 MB; with this and the
 * 16 MB above, at 293 MB (bench/README.md, bench:memory). The server then opens the directory it made. The caller holds the data dir lock; the child exits once its
 * stdin closes (the caller ended), at the latest when initdb returns.
 */
async function createDataDir(dir: string): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = `
    process.stdin.on('end', () => process.exit(1)).resume();
    require(process.argv[1]).PGlite.create(process.argv[2])
      .then((pg) => pg.close())
      .then(() => process.exit(0), (err) => { console.error(err); process.exit(1); });`;
  const child = spawn(process.execPath, ['-e', script, pglite, dir], { stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`Creating the PGlite database in ${dir} failed (exit ${code}): ${stderr.trim()}`);
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
