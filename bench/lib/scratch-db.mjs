// A scratch PostgreSQL database for one benchmark run: created at the start, dropped at the end, also on
// failure and on Ctrl-C. The server under test gets its URL as DATABASE_URL and migrates it itself.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { onInterrupt } from './server.mjs';

/** The server the scratch databases are made on (its role must be allowed to create databases). */
export const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function adminQuery(text) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Creates `fangrid_bench_<random hex>` on BENCH_DATABASE_URL; resolves to { name, url, drop }. `drop` ends
 * every connection to it and drops it (only the first call does anything); it also runs on Ctrl-C.
 */
export async function createScratchDatabase() {
  const name = `fangrid_bench_${randomBytes(6).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped;
  const drop = () => {
    dropped ??= adminQuery(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`).finally(unregister);
    return dropped;
  };
  const unregister = onInterrupt(drop);
  await adminQuery(`create database ${pg.escapeIdentifier(name)}`);
  console.error(`scratch database ${name}`);
  return { name, url: url.toString(), drop };
}
