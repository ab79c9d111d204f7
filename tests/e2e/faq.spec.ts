import { expect, expectNoSeriousA11yViolations, test } from './fixtures';

test.describe('FAQ', () => {
  test('shows the general questions and an accordion of game-specific facts', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.getByRole('heading', { name: 'General Questions' })).toBeVisible();
    await expect(page.getByText(/Other platforms pay 1\.5x the play amount/)).toBeVisible();

    const pricing = page.getByRole('button', { name: 'NBA Finals pricing' });
    await expect(pricing).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText(/1st quarter pays 50/)).toBeHidden();
    await pricing.click();
    await expect(pricing).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(/1st quarter pays 50, 2nd quarter 100, 3rd quarter 50/)).toBeVisible();
    await expect(page.getByText(/total rebounds draw of 55, based on a 10 raffle/)).toBeVisible();

    const baseball = page.getByRole('button', { name: 'How are baseball boards scored?' });
    await baseball.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(/end of the 5th and 9th innings, by the score and by total hits/)).toBeVisible();

    await pricing.click();
    await expect(page.getByText(/1st quarter pays 50/)).toBeHidden();
    await expectNoSeriousA11yViolations(page);
  });

  test('Back to Home goes to /', async ({ page }) => {
    await page.goto('/faq');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL('/');
  });
});
