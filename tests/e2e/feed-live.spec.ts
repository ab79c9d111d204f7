import type { Page, TestInfo } from '@playwright/test';
import { nbaFinalsPrizes } from '../../src/shared/domain/boards';
import { FEED_EVENT_ID, feedServerForSpec } from './feed-server';
import {
  acceptRules,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  keepScreenshot,
  test,
} from './fixtures';

/**
 * A board that runs itself from the live feed, watched by a fan: an organizer picks the feed's game, a fan
 * enters, then the game moves on in the (fake) feed and the board locks, scores each quarter and settles with
 * nobody touching it; the board screen, /entered and the admin panel follow without a reload. Each project runs
 * its own FanGrid server on its own fake feed (tests/e2e/feed-server.ts).
 */
test.describe.configure({ mode: 'serial' });

const feed = feedServerForSpec();
const { url } = feed;

async function shoot(page: Page, info: TestInfo, name: string) {
  await keepScreenshot(page, info.outputPath(`${name}.png`));
}

/** Checks the state's accessibility and width, then keeps a screenshot of it. */
async function checkState(page: Page, info: TestInfo, name: string) {
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);
  await shoot(page, info, name);
}

async function enterAdmin(page: Page) {
  await page.goto(url('/admin-boards'));
  await page.getByLabel('Passcode').fill('fangrid1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Second password').fill('game day');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('button', { name: 'Leave admin' })).toBeVisible();
}

test('an organizer picks a game of the live feed for a new board, by keyboard', async ({ page }, info) => {
  await enterAdmin(page);
  await page.getByRole('button', { name: 'Create a board' }).click();
  const form = page.getByRole('form', { name: 'Create a board' });
  await form.getByLabel('A game from the live feed').check();
  await expect(form.getByLabel('League')).toHaveValue('nba');
  // The schedule is read as the server starts: the game is listed with its local start and status.
  const game = form.locator(`[data-feed-game="${FEED_EVENT_ID}"]`);
  await expect(game).toContainText('Charlotte Hornets vs New York Knicks');
  await expect(game).toContainText('Scheduled');
  await checkState(page, info, '0-admin-feed-picker');

  // Nothing chosen yet: the form says so on the list.
  await form.getByRole('button', { name: 'Create board' }).click();
  await expect(form.getByText('Choose a game from the feed’s list')).toBeVisible();
  await form.getByRole('radio', { name: /Charlotte Hornets vs New York Knicks/ }).focus();
  await page.keyboard.press('Space');
  await expect(form.getByRole('radio', { name: /Charlotte Hornets vs New York Knicks/ })).toBeChecked();
  await expect(form.getByLabel('Board address')).toHaveValue('charlotte-hornets-new-york-knicks');
  await form.getByLabel('Organization').fill('Hornets Foundation');
  await form.getByRole('button', { name: 'Create board' }).click();

  const panel = page.getByRole('region', { name: 'Manage charlotte-hornets-new-york-knicks' });
  await expect(panel.getByText('Feed: locks, scores and settles from the live scores feed')).toBeVisible();
  await checkState(page, info, '0-admin-feed-board');
});

