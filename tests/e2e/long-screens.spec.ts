import type { Page } from '@playwright/test';
import { fictionPhone } from '../support/fiction-phones.mjs';
import {
  acceptRules,
  chunksOf,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  holdRequests,
  isPhone,
  test,
  watchLayoutShift,
} from './fixtures';

/**
 * Long screens read well: Fan Central shows the fan's content with each add-form on demand, the sports hub
 * on a phone puts boards and the ticker first and folds its schedules, the gaming hub's lazy sections hold
 * their height (no layout shift), and the forms check a phone number as it is typed.
 */

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test.describe('Fan Central opens each add-form on demand', () => {
  const openers: Array<[section: string, opener: string, firstField: string]> = [
    ['Favorites', 'Add to Favorite Sports', 'Add a favorite sport'],
    ['Favorites', 'Add to Favorite Teams', 'Add a favorite team'],
    ['Favorites', 'Add to Favorite Stars', 'Add a favorite star'],
    ['Trophy Case', 'Add an item to your trophy case', 'Type'],
    ['Game Tracker', 'Add a game', 'Title'],
    ['Gaming Profile', 'Add an achievement', 'Game'],
    ['Gaming Profile', 'Add a trophy', 'Game'],
  ];

  test('the content comes first; every form is folded behind its button until asked for', async ({ page }) => {
    await page.goto('/fan-page');
    await expect(region(page, 'Profile')).toBeVisible();
    await expect(region(page, 'Gaming Profile').getByText('No achievements tracked yet')).toBeVisible();
    // No add form is on the page until its button opens it.
    await expect(page.getByRole('main').getByRole('textbox')).toHaveCount(0);
    for (const [section, opener] of openers) {
      await expect(region(page, section).getByRole('button', { name: opener, exact: true })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
    }
    // The fan's entries come before the collections, and the whole page is far from a wall of forms.
    const top = async (name: string) => (await region(page, name).boundingBox())?.y ?? Number.NaN;
    expect(await top('Entered Games')).toBeLessThan(await top('Favorites'));
    expect(await top('Favorites')).toBeLessThan(await top('Gaming Profile'));
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(isPhone(page) ? 5200 : 2800);
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScroll(page);
  });

  for (const [section, opener, firstField] of openers) {
    test(`'${opener}' opens its form with focus in it; Escape and Cancel close it`, async ({ page }) => {
      await page.goto('/fan-page');
      const area = region(page, section);
      const button = area.getByRole('button', { name: opener, exact: true });
      await button.click();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      const controlled = (await button.getAttribute('aria-controls')) ?? '';
      const panel = page.locator(`[id="${controlled}"]`);
      await expect(panel).toBeVisible();
      await expect(panel.getByLabel(firstField, { exact: true })).toBeFocused();
      await expectNoSeriousA11yViolations(page);

      await page.keyboard.press('Escape');
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await expect(panel).toHaveCount(0);
      await expect(button).toBeFocused();

      await button.click();
      await panel.getByRole('button', { name: 'Cancel' }).click();
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await expect(button).toBeFocused();
    });
  }
});

test.describe('sports hub', () => {
  test('on a phone the ticker and the boards come first and long schedules fold; a desktop is unchanged', async ({
    page,
  }) => {
    await page.goto('/sports');
    const boards = region(page, 'Games & Boards');
    await expect(boards.getByRole('link').first()).toBeVisible();
    const ticker = page.getByRole('region', { name: /Scores: recent games/ });
    const tickets = region(page, 'Game Tickets');
    const mlb = page.getByRole('heading', { name: 'MLB Weekend Games' });
    await expect(mlb).toBeVisible();
    const top = async (l: ReturnType<Page['locator']>) => (await l.boundingBox())?.y ?? Number.NaN;
    // The schedules' toggles, not the open boards list's.
    const toggles = page.getByRole('button', { name: /^Show all \d+ (?!open boards)/ });

    if (isPhone(page)) {
      // The ticker strip, then the boards, right under the header; then the schedules and the rest.
      expect(await top(ticker)).toBeLessThan(await top(boards));
      expect(await top(ticker)).toBeLessThan(page.viewportSize()?.height ?? 0);
      expect(await top(boards)).toBeLessThan(await top(mlb));
      expect(await top(boards)).toBeLessThan(await top(tickets));
      // Each long schedule shows three rows and says how many it holds.
      await expect(toggles.first()).toBeVisible();
      const count = await toggles.count();
      expect(count).toBeGreaterThan(0);
      const nfl = page.getByRole('heading', { name: 'NFL Preseason Schedule' }).locator('..');
      const nflToggle = nfl.getByRole('button', { name: /^Show all \d+ preseason games$/ });
      await expect(nflToggle).toHaveAttribute('aria-expanded', 'false');
      await expect(nfl.getByRole('listitem')).toHaveCount(3);
      const total = Number(/(\d+)/.exec((await nflToggle.textContent()) ?? '')?.[1]);
      await expectNoSeriousA11yViolations(page);
      await nflToggle.click();
      const fewer = nfl.getByRole('button', { name: 'Show fewer preseason games' });
      await expect(fewer).toHaveAttribute('aria-expanded', 'true');
      await expect(nfl.getByRole('listitem')).toHaveCount(total);
      await expect(page.getByText('Chargers vs Lions')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await fewer.click();
      await expect(nfl.getByRole('listitem')).toHaveCount(3);
      await expectNoSidewaysScroll(page);
    } else {
      // The desktop order: tickets, boards, schedules (every row), then the ticker at the foot.
      expect(await top(tickets)).toBeLessThan(await top(boards));
      expect(await top(mlb)).toBeLessThan(await top(ticker));
      await expect(toggles).toHaveCount(0);
      await expect(page.getByText('Chargers vs Lions')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    }
  });
});

test.describe('gaming hub', () => {
  test('lazy sections hold their height with a busy skeleton: no layout shift when they arrive', async ({ page }) => {
    // Hold the lazy lists' code so their skeletons can be looked at, then let it through.
    const hold = await holdRequests(
      page,
      chunksOf('features/gaming/components/hub-sections.tsx', 'features/gaming/components/streamer-tips.tsx'),
    );
    const shift = await watchLayoutShift(page);
    await page.goto('/gaming');
    await expect(region(page, 'Game Categories')).toBeVisible();
    const releases = region(page, 'July 2025 Releases');
    const skeleton = releases.locator('[aria-busy="true"]');
    await expect(skeleton).toBeVisible();
    await expect.poll(() => hold.held()).toBeGreaterThan(0);
    // The reader is looking at the skeletons when the lists arrive.
    await releases.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    const reserved = (await skeleton.boundingBox())?.height ?? 0;
    await expectNoSeriousA11yViolations(page);
    await shift.reset();
    await hold.release();
    await expect(releases.getByRole('list', { name: 'July 2025 releases' })).toBeVisible();
    await expect(region(page, 'Achievement Tracking Guide').locator('[aria-busy="true"]')).toHaveCount(0);
    const loaded = (await releases.getByRole('list', { name: 'July 2025 releases' }).boundingBox())?.height ?? 0;
    // The skeleton held (about) the list's own height.
    expect(Math.abs(loaded - reserved)).toBeLessThan(loaded * 0.1);
    // Let the last frames settle, then read the cumulative layout shift (a 'good' page stays under 0.1).
    expect(await shift.total()).toBeLessThan(0.05);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('phone numbers are checked as they are typed', () => {
  test('a partner form holds its submit while the phone is not a phone number', async ({ page }) => {
    await page.goto('/partner-details/community-champions');
    const phone = page.getByLabel('Phone *');
    const submit = page.getByRole('button', { name: 'Save & Send Confirmation Email' });
    await phone.fill('call the office');
    await expect(page.getByText('Enter a valid US phone number')).toBeVisible();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(submit).toBeDisabled();
    await expectNoSeriousA11yViolations(page);
    await phone.fill('(202) 555-0123');
    await expect(page.getByText('Enter a valid US phone number')).toHaveCount(0);
    await expect(submit).toBeEnabled();
    await phone.fill('');
  });

  test("the partnership inquiry's optional phone is checked too", async ({ page }) => {
    await page.goto('/partners');
    const phone = page.getByLabel('Phone', { exact: true });
    const submit = page.getByRole('button', { name: 'Submit Inquiry' });
    await phone.fill('12ab');
    await expect(page.getByText('Enter a valid US phone number')).toBeVisible();
    await expect(submit).toBeDisabled();
    await expectNoSeriousA11yViolations(page);
    await phone.fill('');
    await expect(page.getByText('Enter a valid US phone number')).toHaveCount(0);
    await expect(submit).toBeEnabled();
  });
});

test("the baseball join modal's entry shows why its code is random beside the code, not in the toast", async ({
  page,
}, info) => {
  await page.goto('/baseball-games');
  await page.getByRole('button', { name: 'Join Game Board: Phillies vs Braves' }).click();
  const modal = page.getByRole('dialog', { name: 'Join Phillies vs Braves' });
  await modal
    .getByLabel('Phone number')
    .fill(fictionPhone(400 + (info.project.name === 'phone' ? 0 : 50) + (Date.now() % 50)));
  await modal.getByLabel('Nickname').fill('Jo');
  await expect(modal.getByText(/random/i).first()).toBeVisible();
  await modal.getByRole('button', { name: '$5', exact: true }).click();
  await acceptRules(modal);
  await modal.getByRole('button', { name: 'Submit Entry' }).click();
  await expect(modal).toBeHidden();
  const status = page.getByRole('status').filter({ hasText: "You're in for Phillies vs Braves" });
  await expect(status.getByTestId('my-code')).toHaveText(/^[A-Z]{3}$/);
  await expect(status.getByTestId('code-note')).not.toBeEmpty();
  const note = (await status.getByTestId('code-note').textContent())?.trim() ?? '';
  const toast = page.getByTestId('toaster');
  await expect(toast.getByText('Game Board Entry Submitted!')).toBeVisible();
  await expect(toast).not.toContainText(note);
  await expectNoSeriousA11yViolations(page);
});
