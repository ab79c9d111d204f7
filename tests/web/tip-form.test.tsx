import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCents } from '../../src/shared/domain/money';
import { tipFee, tipFeeSummary } from '../../src/shared/domain/payments';
import { ToastProvider } from '../../src/web/components/ui/toast';
import { TipForm } from '../../src/web/features/gaming/components/tip-form';

const renderForm = () =>
  render(
    <ToastProvider>
      <TipForm streamer="PixelPaige" />
    </ToastProvider>,
  );

describe('tip form fee', () => {
  it('shows no fee for an amount outside the limits, only the tiers', () => {
    renderForm();
    const amount = screen.getByLabelText('Custom amount ($1-$500)');
    for (const bad of ['0.5', '500.01', '1.005']) {
      fireEvent.change(amount, { target: { value: bad } });
      expect(screen.getByText(tipFeeSummary())).toBeInTheDocument();
    }
  });

  it("shows the fee the server takes: the shared tipFee of the typed amount, at each tier's edge", () => {
    renderForm();
    const amount = screen.getByLabelText('Custom amount ($1-$500)');
    for (const [typed, cents] of [
      ['10', 1000],
      ['10.01', 1001],
      ['50', 5000],
      ['50.01', 5001],
      ['500', 50000],
    ] as const) {
      fireEvent.change(amount, { target: { value: typed } });
      const fee = tipFee(cents);
      const shown = `Platform fee ${formatCents(fee.feeCents, { whole: false })} (${fee.basisPoints / 100}%): PixelPaige receives ${formatCents(fee.netCents, { whole: false })}.`;
      expect(screen.getByText(shown), typed).toBeInTheDocument();
    }
  });
});

describe('tip form while FanGrid cannot be reached', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says try again in a moment and keeps the amount and the message after a 503', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        sent.push(JSON.parse(String(init?.body)));
        return new Response(
          JSON.stringify({ error: { code: 'UNAVAILABLE', message: "FanGrid can't reach its database right now." } }),
          { status: 503, headers: { 'content-type': 'application/json', 'retry-after': '5' } },
        );
      }),
    );
    renderForm();
    const amount = screen.getByLabelText('Custom amount ($1-$500)');
    fireEvent.change(amount, { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Message (optional)'), { target: { value: 'GG!' } });
    fireEvent.click(screen.getByRole('button', { name: /^Send Tip/ }));
    expect(await screen.findByText("We can't reach FanGrid right now. Please try again in a moment.")).toBeVisible();
    expect(sent).toEqual([expect.objectContaining({ amountCents: 1200, message: 'GG!' })]);
    expect(amount).toHaveValue(12);
    expect(screen.getByLabelText('Message (optional)')).toHaveValue('GG!');
    await waitFor(() => expect(screen.getByRole('button', { name: /^Send Tip/ })).toBeEnabled());
  });
});
