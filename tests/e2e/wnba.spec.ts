import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, isPhone, test } from './fixtures';

const tabNames = ['Standings', 'All Games', "Commissioner's Cup", 'Player Search'] as const;

async function openWnba(page: Page) {
  await page.goto('/wnba-games');
  await expect(page.getByRole('heading', { level: 1, name: 'WNBA Games' })).toBeVisible();
  await expect(page.getByRole('table', { name: /final standings/ })).toBeVisible();
}

function panel(page: Page) {
  return page.getByRole('tabpanel');
}

test.describe('WNBA games (/wnba-games)', () => {
  test('shows the season cards, the standings table and the highlight tiles, and passes axe', async ({ page }) => {
    await openWnba(page);
    await expect(page).toHaveTitle('WNBA Games · FanGrid');
    const glance = page.getByRole('region', { name: '2025 Season at a Glance' });
    await expect(glance.getByRole('heading', { name: 'Standings' })).toBeVisible();
    await expect(glance.getByText('1. Minnesota Lynx')).toBeVisible();
    await expect(glance.getByRole('heading', { name: 'All-Star Weekend' })).toBeVisible();
    await expect(glance.getByText('Team Collier 151, Team Clark 131')).toBeVisible();
    await expect(glance.getByRole('heading', { name: "Commissioner's Cup" })).toBeVisible();
    await expect(glance.getByText('Indiana Fever 74, Minnesota Lynx 59')).toBeVisible();

    // The Standings tab is open first: 13 teams with every standings column.
    await expect(page.getByRole('tab', { name: 'Standings' })).toHaveAttribute('aria-selected', 'true');
    const table = page.getByRole('table', { name: /final standings/ });
    for (const col of ['Rank', 'Team', 'W', 'L', 'PCT', 'GB', 'Conf', 'Home', 'Away', 'L10', 'Strk']) {
      await expect(table.getByRole('columnheader', { name: col, exact: true })).toBeVisible();
    }
    await expect(table.getByRole('row')).toHaveCount(14);
    await expect(table.getByRole('row', { name: /Minnesota Lynx/ })).toContainText('34');
    await expect(table.getByRole('row', { name: /Las Vegas Aces/ })).toContainText('W16');
    await expect(table.getByRole('rowheader', { name: 'Golden State Valkyries' })).toBeVisible();

    const box = page.getByRole('region', { name: '2025 WNBA standings' });
    if (isPhone(page)) {
      // The wide table scrolls inside its own box, which keyboard users can focus to scroll.
      expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      await box.focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    }
    await expectNoSidewaysScroll(page);

    for (const tile of ['Video Highlights Coming Soon', 'Streaming Highlights Coming Soon']) {
      await expect(page.getByRole('button', { name: tile })).toBeDisabled();
    }
    await expectNoSeriousA11yViolations(page);
  });

  test('each tab opens by mouse, and every panel passes axe without sideways scroll', async ({ page }) => {
    await openWnba(page);

    await page.getByRole('tab', { name: 'All Games' }).click();
    await expect(page.getByRole('tab', { name: 'All Games' })).toHaveAttribute('aria-selected', 'true');
    await expect(panel(page).getByRole('listitem')).toHaveCount(7);
    await expect(panel(page).getByRole('button', { name: 'Join Game Board' })).toHaveCount(4);
    const first = panel(page).getByRole('listitem').first();
    await expect(first.getByRole('heading', { name: 'Phoenix Mercury at Las Vegas Aces' })).toBeVisible();
    await expect(first).toContainText('WNBA Finals · Game 1');
    await expect(first).toContainText('Fri, Oct 3, 2025');
    await expect(first).toContainText('9:30 PM ET');
    await expect(first).toContainText('Available for Game Board');
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('tab', { name: "Commissioner's Cup" }).click();
    await expect(panel(page).getByRole('heading', { name: "Commissioner's Cup Championship" })).toBeVisible();
    await expect(panel(page).getByText('Indiana Fever 74, Minnesota Lynx 59')).toBeVisible();
    await expect(panel(page).getByText('Natasha Howard (16 points, 12 rebounds, 4 assists)')).toBeVisible();
    await expect(panel(page).getByText('Minnesota Lynx 76, Las Vegas Aces 62')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('tab', { name: 'Player Search' }).click();
    await expect(panel(page).getByRole('searchbox', { name: 'Search players' })).toBeVisible();
    await expect(panel(page).getByRole('table').getByRole('row')).toHaveCount(13);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('tab', { name: 'Standings' }).click();
    await expect(page.getByRole('table', { name: /final standings/ })).toBeVisible();
  });

  test('the tabs work from the keyboard alone (arrow keys on the tab list)', async ({ page }) => {
    await openWnba(page);
    await page.getByRole('tab', { name: 'Standings' }).focus();
    for (const name of [...tabNames.slice(1), tabNames[0]]) {
      await page.keyboard.press('ArrowRight');
      const tab = page.getByRole('tab', { name });
      await expect(tab).toBeFocused();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
    }
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'Player Search' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Player Search' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(page.getByRole('tab', { name: 'Standings' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'Player Search' })).toHaveAttribute('aria-selected', 'true');

    // Tab leaves the tab list for the open panel, then reaches the search box.
    await page.keyboard.press('Tab');
    await expect(panel(page)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('searchbox', { name: 'Search players' })).toBeFocused();
    await page.keyboard.type('clark');
    await expect(panel(page).getByRole('rowheader', { name: 'Caitlin Clark' })).toBeVisible();
  });

  test('Join Game Board takes the game to /wnba-donation; scheduled games show a disabled Coming Soon', async ({
    page,
  }) => {
    await openWnba(page);
    await page.getByRole('tab', { name: 'All Games' }).click();
    const scheduled = panel(page).getByRole('listitem').filter({ hasText: 'Scheduled' });
    await expect(scheduled).toHaveCount(3);
    for (const card of await scheduled.all()) {
      await expect(card.getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
      await expect(card.getByRole('button', { name: 'Join Game Board' })).toHaveCount(0);
    }

    const game3 = panel(page).getByRole('listitem').filter({ hasText: 'WNBA Finals · Game 3' });
    await game3.getByRole('button', { name: 'Join Game Board' }).click();
    await expect(page).toHaveURL('/wnba-donation');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Support Las Vegas Aces vs Phoenix Mercury' }),
    ).toBeVisible();
    const state = await page.evaluate(() => (window.history.state as { usr?: unknown } | null)?.usr);
    expect(state).toEqual({
      game: {
        id: 'finals-2025-game-3',
        date: '2025-10-08',
        teams: ['Las Vegas Aces', 'Phoenix Mercury'],
        time: '9:30 PM ET',
        status: 'Available for Game Board',
      },
    });
  });

  test('player search matches names, teams in any case and stats, and says when nobody matches', async ({ page }) => {
    await openWnba(page);
    await page.getByRole('tab', { name: 'Player Search' }).click();
    const search = page.getByRole('searchbox', { name: 'Search players' });
    const rows = panel(page).getByRole('table').getByRole('rowheader');

    await search.fill('Wilson');
    await expect(rows).toHaveText(["A'ja Wilson", "A'ja Wilson", "A'ja Wilson"]);
    await expect(panel(page).getByText('3 leaders shown')).toBeVisible();

    await search.fill('fEvEr');
    await expect(rows).toHaveText(['Kelsey Mitchell', 'Caitlin Clark']);

    await search.fill('rebounds');
    await expect(rows).toHaveText(['Angel Reese', "A'ja Wilson"]);

    await search.fill('Storm Chasers');
    await expect(panel(page).getByText('No players found matching "Storm Chasers"', { exact: true })).toBeVisible();
    await expect(panel(page).getByRole('table')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await search.fill('');
    await expect(rows).toHaveCount(12);
  });

  test('links: Standings & results, Back to WNBA Games and Back to Sports', async ({ page }) => {
    await openWnba(page);
    await page.getByRole('link', { name: 'Standings & results' }).click();
    await expect(page).toHaveURL('/womens-basketball');
    await expect(page.getByRole('heading', { level: 1, name: "Women's Basketball Standings & Results" })).toBeVisible();
    await page.getByRole('link', { name: 'Back to WNBA Games' }).click();
    await expect(page).toHaveURL('/wnba-games');
    await page.getByRole('link', { name: 'Back to Sports' }).click();
    await expect(page).toHaveURL('/sports');
  });
});

test.describe("women's basketball standings and results (/womens-basketball)", () => {
  test('shows three tabs: twelve teams by conference, the championship and three results', async ({ page }) => {
    await page.goto('/womens-basketball');
    await expect(page.getByRole('heading', { level: 1, name: "Women's Basketball Standings & Results" })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText(['Standings', 'Championship', 'Recent Results']);

    const west = page.getByRole('table', { name: 'Western Conference' });
    const east = page.getByRole('table', { name: 'Eastern Conference' });
    await expect(west.getByRole('rowheader')).toHaveCount(6);
    await expect(east.getByRole('rowheader')).toHaveCount(6);
    await expect(east.getByRole('row', { name: /New York Liberty/ })).toContainText('32-8');
    await expect(west.getByRole('row', { name: /Minnesota Lynx/ })).toContainText('30-10');
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('tab', { name: 'Championship' }).click();
    const champ = panel(page);
    await expect(champ.getByText('New York Liberty 67, Minnesota Lynx 62')).toBeVisible();
    for (const text of ['Sun, Oct 20, 2024', 'Barclays Center, Brooklyn, New York', 'Jonquel Jones']) {
      await expect(champ.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(champ.getByText(/17\.6 points, 7\.8 rebounds/)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);

    // Keyboard: arrow along the tab list to the results.
    await page.getByRole('tab', { name: 'Championship' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Recent Results' })).toHaveAttribute('aria-selected', 'true');
    const results = panel(page).getByRole('listitem');
    await expect(results).toHaveCount(3);
    await expect(results.first()).toContainText('Liberty 67, Lynx 62 (OT)');
    for (const r of await results.all()) await expect(r).toContainText('completed');
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);

    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Standings' })).toHaveAttribute('aria-selected', 'true');
  });

  test('the live clock ticks every second', async ({ page }) => {
    await page.clock.install({ time: new Date('2025-10-03T23:30:00Z') });
    await page.goto('/womens-basketball');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.clock.pauseAt(new Date('2025-10-03T23:30:10Z'));
    const clock = page.getByTestId('live-clock');
    await expect(clock).toHaveText('7:30:10 PM ET');
    await page.clock.runFor(1000);
    await expect(clock).toHaveText('7:30:11 PM ET');
    await page.clock.runFor(59_000);
    await expect(clock).toHaveText('7:31:10 PM ET');
  });

  test('Back to WNBA Games goes to /wnba-games', async ({ page }) => {
    await page.goto('/womens-basketball');
    await page.getByRole('link', { name: 'Back to WNBA Games' }).click();
    await expect(page).toHaveURL('/wnba-games');
    await expect(page.getByRole('heading', { level: 1, name: 'WNBA Games' })).toBeVisible();
  });
});
