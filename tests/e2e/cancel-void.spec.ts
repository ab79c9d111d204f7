import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import type { AdminEntry } from '../../src/shared/contracts/admin';
import type { BoardView } from '../../src/shared/contracts/boards';
import { nbaFinalsPrizes } from '../../src/shared/domain/boards';
import { fictionPhone } from '../support/fiction-phones.mjs';
import {
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  isPhone,
  keepScreenshot,
  test,
} from './fixtures';

/**
 * Cancelling is honest (issue 36, item 2), as an organizer meets it: an unscored board's cancel says first,
 * in the server's figures, what happens to the money and who is told, and the public board then says it was
 * cancelled; on a scored board there is no cancel, only the void screen, which lists the prizes that stand,
 * takes a reason and voids, and the public board then shows the voided box. Desktop and the phone (the void
 * screen's table and form at 390 px).
 */

async function enterAdmin(page: Page, path: string) {
  await page.goto(path);
  await page.getByLabel('Passcode').fill('fangrid1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Second password').fill('game day');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('button', { name: 'Leave admin' })).toBeVisible();
}

const slugFor = (info: TestInfo, name: string) => `${name}-${info.project.name}${info.repeatEachIndex || ''}`;
/** A picture for a person to read; a dialog's as the screen shows it (a modal does not scroll with the page). */
const shoot = (page: Page, info: TestInfo, name: string, visibleOnly = false) =>
  keepScreenshot(page, info.outputPath(`${name}-${isPhone(page) ? 'phone' : 'desktop'}.png`), { visibleOnly });

/** The admin API, as the signed-in admin page calls it (same origin). */
function api(page: Page) {
  const origin = new URL(page.url()).origin;
  const post = async (path: string, data: unknown = {}, request: APIRequestContext = page.request) => {
    const res = await request.post(path, { headers: { origin }, data });
    expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
    return res.json();
  };
  return { post };
}

/** A board of a new game three days away, opened at once ('Open now') so it takes entries. */
async function openBoard(page: Page, slug: string, teamB: string, extra: Record<string, unknown>) {
  const { post } = api(page);
  await post('/api/admin/boards', {
    slug,
    game: {
      league: 'NBA',
      teamA: 'Celtics',
      teamB,
      startsAt: new Date(Date.now() + 3 * 24 * 60 * 60_000).toISOString(),
      venue: 'TD Garden',
    },
    format: '1v99',
    prizeTable: nbaFinalsPrizes,
    organization: 'Celtics Shamrock Fund',
    mode: 'sweepstakes',
    ...extra,
  });
  await post(`/api/admin/boards/${slug}/open`);
}

