import { CreditCard, Lock } from 'lucide-react';
import type { ChangeEvent, FormEvent, ReactNode } from 'react';
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

/** What a CVC keeps of what is typed: its digits. */
const digitsOnly = (typed: string) => typed.replace(/\D/g, '');

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
    busy: boolean;
    /** A card field's value, change (through `format`) and problem, as `useSchemaForm`'s `field` gives them. */
    field: (
      name: keyof CardValues,
      format?: (typed: string) => string,
    ) => { value: string; onChange: (e: ChangeEvent<HTMLInputElement>) => void; error?: string | undefined };
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
  const { busy, field } = form;
  /** The card's digit fields (number, expiry, CVC): a numeric keypad, and what is typed kept in their format. */
  const digitField = (name: keyof CardValues, format: (typed: string) => string) => ({
    inputMode: 'numeric' as const,
    ...field(name, format),
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-4 rounded-2xl border border-ink-700 bg-ink-850 p-5"
    >
      {notice}
      <Input
        label="Card number"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        {...digitField('number', formatCard)}
      />
      <div className="grid grid-cols-2 gap-3">
        <Input
          label="Expiry (MM / YY)"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          {...digitField('expiry', formatExpiry)}
        />
        <Input label="CVC" autoComplete="cc-csc" placeholder="123" maxLength={4} {...digitField('cvc', digitsOnly)} />
      </div>
      <Input label="Name on card" autoComplete="cc-name" {...field('name')} />
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
