import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  throw new Error(
    `The browser suite needs Chromium at ${chromium}. Install it (Debian: apt-get install -y chromium) or set CHROME_PATH.`,
  );
}

const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;
// Each run serves the built app on a fresh embedded database. The directory is created once here and
// handed to workers through the environment, so every process sees the same one.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'fangrid-e2e-'));

const launchOptions = {
  executablePath: chromium,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Journeys with several axe passes take 10-20 s on these 2-core machines, and three times that on a slower
  // one (the longest has taken over a minute, in axe); leave room when they are busy.
  timeout: 180_000,
  // A server action answered in 5 s on an idle machine can take longer when the machine is busy (a board lock
  // draws and writes its axes); what a journey waits to see gets 10 s.
  expect: { timeout: 10_000 },
  workers: 2,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: { baseURL, trace: 'retain-on-failure', launchOptions },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions } },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], launchOptions },
    },
  ],
  webServer: {
    command: 'node dist/server/main.js',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      // Development mode: the dev outbox at /dev/mail is what the sign-up journey reads its email from.
      NODE_ENV: 'development',
      PUBLIC_URL: baseURL,
      // Both browser projects share 127.0.0.1; the per-IP limit itself is covered by the API tests.
      AUTH_RATE_LIMIT_PER_MINUTE: '500',
      // Likewise for event streams: both projects' pages stream boards from the same address.
      SSE_MAX_PER_CLIENT: '200',
      // Likewise for entries: journeys fill whole boards from 127.0.0.1 (tests/api/entry-limits.test.ts).
      ENTRY_LIMIT_PER_MINUTE: '2000',
      // The paid demo board's hold lasts 5 s here, so the journey can watch an unpaid hold free its cell.
      PAYMENT_HOLD_SECONDS: '5',
      // The journeys use the fixed demo boards; the demo's recurring rounds would add boards and ticker games.
      DEMO_ROUNDS: 'false',
      // An entered demo board locks when its game starts; the suite must never outlive that (on a busy machine it
      // has taken 47 minutes), so the demo games start 4 hours on.
      DEMO_START_MINUTES: '240',
    },
  },
});
