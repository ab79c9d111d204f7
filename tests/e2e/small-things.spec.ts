import type { Route } from '@playwright/test';
import type { ClaimView } from '../../src/shared/contracts/prize-responses';
import {
  acceptRules,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  keepScreenshot,
  test,
} from './fixtures';

/**
 * Small things that read as broken, each on its screen on desktop and phone, with axe once per screen: the
 * ticker's label, the grid's axis names, the claim page's reasons, the custom entry's rules link and its
 * entries after a reload and on /entered, the game-info reasons, the same-tab checkout and the outbox's pages.
 */

const json = (route: Route, status: number, body: unknown) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

test('the ticker never repeats its label, and the grid names each axis once', async ({ page }, info) => {
  await page.goto('/sports');
  const ticker = page.getByRole('region', { name: /Scores: recent games/ });
  await expect(ticker.getByText(/Loading recent games/)).toHaveCount(0);
  const games = ticker.getByRole('list', { name: 'Scores' }).getByRole('listitem');
  for (const text of await games.allTextContents()) expect(text).not.toMatch(/\b(Final|Live|Upcoming)\s*\1\b/);
  await expectNoSeriousA11yViolations(page);

  await page.goto('/game-board');
  const grid = page.getByRole('table', { name: /across the top/ });
  await expect(grid.getByRole('rowheader', { name: 'Wolves 0' })).toBeVisible();
  // Row and column headers show the digit alone; each team is named once, as its axis's caption.
  const rowTexts = await grid.getByRole('rowheader').evaluateAll((ths) =>
    ths.map((th) => {
      // What shows: the header's text without what only assistive tech reads.
      const seen = th.cloneNode(true) as HTMLElement;
      for (const hidden of seen.querySelectorAll('.sr-only')) hidden.remove();
      return seen.textContent?.trim();
    }),
  );
  expect(rowTexts).toHaveLength(10);
  for (const t of rowTexts) expect(t).toMatch(/^\d$/);
  await expect(page.locator('[data-axis="rows"]')).toHaveText('Wolves →');
  await expect(page.locator('[data-axis="columns"]')).toHaveText(/→$/);
  // The row header takes a digit's width, not a third of the row.
  const share = await grid.evaluate((table) => {
    const th = table.querySelector('tbody th') as HTMLElement;
    return th.getBoundingClientRect().width / table.getBoundingClientRect().width;
  });
  expect(share).toBeLessThan(0.12);
  await keepScreenshot(page, info.outputPath(`grid-axes-${info.project.name}.png`));
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
});

const claim: ClaimView['claim'] = {
  boardSlug: 'thunder-timberwolves',
  boardTitle: 'Thunder vs Timberwolves',
  period: 'q1',
  periodLabel: '1st Quarter',
  prizeCents: 2500,
  code: 'K7Q',
  state: 'unclaimed',
  methods: ['pickup', 'handle'],
  expiresAt: '2026-12-25T02:00:00.000Z',
  phoneHint: '•••• ••• 0142',
  textable: true,
  signedInOwner: false,
};

test('the claim page says what is still needed beside its button and checks the code as it is typed', async ({
  page,
}) => {
  await page.route('**/api/claims/**', (route) =>
    route.request().method() === 'GET' ? json(route, 200, { claim }) : json(route, 202, {}),
  );
  await page.goto('/claim/test-token');
  const needed = page.getByTestId('claim-needed');
  await expect(needed.getByRole('listitem')).toHaveText([
    'A code: press “Text me a code” (or use the organizer’s claim code)',
    'A choice of how to receive your prize',
  ]);
  await expect(page.getByRole('button', { name: 'Claim prize' })).toHaveAccessibleDescription(/Before you can go on/);
  await page.getByRole('button', { name: 'Text me a code' }).click();
  const code = page.getByLabel('6-digit code');
  await expect(code).toBeFocused();
  await page.keyboard.type('123');
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('3 of 6 digits')).toBeVisible();
  await expect(needed.getByRole('listitem').first()).toHaveText('A code: the code is the 6 digits we texted you');
  await page.keyboard.type('456');
  await expect(page.getByText('✓ All 6 digits')).toBeVisible();
  await expect(code).not.toHaveAttribute('aria-invalid');
  await page.getByRole('radio', { name: 'Pick up at the venue' }).check();
  await expect(needed).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
});

