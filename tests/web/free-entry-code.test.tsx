import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BoardView } from '../../src/shared/contracts/boards';
import { FREE_ENTRY_CODE_NOTICE, freeEntryCodeMessages } from '../../src/shared/domain/free-entry';
import { BoardPage } from '../../src/web/features/boards/pages/board-page';
import { boardView, QuietEventSource } from '../support/boards';
import { renderRoutesAt } from '../support/render-router';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const sweepstakes = (): BoardView =>
  boardView({
    mode: 'sweepstakes',
    legal: { ...boardView().legal, moneyAllowed: true, freeEntryOffered: true, stateRequired: false },
  });

const entered = {
  entry: {
    id: 'e9',
    boardSlug: 'finals-game-5',
    code: 'FRE',
    ticketNumber: 'FREEFREEF',
    cells: [7],
    amountCents: null,
  },
};

/** The board page with the API answered by `answers` per path (each a queue; its last answer repeats). */
function renderFreeBoard(answers: { code: Response[]; entry: Response[] }) {
  const posted: { url: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal('EventSource', QuietEventSource);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posted.push({ url, body: JSON.parse(String(init.body)) });
        const queue = url.endsWith('/free-entry/code') ? answers.code : answers.entry;
        return (queue.length > 1 ? queue.shift() : queue[0]?.clone()) ?? json(500, {});
      }
      return json(200, sweepstakes());
    }),
  );
  renderRoutesAt([{ path: '/boards/:slug', Component: BoardPage }], '/boards/finals-game-5');
  return posted;
}

async function openFreeForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'No purchase necessary: enter for free' }));
  return screen.getByRole('form', { name: 'Free entry' });
}

const sent = () => json(202, { expiresAt: '2025-06-11T16:10:00.000Z', message: freeEntryCodeMessages.sent(10) });

describe('the free entry form’s code step', () => {
  beforeEach(() => {
    window.localStorage.clear();
    // jsdom has no scrolling: the entered code is brought into view by scrollBy.
    vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('says why a code is texted, sends it, asks for it in a labelled field and sends it with the entry', async () => {
    const posted = renderFreeBoard({
      code: [sent()],
      entry: [
        json(400, {
          error: {
            code: 'FREE_ENTRY_CODE_INVALID',
            message: freeEntryCodeMessages.wrong,
            fields: { code: freeEntryCodeMessages.wrong },
          },
        }),
        json(201, entered),
      ],
    });
    const form = await openFreeForm();
    const send = within(form).getByRole('button', { name: 'Text me a code' });
    expect(send).toHaveAccessibleDescription(FREE_ENTRY_CODE_NOTICE);
    expect(within(form).getByRole('group', { name: 'Confirm your number' })).toBeInTheDocument();
    // No number yet: nothing to text, and no code field.
    expect(send).toBeDisabled();
    expect(within(form).queryByLabelText('6-digit code')).toBeNull();
    fireEvent.change(within(form).getByLabelText('Phone number'), { target: { value: '(202) 555-0188' } });
    fireEvent.change(within(form).getByLabelText('Nickname'), { target: { value: 'Freebie' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: /agree to the official rules/ }));
    expect(send).toBeEnabled();
    fireEvent.click(send);
    const code = await within(form).findByLabelText('6-digit code');
    expect(posted[0]).toEqual({ url: '/api/boards/finals-game-5/free-entry/code', body: { phone: '(202) 555-0188' } });
    expect(within(form).getByRole('status')).toHaveTextContent(freeEntryCodeMessages.sent(10));
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await waitFor(() => expect(code).toHaveFocus());
    expect(within(form).getByRole('button', { name: 'Text me a new code' })).toBeEnabled();

    // Without the code nothing is sent; the field says what it needs.
    fireEvent.click(within(form).getByRole('button', { name: 'Enter for free' }));
    expect(code).toHaveAccessibleDescription(freeEntryCodeMessages.required);
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toHaveLength(1);

    // Only digits are kept; a wrong code is refused on the field, which takes the focus.
    fireEvent.change(code, { target: { value: '12 34 56 7' } });
    expect(code).toHaveValue('123456');
    fireEvent.click(within(form).getByRole('button', { name: 'Enter for free' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(freeEntryCodeMessages.wrong));
    expect(code).toHaveFocus();
    expect(posted[1]?.url).toBe('/api/boards/finals-game-5/free-entries');
    expect(posted[1]?.body).toMatchObject({ code: '123456', phone: '(202) 555-0188', amountCents: null });

    fireEvent.change(code, { target: { value: '654321' } });
    expect(code).not.toHaveAttribute('aria-invalid');
    fireEvent.click(within(form).getByRole('button', { name: 'Enter for free' }));
    expect(await screen.findByText('Free entry accepted')).toBeInTheDocument();
    expect(posted[2]?.body).toMatchObject({ code: '654321' });
    // The step starts over for the next entrant.
    expect(within(form).queryByLabelText('6-digit code')).toBeNull();
  });

  it('a refused send (too many codes) is announced, and a changed number needs its own code', async () => {
    const message = freeEntryCodeMessages.perNumber;
    renderFreeBoard({
      code: [
        sent(),
        json(429, { error: { code: 'FREE_ENTRY_CODE_RATE_LIMITED', message, fields: { phone: message } } }),
      ],
      entry: [json(201, entered)],
    });
    const form = await openFreeForm();
    const phone = within(form).getByLabelText('Phone number');
    fireEvent.change(phone, { target: { value: '+12025550189' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Text me a code' }));
    expect(await within(form).findByLabelText('6-digit code')).toBeInTheDocument();
    // Another number: the code was not for it.
    fireEvent.change(phone, { target: { value: '+12025550190' } });
    expect(within(form).queryByLabelText('6-digit code')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Text me a code' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(message);
    expect(within(form).queryByLabelText('6-digit code')).toBeNull();
  });
});
