import { totpCodeOf, wrongTotpCodeOf } from '../support/two-factor';
import {
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  isPhone,
  signIn,
  signUp,
  test,
  watchLayoutShift,
} from './fixtures';
import { layoutProblems } from './layout-checks';

test.describe('two-factor authentication', () => {
  test('turn it on in account settings, sign out, sign in with password and code', async ({ page }, info) => {
    if (isPhone(page)) await page.setViewportSize({ width: 390, height: 844 });
    const email = `two-factor-${info.project.name}-${Date.now()}@example.com`;
    await signUp(page, { email, name: 'Tess Factor', phone: '+12025550187' });

    const shift = await watchLayoutShift(page);
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
    await expect(page.getByTestId('two-factor-state')).toHaveText(/Two-factor is off/);
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScroll(page);
    expect(await shift.total(), 'layout shift of the settings screen').toBeLessThan(0.01);

    // By keyboard: the button, the password, Enter.
    await page.getByRole('button', { name: 'Turn on two-factor' }).focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('Your password').fill('wrong-password');
    await page.keyboard.press('Enter');
    await expect(page.getByText('That password is not right.')).toBeVisible();
    await page.getByRole('button', { name: 'Dismiss notification' }).click();
    await page.getByLabel('Your password').fill('Squares-2025!');
    await page.keyboard.press('Enter');

    const qr = page.getByRole('img', { name: 'QR code to add FanGrid to your authenticator app' });
    await expect(qr).toBeVisible();
    const secret = (await page.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScroll(page);
    expect(await layoutProblems(page, { rules: ['covering', 'overlap'] })).toEqual([]);

    await page.getByLabel('6-digit code').fill(await totpCodeOf(secret));
    await page.keyboard.press('Enter');
    const codes = page.getByTestId('two-factor-backup-codes').getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await expect(page.getByRole('link', { name: 'Download codes' })).toHaveAttribute(
      'download',
      'fangrid-backup-codes.txt',
    );
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScroll(page);
    const backupCode = (await codes.first().innerText()).trim();
    await page.getByRole('button', { name: 'I saved my codes' }).click();
    await expect(page.getByTestId('two-factor-state')).toHaveText(/Two-factor is on/);

    await page.getByRole('button', { name: 'Sign out Tess Factor' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();

    // The password alone is not enough any more: the second step asks for the app's code.
    await signIn(page, email);
    await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
    await expect(page.getByLabel('6-digit code')).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScroll(page);
    await page.getByLabel('6-digit code').fill(await wrongTotpCodeOf(secret));
    await page.keyboard.press('Enter');
    await expect(page.getByText(/That code is not right/)).toBeVisible();
    await page.getByLabel('6-digit code').fill(await totpCodeOf(secret));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Welcome back! Successfully logged in.')).toBeVisible();
    await expect(page).toHaveURL('/home');

    // A backup code works instead of the app, once.
    await page.getByRole('button', { name: 'Sign out Tess Factor' }).click();
    await signIn(page, email);
    await page.getByRole('button', { name: 'Use a backup code instead' }).click();
    await page.getByLabel('Backup code').fill(backupCode);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/home');

    // New backup codes for the password, shown once.
    await page.goto('/account');
    await page.getByRole('button', { name: 'New backup codes' }).click();
    await page.getByLabel('Your password').fill('Squares-2025!');
    await page.getByRole('button', { name: 'Make new backup codes' }).click();
    await expect(page.getByText('New backup codes: the old ones no longer work.', { exact: false })).toBeVisible();
    await expect(codes).toHaveCount(10);
    await expect(codes.first()).not.toHaveText(backupCode);
    await page.getByRole('button', { name: 'I saved my codes' }).click();

    // Turning it off needs the password; then the password alone signs in again.
    await page.getByRole('button', { name: 'Turn off two-factor' }).click();
    await page.getByLabel('Your password').fill('Squares-2025!');
    await page.getByRole('button', { name: 'Turn off two-factor' }).click();
    await expect(page.getByTestId('two-factor-state')).toHaveText(/Two-factor is off/);
  });
});
