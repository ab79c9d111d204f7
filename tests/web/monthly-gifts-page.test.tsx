import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '../../src/shared/contracts/paths';
import { type MonthlyGift, paymentErrorCodes } from '../../src/shared/contracts/payments';
import { cardMessages } from '../../src/shared/domain/payments';
import { cardProblemField, MonthlyCardPage } from '../../src/web/features/payments/pages/monthly-card-page';
import {
  giftStateLabel,
  MonthlyGiftsPage,
  renewedNowText,
} from '../../src/web/features/payments/pages/monthly-gifts-page';
import { renderRoutesAt } from '../support/render-router';

const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
const apiError = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  json(status, { error: { code, message, ...(fields ? { fields } : {}) } });

const gift = (over: Partial<MonthlyGift> = {}): MonthlyGift => ({
  id: 'gift-1',
  reference: 'DON-ABC123',
  organization: 'Cubs Charities',
  state: 'active',
  amountCents: 500,
  nextChargeAt: '2026-12-25T05:00:00.000Z',
  cancelAtPeriodEnd: false,
  periodEndsAt: '2026-12-25T05:00:00.000Z',
  startedAt: '2026-10-25T05:00:00.000Z',
  testMode: true,
  testClock: false,
  history: [
    { reference: 'DON-ABC123-2', status: 'paid', amountCents: 500, at: '2026-11-25T05:00:00.000Z' },
    { reference: 'DON-ABC123-2', status: 'failed', amountCents: 500, at: '2026-11-24T05:00:00.000Z' },
    { reference: 'DON-ABC123', status: 'paid', amountCents: 500, at: '2026-10-25T05:00:00.000Z' },
  ],
  ...over,
});

type Call = { url: string; method: string; body: unknown };
function stubApi(route: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      return route(call);
    }),
  );
  return calls;
}

const routes = [
  { path: '/donations/monthly', Component: MonthlyGiftsPage },
  { path: '/donations/monthly/sign-in', Component: MonthlyGiftsPage },
  { path: '/donations/monthly/:id/card', Component: MonthlyCardPage },
];
const listOf = (...gifts: MonthlyGift[]) => json(200, { email: 'fan@example.com', viaAccount: false, gifts });
const signedOut = () => apiError(401, paymentErrorCodes.donorSessionRequired, 'Sign in to see your monthly gifts.');

