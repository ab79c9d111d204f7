import { CreditCard, Lock } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { formatCard, formatExpiry } from './card-format';

/** A test card as typed on the local checkout. */
export interface CardValues {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

/** The local test checkout's heading: its lock line, the screen's title, then what is being paid. */
export function TestCheckoutHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="flex flex-col gap-2">
      <p className="inline-flex items-center gap-2 text-sm font-semibold text-slate-300">
        <Lock aria-hidden="true" className="size-4" /> FanGrid test checkout
      </p>
      <h1 className="text-3xl font-black text-white">{title}</h1>
      {children}
    </header>
  );
}

/**
 * The local checkout's card form: the number and expiry are spaced as typed and the CVC keeps digits only;
 * each field shows its problem, a failed call's message shows above the button, and the button says
 * 'Processing...' while the form is busy.
 */
export function CardForm({
  form,
  onSubmit,
  error,
  submitLabel,
  notice,
  more,
  children,
}: {
  form: {
    values: CardValues;
    errors: Partial<Record<string, string>>;
    busy: boolean;
    set: (field: keyof CardValues, value: string) => void;
  };
  onSubmit: (e: FormEvent) => void;
  /** A failed call's message. */
  error: string | null;
  submitLabel: string;
  /** Shown above the fields. */
  notice?: ReactNode;
  /** More fields, after the card's own (the checkout's email for the receipt). */
  more?: ReactNode;
  /** The way out, below the button. */
  children: ReactNode;
}) {
  const { values, errors, busy, set } = form;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-4 rounded-2xl border border-ink-700 bg-ink-850 p-5"
    >
      {notice}
      <Input
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={values.number}
        error={errors.number}
        onChange={(e) => set('number', formatCard(e.target.value))}
      />
      <div className="grid grid-cols-2 gap-3">
        <Input
          label="Expiry (MM / YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          value={values.expiry}
          error={errors.expiry}
          onChange={(e) => set('expiry', formatExpiry(e.target.value))}
        />
        <Input
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          value={values.cvc}
          error={errors.cvc}
          onChange={(e) => set('cvc', e.target.value.replace(/\D/g, ''))}
        />
      </div>
      <Input
        label="Name on card"
        autoComplete="cc-name"
        value={values.name}
        error={errors.name}
        onChange={(e) => set('name', e.target.value)}
      />
      {more}
      {error && (
        <p role="alert" className="rounded-lg bg-red-950/60 p-3 text-sm text-red-100">
          {error}
        </p>
      )}
      <Button type="submit" size="lg" disabled={busy}>
        <CreditCard aria-hidden="true" className="size-4" />
        {busy ? 'Processing...' : submitLabel}
      </Button>
      {children}
    </form>
  );
}
