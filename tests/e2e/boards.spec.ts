import { expect, expectNoSeriousA11yViolations, test } from './fixtures';

test.describe('game boards', () => {
  test('enter the Thunder board: the flash settles on your cell and the rules and draw fingerprint show', async ({
    page,
  }, info) => {
    await page.goto('/game-board');
    await expect(page.getByRole('heading', { level: 1, name: 'Thunder vs Timberwolves' })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'Wolves 0' })).toBeVisible();
    const submit = page.getByRole('button', { name: 'Submit Entry' });
    await expect(submit).toBeDisabled();

    await page.getByLabel('Phone number').fill('+15551234567');
    await page.getByLabel('Nickname').fill('Durantula');
    await expect(page.getByLabel('Nickname')).toHaveValue('Durantu'); // cut off at 7 as typed
    await page.getByLabel(/Entry amount/).fill('21');
    await expect(page.getByText('Enter a whole amount from $1 to $20.')).toBeVisible();
    await expect(submit).toBeDisabled();
    await page.getByRole('button', { name: '$5' }).click();
    await expect(submit).toBeEnabled();
    await submit.click();

    await expect(page.getByText('Game Entry Created!')).toBeVisible();
    const code = (await page.getByTestId('my-code').textContent()) ?? '';
    expect(code).toMatch(/^[A-Z]{3}$/);
    const mine = page.locator('td[data-mine]');
    await expect(mine).toHaveCount(1);
    await expect(mine).toHaveText(code);
    // The hops end on the entry's own cell, which keeps blinking there.
    const cell = await mine.getAttribute('data-cell');
    await expect(page.locator(`td[data-flash="settled"][data-cell="${cell}"]`)).toHaveText(code, { timeout: 8000 });
    await expect(page.getByText('If that cell is empty, its prize rolls over to the next period.')).toBeVisible();
    await expect(page.getByTestId('seed-hash')).toHaveText(/^[0-9a-f]{64}$/);
    if (info.project.name === 'desktop') await expectNoSeriousA11yViolations(page);

    // The entry is listed under Your entries with its real status.
    await page.getByRole('link', { name: 'Your entries' }).click();
    await expect(page).toHaveURL('/entered');
    const item = page.getByRole('listitem').filter({ hasText: code });
    await expect(item).toContainText('Thunder vs Timberwolves');
    await expect(item).toContainText('Pending');
    if (info.project.name === 'desktop') await expectNoSeriousA11yViolations(page);
  });

  test("a visitor without entries sees 'No games entered yet'", async ({ page }) => {
    await page.goto('/entered');
    await expect(page.getByText('No games entered yet')).toBeVisible();
  });

  test('a second browser sees a new entry fill its cell live', async ({ browser, page }) => {
    const watcherContext = await browser.newContext();
    const watcher = await watcherContext.newPage();
    await watcher.goto('/game-board');
    await expect(watcher.getByRole('rowheader', { name: 'Wolves 9' })).toBeVisible();
    await page.waitForTimeout(300); // let the watcher's event stream connect

    await page.goto('/game-board');
    await page.getByLabel('Phone number').fill('+15557654321');
    await page.getByLabel('Nickname').fill('Ant');
    await page.getByRole('button', { name: 'Submit Entry' }).click();
    await expect(page.getByText('Game Entry Created!')).toBeVisible();
    const code = (await page.getByTestId('my-code').textContent()) ?? '';
    const cell = await page.locator('td[data-mine]').last().getAttribute('data-cell');

    await expect(watcher.locator(`td[data-cell="${cell}"]`)).toHaveText(code, { timeout: 3000 });
    await watcherContext.close();
  });
});
