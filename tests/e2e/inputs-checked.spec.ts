import type { Page, Request } from '@playwright/test';
import {
  acceptRules,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  followEmailLink,
  isPhone,
  test,
} from './fixtures';

/**
 * Every input is checked where it is typed and again on the server: a form marks the very field the server
 * names, an excluded state is flagged when it is chosen, user-written text wraps, and a double click does
 * the thing once and says so once.
 */

/** The notification titled `title` (a toast), whether it is a status or an alert. */
const toast = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Notifications' }).getByText(title, { exact: true });
/** Counts the requests a page sends to `path` with `method` from now on. */
function countRequests(page: Page, method: string, path: string) {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === method && new URL(r.url()).pathname === path) seen.push(r);
  });
  return () => seen.length;
}

test.describe('inputs checked where they are typed and on the server', () => {
  test('the WNBA donation marks the email its check or the server refuses; a 500-character message wraps', async ({
    page,
  }, info) => {
    await page.goto('/wnba-games');
    await page.getByRole('tab', { name: 'All Games' }).click();
    await page.getByRole('button', { name: 'Join Game Board' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: /^Support / })).toBeVisible();
    const checkouts = countRequests(page, 'POST', '/api/donations/checkout');
    const longName = `Donor${info.project.name}`.padEnd(100, 'N');
    await page.getByRole('button', { name: '$25', exact: true }).click();
    await page.getByLabel('Your name').fill(longName);
    const email = page.getByLabel('Email');

    // Checked before sending: the email field itself is marked, described and focused.
    await email.fill('sue@example');
    await page.getByRole('button', { name: 'Donate $25.00' }).click();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    await expect(email).toBeFocused();
    expect(checkouts()).toBe(0);

    // An address only the server refuses (a one-letter domain ending): the field it names is marked.
    await email.fill('sue@example.c');
    await expect(email).not.toHaveAttribute('aria-invalid');
    await page.getByRole('button', { name: 'Donate $25.00' }).click();
    await expect(toast(page, 'Payment Error')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
      'Please enter a valid email address',
    );
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    await expect(email).toBeFocused();
    expect(checkouts()).toBe(1);
    await expectNoSeriousA11yViolations(page);

    await email.fill(`wnba-${info.project.name}@example.com`);
    const message = 'M'.repeat(500);
    await page.getByLabel('Message (optional)').fill(message);
    await page.getByRole('button', { name: 'Donate $25.00' }).click();
    await expect(page.getByText('FanGrid test checkout')).toBeVisible();
    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByLabel('Expiry (MM / YY)').fill('1230');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill('Test Fan');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(page.getByRole('heading', { name: 'Donation Successful!' })).toBeVisible();
    const details = page.getByRole('region', { name: 'Your donation' });
    await expect(details).toContainText(message);
    await expect(details).toContainText(longName);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);

    // The admin donations table wraps the donor's long name inside its own box.
    const origin = { origin: new URL(page.url()).origin };
    expect(
      (
        await page.request.post('/api/admin-gate/passcode', { data: { passcode: 'fangrid1' }, headers: origin })
      ).status(),
    ).toBe(200);
    expect(
      (await page.request.post('/api/admin-gate/phrase', { data: { phrase: 'game day' }, headers: origin })).status(),
    ).toBe(200);
    await page.goto('/admin-kpi');
    const name = page.getByRole('cell').filter({ hasText: longName });
    await expect(name).toBeVisible();
    // The name breaks onto several lines of its cell rather than widening the table.
    const lines = await name.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el.firstChild as Node);
      return range.getClientRects().length;
    });
    expect(lines).toBeGreaterThan(1);
    await expectNoSidewaysScroll(page);
  });

  test('the partner inquiry marks the field its check or the server names, and focuses it', async ({ page }) => {
    await page.goto('/partners');
    await page.getByLabel('Name *').fill('Pat Partner');
    await page.getByLabel('Email *').fill('pat@');
    await page.getByLabel('Message *').fill('We run a youth league.');
    await page.getByRole('button', { name: 'Submit Inquiry' }).click();
    const email = page.getByLabel('Email *');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    await expect(email).toBeFocused();
    await expect(toast(page, 'Missing Information')).toHaveCount(0);

    // A refusal the server words for one field lands on that field.
    await page.route('**/api/partners/inquiries', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Organization is too long',
            fields: { organization: 'Organization is too long' },
          },
        }),
      }),
    );
    await email.fill('pat@example.com');
    await page.getByLabel('Organization').fill('Youth League');
    await page.getByRole('button', { name: 'Submit Inquiry' }).click();
    const organization = page.getByLabel('Organization');
    await expect(organization).toHaveAttribute('aria-invalid', 'true');
    await expect(organization).toHaveAccessibleDescription(/Organization is too long/);
    await expect(organization).toBeFocused();
    await expect(email).not.toHaveAttribute('aria-invalid');
    await expectNoSeriousA11yViolations(page);
  });

  test('a state the board excludes is flagged when chosen, with the submit disabled', async ({ page }) => {
    await page.goto('/game-board');
    await page.getByLabel('Phone number').fill(isPhone(page) ? '+12025550142' : '+12025550141');
    await page.getByLabel('Nickname').fill('Zoë');
    await page.getByRole('button', { name: '$5' }).click();
    await acceptRules(page, 'FL');
    const state = page.getByRole('combobox', { name: 'State', exact: true });
    await expect(state).toHaveAttribute('aria-invalid', 'true');
    await expect(state).toHaveAccessibleDescription(
      'Entries from Florida are not accepted: the official rules of this sweepstakes exclude FL.',
    );
    const submit = page.getByRole('button', { name: 'Submit Entry' });
    await expect(submit).toBeDisabled();
    await expectNoSeriousA11yViolations(page);
    await state.selectOption('OH');
    await expect(state).not.toHaveAttribute('aria-invalid');
    await expect(submit).toBeEnabled();
  });

  test('a double click of Create Account and of Import into my account does each once and says so once', async ({
    page,
  }, info) => {
    const email = `inputs-${info.project.name}-${Date.now()}@example.com`;
    await page.goto('/login');
    // This browser's Fan Central data, offered for import once the fan is signed in.
    await page.evaluate(() =>
      localStorage.setItem('fanProfile', JSON.stringify({ name: 'Local Zoë', favoriteCollege: 'Purdue' })),
    );
    const signUps = countRequests(page, 'POST', '/api/auth/sign-up/email');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByLabel('Full name').fill('Zoë Double');
    await page.getByLabel('Phone').fill('+12025550143');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('Squares-2025!');
    await page.getByRole('button', { name: 'Create Account' }).dblclick();
    await expect(toast(page, 'Check your email!')).toBeVisible();
    await expect(toast(page, 'Check your email!')).toHaveCount(1);
    await expect(toast(page, 'Sign Up Error')).toHaveCount(0);
    expect(signUps()).toBe(1);
    await expectNoSeriousA11yViolations(page);

    await followEmailLink(page, 'Confirm your FanGrid account', email);
    await expect(page).toHaveURL('/home');
    const dialog = page.getByRole('dialog', { name: 'Bring your fan data into your account?' });
    await expect(dialog).toBeVisible();
    const imports = countRequests(page, 'POST', '/api/me/local-import');
    await dialog.getByRole('button', { name: 'Import into my account' }).dblclick();
    await expect(toast(page, 'Imported into your account')).toBeVisible();
    await expect(toast(page, 'Imported into your account')).toHaveCount(1);
    await expect(toast(page, 'Already imported')).toHaveCount(0);
    expect(imports()).toBe(1);
    const status = await page.request.get('/api/me/local-import');
    expect((await status.json()).importedAt).toEqual(expect.any(String));
  });
});
