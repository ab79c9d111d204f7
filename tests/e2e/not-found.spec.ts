import { expect, expectNoSeriousA11yViolations, test } from './fixtures';

test('an unknown path shows the 404 page with a link home', async ({ page }) => {
  await page.goto('/this/page/does-not-exist');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'The Ultimate Sports & Gaming Experience' })).toBeVisible();
});

test('the main navigation reaches the public screens', async ({ page }) => {
  await page.goto('/');
  const phone = (page.viewportSize()?.width ?? 1024) < 768;
  if (phone) {
    await page.getByRole('button', { name: 'Open menu' }).click();
  }
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL('/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
});
