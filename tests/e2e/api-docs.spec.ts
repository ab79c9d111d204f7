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
  const groups = page.locator('.opblock-tag-section h3');
  // A visitor sees the public features, each a group of its own with its description, and no admin group.
  for (const group of [apiGroups.boards, apiGroups.prizes, apiGroups.payments, apiGroups.accounts]) {
    const heading = groups.filter({ hasText: group.name }).first();
    await expect(heading).toBeVisible();
    await expect(heading).toContainText(group.description);
  }
  const names = (await page.locator('.opblock-tag-section h3 .nostyle span').allTextContents()).map((t) => t.trim());
  expect(names).not.toContain(apiGroups.admin.name);
  expect(names).not.toContain('default');
  expect(new Set(names).size).toBe(names.length);
  // An operation opens where its group is, and opening it still loads only the page's own files.
  const boards = page
    .locator('.opblock-tag-section')
    .filter({ has: page.locator('h3', { hasText: apiGroups.boards.name }) });
  await boards.getByText('/api/boards/{slug}/rules', { exact: true }).click();
  await expect(boards.getByRole('button', { name: 'Try it out' })).toBeVisible();
  await keepScreenshot(page, info.outputPath('api-docs.png'), { visibleOnly: true });
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
});
