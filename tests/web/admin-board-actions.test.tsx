import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminBoardDetail, AdminBoardSummary } from '../../src/shared/contracts/admin';
import type { BoardEndPreview } from '../../src/shared/contracts/board-ends';
import type { ScorePreview } from '../../src/shared/contracts/boards';
import { scoreMessages } from '../../src/shared/domain/score-limits';
import { AdminBoardsPage } from '../../src/web/features/admin/pages/admin-boards-page';
import { boardView, freeToPlayLegal } from '../support/boards';
import { renderRoutesAt } from '../support/render-router';

/**
 * /admin-boards, the changes an organizer cannot take back: 'Open now', 'Lock now', 'Cancel board' and 'Void
 * board' ask first (the last three with what they do to money and people, in the server's figures), and a
 * score is saved only after the preview has shown the old and the new winner; scores are whole numbers in
 * the sport's range, checked as typed.
 */

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const SLUG = 'heat-magic';
const summary = (patch: Partial<AdminBoardSummary> = {}): AdminBoardSummary => ({
  slug: SLUG,
  game: {
    id: '0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f',
    slug: 'heat-magic-game',
    league: 'NBA',
    teamA: 'Heat',
    teamB: 'Magic',
    startsAt: '2030-03-01T00:00:00Z',
    venue: 'Kaseya Center',
  },
  sequence: 1,
  format: '1v99',
  status: 'scheduled',
  paymentRequired: false,
  entryCount: 4,
  capacity: 100,
  organization: 'Heat Cares',
  mode: 'free-to-play',
  legal: freeToPlayLegal,
  scoring: 'manual',
  feedGame: false,
  feedProblem: null,
  claimWindowDays: 14,
  payoutMethods: ['pickup'],
  ...patch,
});

const prizeTable = [
  { key: 'q1', label: '1st quarter', prizeCents: 2500 },
  { key: 'q2', label: '2nd quarter', prizeCents: 2500 },
  { key: 'final', label: 'Final score', prizeCents: 5000 },
];

/** Q1 scored 31–27 (cell 71, held by ANE). */
const q1 = {
  period: 'q1',
  label: '1st quarter',
  teamAScore: 31,
  teamBScore: 27,
  cell: 71,
  prizeCents: 2500,
  source: 'organizer' as const,
  confirmedAt: null,
  correctedAt: null,
  winner: { code: 'ANE', nickname: 'Annie', phone: null, ticketNumber: 'TICKET001' },
};

/** What the server says cancelling, locking and voiding the board would do (GET …/end-preview). */
const endPreview = (patch: Partial<BoardEndPreview> = {}): BoardEndPreview => ({
  slug: SLUG,
  status: 'open',
  scored: false,
  told: { entries: 14, byEmail: 9, byText: 10, reached: 12, unreachable: 2 },
  cancel: {
    allowed: true,
    refusal: null,
    refunds: { count: 3, cents: 3000 },
    cashToReturn: { count: 2, cents: 2000 },
    nothingOwed: 9,
  },
  lock: { allowed: true, outcome: 'play', entries: 14, minEntries: null, digitsTexted: 10 },
  void: {
    allowed: false,
    refusal: 'No period of this board is scored yet: cancel it instead, which refunds its paid entries.',
    prizes: [],
    paidCents: 0,
    owedCents: 0,
    unscored: [],
    toCauseCents: 0,
    cause: 'Heat Cares',
  },
  ...patch,
});

type Call = { method: string; url: string; body?: unknown };

