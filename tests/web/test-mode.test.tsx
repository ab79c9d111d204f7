import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LocalSession, PaymentView } from '../../src/shared/contracts/payment-responses';
import { drawAxes } from '../../src/shared/domain/boards';
import { PaymentReturn } from '../../src/web/features/boards/components/payment-return';
import { CheckoutPage } from '../../src/web/features/payments/pages/checkout-page';
import { boardView } from '../support/boards';

/** Answers every API request with `body` (what the server says), recording the paths asked for. */
function serve(body: unknown, status = 200) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      asked.push(path);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return asked;
}
/** The board the payments were for, before its draw. */
const board = boardView({ game: { ...boardView().game, teamA: 'Lakers', teamB: 'Warriors' } });
const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
afterEach(() => vi.unstubAllGlobals());

const payment = (over: Partial<PaymentView> = {}): PaymentView => ({
  sessionId: 'cs_local_x',
  purpose: 'entry',
  description: 'Board entry K7Q: Lakers vs Warriors',
  amountCents: 500,
  status: 'paid',
  testMode: true,
  ...over,
});

describe('PaymentReturn (a paid entry back on its board)', () => {
  it('says TEST MODE when the server says the checkout was a test, with the outcome', async () => {
    const asked = serve(payment());
    render(
      <QueryClientProvider client={client()}>
        <PaymentReturn sessionId="cs_local_x" board={board} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('complementary', { name: 'Test mode' })).toHaveTextContent('TEST MODE');
    expect(screen.getByRole('status')).toHaveTextContent('Payment received: your entry is confirmed.');
    expect(screen.getByRole('status')).toHaveTextContent('$5.00');
    expect(asked).toEqual(['/api/payments/sessions/cs_local_x']);
  });

  it('shows no banner for a live payment, and what happened to an unpaid one', async () => {
    serve(payment({ testMode: false, status: 'expired' }));
    render(
      <QueryClientProvider client={client()}>
        <PaymentReturn sessionId="cs_live_x" board={board} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('status')).toHaveTextContent('The checkout closed before it was paid.');
    expect(screen.queryByText('TEST MODE')).toBeNull();
  });

  it('shows nothing for a session the server does not know', async () => {
    const asked = serve({ error: { code: 'NOT_FOUND', message: 'We could not find that payment.' } }, 404);
    const { container } = render(
      <QueryClientProvider client={client()}>
        <PaymentReturn sessionId="cs_nope" board={board} />
      </QueryClientProvider>,
    );
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    expect(container).toBeEmptyDOMElement();
  });
});

describe('CheckoutPage', () => {
  const session = (over: Partial<LocalSession> = {}): LocalSession => ({
    sessionId: 'cs_local_x',
    description: 'Donation: Dodgers vs Giants',
    amountCents: 2500,
    mode: 'payment',
    status: 'pending',
    expiresAt: '2025-06-11T16:30:00.000Z',
    cancelUrl: 'http://localhost:3000/baseball-games',
    testMode: true,
    asksEmail: false,
    ...over,
  });
  const renderCheckout = () =>
    render(
      <QueryClientProvider client={client()}>
        <RouterProvider
          router={createMemoryRouter([{ path: '/checkout/:sessionId', Component: CheckoutPage }], {
            initialEntries: ['/checkout/cs_local_x'],
          })}
        />
      </QueryClientProvider>,
    );

  it('shows the TEST MODE banner with the test cards, from the session’s testMode', async () => {
    serve(session());
    renderCheckout();
    const banner = await screen.findByRole('complementary', { name: 'Test mode' });
    expect(banner).toHaveTextContent('TEST MODE');
    expect(banner).toHaveTextContent('4242 4242 4242 4242');
    expect(screen.getByRole('button', { name: 'Pay $25.00' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancel and return to FanGrid' })).toBeEnabled();
  });

  it('shows no banner when the server does not say test mode', async () => {
    serve(session({ testMode: false }));
    renderCheckout();
    await screen.findByRole('button', { name: 'Pay $25.00' });
    expect(screen.queryByText('TEST MODE')).toBeNull();
  });

  it('asks a board entry’s payer for an email for the receipt, and sends it with the card', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_path: string, init?: RequestInit) => {
        if (init?.method === 'POST') sent.push(JSON.parse(String(init.body)));
        const body =
          init?.method === 'POST' ? { redirectUrl: '/boards/lakers-warriors' } : session({ asksEmail: true });
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
    renderCheckout();
    const email = await screen.findByLabelText('Email for your receipt (optional)');
    expect(email).toHaveAttribute('type', 'email');
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242424242424242' } });
    fireEvent.change(screen.getByLabelText('Expiry (MM / YY)'), { target: { value: '1230' } });
    fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '123' } });
    fireEvent.change(email, { target: { value: ' fan@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $25.00' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ number: '4242 4242 4242 4242', cvc: '123', email: 'fan@example.com' });
  });

  it('asks no email on a donation’s checkout: its receipt goes to the donor’s email', async () => {
    serve(session());
    renderCheckout();
    await screen.findByRole('button', { name: 'Pay $25.00' });
    expect(screen.queryByLabelText('Email for your receipt (optional)')).toBeNull();
  });

  it('says a monthly gift is monthly on its button, from the real amount', async () => {
    serve(session({ mode: 'subscription', description: 'Monthly donation: Cubs vs Cardinals' }));
    renderCheckout();
    expect(await screen.findByRole('button', { name: 'Pay $25.00 per month' })).toBeEnabled();
  });
});

describe('PaymentReturn confirmation', () => {
  it('confirms a paid entry with its code, ticket, cells (by place before the draw) and amount', async () => {
    serve(payment({ entry: { code: 'K7Q', ticketNumber: 'ABCDEFGHJ', cells: [47, 3] } }));
    render(
      <QueryClientProvider client={client()}>
        <PaymentReturn sessionId="cs_local_x" board={board} />
      </QueryClientProvider>,
    );
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Payment received: your entry is confirmed.');
    expect(status).toHaveTextContent('Your codeK7QTicketABCDEFGHJCellsrow 1, column 4; row 5, column 8Paid$5.00');
  });

  it("names a cell by the drawn digits, then its place, once the board's numbers are drawn", async () => {
    const axes = drawAxes('5'.repeat(64));
    serve(payment({ entry: { code: 'K7Q', ticketNumber: 'ABCDEFGHJ', cells: [47] } }));
    render(
      <QueryClientProvider client={client()}>
        <PaymentReturn sessionId="cs_local_x" board={{ ...board, axes: { ...axes, drawn: true } }} />
      </QueryClientProvider>,
    );
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(
      `CellLakers ${axes.columns[7]} / Warriors ${axes.rows[4]} (row 5, column 8)Paid$5.00`,
    );
  });

  it('confirms nothing for an entry whose checkout was not paid', async () => {
    serve(payment({ status: 'expired', entry: { code: 'K7Q', ticketNumber: 'ABCDEFGHJ', cells: [] } }));
    render(
      <QueryClientProvider client={client()}>
        <PaymentReturn sessionId="cs_local_x" board={board} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('status')).not.toHaveTextContent('Your code');
  });
});
