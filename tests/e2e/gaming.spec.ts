import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, scrollToEnd, signUp, test } from './fixtures';

const categories: Array<[name: string, path: string, game: string]> = [
  ['Action', '/action-games', 'Counter-Strike 2'],
  ['Strategy', '/strategy-games', 'StarCraft II'],
  ['RPG', '/rpg-games', "Baldur's Gate 3"],
  ['Simulation', '/simulation-games', 'Euro Truck Simulator 2'],
];

const tournaments: Array<[name: string, path: string, facts: string[]]> = [
  [
    'CS2 Summer Championship',
    '/csgo-tournament',
    ['Jun 13 – Jun 22, 2025', 'Austin, Texas', '$1,250,000', 'Champion: Team Vitality'],
  ],
  [
    'League of Legends Summer Championship',
    '/lol-championship',
    ['Jul 10 – Jul 20, 2025', 'Vancouver, Canada', '$2,000,000'],
  ],
  ['Dota 2 International', '/dota2-international', ['Aug 14 – Aug 24, 2025', 'Hamburg, Germany', '$2,500,000']],
];

const eventsByMonth: Record<string, string[]> = {
  June: ['Valorant Masters Showdown', 'CS2 Summer Championship', 'Rocket League Spring Major'],
  July: ['Rainbow Six Summer Cup', 'League of Legends Summer Championship', 'Apex Legends Global Finals'],
  August: ['Overwatch Champions Clash', 'PUBG Nations Cup', 'Dota 2 International', 'CS2 Cologne Classic'],
};