describe('monthly gifts page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('reads each state as the donor sees it', () => {
    expect(giftStateLabel(gift())).toBe('Active');
    expect(giftStateLabel(gift({ state: 'past_due' }))).toBe('Past due');
    expect(giftStateLabel(gift({ state: 'cancelled' }))).toBe('Cancelled');
    expect(giftStateLabel(gift({ cancelAtPeriodEnd: true, nextChargeAt: null }))).toBe('Ends on Dec 25, 2026');
  });

  it('says what the test clock did for each outcome', () => {
    expect(renewedNowText({ outcome: 'renewed', gift: gift() })).toBe(
      'Renewed now: $5.00 charged (DON-ABC123-2); the receipt is emailed.',
    );
    expect(renewedNowText({ outcome: 'declined', gift: gift({ state: 'past_due' }) })).toBe(
      'The renewal was declined by the test card: the gift is past due and a card link is emailed.',
    );
    expect(renewedNowText({ outcome: 'ended', gift: gift({ state: 'cancelled' }) })).toBe(
      'The gift ended now, as it would at the end of its period.',
    );
    expect(renewedNowText({ outcome: 'unchanged', gift: gift() })).toBe(
      'Nothing renewed: this period had renewed already. The gift shows its latest state.',
    );
  });

  it('without a donor session offers the email form, and answers the same whatever the email', async () => {
    const calls = stubApi((c) => (c.method === 'POST' ? json(202, { sent: true }) : signedOut()));
    renderRoutesAt(routes, '/donations/monthly');
    const email = await screen.findByRole('textbox', { name: 'Email' });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect(await screen.findByText('Enter the email you gave with your gift')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.change(email, { target: { value: ' fan@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect(await screen.findByText('If that email has a monthly gift, a link is on its way')).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({
      url: apiPaths.donations.monthly.link,
      method: 'POST',
      body: { email: 'fan@example.com' },
    });
  });

  it('shows a gift with its renewals newest first, its next charge and the statement link', async () => {
    stubApi(() => listOf(gift({ state: 'past_due' })));
    renderRoutesAt(routes, '/donations/monthly');
    const card = await screen.findByRole('article', { name: 'Cubs Charities' });
    expect(within(card).getByText('Past due')).toBeInTheDocument();
    expect(within(card).getByText('The last charge was declined. Update your card to keep your gift going.'));
    expect(within(card).getByText('$5.00 a month')).toBeInTheDocument();
    expect(within(card).getByText('Dec 25, 2026')).toBeInTheDocument();
    const rows = within(card).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Nov 25, 2026$5.00Paid',
      'Nov 24, 2026$5.00Declined',
      'Oct 25, 2026$5.00Paid',
    ]);
    const year = new Date().getUTCFullYear();
    expect(screen.getByRole('link', { name: `Download ${year} statement (PDF)` })).toHaveAttribute(
      'href',
      apiPaths.donations.monthly.statement(year),
    );
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('a signed-in account sees its gifts without a sign-out', async () => {
    stubApi(() => json(200, { email: 'fan@example.com', viaAccount: true, gifts: [gift()] }));
    renderRoutesAt(routes, '/donations/monthly');
    expect(await screen.findByRole('article', { name: 'Cubs Charities' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('a cancelling or cancelled gift offers no changes', async () => {
    stubApi(() =>
      listOf(
        gift({ cancelAtPeriodEnd: true, nextChargeAt: null }),
        gift({ id: 'gift-2', organization: 'Sky Foundation', state: 'cancelled', nextChargeAt: null }),
      ),
    );
    renderRoutesAt(routes, '/donations/monthly');
    const ending = await screen.findByRole('article', { name: 'Cubs Charities' });
    expect(within(ending).getByText('Ends on Dec 25, 2026')).toBeInTheDocument();
    expect(within(ending).getByText('None')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Sky Foundation' })).getByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change amount' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel gift' })).not.toBeInTheDocument();
  });

  it('changes the amount within $1 to $10,000 and shows the new amount', async () => {
    const calls = stubApi((c) => (c.method === 'POST' ? json(200, gift({ amountCents: 750 })) : listOf(gift())));
    renderRoutesAt(routes, '/donations/monthly');
    fireEvent.click(await screen.findByRole('button', { name: 'Change amount' }));
    const field = screen.getByRole('textbox', { name: 'New monthly amount ($1 to $10,000)' });
    for (const [typed, message] of [
      ['0.50', 'Enter an amount of at least $1.'],
      ['10000.01', 'Enter an amount of at most $10,000.'],
      ['five', 'Enter an amount in dollars, e.g. 25 or 12.50'],
    ]) {
      fireEvent.change(field, { target: { value: typed } });
      fireEvent.click(screen.getByRole('button', { name: 'Confirm amount' }));
      expect(await screen.findByText(message as string)).toBeInTheDocument();
    }
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.change(field, { target: { value: '7.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm amount' }));
    expect(await screen.findByText('$7.50 a month')).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({
      url: apiPaths.donations.monthly.amount('gift-1'),
      method: 'POST',
      body: { amountCents: 750 },
    });
  });

  it('cancels after a dialog that says when the gift ends', async () => {
    const calls = stubApi((c) =>
      c.method === 'POST' ? json(200, gift({ cancelAtPeriodEnd: true, nextChargeAt: null })) : listOf(gift()),
    );
    renderRoutesAt(routes, '/donations/monthly');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel gift' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel your monthly gift?' });
    expect(dialog).toHaveTextContent('Your gift ends on Dec 25, 2026; no further charges.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel my gift' }));
    expect(await screen.findByText('Ends on Dec 25, 2026')).toBeInTheDocument();
    expect(calls.at(-1)?.url).toBe(apiPaths.donations.monthly.cancel('gift-1'));
  });

  it('Update card goes to the local card page', async () => {
    stubApi((c) =>
      c.method === 'POST'
        ? json(200, { url: 'http://localhost:3000/donations/monthly/gift-1/card', local: true })
        : c.url === apiPaths.donations.monthly.gift('gift-1')
          ? json(200, gift())
          : listOf(gift()),
    );
    const router = renderRoutesAt(routes, '/donations/monthly');
    fireEvent.click(await screen.findByRole('button', { name: 'Update card' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/donations/monthly/gift-1/card'));
    expect(await screen.findByRole('heading', { name: 'Update your card' })).toBeInTheDocument();
  });

  it('without the test clock (Stripe, production) shows no Renew now control', async () => {
    stubApi(() => listOf(gift(), gift({ id: 'gift-2', organization: 'Sky Foundation', testMode: false })));
    renderRoutesAt(routes, '/donations/monthly');
    expect(await screen.findByRole('article', { name: 'Sky Foundation' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /test clock/ })).not.toBeInTheDocument();
  });

  it('the test clock renews now with the period as read, shows the new charge and says what happened', async () => {
    const renewed = gift({
      testClock: true,
      periodEndsAt: '2027-01-25T05:00:00.000Z',
      nextChargeAt: '2027-01-25T05:00:00.000Z',
      history: [
        { reference: 'DON-ABC123-3', status: 'paid', amountCents: 500, at: '2026-12-25T05:00:00.000Z' },
        ...gift().history,
      ],
    });
    const calls = stubApi((c) =>
      c.method === 'POST' ? json(200, { outcome: 'renewed', gift: renewed }) : listOf(gift({ testClock: true })),
    );
    renderRoutesAt(routes, '/donations/monthly');
    const card = await screen.findByRole('article', { name: 'Cubs Charities' });
    fireEvent.click(within(card).getByRole('button', { name: 'Renew now (test clock)' }));
    await waitFor(() =>
      expect(within(card).getByRole('status')).toHaveTextContent(
        'Renewed now: $5.00 charged (DON-ABC123-3); the receipt is emailed.',
      ),
    );
    expect(within(card).getAllByRole('row')[1]).toHaveTextContent('Dec 25, 2026$5.00Paid');
    expect(within(card).getByText('Jan 25, 2027')).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({
      url: apiPaths.donations.monthly.renewNow('gift-1'),
      method: 'POST',
      body: { periodEndsAt: '2026-12-25T05:00:00.000Z' },
    });
  });

  it('the test clock names what it will do, is absent when nothing would renew, and shows a refusal', async () => {
    stubApi((c) =>
      c.method === 'POST'
        ? apiError(409, paymentErrorCodes.renewedJustNow, 'This gift renewed less than a second ago.')
        : listOf(
            gift({ testClock: true, cancelAtPeriodEnd: true, nextChargeAt: null }),
            gift({ id: 'gift-2', organization: 'Sky Foundation', testClock: true, state: 'past_due' }),
            gift({ id: 'gift-3', organization: 'Moon Fund', testClock: true, state: 'cancelled' }),
          ),
    );
    renderRoutesAt(routes, '/donations/monthly');
    const ending = await screen.findByRole('article', { name: 'Cubs Charities' });
    expect(screen.getAllByRole('button', { name: /test clock/ })).toHaveLength(1);
    fireEvent.click(within(ending).getByRole('button', { name: 'End now (test clock)' }));
    expect(await within(ending).findByRole('alert')).toHaveTextContent('This gift renewed less than a second ago.');
  });

  it('the emailed link signs in with the token from the fragment, then shows the gifts', async () => {
    window.history.replaceState(null, '', '/donations/monthly/sign-in#token=abcdefghijklmnopqrstuvwxyz');
    const calls = stubApi((c) =>
      c.url === apiPaths.donations.monthly.session
        ? json(200, { email: 'fan@example.com', expiresAt: '2026-11-25T06:00:00.000Z' })
        : listOf(gift()),
    );
    const router = renderRoutesAt(routes, '/donations/monthly/sign-in');
    expect(await screen.findByRole('article', { name: 'Cubs Charities' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/donations/monthly');
    expect(calls[0]).toEqual({
      url: apiPaths.donations.monthly.session,
      method: 'POST',
      body: { token: 'abcdefghijklmnopqrstuvwxyz' },
    });
    expect(window.location.hash).toBe('');
  });

  it('a wrong, used or expired link says so and offers the email form', async () => {
    window.history.replaceState(null, '', '/donations/monthly/sign-in#token=abcdefghijklmnopqrstuvwxyz');
    stubApi((c) =>
      c.url === apiPaths.donations.monthly.session
        ? apiError(400, paymentErrorCodes.linkInvalid, 'This link is not valid.')
        : signedOut(),
    );
    renderRoutesAt(routes, '/donations/monthly/sign-in');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid any more');
    expect(screen.getByRole('button', { name: 'Email me a link' })).toBeInTheDocument();
  });
});

describe('local card page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('puts a declined card’s reason on its field', async () => {
    expect(cardProblemField(cardMessages.expired)).toBe('expiry');
    expect(cardProblemField(cardMessages.cvc)).toBe('cvc');
    expect(cardProblemField(cardMessages.declined)).toBe('number');
    stubApi((c) =>
      c.method === 'POST'
        ? apiError(402, paymentErrorCodes.cardDeclined, cardMessages.declined)
        : json(200, gift({ state: 'past_due' })),
    );
    renderRoutesAt(routes, '/donations/monthly/gift-1/card');
    expect(await screen.findByText('Cubs Charities · $5.00 a month')).toBeInTheDocument();
    expect(screen.getByText('Your last renewal was declined: saving a card charges it again now.'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Card number' }), {
      target: { value: '4000000000000002' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Card number' })).toHaveAccessibleDescription(cardMessages.declined),
    );
  });
});
