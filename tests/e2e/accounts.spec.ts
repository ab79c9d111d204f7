import { expect, expectNoSeriousA11yViolations, followEmailLink, signIn, test } from './fixtures';

test.describe('accounts', () => {
  test('sign up, confirm by email, sign out, fail a sign-in, reset the password, sign in', async ({ page }, info) => {
    const email = `fan-${info.project.name}-${Date.now()}@example.com`;
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('heading', { name: 'Get Started' })).toBeVisible();

    const create = page.getByRole('button', { name: 'Create Account' });
    await expect(create).toBeDisabled();
    await page.getByLabel('Full name').fill('J');
    await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
    await page.getByLabel('Full name').fill('Jordan Fan');
    await page.getByLabel('Phone').fill('0555');
    await expect(page.getByText('Enter a valid US phone number')).toBeVisible();
    await page.getByLabel('Phone').fill('+12025550191');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('12345');
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(create).toBeDisabled();
    await page.getByLabel('Password').fill('Squares-2025!');
    await expect(create).toBeEnabled();
    await create.click();
    await expect(page.getByText('Check your email!')).toBeVisible();

    await followEmailLink(page, 'Confirm your FanGrid account', email);
    await expect(page.getByText('Email confirmed!')).toBeVisible();
    await expect(page).toHaveURL('/home');
    await expect(
      page.getByTestId('signed-in-user').or(page.getByRole('button', { name: 'Sign out Jordan Fan' })),
    ).not.toHaveCount(0);

    await page.getByRole('button', { name: 'Sign out Jordan Fan' }).click();
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();

    await signIn(page, email, 'wrong-password');
    await expect(page.getByText('Login Failed')).toBeVisible();
    await expect(
      page.getByText('Invalid email or password. Please check your credentials and try again.'),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Please enter your email address.')).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(/We've sent you a password reset link/)).toBeVisible();

    await followEmailLink(page, 'Reset your FanGrid password', email);
    await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
    await page.getByLabel('New password').fill('New-Squares-2026');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('Password updated')).toBeVisible();

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('New-Squares-2026');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Welcome back! Successfully logged in.')).toBeVisible();
    await expect(page).toHaveURL('/home');

    // Signed in, /login sends the fan home.
    await page.goto('/login');
    await expect(page).toHaveURL('/home');

    // Signing up again with the same email says so and switches to sign-in.
    await page.getByRole('button', { name: 'Sign out Jordan Fan' }).click();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByLabel('Full name').fill('Jordan Again');
    await page.getByLabel('Phone').fill('+12125550110');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('Another-Squares-1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('This email is already registered. Please try logging in instead.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  });

  test('a bad confirmation link shows Confirmation Error and cleans the URL', async ({ page }) => {
    await page.goto('/api/auth/verify-email?token=forged&callbackURL=%2Flogin%3Fconfirmed%3D1');
    await expect(page.getByText('Confirmation Error')).toBeVisible();
    await expect(page).toHaveURL('/login');
  });

  test('toggling modes clears the form and closes the forgot view; passes axe', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByLabel('Email')).toHaveValue('');
    await page.getByRole('button', { name: 'Sign in' }).last().click();
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.getByRole('button', { name: 'Back to login' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('admin gate', () => {
  test('wrong passcode clears the field; both steps open the admin screen; Back returns to step 1', async ({
    page,
  }) => {
    await page.goto('/admin-kpi');
    const passcode = page.getByLabel('Passcode');
    const next = page.getByRole('button', { name: 'Continue' });
    await passcode.fill('short');
    await expect(next).toBeDisabled();
    await passcode.fill('wrong123');
    await expect(next).toBeEnabled();
    await next.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid password' })).toBeVisible();
    await expect(passcode).toHaveValue('');
    await expectNoSeriousA11yViolations(page);

    await passcode.fill('fangrid1');
    await next.click();
    await expect(page.getByLabel('Second password')).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('Passcode')).toBeVisible();
    await page.getByLabel('Passcode').fill('fangrid1');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Second password').fill('GAME DAY');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Admin KPIs' })).toBeVisible();

    // The admin session covers the other admin screens too, until it is left.
    await page.goto('/admin-logins');
    await expect(page.getByRole('heading', { name: 'Login attempts' })).toBeVisible();
    await page.getByRole('button', { name: 'Leave admin' }).click();
    await expect(page.getByLabel('Passcode')).toBeVisible();
  });
});
