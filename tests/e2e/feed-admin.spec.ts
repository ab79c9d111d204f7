import type { Page, TestInfo } from '@playwright/test';
import { nbaFinalsPrizes } from '../../src/shared/domain/boards';
import { FEED_EVENT_ID, feedServerForSpec } from './feed-server';
import { expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, keepScreenshot, test } from './fixtures';

/**
 * The organizer in charge of a board the live feed scores: confirms the feed's 1st quarter, switches the board
 * to manual scoring and corrects that quarter (the correction wins), switches back to the feed, and then the
 * (fake) feed returns a read that contradicts itself: /admin-boards flags the board and the board screen says
 * 'Waiting for the official score'. Each project runs its own FanGrid server on its own fake feed
 * (tests/e2e/feed-server.ts), so no other journey sees this board.
 */
test.describe.configure({ mode: 'serial' });

const SLUG = 'feed-admin-hornets-knicks';
const feed = feedServerForSpec();
const { url } = feed;

/** Checks the state's accessibility and width, then keeps a screenshot of it. */
async function checkState(page: Page, info: TestInfo, name: string) {
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, info.outputPath(`${name}.png`));
}

async function enterAdmin(page: Page) {
  await page.goto(url('/admin-boards'));
  await page.getByLabel('Passcode').fill('fangrid1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Second password').fill('game day');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('button', { name: 'Leave admin' })).toBeVisible();
}

/** The public board as the API gives it, for waiting on what the feed does in the background. */
async function publicBoard(page: Page) {
  return (await page.request.get(url(`/api/boards/${SLUG}`))).json();
}

