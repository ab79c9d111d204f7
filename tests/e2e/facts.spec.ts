import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';

/** Facts shown are the facts stored: the hub's cards, a next board's context, a receipt's dates. */

const shots = '/tmp/layout-shots';

test("the sports hub's Eastern Conference card says 1v49, as the board it opens is", async ({ page }, info) => {
  await page.goto('/sports');
  const card = page.getByRole('region', { name: 'Games & Boards' }).getByRole('link', { name: /^Eastern Conference / });
  await expect(card).toContainText('1v49');
  await expect(card).not.toContainText('1v99');
  await page.screenshot({ path: `${shots}/hub-${info.project.name}.png` });
  await expectNoSeriousA11yViolations(page);
  await card.click();
  await expect(page).toHaveURL('/east-game-board');
  await expect(page.getByText(/^1v49 board ·/)).toBeVisible();
});

/** Fills a 1v99 board through the API, as 100 other fans would. */
async function fillBoard(request: APIRequestContext, page: Page, slug: string) {
  const origin = new URL(page.url()).origin;
  for (let i = 0; i < 100; i++) {
    const res = await request.post(`/api/boards/${slug}/entries`, {
      headers: { origin },
      data: {
        phone: `+1555100${String(i).padStart(4, '0')}`,
        nickname: `N${i}`,
        amountCents: 100,
        idempotencyKey: `facts-fill-${slug}-${i}`,
      },
    });
    if (res.status() === 409) return;
    expect(res.status(), await res.text()).toBe(201);
  }
}

test("a game's next board keeps its first board's title and Back destination", async ({ page, request }, info) => {
  test.skip(info.project.name !== 'desktop', 'one board fills once; the phone walks the same screen in its own test');
  await page.goto('/cubs-brewers-game');
  await expect(page.getByRole('heading', { level: 1, name: 'Cubs vs Brewers' })).toBeVisible();
  await fillBoard(request, page, 'cubs-brewers');
  await page.goto('/boards/cubs-brewers-2');
  await expect(page.getByRole('heading', { level: 1, name: 'Cubs vs Brewers' })).toBeVisible();
  await expect(page).toHaveTitle(/Cubs vs Brewers/);
  await expect(page.getByTestId('board-status')).toHaveText('open');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Back to Baseball' }).click();
  await expect(page).toHaveURL('/baseball-games');
});

test('a donation’s success page and its receipt email show the same dates', async ({ page }, info) => {
  await page.goto('/wnba-games');
  await page.getByRole('tab', { name: 'All Games' }).click();
  await page.getByRole('button', { name: 'Join Game Board' }).first().click();
  await page.getByRole('button', { name: '$25', exact: true }).click();
  await page.getByLabel('Your name').fill('Dates Fan');
  const email = `dates-${info.project.name}@example.com`;
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Donate $25.00' }).click();
  await expect(page.getByText('FanGrid test checkout')).toBeVisible();
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Expiry (MM / YY)').fill('1230');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Test Fan');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('heading', { name: 'Donation Successful!' })).toBeVisible();
  const details = page.getByRole('region', { name: 'Your donation' });
  const dated = async (label: string) =>
    (
      (await details
        .locator('div')
        .filter({ has: page.getByText(label, { exact: true }) })
        .last()
        .innerText()) ?? ''
    )
      .replace(label, '')
      .trim();
  const gameDate = await dated('Game date');
  const paidOn = await dated('Paid on');
  expect(gameDate).not.toBe('');
  expect(paidOn).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  await page.screenshot({ path: `${shots}/wnba-success-${info.project.name}.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page);

  // The receipt in the dev outbox says the same.
  await expect(async () => {
    const res = await page.request.get('/api/dev/mail');
    const { messages } = (await res.json()) as { messages: { to: string; text: string }[] };
    const receipt = messages.find((m) => m.to === email);
    expect(receipt?.text).toContain(`Game date: ${gameDate}`);
    expect(receipt?.text).toContain(`Paid on: ${paidOn}`);
  }).toPass();
});
