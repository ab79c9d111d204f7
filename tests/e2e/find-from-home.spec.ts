import {
  chunksOf,
  expect,
  expectNoSeriousA11yViolations,
  holdRequests,
  isPhone,
  test,
  watchLayoutShift,
} from './fixtures';

/**
 * Every screen a fan needs is found from the home page: the "Open boards" list (soonest first, each with its
 * organization and price) leads to a board, "My entries" in the header (the menu on a phone) to /entered, and
 * a donation's receipt to the monthly gifts. Axe once per screen.
 */
test('from home: an open board, My entries, and the monthly gifts from a donation receipt', async ({ page }, info) => {
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Open boards' });
  await section.scrollIntoViewIfNeeded();
  const list = section.getByRole('list', { name: 'Open boards' });
  await expect(list).toBeVisible();
  const first = list.getByRole('link').first();
  await expect(first).toContainText(/ vs /);
  await expect(first).toContainText('Supports ');
  await expect(first).toContainText(/Free|\$\d/);
  await expectNoSeriousA11yViolations(page);

  await first.click();
  await expect(page).toHaveURL(/\/boards\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(' vs ');
  await expect(page.getByTestId('board-status')).toHaveText('open');
  await expectNoSeriousA11yViolations(page);

  if (isPhone(page)) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My entries' }).click();
  await expect(page).toHaveURL(/\/entered$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The sports hub lists the same open boards.
  await page.goto('/sports');
  await expect(
    page.getByRole('region', { name: 'Open boards' }).getByRole('list', { name: 'Open boards' }),
  ).toBeVisible();

  await page.goto('/wnba-games');
  await page.getByRole('tab', { name: 'All Games' }).click();
  await page.getByRole('button', { name: 'Join Game Board' }).first().click();
  await page.getByRole('button', { name: '$25', exact: true }).click();
  await page.getByLabel('Your name').fill('Home Finder');
  await page.getByLabel('Email').fill(`find-from-home-${info.project.name}@example.com`);
  await page.getByRole('button', { name: 'Donate $25.00' }).click();
  await expect(page.getByText('FanGrid test checkout')).toBeVisible();
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Expiry (MM / YY)').fill('1230');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Home Finder');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('heading', { name: 'Donation Successful!' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Your monthly gifts' }).click();
  await expect(page).toHaveURL(/\/donations\/monthly$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your monthly gifts' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the open boards list holds its room while it loads: nothing moves when it arrives', async ({ page }) => {
  // Hold the list's code and data so the room can be measured, then let them through.
  const hold = await holdRequests(page, [...chunksOf('features/open-boards/index.ts'), '/api/open-boards']);
  const shift = await watchLayoutShift(page);
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Open boards' });
  await section.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await expect.poll(() => hold.held()).toBeGreaterThan(0);
  const reserved = (await section.boundingBox())?.height ?? 0;
  await shift.reset();
  await hold.release();
  // The data request follows the code: let it through as it comes.
  await expect(section.getByRole('list', { name: 'Open boards' })).toBeVisible();
  await expect(section.locator('[aria-busy="true"]')).toHaveCount(0);
  const loaded = (await section.boundingBox())?.height ?? 0;
  expect(Math.abs(loaded - reserved)).toBeLessThan(2);
  expect(await shift.total()).toBeLessThan(0.01);
});
