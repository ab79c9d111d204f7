import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consentNeedsPhoneMessage } from '../../src/shared/contracts/admin';
import { ageTickMessage } from '../../src/shared/contracts/boards';
import { legalMessages } from '../../src/shared/domain/legal';
import { phoneMessages } from '../../src/shared/domain/phone';
import { SMS_CONSENT_TEXT } from '../../src/shared/domain/sms';
import { AdminEntriesPage } from '../../src/web/features/admin/pages/admin-entries-page';
import { adminBoardSummary } from '../support/admin';
import { freeToPlayLegal } from '../support/boards';
import { renderRoutesAt } from '../support/render-router';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The board's published eligibility: 21 and over, the state asked, three states excluded. */
const legal = { ...freeToPlayLegal, minimumAge: 21, stateRequired: true, excludedStates: ['FL', 'NY', 'RI'] };

const board = adminBoardSummary({
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
  mode: 'sweepstakes',
  legal,
  claimWindowDays: 14,
});

const entry = {
  id: '00000000-0000-4000-8000-000000000001',
  createdAt: '2030-01-01T00:00:00Z',
  boardSlug: board.slug,
  team: 'Knicks vs Pacers',
  teamSupport: null,
  organization: 'FanGrid Community Fund',
  referralCode: null,
  gameCode: null,
  amountCents: null,
  donationCommitmentCents: null,
  totalCents: 0,
  phone: '+12025550191',
  nickname: 'Cash',
  code: 'CSH',
  ticketNumber: 'TICKET001',
  cells: [4, 5],
  paymentState: 'none',
  deletable: true,
  checkoutPaidCents: 0,
  cashCents: 0,
  cashState: 'none',
  removed: null,
  reachBy: { email: true, text: true },
  freeEntry: false,
  state: 'OH',
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
      if (url === `/api/boards/${board.slug}`) {
        return json(200, { entryRule: { kind: 'no-amount' }, mode: 'sweepstakes', legal });
      }
      if (method === 'POST' && url === '/api/admin/entries') return json(201, entry);
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

    fireEvent.change(phone, { target: { value: '(202) 555-0191' } });
    expect(within(form).queryByText(phoneMessages.invalid)).toBeNull();
    expect(add).toHaveProperty('disabled', false);
    // An empty phone is allowed: it is optional here.
    fireEvent.change(phone, { target: { value: '' } });
    expect(within(form).queryByText(phoneMessages.invalid)).toBeNull();
    expect(add).toHaveProperty('disabled', false);
  });

  it('asks the board’s eligibility as a fan’s entry does, and sends the state, age tick, consent and email', async () => {
    const { posts } = renderPage();
    const form = await screen.findByRole('form', { name: 'Add an entry' });
    await within(form).findByRole('option', { name: /knicks-vs-pacers/ });
    fireEvent.change(within(form).getByLabelText('Game board (team)'), { target: { value: board.slug } });
    const age = await within(form).findByRole('checkbox', { name: /^The entrant is 21 or older/ });
    const consent = within(form).getByRole('checkbox', { name: /The entrant agrees to this text consent/ });
    expect(consent.closest('label')).toHaveTextContent(SMS_CONSENT_TEXT);
    fireEvent.change(within(form).getByLabelText('Nickname'), { target: { value: 'Cash' } });
    fireEvent.click(consent);
    fireEvent.click(within(form).getByRole('button', { name: 'Add Entry' }));
    // Each refusal on its own field, in the fan's words; nothing is sent.
    expect(await within(form).findByText(ageTickMessage)).toBeInTheDocument();
    expect(within(form).getByText(consentNeedsPhoneMessage)).toBeInTheDocument();
    expect(within(form).getByText(legalMessages.stateRequired('sweepstakes'))).toBeInTheDocument();
    expect(age).toHaveAccessibleDescription(ageTickMessage);
    fireEvent.change(within(form).getByLabelText('State'), { target: { value: 'NY' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add Entry' }));
    expect(await within(form).findByText(legalMessages.stateExcluded('sweepstakes', 'NY'))).toBeInTheDocument();
    expect(posts).toEqual([]);

    fireEvent.change(within(form).getByLabelText('State'), { target: { value: 'OH' } });
    fireEvent.change(within(form).getByLabelText('Phone (optional)'), { target: { value: '(202) 555-0191' } });
    fireEvent.change(within(form).getByLabelText('Email (optional)'), { target: { value: 'cash@example.com' } });
    fireEvent.click(age);
    fireEvent.click(within(form).getByRole('button', { name: 'Add Entry' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      url: '/api/admin/entries',
      body: {
        boardSlug: board.slug,
        nickname: 'Cash',
        phone: '(202) 555-0191',
        email: 'cash@example.com',
        state: 'OH',
        ageConfirmed: true,
        smsConsent: true,
        amountCents: null,
      },
    });
    // The next entrant starts unticked.
    await waitFor(() => expect(age).not.toBeChecked());
    expect(consent).not.toBeChecked();
  });
});