async function openHub(page: Page) {
  await page.goto('/gaming');
  await expect(page.getByRole('heading', { level: 1, name: 'Gaming Hub' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Game Categories' }).getByRole('link')).toHaveCount(4);
  await scrollToEnd(page, page.getByRole('region', { name: 'Game Manager' }));
}

test.describe('gaming hub', () => {
  test('shows stats, categories, tournaments, releases, guides, game manager and the calendar', async ({ page }) => {
    // A fixed July day makes the release labels deterministic.
    await page.clock.setFixedTime(new Date('2025-07-15T12:00:00'));
    await openHub(page);
    await expect(page).toHaveTitle('Gaming Hub · FanGrid');

    for (const [label, value] of [
      ['Active Players', '2,847'],
      ['Games Covered', '156'],
      ['Prizes Awarded', '$47,230'],
      ['Success Rate', '94%'],
    ]) {
      await expect(page.getByRole('definition').filter({ hasText: value })).toBeVisible();
      await expect(page.getByRole('term').filter({ hasText: label })).toBeVisible();
    }

    const categoriesRegion = page.getByRole('region', { name: 'Game Categories' });
    for (const [name, path] of categories) {
      await expect(categoriesRegion.getByRole('link', { name: new RegExp(`^${name} `) })).toHaveAttribute('href', path);
    }
    const tournamentsRegion = page.getByRole('region', { name: 'Featured Tournaments' });
    await expect(tournamentsRegion.getByRole('link')).toHaveCount(3);
    for (const [name, path] of tournaments) {
      await expect(tournamentsRegion.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', path);
    }

    const releases = page.getByRole('list', { name: 'July 2025 releases' });
    await expect(releases.getByRole('listitem')).toHaveCount(8);
    const labelOf = (name: string) => releases.getByRole('listitem', { name }).getByTestId('release-label');
    await expect(labelOf('Mecha BREAK')).toHaveText('Available');
    await expect(labelOf("Tony Hawk's Pro Skater 3 + 4")).toHaveText('Available');
    await expect(labelOf('Donkey Kong Bananza')).toHaveText('Pre-Order');
    await expect(labelOf('Ninja Gaiden: Ragebound')).toHaveText('Pre-Order');
    await expect(releases.getByRole('listitem', { name: 'Mecha BREAK' })).toContainText('Free to play');
    await expect(releases.getByRole('listitem', { name: 'Donkey Kong Bananza' })).toContainText('$69.99');
    await expect(releases.getByRole('listitem', { name: 'Donkey Kong Bananza' })).toContainText('Jul 17, 2025');

    const guides = page.getByRole('region', { name: 'Achievement Tracking Guide' });
    for (const platform of ['Steam', 'Epic Games', 'Consoles']) {
      await expect(guides.getByRole('heading', { name: platform })).toBeVisible();
    }
    await expect(page.getByRole('region', { name: 'Game Manager' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Esports Calendar' })).toBeVisible();

    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScroll(page);
  });

  test('labels every release Available once July is over', async ({ page }) => {
    await page.clock.setFixedTime(new Date('2025-08-01T09:00:00'));
    await openHub(page);
    const labels = page.getByRole('list', { name: 'July 2025 releases' }).getByTestId('release-label');
    await expect(labels).toHaveCount(8);
    await expect(labels.filter({ hasText: 'Pre-Order' })).toHaveCount(0);
  });

  test('the month tabs show only their own esports events, by mouse and keyboard', async ({ page }) => {
    await openHub(page);
    const calendar = page.getByRole('region', { name: 'Esports Calendar' });
    const tab = (name: string) => calendar.getByRole('tab', { name });
    const shown = async (month: string) => {
      await expect(tab(month)).toHaveAttribute('aria-selected', 'true');
      const list = calendar.getByRole('list', { name: `${month} 2025 events` });
      const names = eventsByMonth[month] ?? [];
      await expect(list.getByRole('heading', { level: 3 })).toHaveText(names);
      for (const [other, otherNames] of Object.entries(eventsByMonth)) {
        if (other === month) continue;
        for (const name of otherNames) {
          if (!names.includes(name)) await expect(calendar.getByRole('heading', { name, exact: true })).toHaveCount(0);
        }
      }
    };

    await shown('June');
    const june = calendar.getByRole('list', { name: 'June 2025 events' });
    await expect(june.getByRole('listitem').filter({ hasText: 'CS2 Summer Championship' }).first()).toContainText(
      'Winner: Team Vitality',
    );

    await tab('July').click();
    await shown('July');
    await expect(calendar.getByText('Live', { exact: true })).toBeVisible();
    await tab('August').click();
    await shown('August');
    await expectNoSeriousA11yViolations(page);

    // Keyboard: arrows move between the tabs (and wrap), the panel follows.
    await tab('August').focus();
    await page.keyboard.press('ArrowLeft');
    await shown('July');
    await page.keyboard.press('ArrowLeft');
    await shown('June');
    await page.keyboard.press('ArrowLeft');
    await shown('August');
    await page.keyboard.press('ArrowRight');
    await shown('June');
    await expect(tab('June')).toBeFocused();
    await expectNoSidewaysScroll(page);
  });

  test('Start Gaming, View Leaderboard and Back to Home go somewhere real', async ({ page }) => {
    await openHub(page);
    await page.getByRole('link', { name: 'Start Gaming' }).click();
    await expect(page).toHaveURL('/action-games');
    await expect(page.getByRole('heading', { level: 1, name: 'Action Games' })).toBeVisible();
    await page.goBack();
    await page.getByRole('link', { name: 'View Leaderboard' }).click();
    await expect(page).toHaveURL('/csgo-tournament');
    await expect(page.getByRole('heading', { level: 1, name: 'CS2 Summer Championship' })).toBeVisible();
    await page.goBack();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL('/');
  });

  for (const [name, path, game] of categories) {
    test(`the ${name} category opens ${path}, lists its games and goes back`, async ({ page }) => {
      await openHub(page);
      await page
        .getByRole('region', { name: 'Game Categories' })
        .getByRole('link', { name: new RegExp(`^${name} `) })
        .click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1, name: `${name} Games` })).toBeVisible();
      await expect(page).toHaveTitle(`${name} Games · FanGrid`);
      const games = page.getByRole('region', { name: 'Games' });
      await expect(games.getByRole('listitem', { name: game })).toContainText('out of 5');
      expect(await games.getByRole('heading', { level: 3 }).count()).toBeGreaterThanOrEqual(3);
      const featured = page.getByRole('region', { name: 'Featured Tournaments' });
      if (name === 'Simulation') {
        await expect(featured).toContainText('No tournaments are featured for simulation games this season.');
      } else {
        await expect(featured.getByRole('link').first()).toBeVisible();
      }
      await expectNoSeriousA11yViolations(page);
      await expectNoSidewaysScroll(page);
      await page.getByRole('link', { name: 'Back to Gaming Hub' }).click();
      await expect(page).toHaveURL('/gaming');
      await expect(page.getByRole('heading', { level: 1, name: 'Gaming Hub' })).toBeVisible();
    });
  }

  test('a category page opens its featured tournament', async ({ page }) => {
    await page.goto('/strategy-games');
    await page
      .getByRole('region', { name: 'Featured Tournaments' })
      .getByRole('link', { name: /^Dota 2 International/ })
      .click();
    await expect(page).toHaveURL('/dota2-international');
    await expect(page.getByRole('heading', { level: 1, name: 'Dota 2 International' })).toBeVisible();
  });

  for (const [name, path, facts] of tournaments) {
    test(`the ${name} tournament opens ${path} with its facts, teams, format and schedule`, async ({ page }) => {
      await openHub(page);
      await page
        .getByRole('region', { name: 'Featured Tournaments' })
        .getByRole('link', { name: new RegExp(`^${name}`) })
        .click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      for (const fact of facts) await expect(page.getByRole('main')).toContainText(fact);
      await expect(page.getByRole('heading', { name: 'Participating teams' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Format' })).toBeVisible();
      const schedule = page.getByRole('region', { name: 'Schedule & Results' }).getByRole('table');
      await expect(schedule.getByRole('columnheader')).toHaveText(['Stage', 'Date', 'Match', 'Result']);
      await expect(schedule.getByRole('row').last()).toContainText('Grand Final');
      if (path === '/csgo-tournament') {
        await expect(schedule.getByRole('row').last()).toContainText('Team Vitality won 2-0');
      } else {
        await expect(schedule.getByRole('row').last()).toContainText('Upcoming');
      }
      await expectNoSeriousA11yViolations(page);
      await expectNoSidewaysScroll(page);
      await page.getByRole('link', { name: 'Back to Gaming Hub' }).click();
      await expect(page).toHaveURL('/gaming');
    });
  }
});

test.describe('game manager', () => {
  test("a visitor's games are kept in this browser, with a way to sign in", async ({ page }) => {
    await openHub(page);
    const manager = page.getByRole('region', { name: 'Game Manager' });
    await expect(manager.getByText('No games tracked yet')).toBeVisible();
    await manager.getByRole('button', { name: 'Add a game' }).click();
    await manager.getByLabel('Title').fill('Hades II');
    await manager.getByLabel('Description').fill('Melinoë takes on Chronos.');
    await manager.getByLabel('Category').fill('Action');
    await manager.getByRole('button', { name: 'Add Game' }).click();
    await expect(manager.getByRole('listitem', { name: 'Hades II' })).toContainText('Available');
    await page.reload();
    // The manager is an interactive section that loads after the hub's first paint: on a busy machine that
    // can take longer than an assertion's default wait.
    await expect(
      page.getByRole('region', { name: 'Game Manager' }).getByRole('listitem', { name: 'Hades II' }),
    ).toBeVisible({ timeout: 20_000 });
    await page
      .getByRole('region', { name: 'Game Manager' })
      .getByRole('link', { name: 'Sign in to keep your games in your account' })
      .click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  });

  test('a signed-in fan adds, validates, switches status, dates and removes a game', async ({ page }, info) => {
    const email = `gamer-${info.project.name}-${Date.now()}@example.com`;
    await signUp(page, { email, name: 'Casey Gamer', phone: '+12125550116' });

    await openHub(page);
    const manager = page.getByRole('region', { name: 'Game Manager' });
    await expect(manager.getByText('No games tracked yet')).toBeVisible();
    await expect(manager.getByRole('link', { name: /^Sign in/ })).toHaveCount(0);

    // Title, description and category are required.
    await manager.getByRole('button', { name: 'Add a game' }).click();
    const add = manager.getByRole('button', { name: 'Add Game' });
    await add.click();
    await expect(manager.getByText('Title is required')).toBeVisible();
    await expect(manager.getByText('Description is required')).toBeVisible();
    await expect(manager.getByText('Category is required')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Missing Information' })).toBeVisible();
    await expect(manager.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');

    await manager.getByLabel('Title').fill('Hollow Knight: Silksong');
    await manager.getByLabel('Description').fill('Hornet explores a new kingdom.');
    await add.click();
    await expect(manager.getByText('Title is required')).toHaveCount(0);
    await expect(manager.getByText('Category is required')).toBeVisible();
    await expect(manager.getByText('No games tracked yet')).toBeVisible();

    await manager.getByLabel('Category').fill('Action');
    await add.click();
    const item = manager.getByRole('listitem', { name: 'Hollow Knight: Silksong' });
    await expect(item).toBeVisible();
    await expect(manager.getByText('No games tracked yet')).toHaveCount(0);
    await expect(manager.getByLabel('Title')).toHaveValue('');
    await expect(item).toContainText('Available');
    await expect(item).toContainText('Action');

    const markAvailable = item.getByRole('button', { name: /^Mark Available/ });
    const markComingSoon = item.getByRole('button', { name: /^Mark Coming Soon/ });
    await expect(markAvailable).toBeDisabled();
    await expect(markComingSoon).toBeEnabled();
    await expect(item.getByLabel('Expected release date')).toHaveCount(0);

    await markComingSoon.click();
    await expect(markComingSoon).toBeDisabled();
    await expect(markAvailable).toBeEnabled();
    await expect(item).toContainText('Coming Soon');
    await expect(item).toContainText('Expected release: Not set');
    await item.getByLabel('Expected release date').fill('2025-09-04');
    await item.getByRole('button', { name: /^Save date/ }).click();
    await expect(item).toContainText('Expected release: Sep 4, 2025');
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScroll(page);

    // Kept on the server: a reload shows the same game, status and date.
    await page.reload();
    const reloaded = page
      .getByRole('region', { name: 'Game Manager' })
      .getByRole('listitem', { name: 'Hollow Knight: Silksong' });
    // The manager loads after the hub's first paint: on a busy machine that outlasts an assertion's default wait.
    await expect(reloaded).toBeVisible({ timeout: 20_000 });
    await expect(reloaded).toContainText('Expected release: Sep 4, 2025');
    await expect(reloaded.getByLabel('Expected release date')).toHaveValue('2025-09-04');

    await reloaded.getByRole('button', { name: /^Mark Available/ }).click();
    await expect(reloaded.getByRole('button', { name: /^Mark Available/ })).toBeDisabled();
    await expect(reloaded.getByLabel('Expected release date')).toHaveCount(0);
    await expect(reloaded).not.toContainText('Expected release');

    await reloaded.getByRole('button', { name: /^Remove/ }).click();
    await expect(page.getByRole('region', { name: 'Game Manager' }).getByText('No games tracked yet')).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
