import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { boardLimitMessages } from '../../src/shared/domain/board-limits';
import { entryRuleMessages } from '../../src/shared/domain/boards';
import { ToastProvider } from '../../src/web/components/ui/toast';
import { CreateBoardForm } from '../../src/web/features/admin/components/create-board-form';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The form on a new game of Hawks vs Magic; `answer` is what the endpoint says to a submitted board. */
function renderForm(answer: (body: Record<string, unknown>) => Response) {
  const posted: Array<Record<string, unknown>> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body));
      posted.push(body);
      return answer(body);
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastProvider>
        <CreateBoardForm games={[]} onCreated={() => {}} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  for (const [label, value] of [
    ['League', 'NBA'],
    ['Venue', 'State Farm Arena'],
    ['Team A (columns)', 'Hawks'],
    ['Team B (rows)', 'Magic'],
    ['Starts at (your local time)', '2030-01-30T19:30'],
    ['Organization', 'Hawks Foundation'],
  ] as const) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
  return posted;
}

const change = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create board' })));
/** The field's problem as assistive tech reads it beside the field (its description). */
const besideField = (label: string, message: string) =>
  expect(screen.getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining(message));

describe('create a board: impossible boards are refused beside the field that makes them so', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a highest amount of $99,999,999 says what is wrong, beside the highest amount, and posts nothing', async () => {
    const posted = renderForm(() => json(500, {}));
    change('Entry rule', 'range');
    change('Highest amount ($)', '99999999');
    await submit();
    besideField('Highest amount ($)', 'The highest amount can be at most $10,000');
    expect(screen.queryByText('Enter the lowest and highest amounts')).toBeNull();
    change('Highest amount ($)', '');
    change('Lowest amount ($)', 'five');
    await submit();
    besideField('Highest amount ($)', 'Enter the highest amount');
    besideField('Lowest amount ($)', 'Enter the lowest amount in dollars, e.g. 5');
    change('Lowest amount ($)', '30');
    change('Highest amount ($)', '20');
    await submit();
    besideField('Lowest amount ($)', entryRuleMessages.minAboveMax);
    expect(posted).toEqual([]);
  });

  it('refuses the same team on both sides at team B, and prizes beyond the limits at each prize', async () => {
    const posted = renderForm(() => json(500, {}));
    change('Team B (rows)', ' hawks ');
    change('Prize 1 ($)', '0');
    change('Prize 2 ($)', '250000');
    await submit();
    besideField('Team B (rows)', boardLimitMessages.sameTeams);
    besideField('Prize 1 ($)', 'Each prize must be at least $1');
    besideField('Prize 2 ($)', 'A prize can be at most $100,000');
    expect(posted).toEqual([]);
  });

  it('refuses a minimum of entries above what a 1 vs 49 board holds', async () => {
    const posted = renderForm(() => json(500, {}));
    change('Format', '1v49');
    fireEvent.click(screen.getByRole('radio', { name: 'Cancel and refund below N entries' }));
    change('Minimum entries (N)', '60');
    await submit();
    besideField('Minimum entries (N)', 'A 1 vs 49 board holds 50 entries: the minimum can be at most 50');
    expect(posted).toEqual([]);
  });

  it('shows the server’s refusal of a start in the past beside the start field', async () => {
    const posted = renderForm(() =>
      json(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: boardLimitMessages.gameStarted,
          fields: { 'game.startsAt': boardLimitMessages.gameStarted },
        },
      }),
    );
    await submit();
    expect(posted).toHaveLength(1);
    besideField('Starts at (your local time)', boardLimitMessages.gameStarted);
  });
});
