import type { FormEvent } from 'react';
import { dollarsToCents, formatCents } from '../../../../shared/domain/money';
import {
  paymentMessages,
  tipAmountProblem,
  tipFee,
  tipFeeSummary,
  tipLimits,
  tipQuickCents,
} from '../../../../shared/domain/payments';
import { AmountField } from '../../../components/amount-field';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { ApiClientError, isUnavailableError } from '../../../lib/api-client';
import { formRules, useSchemaForm } from '../../../lib/form';
import { startTipCheckout } from '../api';

/** A tip's amount problem (null while the field is empty), by the shared tip limits. */
const amountProblemOf = (amount: string) => {
  const amountCents = dollarsToCents(amount);
  return amountCents === null ? null : tipAmountProblem(Number.isFinite(amountCents) ? amountCents : null);
};

/** An amount is required and within the limits; a refused one is explained in a toast. */
const tipRules = formRules((v: { amount: string; message: string }) => ({
  amount: dollarsToCents(v.amount) === null || amountProblemOf(v.amount) ? paymentMessages.tipAmount : undefined,
}));

/**
 * Tip a streamer (docs/product.md#tips): quick $2/$5/$10/$25 or $1–$500 custom, a message of up to 200
 * characters, and the platform fee of its tier shown before paying; payment goes through the checkout.
 */
export function TipForm({ streamer }: { streamer: string }) {
  const { toast } = useToast();
  const form = useSchemaForm(tipRules, { amount: '', message: '' });
  const { amount, message } = form.values;
  const amountCents = dollarsToCents(amount);
  const problem = amountProblemOf(amount);
  const fee = amountCents !== null && !problem ? tipFee(amountCents) : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.check().ok || amountCents === null) {
      toast({ title: paymentMessages.tipAmountTitle, description: paymentMessages.tipAmount, variant: 'error' });
      return;
    }
    // Paying leaves the page, so the button stays busy once the checkout is open.
    await form
      .submitting(
        async () => {
          const started = await startTipCheckout({
            streamer,
            amountCents,
            ...(message.trim() ? { message: message.trim() } : {}),
          });
          window.location.assign(started.url);
        },
        { leaving: true },
      )
      .catch((err: unknown) => {
        toast({
          title: 'Tip Failed',
          description:
            err instanceof ApiClientError && (err.status === 400 || isUnavailableError(err))
              ? err.message
              : paymentMessages.tipFailed,
          variant: 'error',
        });
      });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <AmountField
        legend="Quick tip"
        presetsCents={tipQuickCents}
        label="Custom amount ($1-$500)"
        max={500}
        value={amount}
        onChange={(v) => form.set('amount', v)}
        error={problem ?? undefined}
      />
      <div className="flex flex-col gap-1.5">
        <Input
          label="Message (optional)"
          maxLength={tipLimits.messageMax}
          value={message}
          onChange={(e) => form.set('message', e.target.value.slice(0, tipLimits.messageMax))}
          hint={`${message.length}/${tipLimits.messageMax}`}
        />
      </div>
      <p className="text-sm text-slate-300" aria-live="polite">
        {fee
          ? `Platform fee ${formatCents(fee.feeCents, { whole: false })} (${fee.basisPoints / 100}%): ${streamer} receives ${formatCents(fee.netCents, { whole: false })}.`
          : tipFeeSummary()}
      </p>
      <Button type="submit" disabled={form.busy || amountCents === null}>
        {form.busy ? 'Processing...' : `Send Tip${fee ? ` of ${formatCents(amountCents ?? 0, { whole: false })}` : ''}`}
      </Button>
    </form>
  );
}
