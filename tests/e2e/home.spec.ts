import { expect, expectNoSeriousA11yViolations, test } from './fixtures';

test.describe('home', () => {
  test('renders the banner, hero, figures, categories and blurbs, with clocks ticking every second', async ({
    page,
  }) => {
    await page.clock.install({ time: new Date('2025-06-11T16:00:00Z') });
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'The Ultimate Sports & Gaming Experience' }),
    ).toBeVisible();
    await expect(page.getByText('Reach 2k+ Monthly Visitors')).toBeVisible();

    // Stop the page's clock at a known instant, then move it by hand: the assertions cannot race it.
    await page.clock.pauseAt(new Date('2025-06-11T16:00:10Z'));
    const eastern = page.getByTestId('clock-eastern');
    await expect(eastern).toHaveText('12:00:10 PM');
    await expect(page.getByTestId('clock-central')).toHaveText('11:00:10 AM');
    await expect(page.getByTestId('clock-pacific')).toHaveText('9:00:10 AM');
    await page.clock.runFor(1000);
    await expect(eastern).toHaveText('12:00:11 PM');
    await page.clock.runFor(2000);
    await expect(eastern).toHaveText('12:00:13 PM');
    await expect(page.getByTestId('clock-pacific')).toHaveText('9:00:13 AM');

    for (const figure of ['2,847', '156', '$47,230', '94%']) {
      await expect(page.getByText(figure, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Featured Categories' })).toBeVisible();
    for (const blurb of ['Lightning Fast', 'Precision Tracking', 'Amazing Rewards']) {
      await expect(page.getByRole('heading', { name: blurb })).toBeVisible();
    }
  });

  test('/home shows the home page', async ({ page }) => {
    await page.goto('/home');
    await expect(
      page.getByRole('heading', { level: 1, name: 'The Ultimate Sports & Gaming Experience' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Home · FanGrid');
  });

  const links: Array<[string, RegExp | string, string]> = [
    ['Explore Sports', 'link', '/sports'],
    ['Gaming Hub', 'link', '/gaming'],
    ['Football', 'category', '/sports'],
    ['Basketball', 'category', '/sports'],
    ['Gaming', 'category', '/gaming'],
    ['Start Playing Now', 'link', '/sports'],
    ['Learn More', 'link', '/faq'],
  ];
  for (const [name, kind, target] of links) {
    test(`'${name}' goes to ${target}`, async ({ page }) => {
      await page.goto('/');
      const main = page.getByRole('main');
      const link =
        kind === 'category'
          ? page
              .getByRole('region', { name: 'Featured Categories' })
              .getByRole('link', { name: new RegExp(`^${name} `) })
          : main.getByRole('link', { name, exact: true });
      await link.click();
      await expect(page).toHaveURL(target);
    });
  }

  test('passes axe with no serious or critical violations', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText('2,847')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('works with the keyboard: skip link, then the hero buttons', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText('2,847')).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();
    const explore = page.getByRole('link', { name: 'Explore Sports' });
    await explore.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/sports');
  });

  test("a client navigation asks for the next screen's chunks at once, from route-preloads.json", async ({ page }) => {
    const table = (await (await page.request.get('/route-preloads.json')).json()) as Record<
      string,
      { modules: string[] }
    >;
    const faqModules = table['/faq']?.modules ?? [];
    expect(faqModules.length).toBeGreaterThan(0);
    const asked = new Set<string>();
    page.on('request', (r) => asked.add(new URL(r.url()).pathname));
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'The Ultimate Sports & Gaming Experience' }),
    ).toBeVisible();
    // The home page's HTML names only its own chunks: the FAQ's come from the table, at the navigation.
    const before = await page
      .locator('head link[rel="modulepreload"]')
      .evaluateAll((ls) => ls.map((l) => l.getAttribute('href')));
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL('/faq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const after = await page
      .locator('head link[rel="modulepreload"]')
      .evaluateAll((ls) => ls.map((l) => l.getAttribute('href')));
    for (const chunk of faqModules) {
      expect(after.filter((href) => href === chunk).length, chunk).toBeGreaterThan(before.includes(chunk) ? 1 : 0);
      expect(asked, chunk).toContain(chunk);
    }
  });
});
