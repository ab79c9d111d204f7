import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClaimView as ClaimResponse, PublicPrize } from '../../src/shared/contracts/prize-responses';

type ClaimView = ClaimResponse['claim'];

import { ClaimPage } from '../../src/web/features/prizes/pages/claim-page';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
const apiError = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  json(status, { error: { code, message, ...(fields ? { fields } : {}) } });

const token = 'abc.def';
const claim = (over: Partial<ClaimView> = {}): ClaimView => ({
  boardSlug: 'thunder-timberwolves',
  boardTitle: 'Thunder vs Timberwolves',
  period: 'q1',
  periodLabel: '1st Quarter',
  prizeCents: 2500,
  code: 'K7Q',
  state: 'unclaimed',
  methods: ['pickup', 'handle'],
  expiresAt: '2026-12-25T02:00:00.000Z',
  phoneHint: '•••• ••• 0142',
  textable: true,
  signedInOwner: false,
  ...over,
});
const prize = (over: Partial<PublicPrize> = {}): PublicPrize => ({
  id: '0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f',
  boardSlug: 'thunder-timberwolves',
  boardTitle: 'Thunder vs Timberwolves',
  period: 'q1',
  periodLabel: '1st Quarter',
  prizeCents: 2500,
  state: 'claimed',
  method: 'handle',
  code: 'K7Q',
  winnerNickname: 'Ann',
  claimedAt: '2026-11-25T02:00:00.000Z',
  paidAt: null,
  paidReference: null,
  expiresAt: '2026-12-25T02:00:00.000Z',
  createdAt: '2026-11-25T01:00:00.000Z',
  ...over,
});

