import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminBoardDetail, AdminBoardSummary } from '../../src/shared/contracts/admin';
import { ToastProvider } from '../../src/web/components/ui/toast';
import { AdminBoardsPage } from '../../src/web/features/admin/pages/admin-boards-page';
import { freeToPlayLegal } from '../support/boards';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const SLUG = 'hornets-knicks';
const summary = (patch: Partial<AdminBoardSummary> = {}): AdminBoardSummary => ({
  slug: SLUG,
  game: {
    id: '0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f',
    slug: 'hornets-knicks-game',
    league: 'nba',
    teamA: 'Charlotte Hornets',
    teamB: 'New York Knicks',
    startsAt: '2024-01-30T00:00:00Z',
    venue: 'Spectrum Center',
  },
  sequence: 1,
  format: '1v99',
  status: 'locked',
  paymentRequired: false,
  entryCount: 12,
  capacity: 100,
  organization: 'Hornets Foundation',
  mode: 'free-to-play',
  legal: freeToPlayLegal,
  scoring: 'feed',
  feedGame: true,
  feedProblem: 'Q2 linescores (31 + 24) do not add up to the reported score 58',
  claimWindowDays: 14,
  payoutMethods: ['pickup', 'check'],
  ...patch,
});

const result = (
  period: string,
  label: string,
  a: number,
  b: number,
  patch: Partial<AdminBoardDetail['results'][number]>,
) => ({
  period,
  label,
  teamAScore: a,
  teamBScore: b,
  cell: (b % 10) * 10 + (a % 10),
  prizeCents: 5000,
  source: 'feed' as const,
  confirmedAt: null,
  correctedAt: null,
  winner: null,
  ...patch,
});

const detail = (board: AdminBoardSummary, confirmedQ1: string | null): AdminBoardDetail => ({
  board,
  prizeTable: [
    { key: 'q1', label: '1st quarter', prizeCents: 5000 },
    { key: 'q2', label: '2nd quarter', prizeCents: 5000 },
    { key: 'q3', label: '3rd quarter', prizeCents: 5000 },
    { key: 'final', label: 'Final score', prizeCents: 15000 },
  ],
  results: [
    result('q1', '1st quarter', 31, 27, { confirmedAt: confirmedQ1 }),
    result('q2', '2nd quarter', 55, 52, { source: 'organizer', correctedAt: '2024-01-30T01:10:00Z' }),
  ],
  // A feed board under way has the feed's live score; a board scored by hand or not started has none.
  live:
    board.scoring === 'feed' && board.status !== 'open'
      ? { teamAScore: 67, teamBScore: 90, status: 'End of 3rd' }
      : null,
});

