import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';
import { migrationsDir, projectRoot } from '../../src/server/paths';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
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
}
