import type { Page, Route } from '@playwright/test';
import { acceptRules, expect, expectNoSidewaysScroll, test } from './fixtures';

/**
 * While FanGrid's database cannot be reached the API answers 503 UNAVAILABLE with Retry-After
 * (tests/api/outage.test.ts). Here the browser's side: the entry POST (and a sign-in) is answered that way through
 * page.route, the screen says to try again in a moment, nothing the fan typed is lost, and sending again works.
 */
test.use({ alsoExpectedStatuses: [503] });

const unavailableText = "We can't reach FanGrid right now. Please try again in a moment.";
const unavailable = (route: Route) =>
  route.fulfill({
    status: 503,
    headers: { 'retry-after': '5', 'cache-control': 'no-store' },
    contentType: 'application/json',
    body: JSON.stringify({
      error: {
        code: 'UNAVAILABLE',
        message: "FanGrid can't reach its database right now. Please try again in a moment.",
      },
    }),
  });

/** Answers the first `times` requests matching `url` with the outage's 503, then lets them through; counts both. */
async function outageFor(page: Page, url: string, times: number) {
  const seen = { refused: 0, passed: 0 };
  await page.route(url, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    if (seen.refused < times) {
      seen.refused += 1;
      return unavailable(route);
    }
    seen.passed += 1;
    return route.fallback();
  });
  return seen;
}

test.describe('a database outage in the browser', () => {
  test('an entry answered 503 keeps phone, nickname, amount and ticks; sending again enters it', async ({
    page,
  }, info) => {
    const phone = info.project.name === 'phone' ? '+12125550108' : '+12125550107';
    const seen = await outageFor(page, '**/api/boards/*/entries', 1);
    await page.goto('/east-game-board');
    await expect(page.getByRole('heading', { level: 1, name: 'Knicks vs Pacers' })).toBeVisible();
    await page.getByLabel('Phone number').fill(phone);
    await page.getByLabel('Nickname').fill('Outage');
    await page.getByRole('button', { name: '$10' }).click();
    await acceptRules(page);
    const submit = page.getByRole('button', { name: 'Submit Entry' });
    await submit.click();

    await expect(page.getByText('Entry not sent')).toBeVisible();
    await expect(page.getByText(unavailableText).first()).toBeVisible();
    expect(seen.refused).toBe(1);
    await expect(page.getByLabel('Phone number')).toHaveValue(phone);
    await expect(page.getByLabel('Nickname')).toHaveValue('Outage');
    await expect(page.getByRole('button', { name: '$10' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('checkbox', { name: /agree to the official rules/ })).toBeChecked();
    await expect(page.getByLabel('Phone number')).not.toHaveAttribute('aria-invalid', 'true');
    await expectNoSidewaysScroll(page);

    // The database is back: the same form, sent again, is entered.
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByText('Game Board Entry Submitted!')).toBeVisible();
    expect(seen.passed).toBe(1);
    await expect(page.locator('td[data-mine]')).toHaveCount(2);
  });

  test('a sign-in answered 503 keeps the email and password and says to try again', async ({ page }) => {
    const seen = await outageFor(page, '**/api/auth/sign-in/email', 1);
    await page.goto('/login');
    await page.getByLabel('Email').fill('nobody-outage@example.com');
    await page.getByLabel('Password').fill('Squares-2025!');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText(unavailableText).first()).toBeVisible();
    expect(seen.refused).toBe(1);
    await expect(page.getByLabel('Email')).toHaveValue('nobody-outage@example.com');
    await expect(page.getByLabel('Password')).toHaveValue('Squares-2025!');
    // Sent again with the database back: an unknown account is refused as usual (401), not lost in the outage.
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(
      page
        .getByText('Login Failed')
        .or(page.getByText(/Invalid email or password/i))
        .first(),
    ).toBeVisible();
    expect(seen.passed).toBe(1);
  });
});
