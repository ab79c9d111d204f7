import type { FastifyInstance } from 'fastify';
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

/** The real app on a real (fresh) database with the demo content loaded and a pinned clock. */
export async function createTestApp(overrides: Partial<AppDeps> = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  await seedDemoContent(database.db);
  const clock = fixedClock('2025-06-11T16:00:00Z');
  const app = await buildApp({ database, clock, logger: false, ...overrides });
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
