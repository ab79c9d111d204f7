import type { APIRequestContext, Page } from '@playwright/test';
import { nbaFinalsPrizes } from '../../src/shared/domain/boards';
import { fictionPhone } from '../support/fiction-phones.mjs';
import { expect, expectNoSeriousA11yViolations, keepScreenshot, test } from './fixtures';

/** Facts shown are the facts stored: the hub's cards, a next board's context, a receipt's dates. */

test("the sports hub's Eastern Conference card says 1v49, as the board it opens is", async ({ page }, info) => {
  await page.goto('/sports');
  const card = page.getByRole('region', { name: 'Games & Boards' }).getByRole('link', { name: /^Eastern Conference / });
  await expect(card).toContainText('1v49');
  await expect(card).not.toContainText('1v99');
  await keepScreenshot(page, test.info().outputPath(`hub-${info.project.name}.png`), { visibleOnly: true });
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
        phone: fictionPhone(200 + i),
        nickname: `N${i}`,
        amountCents: 100,
        ageConfirmed: true,
        rulesAccepted: true,
        state: 'OH',
        idempotencyKey: `facts-fill-${slug}-${i}`,
      },
    });
    if (res.status() === 409) return;
    expect(res.status(), await res.text()).toBe(201);
  }
}

/** Signs in to admin (passcode and second password) and creates an open 1v99 board of a new game. */
async function createOwnBoard(page: Page, slug: string) {
  await page.goto('/admin-kpi');
  await page.getByLabel('Passcode').fill('fangrid1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Second password').fill('game day');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('button', { name: 'Leave admin' })).toBeVisible();
  const res = await page.request.post('/api/admin/boards', {
    headers: { origin: new URL(page.url()).origin },
    data: {
      slug,
      game: {
        league: 'NBA',
        teamA: 'Hawks',
        teamB: 'Hornets',
        startsAt: new Date(Date.now() + 30 * 60_000).toISOString(),
        venue: 'State Farm Arena',
      },
      format: '1v99',
      entryRule: { kind: 'presets-or-custom', presetsCents: [100, 500, 1000, 2000], minCents: 100 },
      prizeTable: nbaFinalsPrizes,
      organization: 'Hawks Foundation',
      mode: 'sweepstakes',
      paymentRequired: false,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

// Each project fills a board of its own: the desktop a baseball screen's board (no other journey fills it),
// the phone a board it creates through the admin API. Either way the next board keeps the first one's context.
test("a game's next board keeps its first board's title and Back destination", async ({ page, request }, info) => {
  let slug = 'cubs-brewers';
  let firstPage = '/cubs-brewers-game';
  if (info.project.name !== 'desktop') {
    slug = `facts-next-${info.project.name}-${Date.now()}`;
    firstPage = `/boards/${slug}`;
    await createOwnBoard(page, slug);
  }
  await page.goto(firstPage);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/ vs /);
  const title = (await heading.textContent()) ?? '';
  const back = page.getByRole('link', { name: /^Back to / }).first();
  const backLabel = (await back.textContent()) ?? '';
  const backHref = (await back.getAttribute('href')) ?? '';
  await fillBoard(request, page, slug);

  await page.goto(`/boards/${slug}-2`);
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(title));
  await expect(page.getByTestId('board-status')).toHaveText('open');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: backLabel, exact: true }).click();
  await expect(page).toHaveURL(backHref);
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
  await keepScreenshot(page, test.info().outputPath(`wnba-success-${info.project.name}.png`));
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
