import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
