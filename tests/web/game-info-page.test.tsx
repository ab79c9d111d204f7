import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../src/web/components/ui/toast';
import { GameInfoPage } from '../../src/web/features/boards/pages/game-info-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const summary = {
  ticketNumber: 'ABCDEFGHI',
  team: 'Knicks vs Pacers',
  donationCommitmentCents: 0,
  organization: '',
  teamSupport: '',
  gameCode: '',
  referralCode: '',
  entryDate: '2030-01-01',
};

function renderPage(state: Record<string, unknown> = {}) {
  const posted: { amountCents: number }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      posted.push(JSON.parse(String(init?.body)));
      return json(200, summary);
    }),
  );
  const router = createMemoryRouter(
    [
      { path: '/game-info', Component: GameInfoPage },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [{ pathname: '/game-info', state }] },
  );
  render(
    <ToastProvider>
      <RouterProvider router={router} />
    </ToastProvider>,
  );
  return posted;
}

const custom = () => screen.getByLabelText('Custom amount ($)');
const proceed = () => screen.getByRole('button', { name: 'Proceed with Donation' });

describe('game info donation amount', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('says why each disabled amount is disabled, beside it and in its description', async () => {
    renderPage();
    const reason = '$25, $75, $200 and $250 are not quick picks here: type any of them as a custom amount.';
    expect(await screen.findByText(reason)).toBeVisible();
    for (const a of ['$25', '$75', '$200', '$250']) {
      const button = screen.getByRole('button', { name: a });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(reason);
    }
    expect(screen.getByRole('button', { name: '$50' })).not.toHaveAttribute('aria-describedby');
  });

  it('refuses typed amounts the shared dollar parser or the endpoint rule refuses, posting nothing', async () => {
    const posted = renderPage();
    fireEvent.change(await screen.findByLabelText('Confirmation code'), { target: { value: 'ABC' } });
    const refused: [string, string][] = [
      ['1.005', 'Enter an amount in dollars, e.g. 25 or 12.50'],
      ['1e3', 'Enter an amount in dollars, e.g. 25 or 12.50'],
      ['-5', 'Enter an amount in dollars, e.g. 25 or 12.50'],
      ['0x10', 'Enter an amount in dollars, e.g. 25 or 12.50'],
      ['Infinity', 'Enter an amount in dollars, e.g. 25 or 12.50'],
      ['0.50', 'Choose an amount of at least $1'],
      ['0', 'Choose an amount of at least $1'],
      ['10000.01', 'Choose an amount of at most $10,000'],
    ];
    for (const [text, message] of refused) {
      fireEvent.change(custom(), { target: { value: text } });
      expect(custom(), text).toHaveAccessibleDescription(message);
      expect(proceed(), text).toBeDisabled();
      fireEvent.submit(proceed().closest('form') as HTMLFormElement);
    }
    expect(posted).toEqual([]);
  });

  it('sends exact cents for a typed amount, with $ and thousands commas as people write them', async () => {
    const posted = renderPage();
    fireEvent.change(await screen.findByLabelText('Confirmation code'), { target: { value: 'ABC' } });
    fireEvent.change(custom(), { target: { value: '$1,234.57' } });
    expect(custom()).not.toHaveAttribute('aria-invalid', 'true');
    fireEvent.click(proceed());
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.amountCents).toBe(123457);
  });

  it('takes only an offered amount from the previous page', async () => {
    const posted = renderPage({ donationAmount: 0.015 });
    fireEvent.change(await screen.findByLabelText('Confirmation code'), { target: { value: 'ABC' } });
    expect(proceed()).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: '$50' }));
    fireEvent.click(proceed());
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.amountCents).toBe(5000);
  });
});
