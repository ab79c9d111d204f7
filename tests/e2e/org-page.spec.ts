import type { Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  holdRequests,
  isPhone,
  keepScreenshot,
  test,
  watchLayoutShift,
} from './fixtures';

/**
 * An organization's public page: a fan opens FanGrid Demo's page (the organization holding the demo boards), sees
 * its boards and what they raised, follows a board, which names the organization with a link back; the Donate
 * button opens the gift form for that organization. Suspended organizations, unknown slugs and what the server
 * stores are covered by tests/api/org-boards-and-gifts.test.ts and tests/api/org-pages.test.ts.
 */

/** axe, no sideways scroll and a screenshot; the phone run checks at 390x844. */
async function checkScreen(page: Page, name: string) {
  if (isPhone(page)) await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, test.info().outputPath(`${name}.png`));
}

test('a fan opens an organization’s page, follows a board and back, and reaches its gift form', async ({ page }) => {
  if (isPhone(page)) await page.setViewportSize({ width: 390, height: 844 });
  const shift = await watchLayoutShift(page);
  await page.goto('/o/fangrid-demo');
  await expect(page.getByRole('heading', { level: 1, name: 'FanGrid Demo' })).toBeVisible();
  await expect(page.getByText('Youth sports programs of the FanGrid Community Fund')).toBeVisible();
  await expect(page.getByTestId('org-raised')).toHaveText(/^\$[\d,]+\.\d\d$/);
  const boards = page.getByRole('list', { name: 'Boards' }).getByRole('link');
  await expect(boards.first()).toBeVisible();
  expect(await boards.count()).toBeGreaterThan(0);
  expect(await shift.total()).toBeLessThan(0.01);
  await checkScreen(page, 'org-page');

  // The board page names the organization running it, with a link back to its page (by keyboard).
  const first = boards.first();
  const href = await first.getAttribute('href');
  expect(href).toMatch(/^\/boards\/[\w-]+$/);
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(href ?? '');
  const runBy = page.getByTestId('board-run-by');
  await expect(runBy).toHaveText('FanGrid Demo');
  await expect(runBy).toHaveAttribute('href', '/o/fangrid-demo');
  await runBy.click();
  await expect(page).toHaveURL(/\/o\/fangrid-demo$/);
  await expect(page.getByRole('heading', { level: 1, name: 'FanGrid Demo' })).toBeVisible();

  // Donate opens the gift form for this organization.
  const donate = page.getByRole('link', { name: 'Donate' });
  await donate.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/o\/fangrid-demo\/donate$/);
  await expect(page.getByRole('heading', { level: 1, name: 'FanGrid Demo' })).toBeVisible();
  await expect(page.getByText('Donate to', { exact: true })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Recurring monthly donation' })).toBeVisible();
  await checkScreen(page, 'org-donate');

  // The gift's checkout is for this organization (the server resolves its slug; the API tests check the rest).
  const checkout = page.waitForRequest((r) => r.url().endsWith('/api/donations/checkout') && r.method() === 'POST');
  await page.getByLabel('Custom amount ($)').fill('7');
  await page.getByLabel('Your name').fill('Org Fan');
  await page.getByRole('textbox', { name: 'Email' }).fill(`org-fan-${test.info().project.name}@example.com`);
  await page.getByRole('button', { name: 'Donate $7.00' }).click();
  expect((await checkout).postDataJSON()).toMatchObject({ organization: 'fangrid-demo', amountCents: 700 });
  await expect(page).toHaveURL(/\/checkout\/cs_local_/);
});

test('the page holds its place while the organization loads: nothing on screen moves when it arrives', async ({
  page,
}) => {
  if (isPhone(page)) await page.setViewportSize({ width: 390, height: 844 });
  const hold = await holdRequests(page, ['/api/public/orgs/fangrid-demo']);
  const shift = await watchLayoutShift(page);
  await page.goto('/o/fangrid-demo');
  await expect.poll(() => hold.held()).toBeGreaterThan(0);
  await expect(page.locator('[aria-busy="true"]')).toBeVisible();
  await shift.reset();
  await hold.release();
  await expect(page.getByRole('heading', { level: 1, name: 'FanGrid Demo' })).toBeVisible();
  expect(await shift.total()).toBeLessThan(0.01);
});

test.describe('an unknown organization', () => {
  // The page's own request answers 404: that is what it shows.
  test.use({ alsoExpectedStatuses: [404] });

  test('an address no organization has is not found', async ({ page }) => {
    await page.goto('/o/no-such-organization');
    await expect(page.getByRole('heading', { level: 1, name: 'Organization not found' })).toBeVisible();
    await checkScreen(page, 'org-not-found');
  });
});
