import type { Locator, Page } from '@playwright/test';
import { SMS_CONSENT_TEXT } from '../../src/shared/domain/sms';
import { expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, test } from './fixtures';

/** Presses Tab from the focused field until `target` has focus; fails if it never does. */
async function tabTo(page: Page, target: Locator, most = 15) {
  for (let i = 0; i < most; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error('the control is not reached with Tab');
}

test.describe('text consent', () => {
  test('a board entry form asks for text consent, unticked, reached and ticked from the keyboard', async ({ page }) => {
    // Read only: this journey enters on no board.
    await page.goto('/boards/thunder-timberwolves');
    const consent = page.getByRole('checkbox', { name: SMS_CONSENT_TEXT });
    await expect(consent).toBeVisible();
    await expect(consent).not.toBeChecked();
    await page.getByLabel('Phone number').focus();
    await tabTo(page, consent);
    await page.keyboard.press('Space');
    await expect(consent).toBeChecked();
    await page.keyboard.press('Space');
    await expect(consent).not.toBeChecked();
    await expectNoSidewaysScroll(page);
  });

  test('the baseball join modal asks the same, unticked', async ({ page }) => {
    await page.goto('/baseball-games');
    await page.getByRole('button', { name: 'Join Game Board: Phillies vs Braves' }).click();
    const modal = page.getByRole('dialog', { name: 'Join Phillies vs Braves' });
    const consent = modal.getByRole('checkbox', { name: SMS_CONSENT_TEXT });
    await expect(consent).toBeVisible();
    await expect(consent).not.toBeChecked();
    await modal.getByLabel('Referral code (optional)').focus();
    await tabTo(page, consent);
  });

  test('the dev outbox lists texts beside the emails', async ({ page }) => {
    await page.goto('/dev/mail');
    await expect(page.getByRole('heading', { name: 'Emails', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Texts', exact: true })).toBeVisible();
    await expect(
      page.getByText('No texts yet.').or(page.getByRole('list', { name: 'Texts, newest first' })),
    ).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
  });
});
