import { expect, expectNoSeriousA11yViolations, test } from './fixtures';

test.describe('sports hub', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/sports');
    await expect(page.getByRole('heading', { level: 1, name: 'Sports Hub' })).toBeVisible();
  });

  const destinations: Array<[string, string]> = [
    ['Eastern Conference', '/east-game-board'],
    ['Western Conference', '/game-board'],
    ['NBA Finals', '/nba-finals'],
    ['WNBA Games', '/wnba-games'],
    ['Baseball Season', '/baseball-games'],
    ['Partners', '/partners'],
    ['Soccer Tournament', '/soccer-tournament'],
    ['Formula 1', '/f1-season'],
  ];
  for (const [name, target] of destinations) {
    test(`the ${name} card goes to ${target}`, async ({ page }) => {
      await page
        .getByRole('region', { name: 'Games & Boards' })
        .getByRole('link', { name: new RegExp(`^${name} `) })
        .click();
      await expect(page).toHaveURL(target);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('Oops! Page not found')).toHaveCount(0);
    });
  }

  test('Back to Home and Fan Page go where the spec says', async ({ page }) => {
    await page.getByRole('main').getByRole('link', { name: 'Fan Page' }).click();
    await expect(page).toHaveURL('/fan-page');
    await page.goBack();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL('/');
  });

  test('shows the three disabled Coming Soon ticket buttons, the advert and the static panels', async ({ page }) => {
    for (const league of ['NBA', 'MLB', 'WNBA']) {
      await expect(page.getByRole('button', { name: `${league} Coming Soon`, exact: true })).toBeDisabled();
    }
    await expect(page.getByText('1v49 and 1v99 games')).toBeVisible();
    for (const panel of ['MLB Weekend Games', 'NBA Summer League', 'NFL Preseason Schedule']) {
      await expect(page.getByRole('heading', { name: panel })).toBeVisible();
    }
    await expect(page.getByText('Chargers vs Lions')).toBeVisible();
    await expect(page.getByText('YouTube live streams')).toBeVisible();
    await expect(page.getByText('Twitch live streams')).toBeVisible();
  });

  test('the cart adds, removes and totals items, and survives a reload', async ({ page }) => {
    const count = page.getByTestId('cart-count');
    await expect(count).toHaveText('0');
    await page.getByRole('button', { name: /^Cart, 0 items$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Your cart' });
    await expect(dialog.getByText('Your cart is empty')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Checkout' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Add Summer League General Admission to cart' }).click();
    await page.getByRole('button', { name: 'Add Summer League Premium Seats to cart' }).click();
    await page.getByRole('button', { name: 'Add Summer League General Admission to cart' }).click();
    await expect(count).toHaveText('3');

    await page.reload();
    await expect(page.getByTestId('cart-count')).toHaveText('3');
    await page.getByRole('button', { name: 'Cart, 3 items' }).click();
    await expect(dialog.getByRole('listitem')).toHaveCount(3);
    await expect(dialog.getByTestId('cart-total')).toHaveText('$115.00');

    await dialog.getByRole('button', { name: 'Remove Summer League Premium Seats' }).click();
    await expect(dialog.getByRole('listitem')).toHaveCount(2);
    await expect(dialog.getByTestId('cart-total')).toHaveText('$50.00');
    await dialog.getByRole('button', { name: 'Remove Summer League General Admission' }).first().click();
    await dialog.getByRole('button', { name: 'Remove Summer League General Admission' }).click();
    await expect(dialog.getByText('Your cart is empty')).toBeVisible();
    await expect(dialog.getByTestId('cart-total')).toHaveText('$0.00');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('0');
  });

  test('passes axe with no serious or critical violations, with the cart open too', async ({ page }) => {
    await expect(page.getByText('Chargers vs Lions')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Add Summer League Premium Seats to cart' }).click();
    await page.getByRole('button', { name: /^Cart, 1 item$/ }).click();
    await expect(page.getByRole('dialog', { name: 'Your cart' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