function renderPage(
  initial: Partial<AdminBoardSummary>,
  results: AdminBoardDetail['results'] = [],
  preview: BoardEndPreview = endPreview(),
) {
  let board = summary(initial);
  const calls: Call[] = [];
  const detail = (): AdminBoardDetail => ({ board, prizeTable, results, live: null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/admin-gate') return json(200, { stage: 'admin', lockedUntil: null });
      if (url === '/api/admin/boards') return json(200, { boards: [board], games: [board.game] });
      if (url === `/api/admin/boards/${SLUG}`) return json(200, detail());
      if (url === `/api/admin/boards/${SLUG}/end-preview`) return json(200, preview);
      if (method === 'POST' && url === `/api/admin/boards/${SLUG}/cancel`) {
        board = { ...board, status: 'cancelled' };
        return json(200, board);
      }
      if (method === 'POST' && url === `/api/admin/boards/${SLUG}/void`) {
        board = { ...board, status: 'voided' };
        return json(200, board);
      }
      if (method === 'POST' && url === `/api/admin/boards/${SLUG}/open`) {
        board = { ...board, status: 'open' };
        return json(200, board);
      }
      if (method === 'POST' && url === `/api/admin/boards/${SLUG}/lock`) {
        board = { ...board, status: 'locked' };
        return json(200, board);
      }
      if (method === 'POST' && url === `/api/admin/boards/${SLUG}/scores/preview`) {
        const preview: ScorePreview = {
          period: body.period,
          current: body.period === 'q1' ? { teamA: 31, teamB: 27, cell: 71, winnerCode: 'ANE' } : null,
          next: { teamA: body.teamAScore, teamB: body.teamBScore, cell: 74, winnerCode: null },
        };
        return json(200, preview);
      }
      if (method === 'POST' && url === `/api/admin/boards/${SLUG}/scores`) {
        const { winner: _, ...scored } = q1;
        const corrected = { ...scored, teamAScore: body.teamAScore, cell: 74, code: null, awards: [] };
        return json(200, boardView({ slug: SLUG, status: 'locked', prizeTable, results: [corrected] }));
      }
      return json(404, { error: { code: 'NOT_FOUND', message: `No ${method} ${url}` } });
    }),
  );
  renderRoutesAt([{ path: '/admin-boards', element: <AdminBoardsPage /> }], '/admin-boards');
  return { calls, posts: () => calls.filter((c) => c.method === 'POST') };
}

async function openPanel() {
  fireEvent.click(await screen.findByRole('button', { name: `Manage ${SLUG}` }));
  const panel = await screen.findByRole('region', { name: `Manage ${SLUG}` });
  await within(panel).findByText('Game');
  return panel;
}

