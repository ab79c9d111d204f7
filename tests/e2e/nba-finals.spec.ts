import type { Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll as sharedNoSidewaysScroll,
  test,
} from './fixtures';

/**
 * The shared check, plus: the document is no wider than the device. Mobile Chrome widens its layout
 * viewport to fit overflowing content, so `scrollWidth <= innerWidth` alone passes on a phone even when
 * something sticks out; comparing with the emulated viewport width catches that.
 */
async function expectNoSidewaysScroll(page: Page) {
  await sharedNoSidewaysScroll(page);
  const width = page.viewportSize()?.width ?? Number.POSITIVE_INFINITY;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The value a DetailsList prints beside `label` (game info's left panel). */
const detail = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Your entry' })
    .locator('div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

const games: Array<[number, string, string, string, string]> = [
  [1, 'Thu, Jun 5, 2025', 'IND 111, OKC 110', '86', 'Indiana Pacers'],
  [2, 'Sun, Jun 8, 2025', 'OKC 123, IND 107', '91', 'Oklahoma City Thunder'],
  [3, 'Wed, Jun 11, 2025', 'IND 116, OKC 107', '84', 'Indiana Pacers'],
  [4, 'Fri, Jun 13, 2025', 'OKC 111, IND 104', '88', 'Oklahoma City Thunder'],
  [5, 'Mon, Jun 16, 2025', 'OKC 120, IND 109', '82', 'Oklahoma City Thunder'],
  [6, 'Thu, Jun 19, 2025', 'IND 108, OKC 91', '95', 'Indiana Pacers'],
  [7, 'Sun, Jun 22, 2025', 'IND 103, OKC 98', '89', 'Indiana Pacers'],
];

test.describe('NBA Finals', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/nba-finals');
    await expect(page.getByRole('heading', { level: 1, name: 'NBA Finals' })).toBeVisible();
  });

  test('shows the series banner, final records, parade placeholder, recap and the seven games', async ({ page }) => {
    await expect(page).toHaveTitle('NBA Finals · FanGrid');
    const banner = page.getByRole('region', { name: 'Indiana Pacers are NBA champions!' });
    await expect(banner.getByText('Series complete')).toBeVisible();
    await expect(banner.getByText('Indiana Pacers won 4-3 over Oklahoma City Thunder')).toBeVisible();

    const records = page.getByRole('region', { name: 'Final Records' });
    for (const [team, finals, season, playoffs] of [
      ['Oklahoma City Thunder', '3-4', '68-14', '15-8'],
      ['Indiana Pacers', '4-3', '50-32', '16-7'],
    ]) {
      const card = records.getByRole('listitem').filter({ has: page.getByRole('heading', { name: team }) });
      await expect(card).toContainText(`Finals${finals}`);
      await expect(card).toContainText(`Regular season${season}`);
      await expect(card).toContainText(`Playoffs${playoffs}`);
    }
    await expect(records.getByText('Champion', { exact: true })).toHaveCount(1);

    const parade = page.getByRole('region', { name: 'Championship Parade' });
    await expect(parade.getByRole('button', { name: 'Parade video: Coming Soon' })).toBeDisabled();
    await expect(parade.locator('video, iframe')).toHaveCount(0);

    const recap = page.getByRole('region', { name: 'Series Recap' });
    await expect(recap.getByText('Finals MVP')).toBeVisible();
    await expect(recap.getByText('Pascal Siakam', { exact: true }).first()).toBeVisible();
    const players = recap.getByRole('table', { name: 'Player averages in the Finals' });
    await expect(players.getByRole('columnheader')).toHaveText(['Player', 'Team', 'PTS', 'REB', 'AST', 'FG%']);
    await expect(players.getByRole('row', { name: /Shai Gilgeous-Alexander/ })).toContainText('30.3');

    const results = page.getByRole('table', { name: 'All seven games of the NBA Finals' });
    await expect(results.locator('tbody tr')).toHaveCount(7);
    for (const [n, date, score, rebounds, winner] of games) {
      const row = results.getByRole('row', { name: new RegExp(`^Game ${n} `) });
      for (const cell of [date, score, rebounds, winner]) await expect(row).toContainText(cell);
      await expect(row.getByRole('link', { name: `Preview game ${n}` })).toHaveCount(n <= 5 ? 1 : 0);
    }

    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScroll(page);
  });

  test('the game 5, 6 and 7 cards open their boards, and each board leads back here', async ({ page }) => {
    const boards = page.getByRole('region', { name: 'Game Boards' });
    await expect(boards.getByRole('link')).toHaveCount(3);
    await expect(boards.getByRole('link', { name: /^Game 5 / })).toHaveAttribute('href', '/finals-game-5');
    await expect(boards.getByRole('link', { name: /^Game 7 / })).toHaveAttribute('href', '/finals-game-7');
    await boards.getByRole('link', { name: /^Game 6 / }).click();
    await expect(page).toHaveURL('/finals-game-6');
    await expect(page.getByRole('heading', { level: 1, name: 'NBA Finals Game 6: Thunder vs Pacers' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to NBA Finals' }).click();
    await expect(page).toHaveURL('/nba-finals');
  });

  test('Back to Sports goes to the sports hub', async ({ page }) => {
    await page.getByRole('link', { name: 'Back to Sports' }).click();
    await expect(page).toHaveURL('/sports');
    await expect(page.getByRole('heading', { level: 1, name: 'Sports Hub' })).toBeVisible();
  });

  test('a results row opens its game preview with the date, time and location', async ({ page }) => {
    await page.getByRole('link', { name: 'Preview game 3' }).click();
    await expect(page).toHaveURL('/finals-player/3');
    await expect(page.getByRole('heading', { level: 1, name: 'Game 3 Preview' })).toBeVisible();
    await expect(page).toHaveTitle('NBA Finals Game 3 preview · FanGrid');
    await expect(page.getByText('Wed, Jun 11, 2025')).toBeVisible();
    await expect(page.getByText('8:30 PM ET')).toBeVisible();
    await expect(page.getByText('Gainbridge Fieldhouse, Indianapolis, IN')).toBeVisible();
    await page.getByRole('link', { name: 'Back to NBA Finals' }).click();
    await expect(page).toHaveURL('/nba-finals');
  });
});

test.describe('Finals game preview', () => {
  const start = new Date('2025-06-11T20:00:00Z');

  test('/finals-player without a number previews game 1, with teams, analysis, averages and sponsor', async ({
    page,
  }) => {
    await page.goto('/finals-player');
    await expect(page.getByRole('heading', { level: 1, name: 'Game 1 Preview' })).toBeVisible();
    await expect(page.getByText('Thu, Jun 5, 2025')).toBeVisible();
    await expect(page.getByText('Paycom Center, Oklahoma City, OK')).toBeVisible();

    for (const team of ['Oklahoma City Thunder', 'Indiana Pacers']) {
      const card = page.getByRole('article', { name: team });
      await expect(card.getByRole('heading', { name: 'Season averages' })).toBeVisible();
      await expect(card.getByRole('heading', { name: 'Accolades' })).toBeVisible();
    }
    await expect(page.getByRole('article', { name: 'Oklahoma City Thunder' })).toContainText('120.5');
    await expect(page.getByRole('article', { name: 'Indiana Pacers' })).toContainText('Eastern Conference champions');
    await expect(page.getByRole('heading', { level: 2, name: 'Series Analysis' })).toBeVisible();
    const playoff = page.getByRole('region', { name: 'Playoff Averages' });
    await expect(playoff.getByRole('row', { name: /Points per game/ })).toContainText('113.4');
    const sponsored = page.getByRole('region', { name: 'Put your organization on the Finals boards' });
    await expect(sponsored.getByText(/Sponsored content/)).toBeVisible();
    await expect(sponsored.getByRole('link', { name: 'Become a partner' })).toHaveAttribute('href', '/partners');

    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScroll(page);
  });

  test('the game links switch between previews 1-5', async ({ page }) => {
    await page.goto('/finals-player/1');
    const nav = page.getByRole('navigation', { name: 'Game previews' });
    await expect(nav.getByRole('link')).toHaveText(['Game 1', 'Game 2', 'Game 3', 'Game 4', 'Game 5']);
    await expect(nav.getByRole('link', { name: 'Game 1' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Game 5' }).click();
    await expect(page).toHaveURL('/finals-player/5');
    await expect(page.getByRole('heading', { level: 1, name: 'Game 5 Preview' })).toBeVisible();
    await expect(page.getByText('Mon, Jun 16, 2025')).toBeVisible();
  });

  test('a team card opens the game player portal for that team (mouse and keyboard)', async ({ page }) => {
    await page.goto('/finals-player/2');
    await page.getByRole('article', { name: 'Indiana Pacers' }).click();
    await expect(page).toHaveURL('/game-player/indiana-pacers');
    await expect(page.getByRole('heading', { level: 1, name: 'Indiana Pacers' })).toBeVisible();
    await page.goBack();
    const thunder = page.getByRole('link', { name: 'Oklahoma City Thunder' });
    await thunder.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/game-player/oklahoma-city-thunder');
    await expect(page.getByRole('heading', { level: 1, name: 'Oklahoma City Thunder' })).toBeVisible();
  });

  for (const bad of ['0', '6', '7', 'abc', '2.5', '-1']) {
    test(`game number "${bad}" shows the no-preview state`, async ({ page }) => {
      await page.goto(`/finals-player/${bad}`);
      await expect(page.getByRole('heading', { level: 1, name: 'No preview for that game' })).toBeVisible();
      await expect(page.getByText('Oops! Page not found')).toHaveCount(0);
      if (bad === '6') {
        await expectNoSeriousA11yViolations(page);
        await expectNoSidewaysScroll(page);
      }
      await page.getByRole('link', { name: 'See all Finals games' }).click();
      await expect(page).toHaveURL('/nba-finals');
    });
  }

  test('the background cycles through five colours every second, each keeping AA contrast', async ({ page }) => {
    await page.clock.install({ time: start });
    await page.goto('/finals-player/4');
    await expect(page.getByRole('heading', { level: 1, name: 'Game 4 Preview' })).toBeVisible();
    // Stop the page's clock, then move it by hand so the assertions cannot race the cycle.
    await page.clock.pauseAt(new Date(start.getTime() + 60_000));
    const backdrop = page.getByTestId('finals-preview-backdrop');
    const seen: string[] = [];
    for (let step = 0; step < 5; step++) {
      const cls = (await backdrop.getAttribute('class')) ?? '';
      seen.push(cls);
      await page.clock.runFor(1000);
      await expect(backdrop).not.toHaveClass(cls);
    }
    expect(new Set(seen).size).toBe(5);
    await expect(backdrop).toHaveClass(seen[0] ?? ''); // five steps bring it back to the first colour

    // axe needs running timers, so let the clock go, stop the cycle with reduced motion (the hook follows
    // the setting live), and show each colour seen above in turn for the contrast check.
    await page.clock.resume();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // A step of the cycle already due when the clock resumed may still repaint the backdrop once before the
    // hook sees the setting: each colour is checked again until axe ran with it shown from start to end.
    for (const cls of seen) {
      await expect(async () => {
        await backdrop.evaluate((el, c) => el.setAttribute('class', c), cls);
        await expect(backdrop).toHaveClass(cls, { timeout: 1000 });
        await expectNoSeriousA11yViolations(page);
        expect(await backdrop.getAttribute('class')).toBe(cls);
      }).toPass({ timeout: 20_000 });
    }
  });

  test('the background stays still under prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install({ time: start });
    await page.goto('/finals-player/4');
    await expect(page.getByRole('heading', { level: 1, name: 'Game 4 Preview' })).toBeVisible();
    await page.clock.pauseAt(new Date(start.getTime() + 60_000));
    const backdrop = page.getByTestId('finals-preview-backdrop');
    const before = await backdrop.getAttribute('class');
    await page.clock.runFor(2000);
    await expect(page.getByRole('heading', { level: 1, name: 'Game 4 Preview' })).toBeVisible();
    expect(await backdrop.getAttribute('class')).toBe(before);
  });
});

test.describe('Game player portal', () => {
  test('shows the team and Ready to Join; Join Game carries the trimmed form to /game-info', async ({ page }) => {
    await page.goto('/game-player/indiana-pacers');
    await expect(page.getByRole('heading', { level: 1, name: 'Indiana Pacers' })).toBeVisible();
    await expect(page.getByText('Ready to Join')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScroll(page);

    await page.getByLabel('Team support').fill('  Go Pacers  ');
    await page.getByLabel('Organization').fill('Indy Youth Hoops');
    await page.getByLabel('Game code').fill('FG3');
    await page.getByRole('button', { name: 'Join Game' }).click();

    await expect(page).toHaveURL('/game-info');
    await expect(detail(page, 'Team')).toHaveText('Indiana Pacers');
    await expect(detail(page, 'Team support')).toHaveText('Go Pacers');
    await expect(detail(page, 'Organization')).toHaveText('Indy Youth Hoops');
    await expect(detail(page, 'Referral code')).toHaveText('Not specified');
    await expect(detail(page, 'Game code')).toHaveText('FG3');
  });

  test('fields stop at 100 characters and Enter submits the form', async ({ page }) => {
    await page.goto('/game-player/oklahoma-city-thunder');
    const referral = page.getByLabel('Referral code');
    await referral.fill('R'.repeat(150));
    await expect(referral).toHaveValue('R'.repeat(100));
    await referral.press('Enter');
    await expect(page).toHaveURL('/game-info');
    await expect(detail(page, 'Team')).toHaveText('Oklahoma City Thunder');
    await expect(detail(page, 'Referral code')).toHaveText('R'.repeat(100));
    await expect(detail(page, 'Organization')).toHaveText('Not specified');
  });

  test('/game-player without a team reads "Your team" and joins with nothing specified', async ({ page }) => {
    await page.goto('/game-player');
    await expect(page.getByRole('heading', { level: 1, name: 'Your team' })).toBeVisible();
    await expect(page.getByText('Ready to Join')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Join Game' }).click();
    await expect(page).toHaveURL('/game-info');
    for (const label of ['Team', 'Team support', 'Organization', 'Referral code', 'Game code']) {
      await expect(detail(page, label)).toHaveText('Not specified');
    }
  });

  test('Back goes to the game 1 preview', async ({ page }) => {
    await page.goto('/game-player/indiana-pacers');
    await page.getByRole('link', { name: 'Back to Game Preview' }).click();
    await expect(page).toHaveURL('/finals-player/1');
    await expect(page.getByRole('heading', { level: 1, name: 'Game 1 Preview' })).toBeVisible();
  });
});
