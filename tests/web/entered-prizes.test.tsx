import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyEntryView } from '../../src/shared/contracts/board-responses';
import type { MyEntryPrize as EntryPrize } from '../../src/shared/contracts/prize-responses';
import { localCustomEntriesKey } from '../../src/shared/domain/local-fan-keys';
import { boardsToFollow } from '../../src/web/features/boards/entries-live';
import { EnteredPage } from '../../src/web/features/boards/pages/entered-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const claimUrl = 'http://localhost:3000/claim/abc.def';
const won = (slug: string, prizes: EntryPrize[], ticket = 'ABCDEFGHI'): MyEntryView => ({
  ticketNumber: ticket,
  code: 'K7Q',
  boardSlug: slug,
  cells: [12],
  axes: null,
  amountCents: null,
  donationCommitmentCents: null,
  enteredAt: '2026-11-24T20:00:00Z',
  game: { league: 'nba', teamA: 'Thunder', teamB: 'Timberwolves', startsAt: '2026-11-24T23:00:00Z' },
  status: 'Won',
  wins: prizes.map((p) => ({ period: p.period, label: p.periodLabel, prizeCents: p.prizeCents })),
  prizes,
});
const prize = (period: string, state: EntryPrize['state'], url: string | null = null): EntryPrize => ({
  period,
  periodLabel: `Period ${period}`,
  prizeCents: 2500,
  state,
  claimUrl: url,
});

/** The browser's EventSource, faked: each stream the page opens, to emit events on. */
class FakeSource {
  static made: FakeSource[] = [];
  readyState = 1;
  private listeners = new Map<string, Array<(e: Event) => void>>();
  constructor(readonly url: string) {
    FakeSource.made.push(this);
  }
  addEventListener(type: string, listener: (e: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {}
  emit(type: string, data: unknown) {
    for (const l of this.listeners.get(type) ?? []) l(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

function renderEntered(answer: () => MyEntryView[]) {
  FakeSource.made = [];
  vi.stubGlobal('EventSource', FakeSource);
  const fetch = vi.fn(async () => json(200, { entries: answer() }));
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/entered']}>
        <EnteredPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

describe('/entered prize states', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows each won prize with 'Claim now' while unclaimed, else its state", async () => {
    renderEntered(() => [
      won('thunder-timberwolves', [
        prize('q1', 'unclaimed', claimUrl),
        prize('q2', 'claimed'),
        prize('q3', 'paid'),
        prize('q4', 'given-back'),
        prize('final', 'expired'),
      ]),
    ]);
    const list = await screen.findByRole('list', { name: 'Prizes won' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Won $25 · Period q1Claim now',
      'Won $25 · Period q2Claimed',
      'Won $25 · Period q3Paid',
      'Won $25 · Period q4Given back',
      'Won $25 · Period finalExpired',
    ]);
    expect(within(items[0] as HTMLElement).getByRole('link', { name: 'Claim now' })).toHaveAttribute('href', claimUrl);
  });

  it('links each entry to its board and names won periods as the prize table does', async () => {
    renderEntered(() => [
      { ...won('thunder-timberwolves', []), wins: [{ period: 'q2', label: '2nd quarter', prizeCents: 10000 }] },
    ]);
    const item = await screen.findByRole('listitem');
    expect(within(item).getByRole('link', { name: 'Thunder vs Timberwolves' })).toHaveAttribute(
      'href',
      '/boards/thunder-timberwolves',
    );
    expect(item).toHaveTextContent('Won $100 (2nd quarter)');
    expect(item).not.toHaveTextContent('q2');
  });

  it("names the entry's cells as every screen does: by place before the draw, then digits first", async () => {
    const axes = { columns: [5, 2, 8, 0, 1, 9, 3, 7, 4, 6], rows: [4, 7, 0, 1, 9, 2, 8, 6, 3, 5] };
    renderEntered(() => [
      { ...won('thunder-timberwolves', [], 'T1'), status: 'Pending', cells: [47, 3] },
      { ...won('knicks-vs-pacers', [], 'T2'), status: 'In Progress', cells: [12], axes },
    ]);
    const [before, after] = await screen.findAllByTestId('entry-cells');
    expect(before).toHaveTextContent(/^Cells: row 1, column 4; row 5, column 8$/);
    expect(after).toHaveTextContent(/^Cell: Thunder 8 \/ Timberwolves 7 \(row 2, column 3\)$/);
  });

  it('an unclaimed prize without a claim link says Unclaimed', async () => {
    renderEntered(() => [won('thunder-timberwolves', [prize('q1', 'unclaimed')])]);
    const list = await screen.findByRole('list', { name: 'Prizes won' });
    expect(list).toHaveTextContent('Unclaimed');
    expect(within(list).queryByRole('link')).not.toBeInTheDocument();
  });

  it("follows the board of a prize still open and reads the entries again on its 'prize' event", async () => {
    let state: EntryPrize['state'] = 'claimed';
    const fetch = renderEntered(() => [won('thunder-timberwolves', [prize('q1', state)])]);
    const list = await screen.findByRole('list', { name: 'Prizes won' });
    expect(list).toHaveTextContent('Claimed');
    await waitFor(() =>
      expect(FakeSource.made.map((s) => s.url)).toEqual(['/api/live/boards?boards=thunder-timberwolves']),
    );
    const reads = fetch.mock.calls.length;
    state = 'paid';
    await act(async () => FakeSource.made[0]?.emit('prize', { period: 'q1', state: 'paid' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Prizes won' })).toHaveTextContent('Paid'));
    expect(fetch.mock.calls.length).toBe(reads + 1);
  });

  it('stops following a settled board once its prizes are paid, given back or expired', () => {
    expect(
      boardsToFollow([
        won('open', [prize('q1', 'unclaimed', claimUrl)], 'T1'),
        won('claimed', [prize('q1', 'claimed')], 'T2'),
        won('done', [prize('q1', 'paid'), prize('q2', 'given-back'), prize('q3', 'expired')], 'T3'),
      ]),
    ).toEqual(['claimed', 'open']);
  });

  it("says 'No games entered yet' when nothing at all is entered", async () => {
    renderEntered(() => []);
    expect(await screen.findByText('No games entered yet')).toBeTruthy();
  });

  it('lists custom game entries under an empty board list that says so', async () => {
    localStorage.setItem(
      localCustomEntriesKey,
      JSON.stringify([
        { id: 'c1', team1: 'Cubs', team2: 'Mets', gameDate: '2025-06-20', amountCents: 1500, createdAt: '2025-06-01' },
      ]),
    );
    renderEntered(() => []);
    expect(await screen.findByText('No board entries yet')).toBeTruthy();
    const custom = await screen.findByRole('region', { name: 'Custom game entries' });
    expect(within(custom).getByText(/Cubs vs Mets/)).toBeTruthy();
    expect(screen.queryByText('No games entered yet')).toBeNull();
    localStorage.removeItem(localCustomEntriesKey);
  });
});