describe('/admin-boards: the board panel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens right under the row of the board it manages and takes focus; closing returns to its button', async () => {
    renderPage({});
    const panel = await openPanel();
    const row = screen.getByRole('button', { name: `Manage ${SLUG}` }).closest('tr') as HTMLElement;
    expect(row.nextElementSibling?.contains(panel)).toBe(true);
    expect(within(panel).getByRole('heading', { name: `Manage ${SLUG}` })).toHaveFocus();
    fireEvent.click(within(panel).getByRole('button', { name: `Close board ${SLUG}` }));
    await waitFor(() => expect(screen.getByRole('button', { name: `Manage ${SLUG}` })).toHaveFocus());
  });

  it("'Open now' asks first, saying squares can then be sold until the game starts", async () => {
    const { posts } = renderPage({ status: 'scheduled' });
    const panel = await openPanel();
    fireEvent.click(within(panel).getByRole('button', { name: 'Open now' }));
    const dialog = await screen.findByRole('dialog', { name: `Open ${SLUG} now?` });
    expect(dialog).toHaveAccessibleDescription(/squares can then be sold until the game starts/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it scheduled' }));
    expect(posts()).toEqual([]);

    fireEvent.click(within(panel).getByRole('button', { name: 'Open now' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: `Open ${SLUG} now?` })).getByRole('button', {
        name: 'Open the board',
      }),
    );
    expect(await screen.findByText('Board open')).toBeInTheDocument();
    expect(posts().map((c) => c.url)).toEqual([`/api/admin/boards/${SLUG}/open`]);
    // An open board cannot be opened again; it can still be locked.
    await waitFor(() => expect(within(panel).queryByRole('button', { name: 'Open now' })).toBeNull());
    expect(within(panel).getByRole('button', { name: 'Lock now' })).toBeInTheDocument();
  });

  it("'Lock now' locks only after the confirm step, which says the digits are revealed for good", async () => {
    const { posts } = renderPage({ status: 'open' });
    const panel = await openPanel();
    expect(within(panel).queryByRole('button', { name: 'Open now' })).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Lock now' }));
    const dialog = await screen.findByRole('dialog', { name: `Lock ${SLUG} now?` });
    await waitFor(() =>
      expect(dialog).toHaveAccessibleDescription(/digits are drawn and shown on the public board for good/),
    );
    expect(within(dialog).getByTestId('end-figures')).toHaveTextContent(
      '10 entrants with text consent will be texted their numbers.',
    );
    expect(posts()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it open' }));
    expect(posts()).toEqual([]);

    fireEvent.click(within(panel).getByRole('button', { name: 'Lock now' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: `Lock ${SLUG} now?` })).getByRole('button', {
        name: 'Lock the board',
      }),
    );
    expect(await screen.findByText('Board locked')).toBeInTheDocument();
    expect(posts().map((c) => c.url)).toEqual([`/api/admin/boards/${SLUG}/lock`]);
  });

  it("'Lock now' on a board under its minimum says it will be cancelled and refunded, with the cancel's figures", async () => {
    renderPage(
      { status: 'open' },
      [],
      endPreview({ lock: { allowed: true, outcome: 'cancel-below', entries: 14, minEntries: 20, digitsTexted: 10 } }),
    );
    const panel = await openPanel();
    fireEvent.click(within(panel).getByRole('button', { name: 'Lock now' }));
    const dialog = await screen.findByRole('dialog', { name: `Lock ${SLUG} now?` });
    await waitFor(() =>
      expect(dialog).toHaveAccessibleDescription(
        'It has 14 entries, under its minimum of 20, so this board will be cancelled and refunded. This cannot be undone.',
      ),
    );
    expect(within(dialog).getByTestId('end-figures')).toHaveTextContent(
      '3 paid entries ($30) will be refunded in full through checkout.',
    );
    expect(within(dialog).getByRole('button', { name: 'Lock and cancel the board' })).toBeEnabled();
  });

  it("'Cancel board' says what happens to the money and the entrants before anything is cancelled", async () => {
    const { posts } = renderPage({ status: 'open' });
    const panel = await openPanel();
    fireEvent.click(within(panel).getByRole('button', { name: 'Cancel board' }));
    const dialog = await screen.findByRole('dialog', { name: `Cancel ${SLUG}?` });
    const figures = await within(dialog).findByTestId('end-figures');
    expect([...figures.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '3 paid entries ($30) will be refunded in full through checkout.',
      '$20 of collected cash (2 entries) will be marked to return to its entrants.',
      '9 entries owe nothing (free, or a pledge not collected).',
      '12 entrants will be told by email or text; 2 entrants left no way to reach them.',
    ]);
    expect(posts()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the board' }));
    expect(await screen.findByText('Board cancelled')).toBeInTheDocument();
    expect(posts().map((c) => c.url)).toEqual([`/api/admin/boards/${SLUG}/cancel`]);
  });

  it('a scored board has no Cancel: the void screen lists the prizes that stand and asks why', async () => {
    const scored = endPreview({
      status: 'locked',
      scored: true,
      cancel: { ...endPreview().cancel, allowed: false, refusal: 'A period of this board is scored.' },
      void: {
        allowed: true,
        refusal: null,
        prizes: [
          { period: 'q1', label: '1st quarter', prizeCents: 2500, state: 'paid', code: 'ANE', nickname: 'Annie' },
        ],
        paidCents: 2500,
        owedCents: 0,
        unscored: [
          { period: 'q2', label: '2nd quarter', prizeCents: 2500 },
          { period: 'final', label: 'Final score', prizeCents: 5000 },
        ],
        toCauseCents: 7500,
        cause: 'Heat Cares',
      },
    });
    const { posts } = renderPage({ status: 'locked' }, [q1], scored);
    const panel = await openPanel();
    expect(within(panel).queryByRole('button', { name: 'Cancel board' })).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Void board' }));
    const dialog = await screen.findByRole('dialog', { name: `Void ${SLUG}?` });
    const prizes = await within(dialog).findByRole('region', { name: 'Prizes that stand' });
    expect(within(prizes).getByText('ANE').closest('tr')).toHaveTextContent('1st quarterANE AnniePaid$25');
    expect(within(dialog).getByTestId('end-figures')).toHaveTextContent(
      'Not scored: 2nd quarter, Final score. $75 of prize money goes to Heat Cares.',
    );
    // The reason is required: nothing is sent without it.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void the board' }));
    expect(within(dialog).getByLabelText('Why is the board voided?')).toHaveAccessibleDescription(
      expect.stringContaining('Say why the board is voided, in 3 to 500 characters.'),
    );
    expect(posts()).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Why is the board voided?'), {
      target: { value: 'Power cut at the arena' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void the board' }));
    expect(await screen.findByText('Board voided')).toBeInTheDocument();
    expect(posts().map((c) => [c.url, c.body])).toEqual([
      [`/api/admin/boards/${SLUG}/void`, { reason: 'Power cut at the arena' }],
    ]);
  });
});

