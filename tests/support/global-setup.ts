import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';
import { migrationsDir, projectRoot } from '../../src/server/paths';
import { collectFixtures, describeFindings, findFixturesInLogs } from './log-check';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** Where the API test apps write their logs (tests/support/test-app.ts); empty when logs are off. */
    apiLogDir: string;
  }
}

/** Hash of every migration file, so the cached template is rebuilt whenever the schema changes. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const p = path.join(dir, name);
      if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(name).update(readFileSync(p));
      else if (!name.includes('.')) walk(p);
    }
  };
  walk(migrationsDir);
  return hash.digest('hex').slice(0, 16);
}

/**
 * Builds a migrated PGlite data dir once and shares it as a tarball: each test file then starts its own
 * database from it in about half a second instead of initialising and migrating from scratch.
 */
export default async function setup(project: TestProject) {
  const cacheDir = path.join(projectRoot, 'node_modules/.cache/fangrid');
  const file = path.join(cacheDir, `pglite-template-${migrationsHash()}.tar.gz`);
  if (!existsSync(file)) {
    mkdirSync(cacheDir, { recursive: true });
    const database = await openDatabase({ kind: 'pglite' });
    await database.migrate();
    const dump = await database.dump?.();
    if (!dump) throw new Error('template: the PGlite database has no dump()');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await database.close();
  }
  project.provide('pgliteTemplate', file);

  // The apps of the API tests log at info level into one file per test file; after the whole run, the logs are
  // searched for every email and phone number the tests use (logs carry no personal data). FANGRID_TEST_LOGS=off
  // turns this off (to measure what it costs).
  if (process.env.FANGRID_TEST_LOGS === 'off') {
    project.provide('apiLogDir', '');
    return;
  }
  // node_modules (and so the cache) may be shared by several checkouts: each gets its own folder.
  const checkout = createHash('sha256').update(projectRoot).digest('hex').slice(0, 8);
  const logDir = path.join(cacheDir, 'api-logs', checkout, project.name);
  rmSync(logDir, { recursive: true, force: true });
  mkdirSync(logDir, { recursive: true });
  project.provide('apiLogDir', logDir);
  return () => {
    const fixtures = collectFixtures(
      [path.join(projectRoot, 'tests/api'), path.join(projectRoot, 'tests/support')],
      projectRoot,
    );
    const { findings, lines, files } = findFixturesInLogs(logDir, fixtures);
    if (findings.length > 0) {
      // Vitest reports an error thrown here ("error during close") but would still exit 0.
      process.exitCode = 1;
      throw new Error(describeFindings(findings));
    }
    console.info(
      `${project.name}: ${lines} log lines from ${files} test files hold none of the ${fixtures.length} fixture emails and phones`,
    );
  };
}
