import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authErrorCodes, authMessages } from '../../src/shared/contracts/auth-messages';
import { LoginPage } from '../../src/web/features/accounts/pages/login-page';
import { renderRoutesAt } from '../support/render-router';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const slowed =
  'Too many failed sign-ins for this account: try again in 32 seconds, or reset your password. If this is your account, we can email you a one-time sign-in link.';

type Call = { url: string; method: string; body: unknown };
function renderLogin(signIn: () => Response, at = '/login') {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      if (url.endsWith('/api/me')) return json(200, { user: null });
      if (url.endsWith('/api/auth/sign-in/email')) return signIn();
      if (url.endsWith('/api/auth/sign-in/link')) {
        return json(200, { sent: true, message: authMessages.signInLinkSent.message });
      }
      return json(404, { error: { code: 'NOT_FOUND', message: 'No route' } });
    }),
  );
  renderRoutesAt([{ path: '/login', element: <LoginPage /> }], at);
  return calls;
}

async function signInAs(email: string) {
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Squares-2025!' } });
  const submit = screen.getByRole('button', { name: 'Sign In' });
  await waitFor(() => expect(submit).toBeEnabled());
  fireEvent.click(submit);
}

describe('sign-in page: the one-time sign-in link', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("offers the link when the account's wait refuses the sign-in, asks for it, then says to check the email", async () => {
    const calls = renderLogin(() =>
      json(429, { error: { code: authErrorCodes.accountSlowed, message: slowed } }, { 'retry-after': '32' }),
    );
    await signInAs('owner@example.com');

    const offer = await screen.findByRole('alert');
    expect(offer).toHaveTextContent(slowed);
    fireEvent.click(within(offer).getByRole('button', { name: 'Email me a sign-in link' }));

    const sent = await within(offer).findByRole('status');
    expect(sent).toHaveTextContent(`Check your email! ${authMessages.signInLinkSent.message}`);
    expect(within(offer).queryByRole('button', { name: 'Email me a sign-in link' })).toBeNull();
    const asked = calls.filter((c) => c.url.endsWith('/api/auth/sign-in/link'));
    expect(asked).toEqual([{ url: '/api/auth/sign-in/link', method: 'POST', body: { email: 'owner@example.com' } }]);
  });

  it('a spent or expired link lands here and says so, in words about the link', async () => {
    renderLogin(() => json(500, {}), '/login?link=failed&error=INVALID_TOKEN');
    expect(await screen.findByText(authMessages.signInLinkFailed.message)).toBeInTheDocument();
    expect(screen.getByText(authMessages.signInLinkFailed.title)).toBeInTheDocument();
    expect(screen.queryByText(authMessages.confirmationError.title)).toBeNull();
  });

  it('offers nothing on a wrong password or on a lock of this network', async () => {
    const answers = [
      json(401, { error: { code: authErrorCodes.invalidCredentials, message: authMessages.loginFailed.message } }),
      json(429, { error: { code: authErrorCodes.accountLocked, message: 'Locked for 15 minutes on this network.' } }),
    ];
    const calls = renderLogin(() => answers.shift() ?? json(500, {}));
    await signInAs('owner@example.com');
    expect(await screen.findByText(authMessages.loginFailed.message)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Locked for 15 minutes on this network.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Email me a sign-in link' })).toBeNull();
    expect(calls.filter((c) => c.url.endsWith('/sign-in/link'))).toEqual([]);
  });
});
