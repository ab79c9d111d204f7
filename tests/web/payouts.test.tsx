import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Payouts as PayoutsView, Prize } from '../../src/shared/contracts/prizes';
import { ToastProvider } from '../../src/web/components/ui/toast';
import { Payouts } from '../../src/web/features/admin/components/payouts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const prize = (over: Partial<Prize>): Prize => ({
  id: '0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f01',
  boardSlug: 'thunder-timberwolves',
  boardTitle: 'Thunder vs Timberwolves',
  period: 'q1',
  periodLabel: '1st Quarter',
  prizeCents: 2500,
  state: 'claimed',
  method: 'check',
  handle: '12 Main St\nSpringfield',
  code: 'K7Q',
  winnerNickname: 'Ann',
  claimedAt: '2026-11-25T02:00:00.000Z',
  paidAt: null,
  paidReference: null,
  receivedBy: null,
  expiresAt: '2026-12-25T02:00:00.000Z',
  createdAt: '2026-11-25T01:00:00.000Z',
  reviewNote: null,
  needsReview: false,
  taxReportable: false,
  ...over,
});
const claimed = prize({});
const unclaimed = prize({
  id: '0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f02',
  period: 'q2',
  periodLabel: '2nd Quarter',
  state: 'unclaimed',
  method: null,
  handle: null,
  code: 'B2Z',
  winnerNickname: 'Bo',
  claimedAt: null,
  prizeCents: 5000,
});
const ledger = (prizes: Prize[]): PayoutsView => ({
  prizes,
  totals: {
    owedCents: 7500,
    paidCents: 1000,
    givenBackCents: 500,
    expiredCents: 0,
    needsReviewCount: prizes.filter((p) => p.needsReview).length,
    taxReportableCount: prizes.filter((p) => p.taxReportable).length,
  },
});

type Call = { url: string; method: string; body: unknown };
function renderPayouts(route: (call: Call) => Response, board?: string) {
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
      <ToastProvider>
        <Payouts {...(board ? { board, headingLevel: 3 as const } : {})} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return calls;
}

