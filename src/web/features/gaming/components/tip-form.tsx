import { type FormEvent, useState } from 'react';
import { dollarsToCents, formatCents } from '../../../../shared/domain/money';
import {
  paymentMessages,
  tipAmountProblem,
  tipFee,
  tipFeeSummary,
  tipLimits,
  tipQuickCents,
} from '../../../../shared/domain/payments';
import { AmountChoices } from '../../../components/amount-choices';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { ApiClientError } from '../../../lib/api-client';
import { startTipCheckout } from '../api';

/**
 * Tip a streamer (docs/product.md#tips): quick $2/$5/$10/$25 or $1–$500 custom, a message of up to 200
 * characters, and the platform fee of its tier shown before paying; payment goes through the checkout.
 */
export function TipForm({ streamer }: { streamer: string }) {
  const { toast } = useToast();
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const amountCents = dollarsToCents(amount);
  const problem = amountCents === null ? null : tipAmountProblem(Number.isFinite(amountCents) ? amountCents : null);
  const fee = amountCents !== null && !problem ? tipFee(amountCents) : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (amountCents === null || problem) {
      toast({ title: paymentMessages.tipAmountTitle, description: paymentMessages.tipAmount, variant: 'error' });
      return;
    }
    setBusy(true);
    try {
      const started = await startTipCheckout({
        streamer,
        amountCents,
        ...(message.trim() ? { message: message.trim() } : {}),
      });
      window.location.assign(started.url);
    } catch (err) {
      toast({
        title: 'Tip Failed',
        description: err instanceof ApiClientError && err.status === 400 ? err.message : paymentMessages.tipFailed,
        variant: 'error',
      });
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <AmountChoices legend="Quick tip" amountsCents={tipQuickCents} chosenCents={amountCents} onChoose={setAmount} />
      <Input
        label="Custom amount ($1-$500)"
        type="number"
        inputMode="decimal"
        min={1}
        max={500}
        step={0.01}
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={problem ?? undefined}
      />
      <div className="flex flex-col gap-1.5">
        <Input
          label="Message (optional)"
          maxLength={tipLimits.messageMax}
          value={message}
          onChange={(e) => setMessage(e.target.value.slice(0, tipLimits.messageMax))}
          hint={`${message.length}/${tipLimits.messageMax}`}
        />
      </div>
      <p className="text-sm text-slate-300" aria-live="polite">
        {fee
          ? `Platform fee ${formatCents(fee.feeCents, { whole: false })} (${fee.basisPoints / 100}%): ${streamer} receives ${formatCents(fee.netCents, { whole: false })}.`
          : tipFeeSummary()}
      </p>
      <Button type="submit" disabled={busy || amountCents === null}>
        {busy ? 'Processing...' : `Send Tip${fee ? ` of ${formatCents(amountCents ?? 0, { whole: false })}` : ''}`}
      </Button>
    </form>
  );
}