test('a custom entry links the board’s rules, stays after a reload, shows on /entered; its checkout is in this tab', async ({
  page,
}, info) => {
  // Each project its own amount, so the two never read each other's entry.
  const amount = info.project.name === 'phone' ? '13.25' : '14.75';
  await page.goto('/baseball-games');
  const form = page.getByRole('form', { name: 'Create Custom Game Entry' });
  await form.getByLabel('Team 1').selectOption('Texas Rangers');
  await form.getByLabel('Team 2').selectOption('Houston Astros');
  await expect(form.getByRole('link', { name: 'official rules' })).toHaveAttribute(
    'href',
    '/boards/astros-rangers/rules',
  );
  await form.getByLabel('Donation amount ($)').fill(amount);
  await acceptRules(form);
  await form.getByRole('button', { name: 'Create Custom Game Entry' }).click();
  await expect(page.getByText('Custom Game Entry Created!')).toBeVisible();
  const line = `Texas Rangers vs Houston Astros · 2025-06-20 · $${amount}`;
  await expect(page.getByRole('listitem').filter({ hasText: line })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);

  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: line })).toHaveCount(1);

  await page.goto('/entered');
  const custom = page.getByRole('region', { name: 'Custom game entries' });
  await expect(custom.getByRole('listitem').filter({ hasText: line })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);

  // Its donation's checkout opens in this tab: no new page, and this page is the checkout.
  await page.getByRole('link', { name: 'Donate to Texas Rangers vs Houston Astros' }).first().click();
  await expect(page).toHaveURL('/baseball-donation');
  await page.getByLabel('Your name').fill('Same Tab');
  await page.getByRole('textbox', { name: 'Email' }).fill(`same-tab-${info.project.name}@example.com`);
  const pages = page.context().pages().length;
  await page.getByRole('button', { name: /^Donate \$/ }).click();
  await expect(page).toHaveURL(/\/checkout\/cs_local_/);
  await expect(
    page.getByRole('heading', { level: 1, name: /Donation: Texas Rangers vs Houston Astros/ }),
  ).toBeVisible();
  expect(page.context().pages()).toHaveLength(pages);
});

test('game info says why each disabled amount is disabled', async ({ page }) => {
  await page.goto('/game-info');
  const reason = '$25, $75, $200 and $250 are not quick picks here: type any of them as a custom amount.';
  await expect(page.getByText(reason)).toBeVisible();
  for (const amount of ['$25', '$75', '$200', '$250']) {
    const button = page.getByRole('button', { name: amount, exact: true });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(reason);
  }
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
});

test('the dev outbox pages back past its newest 100 texts', async ({ page }) => {
  const text = (n: number) => ({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    to: '+12025550160',
    body: `Outbox text ${n}`,
    status: 'sent',
    at: '2026-11-25T02:00:00.000Z',
  });
  const asked: (string | null)[] = [];
  await page.route('**/api/dev/texts**', (route) => {
    const before = new URL(route.request().url()).searchParams.get('before');
    asked.push(before);
    return before === null
      ? json(route, 200, { texts: Array.from({ length: 100 }, (_, i) => text(105 - i)), older: 'cursor-6' })
      : json(route, 200, { texts: Array.from({ length: 5 }, (_, i) => text(5 - i)), older: null });
  });
  await page.goto('/dev/mail');
  const texts = page.getByRole('list', { name: 'Texts, newest first' });
  await expect(texts.getByRole('listitem')).toHaveCount(100);
  await expect(page.getByTestId('dev-texts-count')).toHaveText('Showing the newest 100 texts; there are older ones.');
  await page.getByRole('button', { name: 'Older texts' }).click();
  await expect(texts.getByRole('listitem')).toHaveCount(105);
  await expect(texts.getByText('Outbox text 1', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Older texts' })).toHaveCount(0);
  expect(asked).toContain('cursor-6');
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
});