type Call = { url: string; method: string; body: unknown };
/** The API as a list of answers by request: `route` picks the answer for each call. */
function renderClaim(route: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      return route(call);
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/claim/${token}`]}>
        <Routes>
          <Route path="/claim/:token" element={<ClaimPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

const claimUrl = `/api/claims/${encodeURIComponent(token)}`;

describe('claim page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    [404, 'PRIZE_CLAIM_INVALID', 'This claim link is not valid'],
    [410, 'PRIZE_CLAIM_EXPIRED', 'This claim link has expired'],
    [409, 'PRIZE_CLAIM_USED', 'This prize has already been claimed'],
  ])('a %i link says so and offers no form', async (status, code, title) => {
    renderClaim(() => apiError(status, code, 'refused'));
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(title);
    expect(screen.queryByRole('button', { name: 'Claim prize' })).not.toBeInTheDocument();
  });

  it('shows the prize, texts a code, checks it inline and claims with a payment handle', async () => {
    const calls = renderClaim((c) => {
      if (c.method === 'GET') return json(200, { claim: claim() });
      if (c.url.endsWith('/code')) return json(202, {});
      return json(200, { prize: prize() });
    });
    expect(await screen.findByText('$25')).toBeInTheDocument();
    expect(screen.getByText('Thunder vs Timberwolves')).toBeInTheDocument();
    expect(screen.getByText('1st Quarter')).toBeInTheDocument();
    expect(screen.getByText('K7Q')).toBeInTheDocument();
    // Only the board's methods, and giving back.
    expect(screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual([
      'Pick up at the venue',
      'Payment handle',
      'Give it back to the cause',
    ]);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Text me a code' })));
    expect(calls.at(-1)).toMatchObject({ url: `${claimUrl}/code`, method: 'POST' });
    expect(await screen.findByText(/We texted a 6-digit code to •••• ••• 0142/)).toBeInTheDocument();
    const code = screen.getByLabelText('6-digit code');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');

    fireEvent.change(code, { target: { value: '12a34' } });
    expect(code).toHaveValue('1234');
    expect(screen.getByText('The code is the 6 digits we texted you')).toBeInTheDocument();
    fireEvent.change(code, { target: { value: '123456' } });
    expect(screen.queryByText('The code is the 6 digits we texted you')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: 'Payment handle' }));
    fireEvent.change(screen.getByLabelText('Your payment handle'), { target: { value: '@ann-fan' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Claim prize' })));
    expect(calls.at(-1)).toEqual({
      url: claimUrl,
      method: 'POST',
      body: { code: '123456', method: 'handle', handle: '@ann-fan' },
    });
    const done = await screen.findByRole('heading', { name: 'Prize claimed' });
    expect(done).toHaveFocus();
    expect(screen.getByText('Claimed')).toBeInTheDocument();
  });

  it('takes the organizer’s claim code where the entry has no phone, and offers it beside the texted one', async () => {
    const calls = renderClaim((c) =>
      c.method === 'GET'
        ? json(200, { claim: claim({ textable: false, phoneHint: '••••' }) })
        : json(200, { prize: prize({ method: 'pickup' }) }),
    );
    const code = await screen.findByLabelText('Claim code from the organizer');
    expect(screen.queryByRole('button', { name: 'Text me a code' })).not.toBeInTheDocument();
    expect(code).toHaveAttribute('maxlength', '8');
    fireEvent.change(code, { target: { value: '4821 906' } });
    expect(code).toHaveValue('4821906');
    expect(screen.getByText('The organizer’s claim code has 8 digits')).toBeInTheDocument();
    fireEvent.change(code, { target: { value: '4821 9063' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Pick up at the venue' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Claim prize' })));
    expect(calls.at(-1)).toEqual({ url: claimUrl, method: 'POST', body: { code: '48219063', method: 'pickup' } });
    expect(await screen.findByRole('heading', { name: 'Prize claimed' })).toBeInTheDocument();
  });

  it('lets a winner with a phone use the organizer’s code instead of a text', async () => {
    const calls = renderClaim(() => json(200, { claim: claim() }));
    await act(async () =>
      fireEvent.click(await screen.findByRole('button', { name: 'I have a claim code from the organizer' })),
    );
    const code = screen.getByLabelText('Claim code from the organizer');
    expect(code).toHaveFocus();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('says beside the button what is still needed, and counts the code’s digits as they are typed', async () => {
    renderClaim((c) => (c.url.endsWith('/code') ? json(202, {}) : json(200, { claim: claim() })));
    await screen.findByText('$25');
    const button = screen.getByRole('button', { name: 'Claim prize' });
    const needed = () => [...screen.getByTestId('claim-needed').querySelectorAll('li')].map((li) => li.textContent);
    expect(needed()).toEqual([
      'A code: press “Text me a code” (or use the organizer’s claim code)',
      'A choice of how to receive your prize',
    ]);
    expect(button).toHaveAccessibleDescription(/Before you can go on: .*Text me a code/);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Text me a code' })));
    const code = await screen.findByLabelText('6-digit code');
    expect(code).toHaveAccessibleDescription(/^6 digits/);
    fireEvent.change(code, { target: { value: '123' } });
    expect(code).toHaveAccessibleDescription('3 of 6 digits The code is the 6 digits we texted you');
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(needed()[0]).toBe('A code: the code is the 6 digits we texted you');
    fireEvent.change(code, { target: { value: '123456' } });
    expect(code).toHaveAccessibleDescription('✓ All 6 digits');
    expect(code).not.toHaveAttribute('aria-invalid');
    fireEvent.click(screen.getByRole('radio', { name: 'Payment handle' }));
    expect(needed()).toEqual(['Your payment handle']);
    fireEvent.change(screen.getByLabelText('Your payment handle'), { target: { value: '@ann-fan' } });
    expect(screen.queryByTestId('claim-needed')).not.toBeInTheDocument();
    expect(button).not.toHaveAttribute('aria-describedby');
  });

  it('asks for a code and a method before sending anything', async () => {
    const calls = renderClaim(() => json(200, { claim: claim() }));
    await screen.findByText('$25');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Claim prize' })));
    expect(screen.getByText('Choose how to receive your prize')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('shows a wrong code on the code field, and a 429 in words', async () => {
    let codes = 0;
    renderClaim((c) => {
      if (c.method === 'GET') return json(200, { claim: claim() });
      if (c.url.endsWith('/code')) {
        codes += 1;
        return codes === 1
          ? json(202, {})
          : apiError(429, 'PRIZE_CLAIM_RATE_LIMITED', 'Too many codes for this prize. Try again in 40 minutes.');
      }
      return apiError(403, 'PRIZE_CLAIM_CODE_WRONG', 'That code is not right. Check the text and try again.');
    });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Text me a code' })));
    fireEvent.change(await screen.findByLabelText('6-digit code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Pick up at the venue' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Claim prize' })));
    const code = screen.getByLabelText('6-digit code');
    await waitFor(() => expect(code).toHaveAccessibleDescription(/That code is not right/));
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Text me a new code' })));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many codes for this prize. Try again in 40 minutes.',
    );
  });

  it('shows a used-up code on the code field, so the winner asks for a new one', async () => {
    renderClaim((c) => {
      if (c.method === 'GET') return json(200, { claim: claim() });
      if (c.url.endsWith('/code')) return json(202, {});
      return apiError(403, 'PRIZE_CLAIM_CODE_USED_UP', 'This code has had too many tries. Ask for a new code.');
    });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Text me a code' })));
    fireEvent.change(await screen.findByLabelText('6-digit code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Pick up at the venue' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Claim prize' })));
    const code = screen.getByLabelText('6-digit code');
    await waitFor(() => expect(code).toHaveAccessibleDescription(/too many tries\. Ask for a new code/));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Text me a new code' })).toBeEnabled();
  });

  it('honours Retry-After: says how long to wait and holds the button back until then', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T03:00:00Z'), shouldAdvanceTime: true });
    try {
      let codes = 0;
      renderClaim((c) => {
        if (c.method === 'GET') return json(200, { claim: claim() });
        if (c.url.endsWith('/code')) {
          codes += 1;
          return codes === 1
            ? json(202, {})
            : json(
                429,
                { error: { code: 'PRIZE_CLAIM_RATE_LIMITED', message: 'Too many tries. Please wait and try again.' } },
                { 'retry-after': '240' },
              );
        }
        return json(
          429,
          { error: { code: 'PRIZE_CLAIM_RATE_LIMITED', message: 'Too many tries. Please wait and try again.' } },
          { 'retry-after': '900' },
        );
      });
      await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Text me a code' })));
      const again = await screen.findByRole('button', { name: 'Text me a new code' });
      await act(async () => fireEvent.click(again));
      await waitFor(() => expect(again).toBeDisabled());
      expect(again).toHaveAccessibleDescription('Too many codes for this prize. Try again in 4 minutes.');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      act(() => vi.advanceTimersByTime(61_000));
      expect(again).toHaveAccessibleDescription('Too many codes for this prize. Try again in 3 minutes.');
      act(() => vi.advanceTimersByTime(150_000));
      expect(again).toHaveAccessibleDescription('Too many codes for this prize. Try again in less than a minute.');
      act(() => vi.advanceTimersByTime(30_000));
      expect(again).toBeEnabled();
      expect(screen.queryByText(/Try again in/)).not.toBeInTheDocument();

      // A refused code check holds back the claim button the same way.
      fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '654321' } });
      fireEvent.click(screen.getByRole('radio', { name: 'Pick up at the venue' }));
      const submit = screen.getByRole('button', { name: 'Claim prize' });
      await act(async () => fireEvent.click(submit));
      await waitFor(() => expect(submit).toBeDisabled());
      expect(submit).toHaveAccessibleDescription('Too many wrong codes for this prize. Try again in 15 minutes.');
      act(() => vi.advanceTimersByTime(900_000));
      expect(submit).toBeEnabled();
    } finally {
      vi.useRealTimers();
    }
  });

  it("the entry's signed-in owner skips the code; a check needs the address; giving back confirms so", async () => {
    const calls = renderClaim((c) =>
      c.method === 'GET'
        ? json(200, { claim: claim({ signedInOwner: true, methods: ['check'] }) })
        : json(200, { prize: prize({ state: 'given-back', method: 'give-back' }) }),
    );
    expect(await screen.findByText('You’re signed in as the entry’s owner.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Text me a code' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: 'Check by mail' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Claim prize' })));
    expect(screen.getByLabelText('Mailing address')).toHaveAccessibleDescription('Tell us where to send the prize');

    fireEvent.click(screen.getByRole('radio', { name: 'Give it back to the cause' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Give it back' })));
    expect(calls.at(-1)).toEqual({ url: claimUrl, method: 'POST', body: { method: 'give-back' } });
    expect(await screen.findByRole('heading', { name: 'Given back to the cause. Thank you!' })).toBeInTheDocument();
  });

  it('a link used in the meantime turns the page into the used-link message', async () => {
    renderClaim((c) =>
      c.method === 'GET'
        ? json(200, { claim: claim({ signedInOwner: true }) })
        : apiError(409, 'PRIZE_CLAIM_USED', 'This prize was already claimed.'),
    );
    fireEvent.click(await screen.findByRole('radio', { name: 'Pick up at the venue' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Claim prize' })));
    expect(await screen.findByRole('heading', { name: 'This prize has already been claimed' })).toBeInTheDocument();
  });
});
