import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/client';

/** Which database the API tests run on: set per Vitest project (see vitest.config.ts). */
export const testDatabaseKind: 'pglite' | 'postgres' =
  process.env.FANGRID_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

const databaseUrls = new WeakMap<Database, string>();

/**
 * A second connection pool to a test database, as a second server instance would have (close it before
 * the database). On PGlite, which has one connection, it is the same database (closing it does nothing).
 */
export async function openSecondConnection(database: Database): Promise<Database> {
  const url = databaseUrls.get(database);
  if (!url) return { ...database, close: async () => {} };
  return openDatabase({ kind: 'postgres', url, max: 4 });
}

/**
 * A fresh, migrated database for one test file. On PGlite (the default) it is cloned from the template
 * built in global setup. On PostgreSQL (TEST_DATABASE_URL) each call gets its own database on that server,
 * dropped again on close, so parallel test files never see each other's rows.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (testDatabaseKind === 'postgres') {
    if (!url) throw new Error('FANGRID_TEST_DB=postgres needs TEST_DATABASE_URL');
    // A database per test file (drizzle-kit migrations name the public schema, so schemas cannot isolate).
    const name = `fangrid_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: dbUrl.toString(), max: 4 });
    await database.migrate();
    const result: Database = {
      ...database,
      async close() {
        await database.close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        // The pool has ended its connections; retry briefly while the server finishes closing them.
        for (let attempt = 0; ; attempt++) {
          try {
            await cleanup.query(`drop database if exists ${name}`);
            break;
          } catch (err) {
            if (attempt >= 20) throw err;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
        await cleanup.end();
      },
    };
    databaseUrls.set(result, dbUrl.toString());
    return result;
  }
  const template = readFileSync(inject('pgliteTemplate'));
  return openDatabase({ kind: 'pglite', loadDataDir: new Blob([template]) });
}
