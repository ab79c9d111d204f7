import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminEntry, AdminMarkCollectedResult } from '../../src/shared/contracts/admin';
import { AdminEntriesPage } from '../../src/web/features/admin/pages/admin-entries-page';
import { freeToPlayLegal } from '../support/boards';
import { renderRoutesAt } from '../support/render-router';

/**
 * /admin-entries: 'Mark collected' undone on a collected entry, and done for many ticked pledges at once with
 * what did not change named; the add-entry form asks for an amount only on a board that takes one.
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
const boardSummary = (slug: string, mode: 'sweepstakes' | 'free-to-play') => ({
  slug,
  game,
  sequence: 1,
  format: '1v99',
  status: 'open',
  paymentRequired: false,
  entryCount: 3,
  capacity: 100,
  organization: 'Heat Cares',
  mode,
  legal: freeToPlayLegal,
  scoring: 'manual',
  feedGame: false,
  feedProblem: null,
  claimWindowDays: 14,
  payoutMethods: ['pickup'],
});
const boards = [
  boardSummary('heat-pledges', 'sweepstakes'),
  boardSummary('heat-free', 'free-to-play'),
  // A board whose public view cannot be read: the form leaves the amount to the server.
  boardSummary('heat-unread', 'sweepstakes'),
];
/** The public board view's amount rule, mode and published eligibility, by board. */
const amountRules: Record<string, unknown> = {
  'heat-pledges': {
    entryRule: { kind: 'whole-range', minCents: 500, maxCents: 2000, defaultCents: 500, quickPicksCents: [500, 1000] },
    mode: 'sweepstakes',
    legal: { ...freeToPlayLegal, stateRequired: true, excludedStates: ['FL', 'NY', 'RI'] },
  },
  'heat-free': { entryRule: { kind: 'no-amount' }, mode: 'free-to-play', legal: freeToPlayLegal },
};
/** The board choices of the add-entry form (its first select). */
const boardOptions = (form: HTMLElement) =>
  within(within(form).getByLabelText('Game board (team)')).getAllByRole('option');

const entry = (n: number, nickname: string, code: string, paymentState: AdminEntry['paymentState']): AdminEntry => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  createdAt: `2030-02-01T00:0${n}:00Z`,
  boardSlug: 'heat-pledges',
  team: 'Heat vs Magic',
  teamSupport: null,
  organization: 'Heat Cares',
  referralCode: null,
  gameCode: null,
  amountCents: 500 + n * 100,
  donationCommitmentCents: null,
  totalCents: 500 + n * 100,
  phone: null,
  nickname,
  code,
  ticketNumber: `TICKET00${n}`,
  cells: [n],
  paymentState,
  deletable: true,
  checkoutPaidCents: paymentState === 'paid' ? 500 + n * 100 : 0,
  cashCents: paymentState === 'collected' ? 500 + n * 100 : 0,
  cashState: paymentState === 'collected' ? 'in-hand' : 'none',
  removed: null,
  reachBy: { email: false, text: false },
  freeEntry: false,
  state: 'OH',
});

type Call = { method: string; url: string; body?: unknown };

function renderPage() {
  let entries = [
    entry(1, 'Annie', 'ANE', 'pledged'),
    entry(2, 'Bo', 'BO', 'pledged'),
    entry(3, 'Cal', 'CAL', 'collected'),
    entry(4, 'Dee', 'DEE', 'paid'),
  ];
  const calls: Call[] = [];
  const set = (id: string, paymentState: AdminEntry['paymentState']) => {
    entries = entries.map((e) => (e.id === id ? { ...e, paymentState } : e));
    return entries.find((e) => e.id === id);
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/admin-gate') return json(200, { stage: 'admin', lockedUntil: null });
      if (url === '/api/admin/boards') return json(200, { boards, games: [game] });
      if (url.startsWith('/api/admin/entries?')) return json(200, { entries, nextCursor: null });
      const slug = url.match(/^\/api\/boards\/([^/]+)$/)?.[1];
      if (slug && amountRules[slug]) return json(200, amountRules[slug]);
      const paid = url.match(/^\/api\/admin\/entries\/([^/]+)\/paid$/)?.[1];
      if (paid && method === 'DELETE') return json(200, set(paid, 'pledged'));
      if (paid && method === 'POST') return json(200, set(paid, 'collected'));
      if (url === '/api/admin/entries/paid' && method === 'POST') {
        const result: AdminMarkCollectedResult = { changed: [], unchanged: [] };
        for (const id of body.ids as string[]) {
          const e = entries.find((x) => x.id === id);
          if (e?.paymentState === 'pledged') result.changed.push(set(id, 'collected') as AdminEntry);
          else result.unchanged.push({ id, reason: 'collected', message: 'This pledge is already marked collected.' });
        }
        return json(200, result);
      }
      if (method === 'POST' && url === '/api/admin/entries') {
        return json(400, {
          error: {
            code: 'INVALID_AMOUNT',
            message: 'Choose a support amount.',
            fields: { amountCents: 'Choose a support amount.' },
          },
        });
      }
      return json(404, { error: { code: 'NOT_FOUND', message: `No ${method} ${url}` } });
    }),
  );
  renderRoutesAt([{ path: '/admin-entries', element: <AdminEntriesPage /> }], '/admin-entries');
  return { calls, writes: () => calls.filter((c) => c.method !== 'GET') };
}

// The page holds three forms besides the list: on a busy machine it takes more than the default second.
const list = () => screen.findByRole('region', { name: 'Entry list' });
const row = (table: HTMLElement, nickname: string) =>
  within(table).getByRole('cell', { name: nickname }).closest('tr') as HTMLElement;

