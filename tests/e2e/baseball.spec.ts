import type { APIRequestContext } from '@playwright/test';
import { fictionPhone } from '../support/fiction-phones.mjs';
import { acceptRules, expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, isPhone, test } from './fixtures';

test.describe('baseball season', () => {
  test('the page shows the All-Star recap, six fixtures, matchups and the custom entry form', async ({ page }) => {
    await page.goto('/baseball-games');
    await expect(page.getByRole('heading', { level: 1, name: 'Baseball Season' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'All-Star Weekend Recap' })).toBeVisible();
    await expect(page.getByText('Teoscar Hernández')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Join Game Board: / })).toHaveCount(6);
    await expect(page.getByRole('link', { name: 'Dodgers vs Padres' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Back to Sports' }).click();
    await expect(page).toHaveURL('/sports');
  });

  test('join a fixture’s board from the modal, then see the entry on its per-game board', async ({ page }) => {
    await page.goto('/baseball-games');
    await page.getByRole('button', { name: 'Join Game Board: Phillies vs Braves' }).click();
    const modal = page.getByRole('dialog', { name: 'Join Phillies vs Braves' });
    await expect(modal).toBeVisible();
    await expect(modal.getByLabel('Game code')).toHaveValue('PHILLIES-BRAVES');
    await expect(modal.getByLabel('Organization')).toHaveValue('FanGrid Baseball Community Fund');
    await expect(modal.getByLabel('Game code')).toHaveAttribute('readonly', '');
    await expect(modal.getByLabel('Ticket number')).toHaveAttribute('placeholder', 'Issued when you submit');
    const submit = modal.getByRole('button', { name: 'Submit Entry' });
    await expect(submit).toBeDisabled();
    await modal.getByLabel('Phone number').fill('+12025550121');
    await modal.getByLabel('Nickname').fill('Schmidtty');
    await expect(modal.getByLabel('Nickname')).toHaveValue('Schmidt');
    await expect(submit).toBeDisabled();
    await modal.getByLabel('Custom amount ($)').fill('0.5');
    await expect(modal.getByText('Enter an amount of at least $1.')).toBeVisible();
    await expect(submit).toBeDisabled();
    await modal.getByRole('button', { name: '$5', exact: true }).click();
    await expect(modal.getByLabel('Custom amount ($)')).toHaveValue('5');
    await modal.getByLabel('Referral code (optional)').fill('PHANATIC');
    await expectNoSeriousA11yViolations(page);
    await acceptRules(modal);
    await submit.click();

    await expect(modal).toBeHidden();
    await expect(page.getByText('Game Board Entry Submitted!')).toBeVisible();
    const status = page.getByRole('status').filter({ hasText: "You're in for Phillies vs Braves" });
    // SCT from the nickname, or 3 random letters when another fan already holds SCT on this board.
    await expect(status).toContainText(/with code [A-Z]{3} /);
    await status.getByRole('link', { name: 'See it on the board' }).click();
    await expect(page).toHaveURL('/phillies-braves-game');
    await expect(page.getByRole('heading', { level: 1, name: 'Phillies vs Braves' })).toBeVisible();
    await expect(page.locator('[data-mine]')).toHaveCount(1);
    await expect(page.getByText(/end of the 5th and 9th innings, by runs and by total hits/)).toBeVisible();
    await expect(page.getByText('End of the 9th: total hits: $50')).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test('the modal closes with Escape or its Close button, keeping nothing', async ({ page }) => {
    await page.goto('/baseball-games');
    const open = page.getByRole('button', { name: 'Join Game Board: Cubs vs Brewers' });
    await open.focus();
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: 'Join Cubs vs Brewers' });
    await expect(modal).toBeVisible();
    // Focus moves into the modal (the page behind it is inert).
    expect(await page.evaluate(() => !!document.activeElement?.closest('dialog[open]'))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(open).toBeFocused();
    await open.click();
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toBeHidden();
  });

  test('Create Custom Game Entry: missing fields, the same team twice, then a saved entry', async ({ page }) => {
    await page.goto('/baseball-games');
    const form = page.getByRole('form', { name: 'Create Custom Game Entry' });
    await expect(form.getByLabel('Game date')).toHaveValue('2025-06-20');
    await expect(form.getByLabel('Team 1').locator('option')).toHaveCount(31);
    await acceptRules(form);
    await form.getByRole('button', { name: 'Create Custom Game Entry' }).click();
    await expect(page.getByText('Missing Information')).toBeVisible();
    await expect(page.getByText('Please fill in all fields')).toBeVisible();

    await form.getByLabel('Team 1').selectOption('Seattle Mariners');
    await form.getByLabel('Team 2').selectOption('Seattle Mariners');
    await form.getByLabel('Donation amount ($)').fill('12.50');
    await acceptRules(form);
    await form.getByRole('button', { name: 'Create Custom Game Entry' }).click();
    await expect(page.getByText('Invalid Selection')).toBeVisible();
    await expect(page.getByText('Please select different teams')).toBeVisible();

    await form.getByLabel('Team 2').selectOption('Texas Rangers');
    await acceptRules(form);
    await form.getByRole('button', { name: 'Create Custom Game Entry' }).click();
    await expect(page.getByText('Custom Game Entry Created!')).toBeVisible();
    await expect(
      page.getByRole('listitem').filter({ hasText: 'Seattle Mariners vs Texas Rangers · 2025-06-20 · $12.50' }),
    ).toBeVisible();
  });

  test('a matchup page shows both team cards; a team opens its portal; back returns', async ({ page }) => {
    await page.goto('/dodgers-padres');
    await expect(page.getByRole('heading', { level: 1, name: 'Dodgers vs Padres' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Los Angeles Dodgers' })).toBeVisible();
    await expect(page.getByText('2024 World Series champions')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScroll(page);
    await page.getByRole('link', { name: 'San Diego Padres' }).click();
    await expect(page).toHaveURL('/game-player/san-diego-padres');
    await page.goBack();
    await page.getByRole('link', { name: 'Back to Baseball' }).click();
    await expect(page).toHaveURL('/baseball-games');
  });
});

/** Fills a 1v99 board through the API, as 100 other fans would. */
async function fillBoard(request: APIRequestContext, slug: string) {
  for (let i = 0; i < 100; i++) {
    const res = await request.post(`/api/boards/${slug}/entries`, {
      headers: { origin: new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1:4173').origin },
      data: {
        phone: fictionPhone(i), // a hundred fans: one number holds at most 10 entries
        nickname: `F${i}`,
        amountCents: 100,
        ageConfirmed: true,
        rulesAccepted: true,
        state: 'OH',
        idempotencyKey: `fill-${slug}-${i}`,
      },
    });
    if (res.status() === 409) return;
    expect(res.status(), await res.text()).toBe(201);
  }
}

test('a full board answers Board full with a link to the next board, which takes the entry', async ({
  page,
  request,
}) => {
  // Each browser project fills its own fixture's board, so the two runs never share one.
  const [slug, path] = isPhone(page)
    ? ['astros-rangers', '/astros-rangers-game']
    : ['yankees-red-sox', '/yankees-red-sox-game'];
  await page.goto(path);
  await expect(page.getByTestId('board-status')).toHaveText('open');
  await fillBoard(request, slug);
  // The board locks live as it fills (its `locked` event), so the open page says so before the fan can
  // submit; a fan who submits on a stale screen gets the same answer from the server
  // (tests/api/boards.test.ts).
  await expect(page.getByRole('alert').filter({ hasText: 'Board full' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Entry' })).toHaveCount(0);
  const next = page.getByRole('link', { name: 'Join the next board for this game' });
  await expect(next).toBeVisible();
  await next.click();
  await expect(page).toHaveURL(new RegExp(`/boards/${slug}-2$`));
  await expect(page.getByTestId('board-status')).toHaveText('open');
  await page.getByLabel('Phone number').fill('+12025550124');
  await page.getByLabel('Nickname').fill('Late');
  await page.getByLabel('Custom amount ($)').fill('10');
  await acceptRules(page);
  await page.getByRole('button', { name: 'Submit Entry' }).click();
  await expect(page.getByTestId('my-code')).toHaveText('LAE');
  await expect(page.locator('[data-mine]')).toHaveCount(1);
});
