import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

/**
 * Every browser test fails on a console error, an uncaught exception or a Content-Security-Policy
 * violation, so the strict CSP and a clean console are checked on every page the suite visits.
 */
export const test = base.extend<{ consoleProblems: string[] }>({
  consoleProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (msg) => {
        // Refusals the journeys provoke on purpose (wrong password, locked, conflict) are not app errors;
        // any other failed resource (404, 500) still fails the test.
        const expectedRefusal =
          /Failed to load resource: the server responded with a status of (400|401|403|409|422|429)\b/;
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
