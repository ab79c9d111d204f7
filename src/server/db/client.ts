import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsDir } from '../paths';
import { acquireDataDirLock } from './lock';
import * as schema from './schema';

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
   * Resolves to a function that stops listening.
   */
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  /** PGlite only: the whole data dir as a gzipped tarball (used to clone test databases quickly). */
  dump?(): Promise<Blob>;
}

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob; lock?: boolean }
  | { kind: 'postgres'; url: string; max?: number };

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.max ?? 10 });
    // An idle client that loses its connection (server restart, failover) is dropped and replaced by the
    // pool; without a listener, pg would raise it as an uncaught error and end the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    // One dedicated connection carries every LISTEN of this process (a pooled one would be recycled).
    let listener: Promise<pg.Client> | undefined;
    const callbacks = new Map<string, Set<(payload: string) => void>>();
    const listenerClient = () => {
      listener ??= (async () => {
        const client = new pg.Client({ connectionString: opts.url });
        client.on('error', () => {});
        client.on('notification', (msg) => {
          for (const cb of callbacks.get(msg.channel) ?? []) cb(msg.payload ?? '');
        });
        await client.connect();
        return client;
      })();
      return listener;
    };
    return {
      db,
      kind: 'postgres',
      async listen(channel, callback) {
        const client = await listenerClient();
        let set = callbacks.get(channel);
        if (!set) {
          set = new Set();
          callbacks.set(channel, set);
          await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        }
        set.add(callback);
        return async () => {
          set?.delete(callback);
        };
      },
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder: migrationsDir }),
      ping: () => ping(db),
      async close() {
        if (listener) await (await listener).end().catch(() => {});
        await pool.end();
      },
    };
  }

  const lock = opts.dataDir && opts.lock !== false ? acquireDataDirLock(opts.dataDir) : undefined;
  try {
    const client = await PGlite.create(opts.dataDir, opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsDir }),
      ping: () => ping(db),
      dump: () => client.dumpDataDir('gzip'),
      async listen(channel, callback) {
        const stop = await client.listen(channel, callback);
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

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
