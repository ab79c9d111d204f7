import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, test } from './fixtures';

/**
 * Stricter than the shared check on the phone project: an emulated phone widens its layout viewport
 * (and so window.innerWidth) to fit content that overflows, so compare against the device width too.
 */
async function expectFitsScreen(page: Page) {
  await expectNoSidewaysScroll(page);
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])).toEqual([width, width]);
}

async function openF1(page: Page) {
  await page.goto('/f1-season');
  await expect(page.getByRole('heading', { level: 1, name: '2025 Formula 1 World Championship' })).toBeVisible();
}

test.describe('F1 season', () => {
  test('dark/light switch changes the theme and aria-pressed, by mouse and keyboard, and is remembered', async ({
    page,
  }) => {
    await openF1(page);
    const themed = page.locator('[data-theme]');
    const toggle = page.getByRole('button', { name: 'Light mode' });
    await expect(themed).toHaveAttribute('data-theme', 'dark');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await toggle.click();
    await expect(themed).toHaveAttribute('data-theme', 'light');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(themed).toHaveClass(/bg-slate-100/);

    // Keyboard alone: Tab from the back link reaches the switch; Space and Enter flip it.
    await page.getByRole('link', { name: 'Back to Sports' }).focus();
    await page.keyboard.press('Tab');
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Space');
    await expect(themed).toHaveAttribute('data-theme', 'dark');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');

    await page.reload();
    await expect(page.locator('[data-theme]')).toHaveAttribute('data-theme', 'light');
    await expect(page.getByRole('button', { name: 'Light mode' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('shows the leader, total races and next race', async ({ page }) => {
    await openF1(page);
    const leader = page.getByRole('region', { name: 'Championship leader' });
    await expect(leader).toContainText('Oscar Piastri');
    await expect(leader).toContainText('McLaren');
    await expect(leader).toContainText('216 pts');
    await expect(leader.getByRole('img', { name: 'Australia flag' })).toBeVisible();
    const total = page.getByRole('region', { name: 'Total races' });
    await expect(total).toContainText('24');
    await expect(total).toContainText('11 completed · 13 to go');
    const next = page.getByRole('region', { name: 'Next race' });
    await expect(next).toContainText('British Grand Prix');
    await expect(next).toContainText('Round 12 · Sun, Jul 6, 2025 · Silverstone Circuit');
  });

  test('the calendar lists 24 rounds: completed ones with winner and podium, upcoming ones with odds', async ({
    page,
  }) => {
    await openF1(page);
    const calendar = page.getByRole('region', { name: '2025 Race Calendar' });
    await expect(calendar.getByRole('article')).toHaveCount(24);

    const australia = calendar.getByRole('article', { name: 'Round 1: Australian Grand Prix' });
    await expect(australia).toContainText('Completed');
    await expect(australia).toContainText('Winner: Lando Norris');
    await expect(
      australia.getByRole('list', { name: 'Australian Grand Prix podium' }).getByRole('listitem'),
    ).toHaveText(['1stLando Norris', '2ndMax Verstappen', '3rdGeorge Russell']);
    await expect(australia.getByText(/Odds to win/)).toHaveCount(0);

    const silverstone = calendar.getByRole('article', { name: 'Round 12: British Grand Prix' });
    await expect(silverstone).toContainText('Next race');
    await expect(silverstone).not.toContainText('Winner');
    const odds = silverstone.getByRole('list', { name: 'British Grand Prix odds to win' }).getByRole('listitem');
    await expect(odds).toHaveCount(5);
    await expect(odds.first()).toHaveText(/Lando Norris\s*\+150 \(40%\)/);

    const hungary = calendar.getByRole('article', { name: 'Round 14: Hungarian Grand Prix' });
    await expect(hungary).toContainText('Upcoming');
    await expect(hungary.getByRole('listitem').first()).toHaveText(/Lando Norris\s*-110 \(52%\)/);

    await expect(calendar.getByRole('article', { name: 'Round 24: Abu Dhabi Grand Prix' })).toContainText(
      'Sun, Dec 7, 2025',
    );
  });

  test('driver standings show the top 10, then all 21 drivers, then the top 10 again; constructors listed', async ({
    page,
  }) => {
    await openF1(page);
    const drivers = page.getByRole('table', { name: /Driver standings/ });
    const rows = drivers.locator('tbody tr');
    await expect(rows).toHaveCount(10);
    await expect(rows.first()).toContainText('Oscar Piastri');
    await expect(rows.first()).toContainText('McLaren');
    await expect(rows.nth(9)).toContainText('Nico Hülkenberg');
    await expect(drivers.getByRole('columnheader')).toHaveText(['Pos', 'Driver', 'Team', 'Points', 'Wins', 'Podiums']);
    await expect(drivers.getByRole('rowheader', { name: /Max Verstappen/ })).toBeVisible();
    await expect(drivers.getByRole('img', { name: 'Netherlands flag' })).toBeVisible();

    const more = page.getByRole('button', { name: 'Show all 21 drivers' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await more.click();
    await expect(rows).toHaveCount(21);
    await expect(rows.last()).toContainText('Jack Doohan');
    const fewer = page.getByRole('button', { name: 'Show top 10' });
    await expect(fewer).toHaveAttribute('aria-expanded', 'true');
    await fewer.click();
    await expect(rows).toHaveCount(10);

    const constructors = page.getByRole('table', { name: 'Constructor standings' });
    await expect(constructors.locator('tbody tr')).toHaveCount(10);
    await expect(constructors.locator('tbody tr').first()).toContainText('McLaren');
    await expect(constructors.locator('tbody tr').first()).toContainText('417');
  });

  test('back link goes to the sports hub', async ({ page }) => {
    await openF1(page);
    await page.getByRole('link', { name: 'Back to Sports' }).click();
    await expect(page).toHaveURL('/sports');
    await expect(page.getByRole('heading', { level: 1, name: 'Sports Hub' })).toBeVisible();
  });

  test('passes axe in both themes and fits the screen without sideways scrolling', async ({ page }) => {
    await openF1(page);
    await page.getByRole('button', { name: 'Show all 21 drivers' }).click();
    await expectNoSeriousA11yViolations(page);
    await expectFitsScreen(page);
    await page.getByRole('button', { name: 'Light mode' }).click();
    await expect(page.locator('[data-theme]')).toHaveAttribute('data-theme', 'light');
    await expectNoSeriousA11yViolations(page);
    await expectFitsScreen(page);
  });
});

const groups: Record<string, string[]> = {
  A: ['Argentina', 'Portugal', 'Italy', 'United States'],
  B: ['Spain', 'Netherlands', 'Morocco', 'Uruguay'],
  C: ['France', 'Brazil', 'Croatia', 'Mexico'],
  D: ['England', 'Belgium', 'Germany', 'Colombia'],
};

async function openSoccer(page: Page) {
  await page.goto('/soccer-tournament');
  await expect(page.getByRole('heading', { level: 1, name: 'International Summer Cup 2025' })).toBeVisible();
}

async function expectGroupShown(page: Page, group: string) {
  await expect(page.getByRole('tab', { name: `Group ${group}` })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: `Group ${group}` });
  const table = panel.getByRole('table', { name: `Group ${group} standings` });
  await expect(table.getByRole('rowheader')).toHaveText((groups[group] ?? []).map((t) => new RegExp(`${t}$`)));
  const matches = panel.getByRole('list', { name: `Group ${group} matches` }).getByRole('listitem');
  await expect(matches).toHaveCount(6);
  for (const m of await matches.all()) await expect(m).toContainText('TBA');
  await expect(page.getByRole('tabpanel')).toHaveCount(1);
}

test.describe('soccer tournament', () => {
  test('shows the tournament facts: 16 teams, groups A-D, 3 venues, 19 days from 10 to 28 July 2025', async ({
    page,
  }) => {
    await openSoccer(page);
    await expect(page.getByText('10–28 July 2025')).toBeVisible();
    for (const [term, value] of [
      ['Teams', '16'],
      ['Groups', 'A–D'],
      ['Venues', '3'],
      ['Days', '19'],
    ]) {
      await expect(page.getByRole('term').filter({ hasText: term })).toBeVisible();
      await expect(page.getByRole('definition').filter({ hasText: new RegExp(`^${value}$`) })).toBeVisible();
    }
  });

  test('group tabs by mouse each show their 4 teams and 6 TBA matches', async ({ page }) => {
    await openSoccer(page);
    await expectGroupShown(page, 'A');
    for (const g of ['B', 'C', 'D', 'A']) {
      await page.getByRole('tab', { name: `Group ${g}` }).click();
      await expectGroupShown(page, g);
    }
    await expect(
      page.getByRole('tabpanel', { name: 'Group A' }).getByRole('listitem').filter({ hasText: 'Argentina vs' }),
    ).toHaveCount(3);
  });

  test('group tabs follow the arrow keys', async ({ page }) => {
    await openSoccer(page);
    await page.getByRole('tab', { name: 'Group A' }).focus();
    for (const g of ['B', 'C', 'D']) {
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('tab', { name: `Group ${g}` })).toBeFocused();
      await expectGroupShown(page, g);
    }
    await page.keyboard.press('ArrowRight');
    await expectGroupShown(page, 'A');
    await page.keyboard.press('ArrowLeft');
    await expectGroupShown(page, 'D');
    // Tab moves on from the tab list into the open panel's content.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('tabpanel', { name: 'Group D' })).toBeFocused();
  });

  test('lists the three venues and the knockout format', async ({ page }) => {
    await openSoccer(page);
    const venues = page.getByRole('region', { name: 'Venues' });
    await expect(venues.getByRole('heading', { level: 3 })).toHaveText([
      'MetLife Stadium',
      'AT&T Stadium',
      'SoFi Stadium',
    ]);
    await expect(venues).toContainText('East Rutherford, New Jersey');
    await expect(venues).toContainText('Capacity 82,500');
    const knockout = page.getByRole('region', { name: 'Knockout Format' });
    await expect(knockout.getByRole('heading', { level: 3 })).toHaveText(['Quarter-finals', 'Semi-finals', 'Final']);
    await expect(knockout).toContainText('21–22 July 2025 · 4 matches');
    await expect(knockout).toContainText('28 July 2025 · 1 match');
  });

  test('back link goes to the sports hub', async ({ page }) => {
    await openSoccer(page);
    await page.getByRole('link', { name: 'Back to Sports' }).click();
    await expect(page).toHaveURL('/sports');
  });

  test('passes axe and fits the screen without sideways scrolling', async ({ page }) => {
    await openSoccer(page);
    await expectNoSeriousA11yViolations(page);
    await expectFitsScreen(page);
    await page.getByRole('tab', { name: 'Group C' }).click();
    await expectGroupShown(page, 'C');
    await expectNoSeriousA11yViolations(page);
    await expectFitsScreen(page);
  });
});
