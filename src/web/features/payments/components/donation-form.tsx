import { type FormEvent, useId } from 'react';
import type { CheckoutStarted } from '../../../../shared/contracts/payment-responses';
import type { DonationCheckoutInput, GameData } from '../../../../shared/contracts/payments';
import { dollarsToCents, formatCents } from '../../../../shared/domain/money';
import { isEmail } from '../../../../shared/domain/partners';
import { baseballQuickDonationsCents, donationMinCents, paymentMessages } from '../../../../shared/domain/payments';
import { phoneFormatProblem } from '../../../../shared/domain/phone';
import { AmountField } from '../../../components/amount-field';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { ApiClientError, isUnavailableError } from '../../../lib/api-client';
import { formRules, useSchemaForm } from '../../../lib/form';
import { rememberPendingSession, startDonation } from '../api';

const amountOk = (amountCents: number | null) =>
  amountCents !== null && Number.isFinite(amountCents) && amountCents >= donationMinCents;

interface DonationValues {
  type: 'one-time' | 'recurring';
  amount: string;
  name: string;
  email: string;
  phone: string;
  message: string;
}

/**
 * An amount of at least $1, then a donor's name and an email that reads as one (a missing name or email is
 * also named in a toast). Each problem is marked on its own field.
 */
const donationRules = formRules((v: DonationValues) => ({
  amount: amountOk(dollarsToCents(v.amount)) ? undefined : paymentMessages.donationAmount,
  name: v.name.trim() ? undefined : paymentMessages.donorName,
  email: isEmail(v.email.trim()) ? undefined : paymentMessages.donorEmail,
}));
/** The request's field names for the form's fields, so a refusal marks the field it names. */
const requestFields = { amountCents: 'amount', donorName: 'name', donorEmail: 'email', donorPhone: 'phone' } as const;

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
  /** The checkout started: the page goes to it in this tab. */
  onStarted: (started: CheckoutStarted) => void;
  initialAmountCents?: number | undefined;
  /** The organization the gift is made to (its public page's slug); the server names it on the receipt. */
  organization?: string;
}) {
  const { toast } = useToast();
  const typeName = useId();
  const idPrefix = useId();
  const fieldId = (field: string) => `${idPrefix}-${field}`;
  const form = useSchemaForm(
    donationRules,
    {
      type: 'one-time',
      amount: props.initialAmountCents ? String(props.initialAmountCents / 100) : '',
      name: '',
      email: '',
      phone: '',
      message: '',
    } as DonationValues,
    { fieldId },
  );
  const { type, amount, name, email, phone, message } = form.values;
  const amountCents = dollarsToCents(amount);
  const amountValid = amountOk(amountCents);
  // The optional phone is checked as typed, like the sign-up form's: a number that is not one holds the submit.
  const phoneProblem = props.withPhoneAndMessage ? phoneFormatProblem(phone) : undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (form.busy || phoneProblem) return;
    if (!form.validate()) {
      if (!amountValid) return;
      if (!name.trim() || !email.trim()) {
        const [title, description] = paymentMessages.missingDonor.split(': ');
        toast({ title: title ?? 'Missing Information', description, variant: 'error' });
      }
      return;
    }
    await form.submitting(async () => {
      try {
        const started = await startDonation({
          kind: props.kind,
          type,
          amountCents: amountCents ?? 0,
          gameData: props.gameData,
          ...(props.organization ? { organization: props.organization } : {}),
          donorName: name.trim(),
          donorEmail: email.trim(),
          ...(props.withPhoneAndMessage && phone.trim() ? { donorPhone: phone.trim() } : {}),
          ...(props.withPhoneAndMessage && message.trim() ? { message: message.trim() } : {}),
        });
        rememberPendingSession(started.sessionId);
        toast({ title: 'Redirecting to Payment', description: 'Complete your donation on the secure checkout.' });
        props.onStarted(started);
      } catch (err) {
        // A field the server refused (marked on that field), or FanGrid out of reach for a moment (the form
        // keeps what was typed).
        const marked = form.showServerErrors(err, undefined, requestFields);
        const fieldProblem =
          err instanceof ApiClientError && (err.status === 400 || isUnavailableError(err))
            ? (marked ?? err.message)
            : null;
        toast({
          title: 'Payment Error',
          description: fieldProblem ?? paymentMessages.paymentError,
          variant: 'error',
        });
      }
    });
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
                onChange={() => form.set('type', value)}
                className="size-4 accent-brand-500"
              />
              {label}
            </label>
          ))}
        </fieldset>
      )}
      <AmountField
        legend="Amount"
        presetsCents={baseballQuickDonationsCents}
        value={amount}
        onChange={(v) => form.set('amount', v)}
        error={form.errors.amount ?? (amount !== '' && !amountValid ? paymentMessages.donationAmount : undefined)}
      />
      <Input id={fieldId('name')} label="Your name" autoComplete="name" {...form.field('name')} />
      <Input id={fieldId('email')} label="Email" type="email" autoComplete="email" {...form.field('email')} />
      {props.withPhoneAndMessage && (
        <>
          {/* The phone's problem shows as it is typed. */}
          <Input
            id={fieldId('phone')}
            label="Phone (optional)"
            type="tel"
            autoComplete="tel"
            {...form.field('phone')}
            error={form.errors.phone ?? phoneProblem}
          />
          <Input id={fieldId('message')} label="Message (optional)" maxLength={500} {...form.field('message')} />
        </>
      )}
      <Button type="submit" size="lg" disabled={!amountValid || Boolean(phoneProblem) || form.busy}>
        {form.busy
          ? 'Processing...'
          : `Donate ${amountValid ? formatCents(amountCents ?? 0, { whole: false }) : ''}${type === 'recurring' ? ' monthly' : ''}`.trim()}
      </Button>
    </form>
  );
}
