import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

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
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          env: { FANGRID_TEST_DB: 'pglite' },
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // The same API tests again on a real PostgreSQL server when TEST_DATABASE_URL names one (CI does).
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'api-postgres',
                include: ['tests/api/**/*.test.ts'],
                exclude: ['tests/api/process.test.ts'],
                environment: 'node',
                env: { FANGRID_TEST_DB: 'postgres' },
                globalSetup: ['tests/support/global-setup.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
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
