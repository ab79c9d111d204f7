import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { test as base, errors, expect, type Locator, type Page, type Route } from '@playwright/test';

/**
 * Every browser test fails on a console error, an uncaught exception or a Content-Security-Policy
 * violation, so the strict CSP and a clean console are checked on every page the suite visits.
 */
export const test = base.extend<{ consoleProblems: string[]; alsoExpectedStatuses: number[] }>({
  // Further statuses a journey provokes on purpose (outage.spec.ts answers an entry 503 through page.route).
  alsoExpectedStatuses: [[], { option: true }],
  consoleProblems: [
    async ({ page, alsoExpectedStatuses }, use) => {
      const problems: string[] = [];
      const statuses = ['400', '401', '402', '403', '409', '422', '429', ...alsoExpectedStatuses.map(String)];
      page.on('console', (msg) => {
        // Refusals the journeys provoke on purpose (wrong password, declined card, locked, conflict) are not app errors;
        // any other failed resource (404, 500) still fails the test.
        const expectedRefusal = new RegExp(
          `Failed to load resource: the server responded with a status of (${statuses.join('|')})\\b`,
        );
        if (msg.type() === 'error' && !expectedRefusal.test(msg.text())) problems.push(`console: ${msg.text()}`);
      });
      page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
        });
      });
      await use(problems);
      expect(problems, 'console errors, page errors or CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Runs axe and fails on any serious or critical violation, listing them readably. Finite animations (a dialog
 * fading in) finish first: mid-fade, text is measured against a half-transparent background and its contrast
 * misread, which a loaded machine hits more often.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

/**
 * Pictures are for a person to read after a run, never a check: CI, which keeps no artifacts, takes none
 * unless E2E_SCREENSHOTS=1; a local run takes them unless E2E_SCREENSHOTS=0.
 */
const keepPictures = (process.env.E2E_SCREENSHOTS ?? (process.env.CI ? '0' : '1')) === '1';

/**
 * Keeps a picture of the page for a person to read after the run: the whole page, or with `visibleOnly` what
 * the viewport shows. Chromium's capture beyond the viewport can stall for minutes on a busy machine (it waits
 * for a frame that never comes); after 10 s this keeps the visible part instead, so a picture taken for
 * reading never fails a journey whose checks passed.
 */
export async function keepScreenshot(page: Page, path: string, { visibleOnly = false } = {}) {
  if (!keepPictures) return;
  try {
    await page.screenshot({ path, fullPage: !visibleOnly, timeout: 10_000 });
  } catch (error) {
    if (!(error instanceof errors.TimeoutError)) throw error;
    await page.screenshot({ path, timeout: 10_000 });
  }
}

/** True when the current project runs the phone-sized viewport. */
export function isPhone(page: Page) {
  return (page.viewportSize()?.width ?? 1024) < 768;
}

/**
 * Fails when the page itself is wider than the device (phone layouts must fit; wide tables scroll in their
 * own box). Compared with the configured viewport, not `innerWidth`: an emulated phone widens its layout
 * viewport to fit overflowing content, which would hide the overflow.
 */
export async function expectNoSidewaysScroll(page: Page) {
  const device = page.viewportSize()?.width ?? 0;
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'page width against the device width').toBeLessThanOrEqual(device);
}

/**
 * Scrolls to the end of the page, as a reader heading down would, until `until` is on the page: widgets
 * below the fold (the gaming hub's interactive sections) load only as the reader nears them, and a scroll
 * made before the screen has rendered reaches nothing.
 */