describe('/admin-boards: entering and correcting a score', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks each score as typed: 7000 is named as out of range, never cut to 700; decimals are refused', async () => {
    const { posts } = renderPage({ status: 'locked' }, [q1]);
    const panel = await openPanel();
    const form = within(panel).getByRole('form', { name: 'Enter a score' });
    const heat = within(form).getByLabelText('Heat score');
    // The first period without a score, empty.
    expect(within(form).getByLabelText('Period')).toHaveValue('q2');
    expect(heat).toHaveValue('');
    expect(heat).not.toHaveAttribute('maxlength');

    fireEvent.change(heat, { target: { value: '7000' } });
    expect(heat).toHaveValue('7000');
    expect(heat).toHaveAccessibleDescription(expect.stringContaining(scoreMessages.range(999)));
    fireEvent.change(heat, { target: { value: '12.5' } });
    expect(heat).toHaveAccessibleDescription(expect.stringContaining(scoreMessages.whole));
    fireEvent.change(within(form).getByLabelText('Magic score'), { target: { value: '20' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save score' }));
    expect(within(form).getByText(scoreMessages.whole)).toBeInTheDocument();
    expect(posts()).toEqual([]);
  });

  it('a scored period comes prefilled; the preview shows the old and the new winner, and Back saves nothing', async () => {
    const { posts } = renderPage({ status: 'locked' }, [q1]);
    const panel = await openPanel();
    const form = within(panel).getByRole('form', { name: 'Enter a score' });
    fireEvent.change(within(form).getByLabelText('Period'), { target: { value: 'q1' } });
    expect(within(form).getByLabelText('Heat score')).toHaveValue('31');
    expect(within(form).getByLabelText('Magic score')).toHaveValue('27');

    fireEvent.change(within(form).getByLabelText('Heat score'), { target: { value: '34' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Correct score' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct 1st quarter?' });
    const now = within(dialog).getByRole('region', { name: 'Now' });
    const after = within(dialog).getByRole('region', { name: 'After saving' });
    expect(now).toHaveTextContent('Heat 31–27 Magic');
    expect(now).toHaveTextContent('ANE');
    expect(now).toHaveTextContent('Heat 1 / Magic 7 (row 8, column 2)');
    expect(after).toHaveTextContent('Heat 34–27 Magic');
    expect(after).toHaveTextContent('Empty cell');
    expect(after).toHaveTextContent('Heat 4 / Magic 7 (row 8, column 5)');
    expect(dialog).toHaveTextContent('The winner changes from ANE to Empty cell.');
    expect(posts().map((c) => [c.url, c.body])).toEqual([
      [`/api/admin/boards/${SLUG}/scores/preview`, { period: 'q1', teamAScore: 34, teamBScore: 27 }],
    ]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts().some((c) => c.url.endsWith('/scores'))).toBe(false);
    // The typed score is still there to change.
    expect(within(form).getByLabelText('Heat score')).toHaveValue('34');
  });

  it('Save in the preview saves the previewed score', async () => {
    const { posts } = renderPage({ status: 'locked' }, [q1]);
    const panel = await openPanel();
    fireEvent.click(within(panel).getByRole('button', { name: 'Correct 1st quarter' }));
    const form = within(panel).getByRole('form', { name: 'Enter a score' });
    await waitFor(() => expect(within(form).getByLabelText('Heat score')).toHaveValue('31'));
    fireEvent.change(within(form).getByLabelText('Heat score'), { target: { value: '34' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Correct score' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct 1st quarter?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    expect(await screen.findByText('Score corrected')).toBeInTheDocument();
    expect(posts().map((c) => [c.url, c.body])).toEqual([
      [`/api/admin/boards/${SLUG}/scores/preview`, { period: 'q1', teamAScore: 34, teamBScore: 27 }],
      [`/api/admin/boards/${SLUG}/scores`, { period: 'q1', teamAScore: 34, teamBScore: 27 }],
    ]);
  });
});
