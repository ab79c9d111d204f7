import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../src/web/components/ui/toast';
import { LoginPage } from '../../src/web/features/accounts/pages/login-page';
import { DonationForm } from '../../src/web/features/payments/components/donation-form';
import { unavailableMessage } from '../../src/web/lib/api-client';
import { renderRoutesAt } from '../support/render-router';

/**
 * While FanGrid's database is down the API answers 503 UNAVAILABLE: the sign-up and donation forms say to try
 * again in a moment and keep every field as typed (the entry and tip forms: board-entry-form and tip-form tests).
 */

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const outage = () =>
  json(
    503,
    {
      error: {
        code: 'UNAVAILABLE',
        message: "FanGrid can't reach its database right now. Please try again in a moment.",
      },
    },
    { 'retry-after': '5' },
  );

/** Answers every POST with the outage and GETs with `get`; the POST bodies sent. */
function stubFetch(get: (url: string) => Response) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return outage();
      }
      return get(url);
    }),
  );
  return posted;
}

afterEach(() => vi.unstubAllGlobals());

describe('forms while FanGrid cannot be reached', () => {
  it('sign-up says try again in a moment and keeps name, phone, email and password', async () => {
    const posted = stubFetch(() => json(200, { user: null }));
    renderRoutesAt([{ path: '/login', Component: LoginPage }], '/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign up' }));
    const typed = {
      'Full name': 'Jordan Fan',
      Phone: '(202) 555-0186',
      Email: 'jordan@example.com',
      Password: 'Squares-2025!',
    };
    for (const [label, value] of Object.entries(typed)) {
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    }
    const create = screen.getByRole('button', { name: 'Create Account' });
    await waitFor(() => expect(create).toBeEnabled());
    fireEvent.click(create);
    expect(await screen.findByText(unavailableMessage)).toBeVisible();
    expect(posted).toHaveLength(1);
    for (const [label, value] of Object.entries(typed)) expect(screen.getByLabelText(label), label).toHaveValue(value);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled());
  });

  it('a donation says try again in a moment and keeps amount, name, email, phone and message', async () => {
    const posted = stubFetch(() => json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } }));
    const onStarted = vi.fn();
    render(
      <ToastProvider>
        <DonationForm
          kind="baseball"
          gameData={{ title: 'Yankees vs Red Sox' }}
          allowRecurring={false}
          withPhoneAndMessage
          onStarted={onStarted}
        />
      </ToastProvider>,
    );
    const typed = {
      'Custom amount ($)': '25',
      'Your name': 'Jordan Fan',
      Email: 'jordan@example.com',
      'Phone (optional)': '(202) 555-0186',
      'Message (optional)': 'Go team',
    };
    for (const [label, value] of Object.entries(typed)) {
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    }
    const submit = screen.getByRole('button', { name: /Donate|Continue|Pay/ });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    expect(await screen.findByText(unavailableMessage)).toBeVisible();
    expect(posted).toEqual([expect.objectContaining({ amountCents: 2500, donorName: 'Jordan Fan' })]);
    expect(onStarted).not.toHaveBeenCalled();
    for (const [label, value] of Object.entries(typed)) {
      const field = screen.getByLabelText(label);
      expect(field, label).toHaveValue(field.getAttribute('type') === 'number' ? Number(value) : value);
    }
  });
});
