import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BoardView } from '../../src/shared/contracts/boards';
import { BoardPage } from '../../src/web/features/boards/pages/board-page';
import { boardView, QuietEventSource } from '../support/boards';
import { renderRoutesAt } from '../support/render-router';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const board = (over: Partial<BoardView> = {}): BoardView =>
  boardView({
    slug: 'hornets-knicks',
    game: {
      league: 'NBA',
      teamA: 'Charlotte Hornets',
      teamB: 'New York Knicks',
      startsAt: '2030-01-30T00:00:00Z',
      venue: 'Spectrum Center',
    },
    prizeTable: [
      { key: 'q1', label: '1st quarter', prizeCents: 5000 },
      { key: 'final', label: 'Final score', prizeCents: 15000 },
    ],
    organization: 'Hornets Foundation',
    scoring: 'feed',
    ...over,
  });

function renderBoard(view: BoardView) {
  vi.stubGlobal('EventSource', QuietEventSource);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(200, view)),
  );
  renderRoutesAt([{ path: '/boards/:slug', Component: BoardPage }], `/boards/${view.slug}`);
}

const prizes = async () => screen.findByRole('region', { name: 'Prizes and rules' });

describe('the board screen’s notice, unfilled policy and corrected results', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the board’s notice prominently as a status', async () => {
    renderBoard(board({ notice: 'Game postponed: now starts 2030-01-31 00:00 UTC.' }));
    const notice = await screen.findByTestId('board-notice');
    expect(notice).toHaveAttribute('role', 'status');
    expect(notice).toHaveTextContent('Game postponed: now starts 2030-01-31 00:00 UTC.');
  });

  it('shows no notice box when the board has none', async () => {
    renderBoard(board());
    await prizes();
    expect(screen.queryByTestId('board-notice')).toBeNull();
  });

  it('states the published unfilled policy in words under Prizes and rules', async () => {
    renderBoard(board({ unfilled: { policy: 'cancel-below', minEntries: 20 } }));
    expect(within(await prizes()).getByTestId('unfilled-rule')).toHaveTextContent(
      'If fewer than 20 entries are in when the board locks, it is cancelled and paid entries are refunded in full.',
    );
  });

  it('says a corrected result was corrected after the final, and nothing on one that was not', async () => {
    const scored = {
      label: '1st quarter',
      teamAScore: 25,
      teamBScore: 26,
      cell: 65,
      prizeCents: 5000,
      code: null,
      source: 'feed' as const,
      confirmedAt: null,
      awards: [{ kind: 'main' as const, cell: 65, code: null, prizeCents: 5000 }],
    };
    renderBoard(
      board({
        status: 'locked',
        closure: 'closed',
        results: [
          { ...scored, period: 'q1', correctedAt: '2030-01-30T03:00:00Z' },
          { ...scored, period: 'final', label: 'Final score', correctedAt: null },
        ],
      }),
    );
    const list = await prizes();
    const q1 = list.querySelector('[data-prize-period="q1"]') as HTMLElement;
    const final = list.querySelector('[data-prize-period="final"]') as HTMLElement;
    expect(within(q1).getByTestId('result-corrected')).toHaveTextContent('Corrected after the final');
    expect(within(final).queryByTestId('result-corrected')).toBeNull();
  });

  it('pays a roll-over into the next period, as the printed sheet says it', async () => {
    renderBoard(
      board({
        status: 'locked',
        closure: 'closed',
        results: [
          {
            period: 'q1',
            label: '1st quarter',
            teamAScore: 25,
            teamBScore: 26,
            cell: 65,
            prizeCents: 0,
            code: null,
            source: 'organizer',
            confirmedAt: null,
            correctedAt: null,
            awards: [{ kind: 'main', cell: 65, code: null, prizeCents: 0 }],
          },
        ],
      }),
    );
    const list = await prizes();
    expect(list.querySelector('[data-prize-period="q1"]')).toHaveTextContent(
      /^1st quarter: \$50 · 25-26, empty cell, rolled over to Final score/,
    );
    expect(list.querySelector('[data-prize-period="final"]')).toHaveTextContent(
      /^Final score: \$200 \(includes \$50 rolled over\)$/,
    );
  });
});