function renderPage(initial: Partial<AdminBoardSummary> = {}) {
  let board = summary(initial);
  let confirmed: string | null = null;
  const calls: Array<{ method: string; url: string; body?: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/admin-gate') return json(200, { stage: 'admin', lockedUntil: null });
      if (url === '/api/admin/boards') return json(200, { boards: [board], games: [board.game] });
      if (url === `/api/admin/boards/${SLUG}`) return json(200, detail(board, confirmed));
      if (method === 'POST' && url === `/api/admin/boards/${SLUG}/results/q1/confirm`) {
        confirmed = '2024-01-30T00:40:00Z';
        return json(200, detail(board, confirmed));
      }
      if (method === 'POST' && url === `/api/admin/boards/${SLUG}/scoring`) {
        board = { ...board, scoring: (JSON.parse(String(init?.body)) as { scoring: 'manual' | 'feed' }).scoring };
        return json(200, board);
      }
      return json(404, { error: { code: 'NOT_FOUND', message: `No ${method} ${url}` } });
    }),
  );
  const router = createMemoryRouter([{ path: '/admin-boards', element: <AdminBoardsPage /> }], {
    initialEntries: ['/admin-boards'],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { calls };
}

async function openPanel() {
  fireEvent.click(await screen.findByRole('button', { name: `Manage ${SLUG}` }));
  return screen.findByRole('region', { name: 'Winners by period' });
}

describe('/admin-boards on a feed-scored board', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('flags the feed problem on the list row and in the panel, from the admin read alone', async () => {
    const { calls } = renderPage();
    const row = (await screen.findByText(`${SLUG} · nba`)).closest('tr') as HTMLElement;
    expect(within(row).getByText('Feed scoring')).toBeInTheDocument();
    expect(within(row).getByTestId('feed-problem')).toHaveTextContent(
      'Waiting for the official score' + 'Q2 linescores (31 + 24) do not add up to the reported score 58',
    );

    await openPanel();
    const panel = screen.getByRole('region', { name: `Manage ${SLUG}` });
    expect(within(panel).getByTestId('feed-problem')).toHaveTextContent('Waiting for the official score');
    expect(within(panel).getByText('Feed: locks, scores and settles from the live scores feed')).toBeInTheDocument();
    // The board's prize settings come with the admin read.
    const fact = (term: string) =>
      within(panel)
        .getAllByRole('term')
        .find((t) => t.textContent === term)?.nextElementSibling;
    expect(fact('Claim window')).toHaveTextContent('14 days');
    expect(fact('Payouts')).toHaveTextContent('Pick up at the venue, Check by mail');
    // The panel no longer reads the public board view: the admin detail carries scoring and sources.
    expect(calls.some((c) => c.url.startsWith('/api/boards/'))).toBe(false);
  });

  it('shows the live score line as the public board does, and none once scored by hand', async () => {
    renderPage({ feedProblem: null });
    await openPanel();
    const panel = screen.getByRole('region', { name: `Manage ${SLUG}` });
    const live = within(panel).getByRole('region', { name: 'Live score' });
    expect(within(live).getByTestId('live-line')).toHaveTextContent('Charlotte Hornets 67– to 90 New York Knicks');
    expect(within(live).getByTestId('live-status')).toHaveTextContent('End of 3rd');

    fireEvent.click(screen.getByRole('button', { name: 'Switch to manual scoring' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch to manual scoring?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Switch to manual scoring' }));
    await waitFor(() => expect(within(panel).queryByRole('region', { name: 'Live score' })).toBeNull());
  });

  it('says when the live score will show before the game starts', async () => {
    renderPage({ status: 'open', feedProblem: null });
    await openPanel();
    // The detail of an open board not yet under way carries no live score.
    const live = await screen.findByRole('region', { name: 'Live score' });
    expect(within(live).getByTestId('live-status')).toHaveTextContent(/^The live score shows here from the start/);
  });

  it('shows each period’s source, confirms a feed result and says when; a corrected one says when it was corrected', async () => {
    const { calls } = renderPage();
    const table = await openPanel();
    const q1 = table.querySelector('tr[data-period="q1"]') as HTMLElement;
    const q2 = table.querySelector('tr[data-period="q2"]') as HTMLElement;
    expect(within(q1).getByTestId('result-source')).toHaveTextContent('Feed');
    expect(within(q2).getByTestId('result-source')).toHaveTextContent('Organizer');
    expect(within(q2).getByText(/^Corrected /)).toBeInTheDocument();
    // Only a feed result not yet confirmed can be confirmed.
    expect(within(q2).queryByRole('button', { name: /Confirm/ })).toBeNull();

    fireEvent.click(within(q1).getByRole('button', { name: 'Confirm 1st quarter' }));
    await waitFor(() => expect(within(q1).getByTestId('result-source')).toHaveTextContent(/Feed\s*Confirmed /));
    expect(within(q1).queryByRole('button', { name: /Confirm/ })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      `/api/admin/boards/${SLUG}/results/q1/confirm`,
    ]);
  });

  it('“Correct” opens the score entry on that period with its recorded score', async () => {
    renderPage();
    const table = await openPanel();
    const form = screen.getByRole('form', { name: 'Enter a score' });
    // The form starts on the first period without a score.
    expect(within(form).getByLabelText('Period')).toHaveValue('q3');

    fireEvent.click(within(table).getByRole('button', { name: 'Correct 1st quarter' }));
    await waitFor(() => expect(within(form).getByLabelText('Period')).toHaveValue('q1'));
    expect(within(form).getByLabelText('Charlotte Hornets score')).toHaveValue('31');
    expect(within(form).getByLabelText('New York Knicks score')).toHaveValue('27');
    expect(within(form).getByLabelText('Charlotte Hornets score')).toHaveFocus();
    expect(within(form).getByRole('button', { name: 'Correct score' })).toBeInTheDocument();
  });

  it('switches to manual scoring only after the confirm step', async () => {
    const { calls } = renderPage();
    await openPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Switch to manual scoring' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch to manual scoring?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep feed scoring' }));
    expect(calls.some((c) => c.url.endsWith('/scoring'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Switch to manual scoring' }));
    const again = await screen.findByRole('dialog', { name: 'Switch to manual scoring?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Switch to manual scoring' }));
    await waitFor(() => expect(screen.getByText('Manual: scores entered here')).toBeInTheDocument());
    expect(calls.filter((c) => c.url.endsWith('/scoring')).map((c) => c.body)).toEqual([{ scoring: 'manual' }]);
    expect(await screen.findByRole('button', { name: 'Switch back to feed scoring' })).toBeInTheDocument();
  });

  it('offers no feed scoring for a board whose game the feed does not list', async () => {
    renderPage({ scoring: 'manual', feedGame: false, feedProblem: null });
    await openPanel();
    expect(screen.getByText('Manual: scores entered here')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Switch/ })).toBeNull();
    expect(screen.queryByTestId('feed-problem')).toBeNull();
  });
});
