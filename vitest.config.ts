import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * API test files that need a module graph of their own: input-text.test.ts mocks `fastify` to see every
 * route as it is registered, which only works where no earlier file loaded the app.
 */
const isolatedApiFiles = ['tests/api/input-text.test.ts'];

/**
 * The API tests on one database (`pglite`, or `postgres` at TEST_DATABASE_URL). Every file builds its own app
 * on its own database, and the server keeps no state at module level, so the files share one module graph per
 * worker (`isolate: false`): each file no longer loads the whole server again, which halves the run. The files
 * in `isolatedApiFiles` keep their own.
 */
function apiProjects(
  db: 'pglite' | 'postgres',
  name: string,
  exclude: string[] = [],
): TestProjectInlineConfiguration[] {
  const shared = {
    environment: 'node',
    env: { FANGRID_TEST_DB: db },
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  };
  return [
    {
      test: {
        ...shared,
        name,
        include: ['tests/api/**/*.test.ts'],
        exclude: [...isolatedApiFiles, ...exclude],
        isolate: false,
      },
    },
    { test: { ...shared, name: `${name}-isolated`, include: isolatedApiFiles } },
  ];
}

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // Property tests run hundreds of cases: 5 s is too tight when the machine is busy (CI runs four suites).
          testTimeout: 20_000,
        },
      },
      ...apiProjects('pglite', 'api'),
      // The same API tests again on a real PostgreSQL server when TEST_DATABASE_URL names one (CI does).
      ...(process.env.TEST_DATABASE_URL ? apiProjects('postgres', 'api-postgres', ['tests/api/process.test.ts']) : []),
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.tsx'],
          environment: 'jsdom',
          // Long form journeys in jsdom pass 5 s on a busy machine.
          testTimeout: 20_000,
          setupFiles: ['tests/support/web-setup.ts'],
        },
      },
    ],
  },
});
