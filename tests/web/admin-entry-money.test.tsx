import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminEntry } from '../../src/shared/contracts/admin';
import { AdminEntriesPage } from '../../src/web/features/admin/pages/admin-entries-page';
import { freeToPlayLegal } from '../support/boards';
import { renderRoutesAt } from '../support/render-router';

/**
 * /admin-entries, an entry's money: the delete dialog says what happens to it (a checkout payment refunded in
 * full, collected cash marked to return), 'Refund' says it keeps the entry, and 'Cash to return' lists the
 * cash owed back (deleted entries too) with its 'Returned'.
 */

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const game = {
  id: '0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f',
  slug: 'heat-magic-game',
  league: 'NBA',
  teamA: 'Heat',
  teamB: 'Magic',
  startsAt: '2030-03-01T00:00:00Z',
  venue: 'Kaseya Center',
};
const board = {
  slug: 'heat-money',
  game,
  sequence: 1,
  format: '1v99',
  status: 'open',
  paymentRequired: true,
  entryCount: 2,
  capacity: 100,
  organization: 'Heat Cares',
  mode: 'sweepstakes',
  legal: freeToPlayLegal,
  scoring: 'manual',
  feedGame: false,
  feedProblem: null,
  claimWindowDays: 14,
  payoutMethods: ['pickup'],
};

const entry = (n: number, nickname: string, over: Partial<AdminEntry>): AdminEntry => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  createdAt: `2030-02-01T00:0${n}:00Z`,
  boardSlug: 'heat-money',
  team: 'Heat vs Magic',
  teamSupport: null,
  organization: 'Heat Cares',
  referralCode: null,
  gameCode: null,
  amountCents: 2000,
  donationCommitmentCents: null,
  totalCents: 2000,
  phone: '+12025550139',
  nickname,
  code: nickname.slice(0, 3).toUpperCase(),
  ticketNumber: `TICKET00${n}`,
  cells: [n],
  paymentState: 'none',
  deletable: true,
  checkoutPaidCents: 0,
  cashCents: 0,
  cashState: 'none',
  removed: null,
  reachBy: { email: true, text: false },
  freeEntry: false,
  state: 'OH',
  ...over,
});

const dee = entry(1, 'Dee', { paymentState: 'paid', checkoutPaidCents: 2000 });
const cal = entry(2, 'Cal', {
  paymentState: 'collected',
  amountCents: 500,
  totalCents: 500,
  cashCents: 500,
  cashState: 'in-hand',
  reachBy: { email: false, text: true },
});
const eve = entry(3, 'Eve', {
  paymentState: 'to-return',
  amountCents: 1500,
  totalCents: 1500,
  cashCents: 1500,
  cashState: 'to-return',
  removed: 'deleted',
  deletable: false,
  cells: [],
});

type Call = { method: string; url: string };

function renderPage() {
  const calls: Call[] = [];
  let owed = [eve];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      if (url === '/api/admin-gate') return json(200, { stage: 'admin', lockedUntil: null });
      if (url === '/api/admin/boards') return json(200, { boards: [board], games: [game] });
      if (url.startsWith('/api/admin/entries?')) {
        const cash = new URLSearchParams(url.split('?')[1]).get('cash');
        return json(200, { entries: cash === 'to-return' ? owed : [dee, cal], nextCursor: null });
      }
      if (url.startsWith('/api/boards/')) {
        return json(200, {
          entryRule: { kind: 'whole-range', minCents: 500, maxCents: 2000, defaultCents: 500, quickPicksCents: [500] },
          mode: 'sweepstakes',
          legal: freeToPlayLegal,
        });
      }
      if (method === 'POST' && url === `/api/admin/entries/${eve.id}/returned`) {
        owed = [];
        return json(200, { ...eve, paymentState: 'returned', cashState: 'returned' });
      }
      if (method === 'POST' && url === `/api/admin/entries/${dee.id}/refund`) {
        return json(200, { ...dee, paymentState: 'refunded', checkoutPaidCents: 0, removed: 'refunded', cells: [] });
      }
      if (method === 'DELETE' && url.startsWith('/api/admin/entries/')) return json(200, { ok: true });
      return json(404, { error: { code: 'NOT_FOUND', message: `No ${method} ${url}` } });
    }),
  );
  renderRoutesAt([{ path: '/admin-entries', element: <AdminEntriesPage /> }], '/admin-entries');
  return { writes: () => calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url]) };
}

const row = (table: HTMLElement, nickname: string) =>
  within(table).getByRole('cell', { name: nickname }).closest('tr') as HTMLElement;

describe('/admin-entries: an entry’s money', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the delete dialog says the $20 paid through checkout is refunded in full and the fan told by email', async () => {
    const { writes } = renderPage();
    const table = await screen.findByRole('region', { name: 'Entry list' });
    fireEvent.click(within(row(table, 'Dee')).getByRole('button', { name: 'Delete entry Dee (DEE)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this entry?' });
    expect(within(dialog).getByTestId('money')).toHaveTextContent(
      'This entry paid $20 through checkout: it will be refunded in full and the fan told by email.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete entry' }));
    expect(await screen.findByText('$20 refunded to Dee (DEE).')).toBeInTheDocument();
    expect(writes()).toEqual([['DELETE', `/api/admin/entries/${dee.id}`]]);
  });

  it('the delete dialog marks collected cash to return, and tells the fan by text', async () => {
    renderPage();
    const table = await screen.findByRole('region', { name: 'Entry list' });
    // Cash is not refunded through checkout: no Refund button.
    expect(within(row(table, 'Cal')).queryByRole('button', { name: /^Refund/ })).toBeNull();
    fireEvent.click(within(row(table, 'Cal')).getByRole('button', { name: 'Delete entry Cal (CAL)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this entry?' });
    expect(within(dialog).getByTestId('money')).toHaveTextContent(
      '$5 of collected cash will be marked to return. The fan is told by text.',
    );
  });

  it("'Refund' says the entry stays listed as Refunded, its cell free", async () => {
    const { writes } = renderPage();
    const table = await screen.findByRole('region', { name: 'Entry list' });
    fireEvent.click(within(row(table, 'Dee')).getByRole('button', { name: 'Refund entry Dee (DEE)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this entry?' });
    expect(within(dialog).getByTestId('money')).toHaveTextContent(
      '$20 paid through checkout will be refunded in full and its cell is free again; the entry stays listed as Refunded. The fan is told by email.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund $20' }));
    expect(await screen.findByText('Entry refunded')).toBeInTheDocument();
    expect(writes()).toEqual([['POST', `/api/admin/entries/${dee.id}/refund`]]);
  });

  it("'Cash to return' lists a deleted entry's cash with 'Returned'", async () => {
    const { writes } = renderPage();
    const owed = await screen.findByRole('region', { name: 'Cash to return' });
    const eveRow = await waitFor(() => row(owed, 'Eve'));
    expect(eveRow).toHaveTextContent('Cash to return');
    expect(eveRow).toHaveTextContent('$15 cash');
    expect(eveRow).toHaveTextContent('Entry deleted');
    expect(within(eveRow).queryByRole('button', { name: /^Delete/ })).toBeNull();
    fireEvent.click(within(eveRow).getByRole('button', { name: 'Returned cash to Eve (EVE)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cash handed back?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark $15 returned' }));
    expect(await screen.findByText('Cash marked returned')).toBeInTheDocument();
    expect(await screen.findByText('No cash to return')).toBeInTheDocument();
    expect(writes()).toEqual([['POST', `/api/admin/entries/${eve.id}/returned`]]);
  });
});
