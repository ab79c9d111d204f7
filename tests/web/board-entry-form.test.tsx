import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BoardView } from '../../src/shared/contracts/boards';
import { BoardPage } from '../../src/web/features/boards/pages/board-page';
import { boardView, QuietEventSource } from '../support/boards';
import { renderRoutesAt } from '../support/render-router';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderBoard(view: BoardView, onEntry: () => Response = () => json(500, {})) {
  const posted: unknown[] = [];
  vi.stubGlobal('EventSource', QuietEventSource);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return onEntry();
      }
      return json(200, view);
    }),
  );
  renderRoutesAt([{ path: '/boards/:slug', Component: BoardPage }], `/boards/${view.slug}`);
  return posted;
}

async function fill(phone: string, nickname: string, tick = true) {
  fireEvent.change(await screen.findByLabelText('Phone number'), { target: { value: phone } });
  fireEvent.change(screen.getByLabelText('Nickname'), { target: { value: nickname } });
  if (tick) fireEvent.click(screen.getByRole('checkbox', { name: /agree to the official rules/ }));
}

describe('board entry form', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('refuses to send unticked, with the message on the box, and sends both ticks once ticked', async () => {
    const posted = renderBoard(boardView());
    await fill('(202) 555-0186', 'Jordan', false);
    const box = screen.getByRole('checkbox', { name: 'I am at least 18 and agree to the official rules' });
    expect(box).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'official rules' })).toHaveAttribute('href', '/boards/finals-game-5/rules');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Entry' }));
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Tick the box to confirm your age and accept the official rules.');
    expect(posted).toHaveLength(0);
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Submit Entry' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ ageConfirmed: true, rulesAccepted: true });
    expect(posted[0]).not.toHaveProperty('state');
  });

  it('asks for the state where the board needs it, and shows an excluded state refusal on the select', async () => {
    const message = 'Entries from New York are not accepted: the official rules of this sweepstakes exclude NY.';
    const posted = renderBoard(
      boardView({
        mode: 'sweepstakes',
        legal: {
          ...boardView().legal,
          minimumAge: 21,
          moneyAllowed: true,
          freeEntryOffered: true,
          stateRequired: true,
        },
      }),
      () => json(403, { error: { code: 'STATE_EXCLUDED', message, fields: { state: message } } }),
    );
    await fill('(202) 555-0186', 'Jordan', false);
    fireEvent.click(screen.getByRole('checkbox', { name: 'I am at least 21 and agree to the official rules' }));
    const state = screen.getByRole('combobox', { name: 'State' });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Entry' }));
    expect(state).toHaveAccessibleDescription('Choose your state.');
    expect(posted).toHaveLength(0);
    fireEvent.change(state, { target: { value: 'NY' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Entry' }));
    await waitFor(() => expect(state).toHaveAccessibleDescription(message));
    expect(state).toHaveAttribute('aria-invalid', 'true');
    expect(posted[0]).toMatchObject({ state: 'NY', ageConfirmed: true, rulesAccepted: true });
  });

  it('flags a state the board excludes as soon as it is chosen, with Submit disabled until another is', async () => {
    const posted = renderBoard(
      boardView({
        mode: 'sweepstakes',
        legal: {
          ...boardView().legal,
          moneyAllowed: true,
          freeEntryOffered: true,
          stateRequired: true,
          excludedStates: ['FL', 'NY', 'RI'],
        },
      }),
    );
    await fill('(202) 555-0190', 'Jordan');
    const state = screen.getByRole('combobox', { name: 'State' });
    fireEvent.change(state, { target: { value: 'NY' } });
    expect(state).toHaveAccessibleDescription(
      'Entries from New York are not accepted: the official rules of this sweepstakes exclude NY.',
    );
    expect(state).toHaveAttribute('aria-invalid', 'true');
    const submit = screen.getByRole('button', { name: 'Submit Entry' });
    expect(submit).toBeDisabled();
    fireEvent.change(state, { target: { value: 'CA' } });
    expect(state).not.toHaveAttribute('aria-invalid');
    expect(submit).toBeEnabled();
    expect(posted).toHaveLength(0);
  });

  it('shows the per-number limit on the phone field, and clears it as the number changes', async () => {
    const message = 'This phone number already has 10 entries on this board, the most one number can have.';
    const posted = renderBoard(boardView(), () =>
      json(409, { error: { code: 'PHONE_ENTRY_LIMIT', message, fields: { phone: message } } }),
    );
    await fill('(202) 555-0186', 'Jordan');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Entry' }));
    const phone = screen.getByLabelText('Phone number');
    await waitFor(() => expect(phone).toHaveAccessibleDescription(message));
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('Entry limit reached')).toBeInTheDocument();
    expect(posted).toHaveLength(1);
    fireEvent.change(phone, { target: { value: '(202) 555-0187' } });
    expect(phone).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a nickname with a control character and a malformed number on their fields before sending', async () => {
    const posted = renderBoard(boardView());
    await fill('call me', 'Jo\u202ee');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Entry' }));
    expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription('Enter a valid US phone number');
    expect(screen.getByLabelText('Nickname')).toHaveAccessibleDescription(
      /Nickname contains characters that are not allowed/,
    );
    expect(posted).toHaveLength(0);
  });

  it('checks the phone as it is typed, like sign-up, and keeps Submit disabled until it is a number', async () => {
    const posted = renderBoard(boardView());
    await fill('0555-123', 'Jordan');
    const phone = screen.getByLabelText('Phone number');
    expect(phone).toHaveAccessibleDescription('Enter a valid US phone number');
    expect(screen.getByRole('button', { name: 'Submit Entry' })).toBeDisabled();
    fireEvent.change(phone, { target: { value: '(202) 555-0191' } });
    expect(phone).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Submit Entry' })).toBeEnabled();
    expect(posted).toHaveLength(0);
  });

  it('says before submitting that a one- or two-character nickname gets a random code, and after, which', async () => {
    renderBoard(boardView(), () =>
      json(201, {
        entry: {
          id: 'e1',
          boardSlug: 'finals-game-5',
          code: 'QXZ',
          ticketNumber: 'ABCDEFGHI',
          cells: [4],
          amountCents: null,
        },
      }),
    );
    await fill('+12025550186', 'Jo');
    expect(screen.getByLabelText('Nickname')).toHaveAccessibleDescription(
      'Nicknames with fewer than 3 letters (A–Z) get a random 3-letter code.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Submit Entry' }));
    expect(await screen.findByText(/you got the random code QXZ/)).toHaveTextContent(
      'Your nickname has fewer than 3 letters (A–Z), so you got the random code QXZ.',
    );
  });

  it('clears phone, nickname and the box once the entry is taken, so a second tap cannot enter twice', async () => {
    const posted = renderBoard(boardView(), () =>
      json(201, {
        entry: {
          id: 'e3',
          boardSlug: 'finals-game-5',
          code: 'JOR',
          ticketNumber: 'CDEFGHIJK',
          cells: [6],
          amountCents: null,
        },
      }),
    );
    await fill('+12025550186', 'Jordan');
    const submit = screen.getByRole('button', { name: 'Submit Entry' });
    fireEvent.click(submit);
    await waitFor(() => expect(screen.getByLabelText('Phone number')).toHaveValue(''));
    expect(screen.getByLabelText('Nickname')).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: /agree to the official rules/ })).not.toBeChecked();
    expect(submit).toBeDisabled();
    fireEvent.click(submit);
    expect(posted).toHaveLength(1);
  });

  it("says which code an entry got when its nickname's code is already on the board", async () => {
    renderBoard(boardView(), () =>
      json(201, {
        entry: {
          id: 'e2',
          boardSlug: 'finals-game-5',
          code: 'KWP',
          ticketNumber: 'BCDEFGHIJ',
          cells: [5],
          amountCents: null,
        },
      }),
    );
    await fill('+12025550186', 'Jordan');
    expect(screen.getByLabelText('Nickname')).toHaveAccessibleDescription(
      'Up to 7 characters; your 3-letter code comes from its letters A–Z.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Submit Entry' }));
    expect(await screen.findByText(/already on this board/)).toHaveTextContent(
      "Your nickname's code JON is already on this board, so you got the random code KWP.",
    );
  });

  it('says the wait, not a field, when the network has made too many entries this minute', async () => {
    renderBoard(boardView(), () =>
      json(429, {
        error: {
          code: 'ENTRY_RATE_LIMITED',
          message: 'Too many entries from your network right now. Please wait a minute and try again.',
        },
      }),
    );
    await fill('+12025550186', 'Jordan');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Entry' }));
    expect(await screen.findByText('Please wait a minute')).toBeInTheDocument();
    expect(screen.getByText(/Too many entries from your network/)).toBeInTheDocument();
    expect(screen.getByLabelText('Phone number')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('says a board an organizer locked is locked, with no next-board link', async () => {
    renderBoard(boardView({ status: 'locked', closure: 'locked' }));
    expect(
      await screen.findByText('This board was locked by the organizer and takes no more entries.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Board full/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Join the next board for this game' })).not.toBeInTheDocument();
    // Entries are closed where the form was: no form, no free-entry button.
    expect(screen.getByRole('region', { name: 'Entries are closed' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit Entry' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Phone number')).not.toBeInTheDocument();
  });

  it('says Board full with a link to the next board when the board filled', async () => {
    renderBoard(boardView({ status: 'locked', closure: 'full', entryCount: 100, nextBoardSlug: 'finals-game-5-2' }));
    const link = await screen.findByRole('link', { name: 'Join the next board for this game' });
    expect(link).toHaveAttribute('href', '/boards/finals-game-5-2');
    expect(screen.getByRole('alert')).toHaveTextContent('Board full.');
    expect(screen.queryByText(/locked by the organizer/)).not.toBeInTheDocument();
  });

  it.each([
    ['settled', 'This board is settled', /every prize on this board is scored/],
    [
      'cancelled',
      'This board was cancelled',
      /^Entries are closedThis board was cancelledIt takes no more entries\.Your entries$/,
    ],
  ] as const)('shows a %s board as over, with no entry form', async (status, title, text) => {
    renderBoard(boardView({ status, closure: status === 'cancelled' ? 'cancelled' : 'closed', entryCount: 40 }));
    const over = await screen.findByRole('region', { name: `Entries are closed ${title}` });
    expect(over).toHaveTextContent(text);
    expect(screen.getByRole('link', { name: 'Your entries' })).toHaveAttribute('href', '/entered');
    expect(screen.queryByLabelText('Phone number')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit Entry' })).not.toBeInTheDocument();
  });
});

describe('board entry form while FanGrid cannot be reached', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('says try again in a moment and keeps phone, nickname and amount after a 503; the retry goes through', async () => {
    let down = true;
    const posted = renderBoard(
      boardView({
        entryRule: { kind: 'whole-range', minCents: 100, maxCents: 2000, defaultCents: 100, quickPicksCents: [] },
        legal: { ...boardView().legal, moneyAllowed: true },
      }),
      () =>
        down
          ? new Response(
              JSON.stringify({
                error: {
                  code: 'UNAVAILABLE',
                  message: "FanGrid can't reach its database right now. Please try again in a moment.",
                },
              }),
              { status: 503, headers: { 'content-type': 'application/json', 'retry-after': '5' } },
            )
          : json(201, {
              entry: {
                id: 'e1',
                boardSlug: 'finals-game-5',
                code: 'JOR',
                ticketNumber: 'ABCDEFGHI',
                cells: [4],
                amountCents: 700,
              },
            }),
    );
    await fill('(202) 555-0186', 'Jordan');
    const amount = screen.getByLabelText('Entry amount ($1-$20)');
    fireEvent.change(amount, { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Entry' }));

    expect(await screen.findByText('Entry not sent')).toBeInTheDocument();
    expect(
      screen.getAllByText("We can't reach FanGrid right now. Please try again in a moment.").length,
    ).toBeGreaterThan(0);
    expect(posted).toHaveLength(1);
    // Nothing the fan typed or ticked is lost, and no field is marked wrong.
    expect(screen.getByLabelText('Phone number')).toHaveValue('(202) 555-0186');
    expect(screen.getByLabelText('Nickname')).toHaveValue('Jordan');
    expect(amount).toHaveValue(7);
    expect(screen.getByRole('checkbox', { name: /agree to the official rules/ })).toBeChecked();
    expect(screen.getByLabelText('Phone number')).not.toHaveAttribute('aria-invalid', 'true');

    down = false;
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit Entry' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Submit Entry' }));
    await waitFor(() => expect(posted).toHaveLength(2));
    // The retry is the same entry: the same idempotency key, so a first try that did commit is not entered twice.
    const [first, second] = posted as Array<Record<string, unknown>>;
    expect(second).toEqual(first);
    expect(second).toMatchObject({ phone: '(202) 555-0186', nickname: 'Jordan', amountCents: 700 });
    await waitFor(() => expect(screen.getByLabelText('Phone number')).toHaveValue(''));
  });
});
