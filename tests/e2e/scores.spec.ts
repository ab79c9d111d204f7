import { expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, isPhone, test } from './fixtures';

// The browser suite's server replays the recorded scoreboards as if recorded today (fixtures mode), so
// the ticker has recent finals, a live game and today's schedule whatever day the suite runs.
test.describe('scores on the sports hub', () => {
  test('the ticker shows recent games and today’s schedule from the server, and can be paused', async ({ page }) => {
    const scoreRequests: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith('http://127.0.0.1')) scoreRequests.push(r.url());
    });
    await page.goto('/sports');
    const ticker = page.getByRole('region', { name: /Scores: recent games/ });
    const list = ticker.getByRole('list', { name: 'Scores' });
    await expect(list.getByRole('listitem').first()).toBeVisible();
    await expect(list.getByText('Final').first()).toBeVisible();
    await expect(list.getByText('Live').first()).toBeVisible();
    await expect(list.getByText('Upcoming').first()).toBeVisible();
    await expect(list.getByText(/IND 85 @ NY 77/)).toBeVisible();
    // The list runs three times for the loop; the copies are hidden from assistive technology.
    await expect(ticker.locator('ul[aria-hidden="true"]')).toHaveCount(2);
    expect(scoreRequests, 'the browser never calls the scores service itself').toEqual([]);

    const track = ticker.locator('.fg-ticker-track');
    await expect(track).toHaveCSS('animation-duration', '60s');
    const pause = ticker.getByRole('button', { name: 'Pause scrolling scores' });
    await pause.focus();
    await page.keyboard.press('Enter');
    await expect(ticker.getByRole('button', { name: 'Resume scrolling scores' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(track).toHaveCSS('animation-play-state', 'paused');
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
  });

  test('under prefers-reduced-motion the ticker stands still and lists each game once', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/sports');
    const ticker = page.getByRole('region', { name: /Scores: recent games/ });
    await expect(ticker.getByRole('list', { name: 'Scores' }).getByRole('listitem').first()).toBeVisible();
    await expect(ticker.locator('.fg-ticker-track')).toHaveCount(0);
    await expect(ticker.getByRole('button', { name: /scrolling scores/ })).toHaveCount(0);
    // The colour-cycling cards stand still too.
    const strip = page.getByTestId('colour-strip').first();
    await expect(strip).toHaveAttribute('data-colour', '0');
    await page.clock.runFor(3000);
    await expect(strip).toHaveAttribute('data-colour', '0');
  });

  test('the NBA Finals card cycles team colours every 200 ms and the soccer card every 1.5 s', async ({ page }) => {
    await page.clock.install();
    await page.goto('/sports');
    const finals = page.getByRole('link', { name: /NBA Finals/ }).getByTestId('colour-strip');
    const soccer = page.getByRole('link', { name: /Soccer Tournament/ }).getByTestId('colour-strip');
    await expect(finals).toBeVisible();
    await page.clock.pauseAt(Date.now() + 60_000);
    const at = async () => [
      Number(await finals.getAttribute('data-colour')),
      Number(await soccer.getAttribute('data-colour')),
    ];
    const [f0 = 0, s0 = 0] = await at();
    await page.clock.runFor(200);
    await expect(finals).toHaveAttribute('data-colour', String((f0 + 1) % 30));
    await page.clock.runFor(1000);
    await expect(finals).toHaveAttribute('data-colour', String((f0 + 6) % 30));
    await page.clock.runFor(300);
    const [, s1 = 0] = await at();
    // 1.5 s moved the soccer card on by exactly one of its five colours.
    expect(s1).toBe((s0 + 1) % 5);
  });

  test('the ticker’s loading, failure and empty states', async ({ page }) => {
    let answer: (body: unknown) => void = () => {};
    await page.route('**/api/scores/ticker', async (route) => {
      const body = await new Promise((resolve) => {
        answer = resolve;
      });
      await route.fulfill({ json: body });
    });
    await page.goto('/sports');
    const ticker = page.getByRole('region', { name: /Scores: recent games/ });
    await expect(ticker.getByText("Loading recent games and today's schedule…")).toBeVisible();
    answer({ games: [], failedFeeds: ['wnba', 'nba', 'mlb', 'nhl'] });
    await expect(ticker.getByRole('alert')).toHaveText('Failed to load game scores.');

    await page.unroute('**/api/scores/ticker');
    await page.route('**/api/scores/ticker', (route) => route.fulfill({ json: { games: [], failedFeeds: ['nhl'] } }));
    await page.reload();
    await expect(
      page.getByRole('region', { name: /Scores: recent games/ }).getByText('No games from last 2 days or today'),
    ).toBeVisible();
  });

  test('NFL preseason: the two fixed games, then the feed’s, 12 in all; silent fallback when the feed fails', async ({
    page,
  }) => {
    await page.goto('/sports');
    const nfl = page
      .locator('section, div')
      .filter({ has: page.getByRole('heading', { name: 'NFL Preseason Schedule' }) })
      .last();
    // A phone folds long schedules: open this one first.
    if (isPhone(page)) await nfl.getByRole('button', { name: /^Show all \d+ preseason games$/ }).click();
    await expect(nfl.getByRole('listitem')).toHaveCount(12);
    await expect(nfl.getByRole('listitem').nth(0)).toContainText('Chargers vs Lions');
    await expect(nfl.getByRole('listitem').nth(1)).toContainText('Raiders vs Seahawks');
    await expect(nfl.getByRole('listitem').nth(2)).toContainText('New York Giants vs Buffalo Bills');

    await page.route('**/api/scores/nfl-preseason', (route) =>
      route.fulfill({
        json: {
          feedFailed: true,
          games: [
            {
              id: 'nfl-hof-2025',
              name: 'Hall of Fame Game',
              date: '2025-07-31',
              teams: ['Chargers', 'Lions'],
              week: 'Hall of Fame Weekend',
              status: 'Scheduled',
            },
          ],
        },
      }),
    );
    await page.reload();
    await expect(nfl.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByText(/Could not load NFL/)).toHaveCount(0);
  });

  test('MLB weekend: seeded games, then the scoreboard from 16 June on; a failed feed says so', async ({ page }) => {
    await page.goto('/sports');
    const mlb = page
      .locator('section, div')
      .filter({ has: page.getByRole('heading', { name: 'MLB Weekend Games' }) })
      .last();
    // A phone folds long schedules: open this one first.
    if (isPhone(page)) await mlb.getByRole('button', { name: /^Show all \d+ scoreboard games$/ }).click();
    await expect(
      mlb.getByText(
        'Seattle Mariners @ Arizona Diamondbacks'.replace(
          'Seattle Mariners @ Arizona Diamondbacks',
          'Arizona Diamondbacks @ Seattle Mariners',
        ),
      ),
    ).toBeVisible();
    await page.route('**/api/scores/mlb', (route) => route.fulfill({ json: { games: [], feedFailed: true } }));
    await page.reload();
    await expect(mlb.getByText('Could not load MLB games.')).toBeVisible();
  });
});
