import { apiGroups } from '../../src/server/features/api-docs';
import { expect, keepScreenshot, test } from './fixtures';

// The reference page is the same on a phone: desktop only.
test.skip(({ isMobile }) => isMobile, 'the API reference is checked on desktop only');

test('/api/docs shows the API feature by feature and breaks no rule of the CSP', async ({ page }, info) => {
  // The fixture fails on any console error or CSP violation; the page's own violations are also kept to be read.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => {
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /FanGrid API/ })).toBeVisible();
  // The reference page renders its groups as a virtual list (only those near the viewport are in the page):
  // scroll it from top to bottom and read each group's heading as it appears.
  const seen = new Map<string, string>();
  for (let step = 0; step < 200; step++) {
    for (const h of await page.locator('h3.opblock-tag').all()) {
      const name = (await h.getAttribute('data-tag')) ?? '';
      if (!seen.has(name)) seen.set(name, (await h.textContent()) ?? '');
      // One heading per group at a time.
      expect(await page.locator(`h3.opblock-tag[data-tag="${name}"]`).count()).toBe(1);
    }
    const atBottom = await page.evaluate(() => window.scrollY + window.innerHeight >= document.body.scrollHeight - 2);
    if (atBottom) break;
    await page.mouse.wheel(0, 600);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  }
  // A visitor sees the public features, each a group of its own with its description, and no admin group.
  for (const group of [apiGroups.boards, apiGroups.prizes, apiGroups.payments, apiGroups.accounts]) {
    expect(seen.get(group.name), group.name).toContain(group.description);
  }
  expect([...seen.keys()]).not.toContain(apiGroups.admin.name);
  expect([...seen.keys()]).not.toContain('default');
  expect(seen.size).toBeGreaterThanOrEqual(10);
  // An operation opens where its group is, and opening it still loads only the page's own files.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.locator('h3.opblock-tag[data-tag="Boards"]')).toBeVisible();
  await page.getByText('/api/boards/{slug}/rules', { exact: true }).click();
  await expect(page.getByRole('button', { name: 'Try it out' })).toBeVisible();
  await keepScreenshot(page, info.outputPath('api-docs.png'), { visibleOnly: true });
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
});
