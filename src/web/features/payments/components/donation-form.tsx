import { type FormEvent, useId, useState } from 'react';
import type { CheckoutStarted, DonationCheckoutInput, GameData } from '../../../../shared/contracts/payments';
import { dollarsToCents, formatCents } from '../../../../shared/domain/money';
import { baseballQuickDonationsCents, donationMinCents, paymentMessages } from '../../../../shared/domain/payments';
import { AmountChoices } from '../../../components/amount-choices';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { ApiClientError } from '../../../lib/api-client';
import { rememberPendingSession, startDonation } from '../api';

/**
 * The donation form of the baseball and WNBA donation screens (docs/product.md#donations): quick amounts or a
 * custom amount of at least $1, name and email required, one-time or monthly; 'Processing...' while the
 * checkout is being created; 'Payment Error' when it cannot be.
 */
export function DonationForm(props: {
  kind: DonationCheckoutInput['kind'];
  gameData: GameData;
  allowRecurring: boolean;
  withPhoneAndMessage: boolean;
  /** Baseball: the checkout opens in a new tab and this page stays. */
  onStarted: (started: CheckoutStarted) => void;
  initialAmountCents?: number | undefined;
}) {
  const { toast } = useToast();
  const typeName = useId();
  const [type, setType] = useState<'one-time' | 'recurring'>('one-time');
  const [amount, setAmount] = useState(props.initialAmountCents ? String(props.initialAmountCents / 100) : '');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const amountCents = dollarsToCents(amount);
  const amountOk = amountCents !== null && Number.isFinite(amountCents) && amountCents >= donationMinCents;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!amountOk || busy) return;
    if (!name.trim() || !email.trim()) {
      const [title, description] = paymentMessages.missingDonor.split(': ');
      toast({ title: title ?? 'Missing Information', description, variant: 'error' });
      return;
    }
    setBusy(true);
    try {
      const started = await startDonation({
        kind: props.kind,
        type,
        amountCents: amountCents ?? 0,
        gameData: props.gameData,
        donorName: name.trim(),
        donorEmail: email.trim(),
        ...(props.withPhoneAndMessage && phone.trim() ? { donorPhone: phone.trim() } : {}),
        ...(props.withPhoneAndMessage && message.trim() ? { message: message.trim() } : {}),
      });
      rememberPendingSession(started.sessionId);
      toast({ title: 'Redirecting to Payment', description: 'Complete your donation on the secure checkout.' });
      props.onStarted(started);
    } catch (err) {
      const fieldProblem = err instanceof ApiClientError && err.status === 400 ? err.message : null;
      toast({
        title: 'Payment Error',
        description: fieldProblem ?? paymentMessages.paymentError,
        variant: 'error',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4 rounded-2xl border border-ink-700 bg-ink-850 p-5">
      {props.allowRecurring && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-200">Payment type</legend>
          {(
            [
              ['one-time', 'One-time donation'],
              ['recurring', 'Recurring monthly donation'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2 text-slate-100">
              <input
                type="radio"
                name={typeName}
                value={value}
                checked={type === value}
                onChange={() => setType(value)}
                className="size-4 accent-brand-500"
              />
              {label}
            </label>
          ))}
        </fieldset>
      )}
      <AmountChoices
        legend="Amount"
        amountsCents={baseballQuickDonationsCents}
        chosenCents={amountCents}
        onChoose={setAmount}
      />
      <Input
        label="Custom amount ($)"
        type="number"
        inputMode="decimal"
        min={1}
        step={0.01}
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={amount !== '' && !amountOk ? paymentMessages.donationAmount : undefined}
      />
      <Input label="Your name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
      <Input label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      {props.withPhoneAndMessage && (
        <>
          <Input
            label="Phone (optional)"
            type="tel"
            autoComplete="tel"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
          />
          <Input
            label="Message (optional)"
            maxLength={500}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
        </>
      )}
      <Button type="submit" size="lg" disabled={!amountOk || busy}>
        {busy
          ? 'Processing...'
          : `Donate ${amountOk ? formatCents(amountCents ?? 0, { whole: false }) : ''}${type === 'recurring' ? ' monthly' : ''}`.trim()}
      </Button>
    </form>
  );
}