async function publicBoard(page: Page, slug: string): Promise<BoardView> {
  const res = await page.request.get(`/api/boards/${slug}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as BoardView;
}

async function managePanel(page: Page, slug: string) {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Boards' }).click();
  await page.getByRole('button', { name: `Manage ${slug}` }).click();
  const panel = page.getByRole('region', { name: `Manage ${slug}` });
  await expect(panel.getByRole('heading', { name: `Manage ${slug}` })).toBeFocused();
  return panel;
}

test('cancel an unscored board after reading its figures; void a scored one from its void screen', async ({
  page,
  playwright,
}, info) => {
  test.setTimeout(150_000);
  if (isPhone(page)) await page.setViewportSize({ width: 390, height: 844 });
  await enterAdmin(page, '/admin-boards');
  const { post } = api(page);

  // An unscored paid board: a fan paid $10 at checkout (giving an email), and the organizer took $5 in cash.
  const unscored = slugFor(info, 'honest-cancel');
  await openBoard(page, unscored, `Knicks ${info.project.name}`, {
    entryRule: { kind: 'presets-or-custom', presetsCents: [500, 1000], minCents: 500 },
    paymentRequired: true,
  });
  const visitor = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  const entered = await post(
    `/api/boards/${unscored}/entries`,
    {
      phone: '+12025550150',
      nickname: 'Payer',
      amountCents: 1000,
      ageConfirmed: true,
      rulesAccepted: true,
      state: 'MA',
      idempotencyKey: `${unscored}-payer`,
    },
    visitor,
  );
  const session = String(entered.entry.checkoutUrl).split('/checkout/')[1];
  await post(
    `/api/payments/local/${session}/pay`,
    { number: '4242424242424242', expiry: '12/30', cvc: '123', email: 'honest-payer@example.com' },
    visitor,
  );
  await visitor.dispose();
  const cash: AdminEntry = await post('/api/admin/entries', {
    boardSlug: unscored,
    nickname: 'Cash',
    amountCents: 500,
    state: 'MA',
    ageConfirmed: true,
  });
  await post(`/api/admin/entries/${cash.id}/paid`);
  await page.reload();

  // The cancel's dialog says what will happen to the money and the people, in the server's figures.
  const panel = await managePanel(page, unscored);
  await panel.getByRole('button', { name: 'Cancel board' }).click();
  const cancelling = page.getByRole('dialog', { name: `Cancel ${unscored}?` });
  const figures = cancelling.getByTestId('end-figures');
  await expect(figures.getByRole('listitem')).toHaveText([
    '1 paid entry ($10) will be refunded in full through checkout.',
    '$5 of collected cash (1 entry) will be marked to return to its entrants.',
    '1 entrant will be told by email or text; 1 entrant left no way to reach them.',
  ]);
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);
  await shoot(page, info, 'cancel-dialog', true);
  await cancelling.getByRole('button', { name: 'Cancel the board' }).click();
  await expect(page.getByRole('status').getByText('Board cancelled')).toBeVisible();

  // The public board says so, in place of its entry forms.
  await page.goto(`/boards/${unscored}`);
  await expect(page.getByTestId('board-notice')).toHaveText(
    'This board was cancelled by its organizer. Paid entries are refunded in full.',
  );
  await expect(page.getByRole('region', { name: 'This board was cancelled' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Submit Entry/ })).toHaveCount(0);

  // A scored board: two entries, locked, the 1st quarter won by one of them.
  const scored = slugFor(info, 'honest-void');
  await openBoard(page, scored, `Nets ${info.project.name}`, {
    entryRule: { kind: 'no-amount' },
    paymentRequired: false,
    mode: 'free-to-play',
  });
  for (const [i, nickname] of ['Ann', 'Bea'].entries()) {
    await post(`/api/boards/${scored}/entries`, {
      phone: fictionPhone(800 + i),
      nickname,
      ageConfirmed: true,
      rulesAccepted: true,
      idempotencyKey: `${scored}-${nickname}`,
    });
  }
  await post(`/api/admin/boards/${scored}/lock`);
  const locked = await publicBoard(page, scored);
  const winner = locked.cells[0];
  const cell = winner?.cell ?? 0;
  await post(`/api/admin/boards/${scored}/scores`, {
    period: 'q1',
    teamAScore: 20 + (locked.axes.columns[cell % 10] ?? 0),
    teamBScore: 20 + (locked.axes.rows[Math.floor(cell / 10)] ?? 0),
  });

  // No cancel any more, and the API refuses one: it says to void instead.
  await page.goto('/admin-boards');
  const scoredPanel = await managePanel(page, scored);
  await expect(scoredPanel.getByRole('button', { name: 'Cancel board' })).toHaveCount(0);
  const refused = await page.request.post(`/api/admin/boards/${scored}/cancel`, {
    headers: { origin: new URL(page.url()).origin },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error.message).toContain('void it instead');

  // The void screen lists the prize that stands and what goes to the cause, and asks why.
  await scoredPanel.getByRole('button', { name: 'Void board' }).click();
  const voiding = page.getByRole('dialog', { name: `Void ${scored}?` });
  const prizes = voiding.getByRole('region', { name: 'Prizes that stand' });
  await expect(prizes.getByRole('row').filter({ hasText: '1st quarter' })).toContainText(`${winner?.code}`);
  await expect(prizes.getByRole('row').filter({ hasText: '1st quarter' })).toContainText('Owed');
  await expect(voiding.getByTestId('end-figures')).toContainText(
    'Not scored: 2nd quarter, 3rd quarter, Final score (including overtime). $300 of prize money goes to Celtics Shamrock Fund.',
  );
  await voiding.getByRole('button', { name: 'Void the board' }).click();
  const reason = voiding.getByLabel('Why is the board voided?');
  await expect(reason).toBeFocused();
  await expect(reason).toHaveAccessibleDescription(/Say why the board is voided, in 3 to 500 characters\./);
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);
  await shoot(page, info, 'void-screen', true);
  // On a phone the void screen is taller than the screen: it scrolls whole, its buttons inside its card.
  await voiding.getByRole('button', { name: 'Void the board' }).scrollIntoViewIfNeeded();
  await shoot(page, info, 'void-screen-end', true);
  await reason.fill('The arena lost power in the 2nd quarter.');
  await voiding.getByRole('button', { name: 'Void the board' }).click();
  await expect(page.getByRole('status').getByText('Board voided')).toBeVisible();
  await expect(scoredPanel.getByText('Voided', { exact: true })).toBeVisible();

  // The public board shows the voided box in place of its entry forms; the 1st quarter's result stands.
  await page.goto(`/boards/${scored}`);
  const box = page.getByRole('region', { name: 'This board was voided' });
  await expect(box).toContainText('The arena lost power in the 2nd quarter.');
  await expect(box).toContainText('Prizes of scored periods stand');
  await expect(box).toContainText('goes to Celtics Shamrock Fund');
  await expect(page.locator('[data-prize-period="q1"]')).toContainText(`won by ${winner?.code}`);
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);
  await shoot(page, info, 'voided-board');
});
