import type { Page, TestInfo } from '@playwright/test';
import { nbaFinalsPrizes } from '../../src/shared/domain/boards';
import {
  acceptRules,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  isPhone,
  keepScreenshot,
  openEmail,
  test,
} from './fixtures';

/**
 * Deleting a paid entry refunds it (issue 36): a fan pays $20 through the local test checkout, the organizer
 * deletes the entry from the entry manager, whose dialog says the $20 will be refunded in full and the fan
 * told by email; the cell is free on the board, the fan's email says the $20 is refunded, and their entry
 * reads Deleted. Desktop and phone, each on a board of its own.
 */

/** The board cell holding `code` (a whole word, case-sensitive: an empty cell's hidden text is 'empty'). */
const cellOf = (page: Page, code: string) =>
  page.locator('[data-cell]').filter({ hasText: new RegExp(`(^|[^A-Z0-9])${code}([^A-Z0-9]|$)`) });

const shoot = (page: Page, info: TestInfo, name: string) =>
  keepScreenshot(page, info.outputPath(`${name}-${isPhone(page) ? 'phone' : 'desktop'}.png`));

test('delete a paid entry: the dialog shows the $20 refund, the cell frees, the fan is told', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const slug = `delete-paid-${info.project.name}`;
  const teamB = info.project.name === 'phone' ? 'Pistons' : 'Pacers';

  // The organizer's admin session, and a paid board three days away ($5-$20, a $20 quick pick).
  await page.goto('/admin-entries');
  await page.getByLabel('Passcode').fill('fangrid1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Second password').fill('game day');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('button', { name: 'Leave admin' })).toBeVisible();
  const created = await page.request.post('/api/admin/boards', {
    headers: { origin: new URL(page.url()).origin },
    data: {
      slug,
      game: {
        league: 'NBA',
        teamA: 'Bulls',
        teamB,
        startsAt: new Date(Date.now() + 3 * 24 * 60 * 60_000).toISOString(),
        venue: 'United Center',
      },
      format: '1v99',
      entryRule: {
        kind: 'whole-range',
        minCents: 500,
        maxCents: 2000,
        defaultCents: 2000,
        quickPicksCents: [500, 2000],
      },
      prizeTable: nbaFinalsPrizes,
      organization: 'Bulls Charities',
      mode: 'sweepstakes',
      paymentRequired: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  // Scheduled boards take entries once open: open it now.
  const opened = await page.request.post(`/api/admin/boards/${slug}/open`, {
    headers: { origin: new URL(page.url()).origin },
  });
  expect(opened.status(), await opened.text()).toBe(200);

  // The fan pays $20 through the local test checkout, with an email for the receipt.
  await page.goto(`/boards/${slug}`);
  await page.getByLabel('Phone number').fill('+12025550149');
  await page.getByLabel('Nickname').fill('Rae');
  await page.getByRole('button', { name: '$20', exact: true }).click();
  await acceptRules(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/checkout\/cs_local_/);
  // The heading reads 'Checkout' until the checkout's session has loaded, then 'Board entry XYZ: …'.
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/^Board entry [A-Z0-9]{3}:/);
  const code = ((await heading.textContent()) ?? '').slice(12, 15);
  expect(code).toMatch(/^[A-Z0-9]{3}$/);
  const fanEmail = `refundee-${info.project.name}@example.com`;
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('1230');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Test Fan');
  await page.getByLabel('Email for your receipt (optional)').fill(fanEmail);
  await page.getByRole('button', { name: 'Pay $20.00' }).click();
  const result = page.getByRole('region', { name: 'Your payment' });
  await expect(result.getByRole('status')).toContainText('Payment received: your entry is confirmed.');
  await expect(cellOf(page, code)).toHaveCount(1);

  // The organizer deletes it: the dialog says what happens to the $20 and who is told.
  await page.goto('/admin-entries');
  await page.getByLabel('Show entries of').selectOption(slug);
  const table = page.getByRole('region', { name: 'Entry list' });
  const row = table.getByRole('row', { name: new RegExp(`Rae \\(${code}\\)`) });
  await expect(row).toContainText('Paid');
  await expect(row.getByRole('button', { name: `Refund entry Rae (${code})` })).toBeVisible();
  await row.getByRole('button', { name: `Delete entry Rae (${code})` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this entry?' });
  await expect(dialog.getByTestId('money')).toHaveText(
    'This entry paid $20 through checkout: it will be refunded in full and the fan told by email.',
  );
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);
  await shoot(page, info, 'delete-dialog');
  await dialog.getByRole('button', { name: 'Delete entry' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Entry deleted successfully' });
  await expect(toast).toContainText(`$20 refunded to Rae (${code}).`);
  await expect(row).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, info, 'deleted');

  // Its cell is free on the board, and the fan reads the refund in their email.
  await page.goto(`/boards/${slug}`);
  await expect(page.locator('[data-cell]').first()).toBeVisible();
  await expect(cellOf(page, code)).toHaveCount(0);
  const told = await openEmail(page, `[TEST MODE] Bulls vs ${teamB}: your entry was deleted`, fanEmail);
  await expect(told).toContainText('TEST MODE: no money moved. This refund is of a test payment.');
  await expect(told).toContainText(
    `your code ${code}: the organizer deleted your entry. Your $20 is refunded in full to the card you paid with.`,
  );
  await expectNoSeriousA11yViolations(page);
  await shoot(page, info, 'refund-email');
});