describe('/admin-entries: collecting pledges', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("'Undo collected' on a collected entry makes it pledged again", async () => {
    const { writes } = renderPage();
    const table = await list();
    // Only a collected entry can be undone; a pledge is marked, a paid entry neither.
    expect(within(row(table, 'Annie')).queryByRole('button', { name: /Undo collected/ })).toBeNull();
    expect(within(row(table, 'Dee')).queryByRole('button', { name: /collected/ })).toBeNull();
    fireEvent.click(within(row(table, 'Cal')).getByRole('button', { name: 'Undo collected for Cal (CAL)' }));
    expect(await screen.findByText('Collected undone')).toBeInTheDocument();
    await waitFor(() => expect(row(table, 'Cal')).toHaveTextContent('Pledged'));
    expect(within(row(table, 'Cal')).getByRole('button', { name: 'Mark collected for Cal (CAL)' })).toBeInTheDocument();
    expect(writes().map((c) => [c.method, c.url])).toEqual([
      ['DELETE', '/api/admin/entries/00000000-0000-4000-8000-000000000003/paid'],
    ]);
  });

  it('marks the ticked pledges collected at once and names what did not change, with its reason', async () => {
    const { writes } = renderPage();
    const table = await list();
    const bulk = screen.getByRole('button', { name: /^Mark selected collected/ });
    expect(bulk).toBeDisabled();
    // Only pledges can be ticked.
    expect(within(row(table, 'Cal')).queryByRole('checkbox')).toBeNull();
    expect(within(row(table, 'Dee')).queryByRole('checkbox')).toBeNull();
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select every pledge shown' }));
    expect(within(table).getByRole('checkbox', { name: 'Select Annie (ANE)' })).toBeChecked();
    expect(within(table).getByRole('checkbox', { name: 'Select Bo (BO)' })).toBeChecked();
    expect(bulk).toHaveTextContent('Mark selected collected (2)');

    // Bo is marked on his own meanwhile: his box stays ticked, and the server says why nothing changed for him.
    fireEvent.click(within(row(table, 'Bo')).getByRole('button', { name: 'Mark collected for Bo (BO)' }));
    await waitFor(() => expect(row(table, 'Bo')).toHaveTextContent('Collected'));
    expect(within(table).getByRole('checkbox', { name: 'Select Bo (BO)' })).toBeChecked();

    fireEvent.click(bulk);
    const outcome = await screen.findByTestId('collect-outcome');
    expect(outcome).toHaveTextContent('1 pledge marked collected: Annie (ANE).');
    expect(within(outcome).getByRole('listitem')).toHaveTextContent(
      'Bo (BO): This pledge is already marked collected.',
    );
    expect(outcome.closest('[role="status"]')).not.toBeNull();
    await waitFor(() => expect(row(table, 'Annie')).toHaveTextContent('Collected'));
    expect(bulk).toHaveTextContent('Mark selected collected (0)');
    expect(writes().map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/api/admin/entries/00000000-0000-4000-8000-000000000002/paid', {}],
      [
        'POST',
        '/api/admin/entries/paid',
        { ids: ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'] },
      ],
    ]);
  });
});

describe('/admin-entries: the amount of an organizer’s entry', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is required on a board that takes one, checked against its rule; a free-to-play board shows none', async () => {
    const { writes } = renderPage();
    const form = await screen.findByRole('form', { name: 'Add an entry' });
    await waitFor(() => expect(boardOptions(form)).toHaveLength(4));
    fireEvent.change(within(form).getByLabelText('Game board (team)'), { target: { value: 'heat-pledges' } });
    const amount = await within(form).findByLabelText('Support amount in dollars');
    await waitFor(() => expect(amount).toHaveAccessibleDescription('Whole dollars from $5 to $20'));
    expect(within(form).queryByLabelText('Support amount in dollars (optional)')).toBeNull();
    fireEvent.change(within(form).getByLabelText('Nickname'), { target: { value: 'Eve' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add Entry' }));
    expect(await within(form).findByText('Choose a support amount.')).toBeInTheDocument();
    fireEvent.change(amount, { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add Entry' }));
    expect(await within(form).findByText('Enter a whole amount from $5 to $20.')).toBeInTheDocument();
    expect(writes()).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Game board (team)'), { target: { value: 'heat-free' } });
    await waitFor(() => expect(within(form).queryByLabelText('Support amount in dollars')).toBeNull());
  });

  it("shows the server's amount message on the amount field", async () => {
    const { writes } = renderPage();
    const form = await screen.findByRole('form', { name: 'Add an entry' });
    await waitFor(() => expect(boardOptions(form)).toHaveLength(4));
    // Without the board's rule the server checks the amount, and names the problem on the field.
    fireEvent.change(within(form).getByLabelText('Game board (team)'), { target: { value: 'heat-unread' } });
    fireEvent.change(within(form).getByLabelText('Nickname'), { target: { value: 'Eve' } });
    // The age tick is the form's own check, whatever the board.
    fireEvent.click(within(form).getByRole('checkbox', { name: /^The entrant is 18 or older/ }));
    fireEvent.submit(form);
    const amount = within(form).getByLabelText('Support amount in dollars');
    await waitFor(() =>
      expect(amount).toHaveAccessibleDescription(expect.stringContaining('Choose a support amount.')),
    );
    expect(writes().map((c) => c.body)).toEqual([
      expect.objectContaining({ boardSlug: 'heat-unread', nickname: 'Eve', amountCents: null }),
    ]);
  });
});
