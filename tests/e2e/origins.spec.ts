import { expect, signIn, test } from './fixtures';

/**
 * In development the app works wherever it is opened: the server's public URL is http://127.0.0.1:<port>, and a
 * fan who opens http://localhost:<port> (or the machine's LAN address from a phone) can still submit forms.
 */
test('forms work when the app is opened at another address than its public URL', async ({ page, baseURL }) => {
  const other = (baseURL ?? '').replace('127.0.0.1', 'localhost');
  expect(other).toContain('localhost');
  await signIn(page, 'nobody@example.com', 'wrong-password', `${other}/login`);
  await expect(page.getByText('Invalid email or password. Please check your credentials and try again.')).toBeVisible();
  await expect(page.getByText('This request did not come from FanGrid')).toHaveCount(0);
});
