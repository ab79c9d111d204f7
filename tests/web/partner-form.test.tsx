import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../src/web/components/ui/toast';
import { PartnerFormPage } from '../../src/web/features/partners/pages/partner-form-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderForm(path = '/partner-details/sports-excellence') {
  const router = createMemoryRouter(
    [
      { path: '/partner-details/:slug', Component: PartnerFormPage },
      { path: '/partner/:partnerId', Component: PartnerFormPage },
      { path: '/partners', element: <h1>Partners</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <ToastProvider>
      <RouterProvider router={router} />
    </ToastProvider>,
  );
}

function fillRequired() {
  fireEvent.change(screen.getByLabelText('Organization name *'), { target: { value: 'Lakeside Lightning' } });
  fireEvent.change(screen.getByLabelText('Contact person *'), { target: { value: 'Jordan Lee' } });
  fireEvent.change(screen.getByLabelText('Email *'), { target: { value: 'jordan@lakeside.example' } });
  fireEvent.change(screen.getByLabelText('Phone *'), { target: { value: '202-555-0199' } });
  fireEvent.change(screen.getByLabelText('Address *'), { target: { value: '1 Harbor Way' } });
}

describe('partner detail form', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('after a failed email, "Try again" resends without saving the form a second time', async () => {
    let confirmations = 0;
    const fetchMock = vi.fn(async (url: string) => {
      if (url.endsWith('/submissions')) {
        return json(201, {
          submission: { id: '0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f', partnerId: 'sports-excellence', createdAt: 'x' },
          receipt: 'r'.repeat(43),
        });
      }
      confirmations += 1;
      return confirmations === 1
        ? json(502, { error: { code: 'MAIL_FAILED', message: 'Error sending confirmation email. Please try again.' } })
        : json(200, { sentTo: 'jordan@lakeside.example' });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Save & Send Confirmation Email' }));

    const failed = await screen.findByRole('dialog', { name: 'Partner information saved successfully!' });
    expect(within(failed).getByRole('alert')).toHaveTextContent('Error sending confirmation email. Please try again.');
    fireEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    const sent = await screen.findByText('Confirmation email sent successfully!');
    expect(sent).toBeInTheDocument();
    expect(screen.getByText('jordan@lakeside.example')).toBeInTheDocument();
    const calls = fetchMock.mock.calls.map(([url]) => url);
    expect(calls.filter((u) => u.endsWith('/submissions'))).toHaveLength(1);
    expect(calls.filter((u) => u.endsWith('/confirmation'))).toHaveLength(2);
  });

  it('saves again when the values changed since the last save, and again after the email limit', async () => {
    let saves = 0;
    const fetchMock = vi.fn(async (url: string) => {
      if (url.endsWith('/submissions')) {
        saves += 1;
        return json(201, {
          submission: { id: `0f0f0f0f-0f0f-4f0f-8f0f-00000000000${saves}`, partnerId: 'future-stars', createdAt: 'x' },
          receipt: `receipt-${saves}`,
        });
      }
      return saves === 2
        ? json(429, {
            error: {
              code: 'ALREADY_CONFIRMED',
              message: 'The confirmation email for this form was already sent. Save the form again to send another.',
            },
          })
        : json(200, { sentTo: 'jordan@lakeside.example' });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderForm('/partner/future-stars');
    fillRequired();
    const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Save & Send Confirmation Email' }));
    submit();
    fireEvent.click(await screen.findByRole('button', { name: 'Done' }));
    fireEvent.change(screen.getByLabelText('Brand colors'), { target: { value: 'Teal' } });
    submit();
    const limited = await screen.findByRole('alert');
    await waitFor(() => expect(limited).toHaveTextContent('already sent'));
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    submit();
    await screen.findByRole('button', { name: 'Done' });
    expect(saves).toBe(3);
  });

  it('shows the spec messages and saves nothing while required fields are missing', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Save & Send Confirmation Email' }));
    for (const message of [
      'Organization name is required',
      'Contact person is required',
      'Valid email is required',
      'Phone number is required',
      'Address is required',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Organization name *')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
