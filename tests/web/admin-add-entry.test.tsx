import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { phoneMessages } from '../../src/shared/domain/phone';
import { AdminEntriesPage } from '../../src/web/features/admin/pages/admin-entries-page';
import { renderRoutesAt } from '../support/render-router';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const board = {
  slug: 'knicks-vs-pacers',
  game: {
    id: '0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f',
    slug: 'knicks-pacers',
    league: 'NBA',
    teamA: 'Knicks',
    teamB: 'Pacers',
    startsAt: '2030-01-30T00:00:00Z',
    venue: 'Madison Square Garden',
  },
  sequence: 1,
  format: '1v49',
  status: 'open',
  paymentRequired: false,
  entryCount: 3,
  capacity: 50,
  organization: 'FanGrid Community Fund',
  scoring: 'manual',
  feedGame: false,
  feedProblem: null,
  claimWindowDays: 14,
  payoutMethods: ['pickup'],
};

function renderPage() {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method === 'POST') posts.push({ url, body: JSON.parse(String(init?.body)) });
      if (url === '/api/admin-gate') return json(200, { stage: 'admin', lockedUntil: null });
      if (url === '/api/admin/boards') return json(200, { boards: [board], games: [board.game] });
      return json(404, { error: { code: 'NOT_FOUND', message: `No ${method} ${url}` } });
    }),
  );
  renderRoutesAt([{ path: '/admin-entries', element: <AdminEntriesPage /> }], '/admin-entries');
  return { posts };
}

describe('/admin-entries: adding an entry', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks the phone as it is typed, as the fans’ forms do, and sends nothing while it is wrong', async () => {
    const { posts } = renderPage();
    const form = await screen.findByRole('form', { name: 'Add an entry' });
    const add = within(form).getByRole('button', { name: 'Add Entry' });
    const phone = within(form).getByLabelText('Phone (optional)');
    fireEvent.change(within(form).getByLabelText('Nickname'), { target: { value: 'Brunson' } });

    fireEvent.change(phone, { target: { value: '555-CALL-NOW' } });
    expect(within(form).getByText(phoneMessages.invalid)).toBeTruthy();
    expect(add).toHaveProperty('disabled', true);
    fireEvent.submit(form);
    expect(posts).toEqual([]);

    fireEvent.change(phone, { target: { value: '(555) 123-4567' } });
    expect(within(form).queryByText(phoneMessages.invalid)).toBeNull();
    expect(add).toHaveProperty('disabled', false);
    // An empty phone is allowed: it is optional here.
    fireEvent.change(phone, { target: { value: '' } });
    expect(within(form).queryByText(phoneMessages.invalid)).toBeNull();
    expect(add).toHaveProperty('disabled', false);
  });
});
