import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsDir } from '../paths';
import { acquireDataDirLock } from './lock';

/** A move that must not go ahead (or did not verify); the message says why and what to do. */
export class MoveRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MoveRefusedError';
  }
}

export interface TableReport {
  table: string;
  rows: number;
  checksum: string;
}

/** Anything that runs a query and answers rows: a PGlite instance or a pg client. */
type Runner = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Row count and checksum of a table, computed the same way on both sides: the md5 of every row's text form,
 * sorted bytewise, hashed together. Independent of row order, physical layout and the database's collation.
 */
async function fingerprint(run: Runner, table: string): Promise<TableReport> {
  const [row] = await run(
    `select count(*)::int as rows,
            md5(coalesce(string_agg(md5(t::text), '' order by md5(t::text) collate "C"), '')) as checksum
     from ${quote(table)} t`,
  );
  return { table, rows: Number(row?.rows ?? 0), checksum: String(row?.checksum) };
}

/** The public tables in an order where each comes after the tables it references. */
async function tablesInForeignKeyOrder(run: Runner): Promise<string[]> {
  const tables = (await run(`select tablename from pg_tables where schemaname = 'public' order by tablename`)).map(
    (r) => String(r.tablename),
  );
  const edges = await run(
    `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
     from pg_constraint c join pg_namespace n on n.oid = c.connamespace
     where c.contype = 'f' and n.nspname = 'public'`,
  );
  const unquote = (name: string) => name.replace(/^"|"$/g, '').replaceAll('""', '"');
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set<string>()]));
  for (const e of edges) {
    const child = unquote(String(e.child));
    const parent = unquote(String(e.parent));
    if (child !== parent) parents.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const done = new Set<string>();
  const visit = (table: string, path: string[]) => {
    if (done.has(table)) return;
    if (path.includes(table)) throw new MoveRefusedError(`Foreign keys form a cycle: ${[...path, table].join(' -> ')}`);
    for (const parent of parents.get(table) ?? []) visit(parent, [...path, table]);
    done.add(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return ordered;
}

async function appliedMigrations(run: Runner): Promise<string[]> {
  const exists = await run(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (exists[0]?.present !== true) return [];
  return (await run(`select hash from drizzle.__drizzle_migrations order by id`)).map((r) => String(r.hash));
}

/**
 * Copies every table of a stopped FanGrid's PGlite data directory into an empty PostgreSQL database at the same
 * migration version, then verifies each table's row count and checksum on both sides. Refuses when the data
 * directory is in use (the server's lock), when it is not at this release's migration version, or when the
 * target already holds tables. Uploads are files (DATA_DIR/uploads or S3) and are not touched.
 */
export async function moveDatabase(opts: {
  dataDir: string;
  targetUrl: string;
  log?: (line: string) => void;
  /** Rows per insert statement. */
  batchSize?: number;
}): Promise<TableReport[]> {
  const log = opts.log ?? (() => {});
  const batchSize = opts.batchSize ?? 500;
  if (!existsSync(path.join(opts.dataDir, 'PG_VERSION'))) {
    throw new MoveRefusedError(`No PGlite database in ${opts.dataDir} (expected DATA_DIR/db of a FanGrid server).`);
  }
  let lock: { release(): void };
  try {
    lock = acquireDataDirLock(opts.dataDir);
  } catch (err) {
    throw new MoveRefusedError(
      `The data directory is in use: stop the FanGrid server first. ${(err as Error).message}`,
    );
  }
  const source = await PGlite.create(opts.dataDir).catch((err) => {
    lock.release();
    throw err;
  });
  const target = new pg.Client({ connectionString: opts.targetUrl });
  try {
    await target.connect();
    const runSource: Runner = async (text, params) =>
      (await source.query(text, params)).rows as Record<string, unknown>[];
    const runTarget: Runner = async (text, params) => (await target.query(text, params)).rows;
    // Row text forms (timestamps) must read the same on both sides.
    await runSource(`set timezone = 'UTC'`);
    await runTarget(`set timezone = 'UTC'`);

    const release = readMigrationFiles({ migrationsFolder: migrationsDir }).map((m) => m.hash);
    const sourceVersion = await appliedMigrations(runSource);
    if (sourceVersion.join() !== release.join()) {
      throw new MoveRefusedError(
        `Migration versions differ: the data directory has ${sourceVersion.length} migrations applied, this release has ` +
          `${release.length}. Start this release's server on the data directory once (it migrates), stop it, then move.`,
      );
    }
    const occupied = await runTarget(
      `select table_schema || '.' || table_name as name from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema') limit 5`,
    );
    if (occupied.length > 0) {
      throw new MoveRefusedError(
        `The target database is not empty (it has ${occupied.map((r) => r.name).join(', ')}${occupied.length === 5 ? ', …' : ''}). ` +
          'Move into a freshly created, empty database.',
      );
    }

    log(`Migrating the target to version ${release.length}…`);
    await migratePg(drizzlePg(target), { migrationsFolder: migrationsDir });
    const targetVersion = await appliedMigrations(runTarget);
    if (targetVersion.join() !== sourceVersion.join()) {
      throw new MoveRefusedError('The target did not reach the source migration version after migrating.');
    }

    const tables = await tablesInForeignKeyOrder(runSource);
    await runTarget('begin');
    try {
      // What the migrations wrote themselves (the FanGrid Demo organization) is replaced by the source's copy.
      if (tables.length > 0) await runTarget(`truncate ${tables.map(quote).join(', ')}`);
      for (const table of tables) {
        const rows = await runSource(`select row_to_json(t)::text as row from ${quote(table)} t`);
        for (let i = 0; i < rows.length; i += batchSize) {
          const batch = `[${rows
            .slice(i, i + batchSize)
            .map((r) => r.row)
            .join(',')}]`;
          await runTarget(
            `insert into ${quote(table)} overriding system value select * from json_populate_recordset(null::${quote(table)}, $1::json)`,
            [batch],
          );
        }
        log(`  ${table}: ${rows.length} rows`);
      }
      // Serial columns continue after the copied rows.
      const serials = await runTarget(
        `select c.table_name, c.column_name, pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) as seq
         from information_schema.columns c
         where c.table_schema = 'public' and pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) is not null`,
      );
      for (const s of serials) {
        await runTarget(
          `select setval($1::regclass, coalesce((select max(${quote(String(s.column_name))}) from ${quote(String(s.table_name))}), 0) + 1, false)`,
          [s.seq],
        );
      }
      await runTarget('commit');
    } catch (err) {
      await runTarget('rollback');
      throw err;
    }

    log('Verifying row counts and checksums…');
    const reports: TableReport[] = [];
    const mismatches: string[] = [];
    for (const table of tables) {
      const [a, b] = [await fingerprint(runSource, table), await fingerprint(runTarget, table)];
      if (a.rows !== b.rows || a.checksum !== b.checksum) {
        mismatches.push(`${table}: source ${a.rows} rows ${a.checksum}, target ${b.rows} rows ${b.checksum}`);
      }
      reports.push(a);
    }
    if (mismatches.length > 0) {
      throw new MoveRefusedError(
        `The copy did not verify; do not use the target (drop and recreate it before retrying):\n${mismatches.join('\n')}`,
      );
    }
    return reports;
  } finally {
    await target.end().catch(() => {});
    await source.close().catch(() => {});
    lock.release();
  }
}