test('the organizer confirms, switches to manual, corrects, and sees the feed’s problem flagged', async ({
  page,
}, info) => {
  test.setTimeout(150_000);
  await enterAdmin(page);
  const headers = { origin: feed.baseUrl };
  // The board on the feed's game, with a cancel-below policy the board screen states in words.
  const created = await page.request.post(url('/api/admin/boards'), {
    headers,
    data: {
      slug: SLUG,
      feedGame: { league: 'nba', eventId: FEED_EVENT_ID },
      format: '1v99',
      entryRule: { kind: 'no-amount' },
      prizeTable: nbaFinalsPrizes,
      organization: 'Hornets Foundation',
      mode: 'sweepstakes',
      paymentRequired: false,
      unfilledPolicy: 'cancel-below',
      minEntries: 1,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const entry = await page.request.post(url(`/api/boards/${SLUG}/entries`), {
    headers,
    data: {
      phone: '+12025550133',
      nickname: 'Chief',
      ageConfirmed: true,
      rulesAccepted: true,
      state: 'OH',
      idempotencyKey: `feed-admin-${info.project.name}`,
    },
  });
  expect(entry.status(), await entry.text()).toBe(201);

  // The game tips off and the 1st quarter ends: the feed locks the board and scores it.
  feed.setStage('tipoff');
  await expect.poll(async () => (await publicBoard(page)).status, { timeout: 15_000 }).toBe('locked');
  feed.setStage('q1');
  await expect
    .poll(async () => (await publicBoard(page)).results.map((r: { period: string }) => r.period), { timeout: 15_000 })
    .toEqual(['q1']);

  // The panel: the quarter came from the feed and can be confirmed.
  await page.reload();
  await page.getByRole('button', { name: `Manage ${SLUG}` }).click();
  const panel = page.getByRole('region', { name: `Manage ${SLUG}` });
  await expect(panel.getByText('Feed: locks, scores and settles from the live scores feed')).toBeVisible();
  const q1 = panel.locator('tr[data-period="q1"]');
  await expect(q1.getByTestId('result-source')).toHaveText('Feed');
  await expect(q1).toContainText('25–26');
  // The live score line, as the public board shows it.
  const live = panel.getByRole('region', { name: 'Live score' });
  await expect(live.getByTestId('live-line')).toContainText(/Charlotte Hornets\s*25\s*–\s*to 26\s*New York Knicks/);
  await expect(live.getByTestId('live-status')).toHaveText('End of 1st');
  await q1.getByRole('button', { name: 'Confirm 1st quarter' }).click();
  await expect(q1.getByTestId('result-source')).toContainText(/Feed\s*Confirmed /);
  await expect(q1.getByRole('button', { name: 'Confirm 1st quarter' })).toHaveCount(0);
  await q1.scrollIntoViewIfNeeded();
  await checkState(page, info, '1-admin-confirmed');

  // Switch to manual scoring, after the confirm step.
  await panel.getByRole('button', { name: 'Switch to manual scoring' }).click();
  const ask = page.getByRole('dialog', { name: 'Switch to manual scoring?' });
  await expect(ask).toBeVisible();
  await checkState(page, info, '2-admin-switch-dialog');
  await ask.getByRole('button', { name: 'Switch to manual scoring' }).click();
  await expect(panel.getByText('Manual: scores entered here')).toBeVisible();

  // Correct the 1st quarter: the score entry opens on it, filled with the recorded score.
  await q1.getByRole('button', { name: 'Correct 1st quarter' }).click();
  const form = panel.getByRole('form', { name: 'Enter a score' });
  await expect(form.getByLabel('Period')).toHaveValue('q1');
  await expect(form.getByLabel('Charlotte Hornets score')).toHaveValue('25');
  await expect(form.getByLabel('Charlotte Hornets score')).toBeFocused();
  await form.getByLabel('Charlotte Hornets score').fill('27');
  await form.getByRole('button', { name: 'Correct score' }).click();
  // A correction shows the old and the new winner side by side before it saves.
  await page
    .getByRole('dialog', { name: 'Correct 1st quarter?' })
    .getByRole('button', { name: 'Save correction' })
    .click();
  await expect(q1).toContainText('27–26');
  await expect(q1.getByTestId('result-source')).toHaveText(/^Organizer/);
  await expect(q1).toContainText(/Corrected /);
  await checkState(page, info, '3-admin-corrected');

  // Back to the feed: the organizer's score keeps winning for that quarter.
  await panel.getByRole('button', { name: 'Switch back to feed scoring' }).click();
  const back = page.getByRole('dialog', { name: 'Switch back to feed scoring?' });
  await back.getByRole('button', { name: 'Switch back to feed scoring' }).click();
  await expect(panel.getByText('Feed: locks, scores and settles from the live scores feed')).toBeVisible();

  // The feed now contradicts itself: nothing is scored, /admin-boards flags the board in its row and panel.
  feed.setStage('contradict');
  const row = page.locator('tr', { hasText: `${SLUG} · NBA` });
  await expect(row.getByTestId('feed-problem')).toContainText('Waiting for the official score', { timeout: 45_000 });
  await expect(row.getByTestId('feed-problem')).toContainText('The scores feed contradicts itself');
  await expect(panel.getByTestId('feed-problem')).toContainText('Waiting for the official score');
  await expect(q1).toContainText('27–26');
  await expect(panel.locator('tr[data-period="q2"]')).toContainText('Not scored');
  await row.scrollIntoViewIfNeeded();
  await checkState(page, info, '4-admin-feed-problem');

  // The board screen: the live status waits for the official score, the corrected quarter says so, and the
  // unfilled-board policy is stated in words.
  await page.goto(url(`/boards/${SLUG}`));
  await expect(page.getByRole('region', { name: 'Live score' }).getByTestId('live-status')).toHaveText(
    'Waiting for the official score',
  );
  await expect(page.locator('[data-prize-period="q1"]')).toContainText('Corrected after the final');
  await expect(page.locator('[data-prize-period="q1"]')).toContainText('Entered by the organizer');
  await expect(page.getByTestId('unfilled-rule')).toHaveText(
    'If fewer than 1 entry is in when the board locks, it is cancelled and paid entries are refunded in full. A board nobody entered is cancelled at lock.',
  );
  await checkState(page, info, '5-board-waiting');
});
