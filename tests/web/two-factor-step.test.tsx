import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { twoFactorMessages } from '../../src/shared/contracts/two-factor';
import { LoginPage } from '../../src/web/features/accounts/pages/login-page';
import { renderRoutesAt } from '../support/render-router';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Call = { url: string; body: unknown };
function renderLogin(verify: (body: { code: string }) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, body });
      if (url.endsWith('/api/me')) return json(200, { user: null });
      if (url.endsWith('/api/auth/sign-in/email'))
        return json(200, { twoFactorRedirect: true, twoFactorMethods: ['totp'] });
      if (url.includes('/api/auth/two-factor/verify-')) return verify(body);
      return json(404, { error: { code: 'NOT_FOUND', message: 'No route' } });
    }),
  );
  renderRoutesAt(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/home', element: <h1>Home</h1> },
    ],
    '/login',
  );
  return calls;
}

async function passwordStep() {
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'owner@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Squares-2025!' } });
  const submit = screen.getByRole('button', { name: 'Sign In' });
  await waitFor(() => expect(submit).toBeEnabled());
  fireEvent.click(submit);
  return screen.findByRole('heading', { name: 'Two-step sign-in' });
}

const verifyButton = () => screen.getByRole('button', { name: 'Verify and sign in' });

describe('sign-in page: the second step of an account with two-factor on', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the 6-digit code after the password; a wrong one says so, the right one signs in', async () => {
    const answers = [
      json(401, { error: { code: 'INVALID_CODE', message: twoFactorMessages.invalidCode } }),
      json(200, { token: 't', user: { id: 'u' } }),
    ];
    const calls = renderLogin(() => answers.shift() ?? json(500, {}));
    await passwordStep();
    const code = screen.getByLabelText('6-digit code');
    expect(code).toHaveFocus();
    fireEvent.change(code, { target: { value: '12345' } });
    expect(verifyButton()).toBeDisabled();
    fireEvent.change(code, { target: { value: '123 456' } });
    await waitFor(() => expect(verifyButton()).toBeEnabled());
    fireEvent.click(verifyButton());
    expect(await screen.findByText(twoFactorMessages.invalidCode)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '654321' } });
    await waitFor(() => expect(verifyButton()).toBeEnabled());
    fireEvent.click(verifyButton());
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    const sent = calls.filter((c) => c.url.includes('verify-totp')).map((c) => c.body);
    expect(sent).toEqual([{ code: '123456' }, { code: '654321' }]);
  });

  it('takes a backup code instead, and an expired challenge goes back to the password', async () => {
    const calls = renderLogin(() =>
      json(401, { error: { code: 'INVALID_TWO_FACTOR_COOKIE', message: twoFactorMessages.challengeExpired } }),
    );
    await passwordStep();
    fireEvent.click(screen.getByRole('button', { name: 'Use a backup code instead' }));
    fireEvent.change(screen.getByLabelText('Backup code'), { target: { value: 'abcde12345' } });
    await waitFor(() => expect(verifyButton()).toBeEnabled());
    fireEvent.click(verifyButton());
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByText(twoFactorMessages.challengeExpired)).toBeInTheDocument();
    expect(calls.find((c) => c.url.includes('verify-backup-code'))?.body).toEqual({ code: 'abcde-12345' });
  });
});