test('a fan watches the board lock, score each quarter and settle by itself', async ({ page, context }, info) => {
  test.setTimeout(120_000);
  const slug = 'knicks-hornets-live';
  // The organizer's part, through the admin API.
  await page.goto(url('/'));
  const headers = { origin: feed.baseUrl };
  expect(
    (await page.request.post(url('/api/admin-gate/passcode'), { data: { passcode: 'fangrid1' }, headers })).ok(),
  ).toBe(true);
  expect((await page.request.post(url('/api/admin-gate/phrase'), { data: { phrase: 'game day' }, headers })).ok()).toBe(
    true,
  );
  const created = await page.request.post(url('/api/admin/boards'), {
    headers,
    data: {
      slug,
      feedGame: { league: 'nba', eventId: FEED_EVENT_ID },
      format: '1v99',
      entryRule: { kind: 'no-amount' },
      prizeTable: nbaFinalsPrizes,
      organization: 'Hornets Foundation',
      mode: 'sweepstakes',
      paymentRequired: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  // The fan enters while the board is open; the live line's place is kept, saying when the score shows.
  await page.goto(url(`/boards/${slug}`));
  const status = page.getByTestId('board-status');
  await expect(status).toHaveText('open');
  const live = page.getByRole('region', { name: 'Live score' });
  await expect(live.getByTestId('live-status')).toContainText('The live score shows here from the start');
  // The live line's box: the same height in every state, so what follows it never moves when the score shows.
  const liveHeight = () => page.getByTestId('live-score').evaluate((el) => el.getBoundingClientRect().height);
  const heightBefore = await liveHeight();
  await page.getByLabel('Phone number').fill('+12025550129');
  await page.getByLabel('Nickname').fill('Buzz');
  await acceptRules(page);
  await page.getByRole('button', { name: 'Submit Entry' }).click();
  await expect(page.getByTestId('my-code')).toHaveText('BUZ');
  await checkState(page, info, '1-board-open');

  // /entered, open beside the board, follows the board's events.
  const entered = await context.newPage();
  await entered.goto(url('/entered'));
  const entry = entered.getByRole('listitem').filter({ hasText: 'Charlotte Hornets vs New York Knicks' });
  await expect(entry).toContainText('Pending');
  await checkState(entered, info, '1-entered-pending');

  // Tip-off: the feed shows the game under way, so the board locks (revealing its draw) with no one acting.
  feed.setStage('tipoff');
  await expect(status).toHaveText('locked', { timeout: 15_000 });
  await expect(live.getByTestId('live-line')).toHaveText(/Charlotte Hornets\s*0\s*–\s*to\s*0\s*New York Knicks/);
  await expect(live.getByTestId('live-status')).toHaveText('12:00 - 1st');
  await expect(page.getByText('Numbers drawn at lock.')).toBeVisible();
  await expect(page.getByTestId('board-closure')).toHaveText('This board is locked and takes no more entries.');
  // The live line took the space kept for it: nothing below it moved.
  expect(await liveHeight()).toBe(heightBefore);
  await checkState(page, info, '2-board-locked');

  // End of the 1st: the quarter scores itself from the feed, its winning cell lit blue, with its prize.
  feed.setStage('q1');
  const legend = page.getByRole('list', { name: 'Board legend' });
  await expect(legend.locator('[data-legend-period="q1"]')).toHaveText(
    /^1st quarter \(blue\): 25-26, (won by BUZ, prize \$\d+|no entry, prize rolled over to [^·]+) · From the live feed$/,
    { timeout: 15_000 },
  );
  await expect(page.locator('td[data-winner="blue"]')).toHaveCount(1);
  await expect(live.getByTestId('live-status')).toHaveText('End of 1st');
  await checkState(page, info, '3-board-q1');

  feed.setStage('half');
  await expect(page.locator('td[data-winner="red"]')).toHaveCount(1, { timeout: 15_000 });
  feed.setStage('q3');
  await expect(legend.locator('[data-legend-period="q3"]')).toContainText('67-90', { timeout: 15_000 });
  await expect(live.getByTestId('live-line')).toHaveText(/67\s*–\s*to\s*90/);
  await checkState(page, info, '4-board-q3');

  // The final: the last period scores and the board settles; /entered says how the fan did, without a reload.
  feed.setStage('final');
  await expect(status).toHaveText('settled', { timeout: 15_000 });
  await expect(legend.locator('[data-legend-period="final"]')).toContainText('92-113');
  await expect(live.getByTestId('live-status')).toHaveText('Final');
  await expect(page.locator('[data-prize-period="final"]')).toContainText('From the live feed');
  await checkState(page, info, '5-board-final');
  await expect(entry).toContainText(/Won|Lost/, { timeout: 15_000 });
  await checkState(entered, info, '5-entered-settled');

  // The organizer's panel (the admin session made above): the board is feed-scored and every result says the
  // feed gave it.
  await page.goto(url('/admin-boards'));
  await page.getByRole('button', { name: `Manage ${slug}` }).click();
  const panel = page.getByRole('region', { name: `Manage ${slug}` });
  await expect(panel.getByText('Feed: locks, scores and settles from the live scores feed')).toBeVisible();
  const sources = panel.getByTestId('result-source');
  await expect(sources).toHaveText(['Feed', 'Feed', 'Feed', 'Feed']);
  await panel.scrollIntoViewIfNeeded();
  await checkState(page, info, '6-admin-sources');
});
