import { openSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { type AppDeps, buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { seedDemoContent } from '../../src/server/db/seed';
import { fixedClock } from '../../src/server/platform/clock';
import { createTestDatabase } from './test-db';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  clock: ReturnType<typeof fixedClock>;
  close(): Promise<void>;
}

const logFiles = new Map<string, number>();

/** The test file (under tests/api) that called into this module, from the stack. */
function callingTestFile(): string {
  const stack = new Error().stack ?? '';
  return stack.match(/tests\/api\/([\w./-]+?)\.test\.ts/)?.[1]?.replaceAll('/', '_') ?? 'unknown';
}

/**
 * The logger of API test apps: the real (redacting) logger at info level, writing synchronously into
 * <apiLogDir>/<test file>.log, which global setup searches for personal data after the run; `false` when logs
 * are off (FANGRID_TEST_LOGS=off) or outside the API projects.
 */
export function testLogger(): AppDeps['logger'] {
  const dir = inject('apiLogDir');
  if (!dir) return false;
  const file = path.join(dir, `${callingTestFile()}.log`);
  let fd = logFiles.get(file);
  if (fd === undefined) {
    fd = openSync(file, 'a');
    logFiles.set(file, fd);
  }
  const out = fd;
  return {
    level: 'info',
    stream: {
      write(line: string) {
        writeSync(out, line);
      },
    },
  };
}

/**
 * The real app on a real (fresh) database with the demo content loaded and a pinned clock; it logs through
 * `testLogger` unless `overrides` say otherwise. A broken ledger of money fails the read that finds it (the KPIs
 * or a CSV answer 500) unless `ledgerCheck: 'warn'` says to log and show it as production does.
 */
export async function createTestApp(overrides: Partial<AppDeps> = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  await seedDemoContent(database.db);
  const clock = fixedClock('2025-06-11T16:00:00Z');
  const logger = 'logger' in overrides ? overrides.logger : testLogger();
  const app = await buildApp({ database, clock, ledgerCheck: 'fail', ...overrides, logger });
  return {
    app,
    database,
    clock,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Starts `app` on a free local port over a real socket; answers its base URL (http://127.0.0.1:<port>). */
export async function listenOn(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}
