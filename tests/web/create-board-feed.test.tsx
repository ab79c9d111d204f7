import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FeedGameSummary } from '../../src/shared/contracts/admin';
import { ToastProvider } from '../../src/web/components/ui/toast';
import { CreateBoardForm } from '../../src/web/features/admin/components/create-board-form';
import { adminBoardSummary } from '../support/admin';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const nba: FeedGameSummary[] = [
  {
    league: 'nba',
    eventId: '401585285',
    teamA: 'Charlotte Hornets',
    teamB: 'New York Knicks',
    startsAt: '2024-01-30T00:00:00Z',
    status: 'scheduled',
  },
  {
    league: 'nba',
    eventId: '401585286',
    teamA: 'Boston Celtics',
    teamB: 'Miami Heat',
    startsAt: '2024-01-30T00:30:00Z',
    status: 'in-progress',
  },
];

function renderForm() {
  const posted: unknown[] = [];
  const read: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        posted.push(body);
        return json(201, adminBoardSummary({ slug: body.slug, organization: 'Hornets Foundation', scoring: 'feed' }));
      }
      read.push(url);
      const league = new URL(url, 'http://x').searchParams.get('league');
      return json(200, { games: league === 'nba' ? nba : [] });
    }),
  );
  const created: string[] = [];
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastProvider>
        <CreateBoardForm games={[]} onCreated={(slug) => created.push(slug)} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { posted, read, created };
}

describe('create a board on a game of the live feed', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the league’s feed games, asks for one, and sends the chosen one as feedGame', async () => {
    const { posted, read, created } = renderForm();
    // The feed's list is read only once the admin asks for it.
    expect(read).toEqual([]);
    fireEvent.click(screen.getByLabelText('A game from the live feed'));
    const games = await screen.findByRole('group', { name: 'Feed game (home team first)' });
    expect(read).toEqual(['/api/admin/feed-games?league=nba']);
    const options = within(games).getAllByRole('radio');
    expect(options).toHaveLength(2);
    expect(within(games).getByText('Boston Celtics vs Miami Heat').parentElement).toHaveTextContent('In progress');

    fireEvent.change(screen.getByLabelText('Organization'), { target: { value: 'Hornets Foundation' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create board' }));
    expect(await screen.findByText('Choose a game from the feed’s list')).toBeInTheDocument();
    expect(posted).toEqual([]);

    fireEvent.click(within(games).getByRole('radio', { name: /Charlotte Hornets vs New York Knicks/ }));
    expect(screen.getByLabelText('Board address')).toHaveValue('charlotte-hornets-new-york-knicks');
    fireEvent.click(screen.getByRole('button', { name: 'Create board' }));
    await waitFor(() => expect(created).toEqual(['charlotte-hornets-new-york-knicks']));
    expect(posted).toHaveLength(1);
    const body = posted[0] as Record<string, unknown>;
    expect(body.feedGame).toEqual({ league: 'nba', eventId: '401585285' });
    expect(body).not.toHaveProperty('gameId');
    expect(body).not.toHaveProperty('game');
    expect((body.prizeTable as Array<{ key: string }>).map((p) => p.key)).toEqual(['q1', 'q2', 'q3', 'final']);
  });

  it('takes the prize template that fits the league, and says when the feed lists no games', async () => {
    const { read } = renderForm();
    fireEvent.click(screen.getByLabelText('A game from the live feed'));
    await screen.findByRole('group', { name: 'Feed game (home team first)' });
    fireEvent.change(screen.getByLabelText('League'), { target: { value: 'mlb' } });
    expect(await screen.findByText(/The feed lists no MLB games/)).toBeInTheDocument();
    expect(read).toContain('/api/admin/feed-games?league=mlb');
    expect(screen.getByLabelText('Period 1')).toHaveValue('End of the 5th: runs');
    fireEvent.change(screen.getByLabelText('League'), { target: { value: 'nhl' } });
    await waitFor(() => expect(screen.getByLabelText('Period 1')).toHaveValue('1st period'));
  });
});