describe('payout ledger', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists every prize with its winner, state, method and times, the totals and the CSV link', async () => {
    renderPayouts(() => json(200, ledger([claimed, unclaimed])));
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Board',
      'Period',
      'Code',
      'Nickname',
      'Prize',
      'State',
      'Method',
      'Claimed',
      'Paid',
      'Reference',
      'Actions',
    ]);
    expect(rows[1]).toHaveTextContent(/Thunder vs Timberwolves1st QuarterK7QAnn\$25ClaimedCheck by mail12 Main St/);
    expect(rows[2]).toHaveTextContent(/2nd QuarterB2ZBo\$50Unclaimed—/);
    // Only a claimed prize can be marked paid.
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: /Mark paid/ })).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).queryByRole('button', { name: /Mark paid/ })).not.toBeInTheDocument();
    const totals = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(totals).toEqual(['$75', '$10', '$5', '$0', '0', '0', '$600 and over']);
    expect(screen.getByRole('link', { name: 'Download payouts CSV' })).toHaveAttribute(
      'href',
      '/api/admin/payouts.csv',
    );
  });

  it('offers an unclaimed prize its claim code and cash at the venue, and shows who received a cash prize', async () => {
    const cash = prize({
      id: '0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f03',
      period: 'q3',
      periodLabel: '3rd Quarter',
      state: 'paid',
      method: 'pickup',
      handle: null,
      code: 'C3P',
      paidAt: '2026-11-26T00:00:00.000Z',
      paidReference: 'Cash at the venue',
      receivedBy: 'Pat Doe',
    });
    let paidInCash = false;
    const calls = renderPayouts((c) => {
      if (c.url.endsWith('/claim-code')) {
        return json(200, {
          prize: unclaimed,
          code: '48219063',
          claimUrl: 'http://localhost:3000/claim/abc.def',
          qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>',
        });
      }
      if (c.url.endsWith('/paid-in-cash')) {
        paidInCash = true;
        return json(200, { prize: { ...unclaimed, state: 'paid', receivedBy: 'Bo' } });
      }
      return json(
        200,
        ledger(
          paidInCash ? [claimed, { ...unclaimed, state: 'paid', receivedBy: 'Bo' }, cash] : [claimed, unclaimed, cash],
        ),
      );
    });
    const rows = () => screen.getAllByRole('row') as HTMLElement[];
    await screen.findByRole('table');
    expect(rows()[3]).toHaveTextContent('Cash at the venueReceived by Pat Doe');
    expect(within(rows()[3] as HTMLElement).queryByRole('button')).toBeNull();
    expect(
      within(rows()[1] as HTMLElement).getByRole('button', { name: /Paid in cash 1st Quarter K7Q/ }),
    ).toBeInTheDocument();
    expect(within(rows()[1] as HTMLElement).queryByRole('button', { name: /Show claim code/ })).toBeNull();

    await act(async () =>
      fireEvent.click(
        within(rows()[2] as HTMLElement).getByRole('button', { name: /Show claim code 2nd Quarter B2Z/ }),
      ),
    );
    const slip = await screen.findByRole('dialog', { name: 'Claim code' });
    expect(await within(slip).findByTestId('claim-code')).toHaveTextContent('4821 9063');
    expect(within(slip).getByRole('img', { name: 'QR code of the claim link' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/),
    );
    expect(within(slip).getByRole('link', { name: 'http://localhost:3000/claim/abc.def' })).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/claim-code'))).toHaveLength(1);
    fireEvent.click(within(slip).getByRole('button', { name: 'Done' }));

    fireEvent.click(within(rows()[2] as HTMLElement).getByRole('button', { name: /Paid in cash 2nd Quarter B2Z/ }));
    const dialog = screen.getByRole('dialog', { name: 'Paid $50 in cash?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Record paid in cash' })));
    expect(within(dialog).getByLabelText('Received by')).toHaveAccessibleDescription(
      /Who received the prize is required/,
    );
    fireEvent.change(within(dialog).getByLabelText('Received by'), { target: { value: 'Bo' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Record paid in cash' })));
    expect(calls.find((c) => c.url.endsWith('/paid-in-cash'))).toEqual({
      url: `/api/admin/payouts/${unclaimed.id}/paid-in-cash`,
      method: 'POST',
      body: { receivedBy: 'Bo' },
    });
    await waitFor(() => expect(rows()[2]).toHaveTextContent('Received by Bo'));
  });

  it("filters by state through the API, and a board's ledger asks for that board only", async () => {
    const calls = renderPayouts(
      (c) => json(200, ledger(c.url.includes('state=unclaimed') ? [unclaimed] : [claimed, unclaimed])),
      'thunder-timberwolves',
    );
    await screen.findByRole('table');
    expect(calls[0]?.url).toBe('/api/admin/payouts?board=thunder-timberwolves');
    expect(screen.queryByRole('columnheader', { name: 'Board' })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'unclaimed' } });
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(calls.at(-1)?.url).toBe('/api/admin/payouts?board=thunder-timberwolves&state=unclaimed');
  });

  it("downloads what is on screen: the CSV link takes the list's board and filters", async () => {
    const calls = renderPayouts(() => json(200, ledger([claimed, unclaimed])), 'thunder-timberwolves');
    await screen.findByRole('table');
    const link = () => screen.getByRole('link', { name: 'Download payouts CSV' });
    const csvOf = (url: string | undefined) => (url ?? '').replace('/api/admin/payouts?', '/api/admin/payouts.csv?');
    expect(link()).toHaveAttribute('href', '/api/admin/payouts.csv?board=thunder-timberwolves');
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'claimed' } });
    fireEvent.change(screen.getByLabelText('Flag'), { target: { value: 'needsReview' } });
    await waitFor(() => expect(calls.at(-1)?.url).toContain('needsReview=true'));
    expect(calls.at(-1)?.url).toBe('/api/admin/payouts?board=thunder-timberwolves&state=claimed&needsReview=true');
    // The same query as the list's request, on the CSV's path.
    expect(link()).toHaveAttribute('href', csvOf(calls.at(-1)?.url));
    fireEvent.change(screen.getByLabelText('Flag'), { target: { value: 'taxReportable' } });
    await waitFor(() => expect(link()).toHaveAttribute('href', csvOf(calls.at(-1)?.url)));
    expect(link().getAttribute('href')).toBe(
      '/api/admin/payouts.csv?board=thunder-timberwolves&state=claimed&taxReportable=true',
    );
  });

  it("'Mark paid' asks for the reference, sends it, and reads the ledger again", async () => {
    let paid = false;
    const calls = renderPayouts((c) => {
      if (c.method === 'POST') {
        paid = true;
        return json(200, {
          prize: { ...claimed, state: 'paid', paidAt: '2026-11-26T00:00:00.000Z', paidReference: 'CHK 1042' },
        });
      }
      return json(
        200,
        ledger(
          paid
            ? [{ ...claimed, state: 'paid', paidAt: '2026-11-26T00:00:00.000Z', paidReference: 'CHK 1042' }]
            : [claimed],
        ),
      );
    });
    fireEvent.click(await screen.findByRole('button', { name: /Mark paid 1st Quarter K7Q/ }));
    const dialog = screen.getByRole('dialog', { name: 'Mark $25 paid?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' })));
    expect(within(dialog).getByLabelText('Payment reference')).toHaveAccessibleDescription(/A reference is required/);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Payment reference'), { target: { value: ' CHK 1042 ' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' })));
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      url: `/api/admin/payouts/${claimed.id}/paid`,
      method: 'POST',
      body: { reference: 'CHK 1042' },
    });
    await waitFor(() => expect(screen.getAllByRole('row')[1]).toHaveTextContent(/Paid.*CHK 1042/));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("a refused 'Mark paid' says why and keeps the dialog open", async () => {
    renderPayouts((c) =>
      c.method === 'POST'
        ? json(409, { error: { code: 'PRIZE_NOT_CLAIMED', message: 'Only a claimed prize can be marked paid.' } })
        : json(200, ledger([claimed])),
    );
    fireEvent.click(await screen.findByRole('button', { name: /Mark paid 1st Quarter K7Q/ }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Payment reference'), { target: { value: 'CHK 1042' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' })));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only a claimed prize can be marked paid.');
  });

  it('shows a flagged prize prominently with its note, offers Mark reviewed instead of Mark paid, and a tax badge', async () => {
    const note =
      'Re-scored on 2026-11-25 after it was claimed: the winning cell is now Thunder 3 / Timberwolves 7 (row 8, column 4), held by B2Z (Bo); check before paying.';
    let reviewed = false;
    const flagged = { ...claimed, reviewNote: note, needsReview: true, prizeCents: 60_000, taxReportable: true };
    const calls = renderPayouts((c) => {
      if (c.method === 'POST') {
        reviewed = true;
        return json(200, { prize: { ...flagged, reviewNote: null, needsReview: false } });
      }
      if (c.url.includes('taxReportable=true')) return json(200, ledger([flagged]));
      return json(200, ledger(reviewed ? [{ ...flagged, reviewNote: null, needsReview: false }] : [flagged]));
    });
    const row = (await screen.findAllByRole('row'))[1] as HTMLElement;
    expect(screen.getByText(/^1 prize needs review: a period was re-scored/)).toBeInTheDocument();
    expect(row).toHaveTextContent(note);
    expect(row).toHaveTextContent("Tax formMay need IRS Form W-2G: collect the winner's tax details before paying");
    expect(within(row).queryByRole('button', { name: /Mark paid/ })).not.toBeInTheDocument();
    await act(async () => fireEvent.click(within(row).getByRole('button', { name: /Mark reviewed 1st Quarter K7Q/ })));
    expect(calls.find((c) => c.method === 'POST')?.url).toBe(`/api/admin/payouts/${claimed.id}/reviewed`);
    await waitFor(() =>
      expect(
        within(screen.getAllByRole('row')[1] as HTMLElement).getByRole('button', { name: /Mark paid/ }),
      ).toBeInTheDocument(),
    );
    fireEvent.change(screen.getByLabelText('Flag'), { target: { value: 'taxReportable' } });
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/admin/payouts?taxReportable=true'));
  });
});