export async function scrollToEnd(page: Page, until: Locator) {
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(until).toBeAttached({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
}

/** The newest dev-outbox email with this subject sent to `to`, once it is on screen. */
export async function openEmail(page: Page, subject: string, to: string) {
  await page.goto('/dev/mail');
  const message = page
    .getByRole('article', { name: subject })
    .filter({ hasText: `To ${to}` })
    .first();
  await expect(message).toBeVisible();
  return message;
}

/** Opens the newest email with this subject in the dev outbox and follows its link. */
export async function followEmailLink(page: Page, subject: string, to: string) {
  const message = await openEmail(page, subject, to);
  await message.getByRole('link').first().click();
}

/** The password every journey's accounts sign up with. */
export const fanPassword = 'Squares-2025!';

/** Signs a new fan up, confirms the account by its email link and lands home, signed in. */
export async function signUp(page: Page, fan: { email: string; name: string; phone: string }) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByLabel('Full name').fill(fan.name);
  await page.getByLabel('Phone').fill(fan.phone);
  await page.getByLabel('Email').fill(fan.email);
  await page.getByLabel('Password').fill(fanPassword);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Check your email!')).toBeVisible();
  await followEmailLink(page, 'Confirm your FanGrid account', fan.email);
  await expect(page).toHaveURL('/home');
}

/** Fills the sign-in form at `loginUrl` and submits it; the caller checks how it went. */
export async function signIn(page: Page, email: string, password = fanPassword, loginUrl = '/login') {
  await page.goto(loginUrl);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Passes the admin gate through the API and locks the board, then scores one period. Locking and scoring the
 * same numbers again is idempotent, so both browser projects can run it on a shared demo board.
 */
export async function lockAndScore(
  page: Page,
  slug: string,
  score: { period: string; teamAScore: number; teamBScore: number },
) {
  const api = page.request;
  await page.goto('/');
  const origin = { origin: new URL(page.url()).origin };
  expect(
    (await api.post('/api/admin-gate/passcode', { data: { passcode: 'fangrid1' }, headers: origin })).status(),
  ).toBe(200);
  expect((await api.post('/api/admin-gate/phrase', { data: { phrase: 'game day' }, headers: origin })).status()).toBe(
    200,
  );
  // A board nobody entered is cancelled at lock (docs/product.md#unfilled-boards): one entry first. Every
  // journey sends the same request (same key), so a repeat, even after the lock, answers with that entry.
  const entered = await api.post(`/api/boards/${slug}/entries`, {
    data: {
      phone: '+12025550113',
      nickname: 'Draw',
      ageConfirmed: true,
      rulesAccepted: true,
      state: 'OH',
      idempotencyKey: `draw-journey-entry-${slug}`,
    },
    headers: origin,
  });
  expect(entered.status()).toBe(201);
  expect((await api.post(`/api/admin/boards/${slug}/lock`, { headers: origin })).status()).toBe(200);
  const scored = await api.post(`/api/admin/boards/${slug}/scores`, { data: score, headers: origin });
  expect(scored.status()).toBe(200);
}

/**
 * Ticks an entry form's one eligibility box ('I am at least 18 and agree to the official rules') and, where
 * the board asks for it, chooses the fan's state (California by default: excluded by no mode's defaults).
 * `scope` is the form (or the dialog, or the page when it shows one form).
 */
export async function acceptRules(scope: Page | Locator, state = 'CA') {
  await scope.getByRole('checkbox', { name: /agree to the official rules/ }).check();
  const select = scope.getByRole('combobox', { name: 'State', exact: true });
  if ((await select.count()) > 0) await select.selectOption(state);
}

/**
 * The built chunk (`/assets/<hash>.js`) of each source module under src/web, as the build's manifest
 * (dist/web/.vite/manifest.json) names it: lazy chunks are named by their hash alone.
 */
export function chunksOf(...modules: string[]): string[] {
  const manifest = JSON.parse(readFileSync('dist/web/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>;
  return modules.map((m) => {
    const entry = manifest[m];
    if (!entry) throw new Error(`${m} is not a chunk of the build (dist/web/.vite/manifest.json)`);
    return `/${entry.file}`;
  });
}

/**
 * Holds every request to one of `paths` until `release()`, so a screen's loading state can be looked at;
 * `held()` says how many are waiting. Requests after the release go straight through.
 */
export async function holdRequests(page: Page, paths: readonly string[]) {
  const held: Route[] = [];
  let holding = true;
  await page.route(
    (url) => paths.includes(url.pathname),
    (route) => {
      if (holding) held.push(route);
      else void route.continue();
    },
  );
  return {
    held: () => held.length,
    async release() {
      holding = false;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

/**
 * Adds up the page's layout shifts not caused by input (its cumulative layout shift), from the page's first
 * load: `reset()` starts the count again, `total()` reads it once the last frames have settled.
 */
export async function watchLayoutShift(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) w.__shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return {
    reset: () =>
      page.evaluate(() => {
        (window as unknown as { __shift: number }).__shift = 0;
      }),
    async total() {
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))));
      return page.evaluate(() => (window as unknown as { __shift: number }).__shift);
    },
  };
}
