import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../src/web/components/ui/toast';
import { CreateBoardForm } from '../../src/web/features/admin/components/create-board-form';
import { adminBoardSummary } from '../support/admin';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderForm() {
  const posted: Array<Record<string, unknown>> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body));
      posted.push(body);
      return json(201, adminBoardSummary({ slug: body.slug, organization: 'Hawks Foundation' }));
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

const submit = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create board' })));

describe('create a board: prize claims', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('defaults to 30 days and pickup at the venue, and sends them', async () => {
    const posted = renderForm();
    expect(screen.getByLabelText('Claim window (days)')).toHaveValue('30');
    expect(screen.getByRole('checkbox', { name: 'Pick up at the venue' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Check by mail' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Payment handle' })).not.toBeChecked();
    await submit();
    expect(posted[0]).toMatchObject({ claimWindowDays: 30, payoutMethods: ['pickup'] });
  });

  it('refuses a claim window outside 1-365 days and no payout method, then sends the chosen ones in order', async () => {
    const posted = renderForm();
    fireEvent.change(screen.getByLabelText('Claim window (days)'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pick up at the venue' }));
    await submit();
    expect(screen.getByLabelText('Claim window (days)')).toHaveAccessibleDescription(
      /The claim window must be at least 1 day/,
    );
    expect(screen.getByText('Offer at least one payout method')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Claim window (days)'), { target: { value: 'two weeks' } });
    await submit();
    expect(screen.getByLabelText('Claim window (days)')).toHaveAccessibleDescription(
      /The claim window must be a whole number of days/,
    );
    expect(posted).toEqual([]);

    fireEvent.change(screen.getByLabelText('Claim window (days)'), { target: { value: '14' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Payment handle' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pick up at the venue' }));
    await submit();
    expect(posted[0]).toMatchObject({ claimWindowDays: 14, payoutMethods: ['pickup', 'handle'] });
  });
});
