import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminBoardDetail, AdminBoardSummary, AdminEntry } from '../../src/shared/contracts/admin';
import type { Organization } from '../../src/shared/contracts/orgs';
import type { OrgRole } from '../../src/shared/domain/org-roles';
import { OrgConsolePages } from '../../src/web/features/orgs/pages/org-console-page';
import { freeToPlayLegal } from '../support/boards';
import { renderRoutesAt } from '../support/render-router';

/**
 * The organizer screens of an organization (/orgs/:org/boards, …/boards/:slug, …/entries): the admin board
 * screens against the organization's organizer API, each action shown only to a role that may take it.
 */

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const me = { id: 'u-1', name: 'Ada', email: 'ada@example.com', phone: '+12025550100', emailVerified: true };
const organization: Organization = {
  id: 'org-1',
  name: 'Lincoln Boosters',
  slug: 'lincoln',
  logo: null,
  cause: null,
  contactEmail: null,
  ein: null,
  status: 'active',
  createdAt: '2026-12-01T00:00:00.000Z',
};

const board = (patch: Partial<AdminBoardSummary> = {}): AdminBoardSummary => ({
  slug: 'heat-magic',
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
  status: 'open',
  paymentRequired: false,
  entryCount: 1,
  capacity: 100,
  organization: 'Lincoln Boosters',
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
  { key: 'final', label: 'Final score', prizeCents: 5000 },
];

const entry: AdminEntry = {
  id: 'e-1',
  createdAt: '2030-02-01T00:00:00Z',
  boardSlug: 'heat-magic',
  team: 'Heat vs Magic',
  teamSupport: null,
  organization: null,
  referralCode: null,
  gameCode: null,
  amountCents: 500,
  donationCommitmentCents: null,
  totalCents: 500,
  phone: null,
  nickname: 'Annie',
  code: 'ANE',
  ticketNumber: 'TICKET001',
  cells: [7],
  paymentState: 'pledged',
  deletable: true,
  checkoutPaidCents: 0,
  cashCents: 0,
  cashState: 'none',
  removed: null,
  reachBy: { email: false, text: false },
  freeEntry: false,
  state: null,
};

/** Serves the organization with `role` and its organizer API; every URL asked is recorded. */
function serve(role: OrgRole, summary: AdminBoardSummary = board()) {
  const urls: string[] = [];
  const detail: AdminBoardDetail = { board: summary, prizeTable, results: [], live: null };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      if (url === '/api/me') return json(200, { user: me });
      if (url === '/api/orgs/lincoln') return json(200, { organization, role });
      if (url === '/api/orgs/lincoln/boards') return json(200, { boards: [summary], games: [summary.game] });
      if (url === '/api/orgs/lincoln/boards/heat-magic') return json(200, detail);
      if (url.startsWith('/api/orgs/lincoln/entries?')) return json(200, { entries: [entry], nextCursor: null });
      if (url.startsWith('/api/boards/')) return json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
    }),
  );
  return urls;
}

const routes = [{ path: '/orgs/:org/*', Component: OrgConsolePages }];

describe('the organizer screens, by role', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the organization’s boards from its organizer API, each opening its screen; owners may create one', async () => {
    const urls = serve('owner');
    renderRoutesAt(routes, '/orgs/lincoln/boards');
    const open = await screen.findByRole('link', { name: 'Open heat-magic' });
    expect(open).toHaveAttribute('href', '/orgs/lincoln/boards/heat-magic');
    expect(screen.getByRole('button', { name: 'Create a board' })).toBeInTheDocument();
    expect(urls).toContain('/api/orgs/lincoln/boards');
    expect(urls.some((u) => u.startsWith('/api/admin'))).toBe(false);
  });

  it('offers a viewer no Create a board', async () => {
    serve('viewer');
    renderRoutesAt(routes, '/orgs/lincoln/boards');
    expect(await screen.findByRole('link', { name: 'Open heat-magic' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create a board' })).not.toBeInTheDocument();
  });

  it('shows staff Lock now and Cancel board on an open board, and a viewer neither', async () => {
    serve('staff');
    renderRoutesAt(routes, '/orgs/lincoln/boards/heat-magic');
    expect(await screen.findByRole('button', { name: 'Lock now' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel board' })).toBeInTheDocument();
    cleanup();
    vi.unstubAllGlobals();

    serve('viewer');
    renderRoutesAt(routes, '/orgs/lincoln/boards/heat-magic');
    expect(await screen.findByRole('region', { name: 'Winners by period' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lock now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel board' })).not.toBeInTheDocument();
  });

  it('gives a viewer the results of a locked board but no score entry; staff the score form', async () => {
    serve('viewer', board({ status: 'locked' }));
    renderRoutesAt(routes, '/orgs/lincoln/boards/heat-magic');
    expect(await screen.findByRole('region', { name: 'Winners by period' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Enter a score' })).not.toBeInTheDocument();
    cleanup();
    vi.unstubAllGlobals();

    serve('staff', board({ status: 'locked' }));
    renderRoutesAt(routes, '/orgs/lincoln/boards/heat-magic');
    expect(await screen.findByRole('region', { name: 'Winners by period' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Enter a score' })).toBeInTheDocument();
    expect(screen.getByLabelText('Heat score')).toBeInTheDocument();
  });

  it('gives every role the entries CSV; marking collected only to roles with entry:collect', async () => {
    serve('viewer');
    renderRoutesAt(routes, '/orgs/lincoln/entries');
    const table = await screen.findByRole('region', { name: 'Entry list' });
    expect(within(table).getByText('ANE')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/orgs/lincoln/entries.csv');
    expect(screen.queryByRole('button', { name: /Mark collected/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Add an entry' })).not.toBeInTheDocument();
    cleanup();
    vi.unstubAllGlobals();

    serve('staff');
    renderRoutesAt(routes, '/orgs/lincoln/entries');
    expect(await screen.findByRole('button', { name: 'Mark collected for Annie (ANE)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toBeInTheDocument();
  });
});
