import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminBoardSummary } from '../../src/shared/contracts/admin';
import { unfilledRulesText } from '../../src/shared/domain/boards';
import { ToastProvider } from '../../src/web/components/ui/toast';
import { CreateBoardForm } from '../../src/web/features/admin/components/create-board-form';
import { adminBoardSummary } from '../support/admin';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const game: AdminBoardSummary['game'] = {
  id: '0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f',
  slug: 'suns-jazz',
  league: 'NBA',
  teamA: 'Suns',
  teamB: 'Jazz',
  startsAt: '2030-01-30T00:00:00Z',
  venue: 'Footprint Center',
};

function renderForm() {
  const posted: Array<Record<string, unknown>> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body));
      posted.push(body);
      return json(
        201,
        adminBoardSummary({ slug: body.slug, game, organization: body.organization, status: 'scheduled' }),
      );
    }),
  );
  const created: string[] = [];
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastProvider>
        <CreateBoardForm games={[game]} onCreated={(slug) => created.push(slug)} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  fireEvent.change(screen.getByLabelText('Game'), { target: { value: game.id } });
  fireEvent.change(screen.getByLabelText('Organization'), { target: { value: 'Suns Charities' } });
  return { posted, created };
}

describe('the create-board form’s unfilled-board policy', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('plays on by default and sends the policy without a minimum', async () => {
    const { posted, created } = renderForm();
    expect(
      screen.getByRole('radio', { name: 'Play on: empty cells roll their prize to the next period' }),
    ).toBeChecked();
    expect(screen.queryByLabelText('Minimum entries (N)')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create board' }));
    await waitFor(() => expect(created).toEqual(['suns-jazz']));
    expect(posted[0]).toMatchObject({ unfilledPolicy: 'play-on' });
    expect(posted[0]).not.toHaveProperty('minEntries');
  });

  it('asks for N with cancel-below, checks it with the shared schema, then sends it', async () => {
    const { posted, created } = renderForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Cancel and refund below N entries' }));
    const n = screen.getByLabelText('Minimum entries (N)');

    fireEvent.click(screen.getByRole('button', { name: 'Create board' }));
    expect(
      await screen.findByText('Set the minimum number of entries below which the board is cancelled'),
    ).toBeInTheDocument();
    fireEvent.change(n, { target: { value: 'ten' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create board' }));
    expect(await screen.findByText('Minimum entries must be a whole number')).toBeInTheDocument();
    fireEvent.change(n, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create board' }));
    expect(await screen.findByText('Minimum entries must be at least 1')).toBeInTheDocument();
    expect(posted).toEqual([]);

    fireEvent.change(n, { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create board' }));
    await waitFor(() => expect(created).toEqual(['suns-jazz']));
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ unfilledPolicy: 'cancel-below', minEntries: 10 });
  });
});

describe('unfilledRulesText', () => {
  it('says the published policy in words, and that a board nobody entered is cancelled', () => {
    expect(unfilledRulesText('play-on', null)).toBe(
      'If the board has not filled when it locks, it plays on: a period whose winning cell is empty rolls its prize to the next period. A board nobody entered is cancelled at lock.',
    );
    expect(unfilledRulesText('cancel-below', 10)).toBe(
      'If fewer than 10 entries are in when the board locks, it is cancelled and paid entries are refunded in full. A board nobody entered is cancelled at lock.',
    );
    expect(unfilledRulesText('cancel-below', 1)).toMatch(/^If fewer than 1 entry is in when/);
  });
});
