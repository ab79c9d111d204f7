import { useQuery } from '@tanstack/react-query';
import { CreditCard, Lock } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import { formatCents } from '../../../../shared/domain/money';
import { LoadFailed, Page, Skeleton } from '../../../components/layout/page';
import { TestModeBanner } from '../../../components/test-mode-banner';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { ApiClientError } from '../../../lib/api-client';
import { noRules, useSchemaForm } from '../../../lib/form';
import { cancelLocal, localSessionQuery, payLocal } from '../api';

/** Groups card digits in fours as typed (the provider's checkout does the same). */
const formatCard = (v: string) =>
  v
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
const formatExpiry = (v: string) => {
  const d = v.replace(/\D/g, '').slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
};

/**
 * FanGrid's local test checkout (the default payment provider): a card form for test cards only. Paying
 * posts a signed event to FanGrid's webhook, exactly as the real provider would, then returns to the
 * screen that started the payment.
 */
export function CheckoutPage() {
  const { sessionId = '' } = useParams();
  const session = useQuery(localSessionQuery(sessionId));
  // The card is checked by the provider (here, the local checkout's endpoint), not in the browser.
  const form = useSchemaForm(noRules, { number: '', expiry: '', cvc: '', name: '' });
  const { number, expiry, cvc, name } = form.values;
  const busy = form.busy;
  const [error, setError] = useState<string | null>(null);

  // Paying or cancelling leaves for the screen that started the payment, so the form stays busy after.
  const pay = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    await form
      .submitting(
        async () => {
          const { redirectUrl } = await payLocal(sessionId, { number, expiry: expiry.replace(/\s/g, ''), cvc, name });
          window.location.assign(redirectUrl);
        },
        { leaving: true },
      )
      .catch((err: unknown) =>
        setError(err instanceof ApiClientError ? err.message : 'Something went wrong. Please try again.'),
      );
  };

  // Cancelling closes the checkout at once (a paid entry frees its cells); if it had closed already,
  // the way back is the same.
  const cancel = () =>
    form.submitting(
      async () => {
        const back = session.data?.cancelUrl ?? '/';
        try {
          window.location.assign((await cancelLocal(sessionId)).redirectUrl);
        } catch {
          window.location.assign(back);
        }
      },
      { leaving: true },
    );

  const s = session.data;
  return (
    <Page title="Checkout" className="flex max-w-lg flex-col gap-6">
      <header className="flex flex-col gap-2">
        <p className="inline-flex items-center gap-2 text-sm font-semibold text-slate-300">
          <Lock aria-hidden="true" className="size-4" /> FanGrid test checkout
        </p>
        <h1 className="text-3xl font-black text-white">{s ? s.description : 'Checkout'}</h1>
        {s && (
          <p className="text-2xl font-bold text-brand-300">
            {formatCents(s.amountCents, { whole: false })}
            {s.mode === 'subscription' && <span className="text-base font-semibold text-slate-300"> per month</span>}
          </p>
        )}
      </header>
      {s?.testMode && (
        <TestModeBanner>
          Pay with <strong>4242 4242 4242 4242</strong>; 4000 0000 0000 0002 is declined. Any future expiry date and any
          3 digits work.
        </TestModeBanner>
      )}
      {session.isError ? (
        <LoadFailed
          message={session.error instanceof ApiClientError ? session.error.message : "We couldn't load this checkout."}
          onRetry={() => void session.refetch()}
        />
      ) : !s ? (
        <Skeleton className="h-72" />
      ) : s.status !== 'pending' ? (
        <div role="alert" className="rounded-2xl border border-ink-700 bg-ink-850 p-5 text-slate-200">
          {s.status === 'paid' ? 'This checkout is already paid.' : 'This checkout is no longer open.'}{' '}
          <a href={s.cancelUrl} className="font-semibold text-brand-300 underline">
            Return to FanGrid
          </a>
        </div>
      ) : (
        <form
          onSubmit={pay}
          noValidate
          className="flex flex-col gap-4 rounded-2xl border border-ink-700 bg-ink-850 p-5"
        >
          <Input
            label="Card number"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            value={number}
            onChange={(e) => form.set('number', formatCard(e.target.value))}
          />
          <div className="grid grid-cols-2 gap-3">
            <Input
              label="Expiry (MM / YY)"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM / YY"
              value={expiry}
              onChange={(e) => form.set('expiry', formatExpiry(e.target.value))}
            />
            <Input
              label="CVC"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
              value={cvc}
              onChange={(e) => form.set('cvc', e.target.value.replace(/\D/g, ''))}
            />
          </div>
          <Input
            label="Name on card"
            autoComplete="cc-name"
            value={name}
            onChange={(e) => form.set('name', e.target.value)}
          />
          {error && (
            <p role="alert" className="rounded-lg bg-red-950/60 p-3 text-sm text-red-100">
              {error}
            </p>
          )}
          <Button type="submit" size="lg" disabled={busy}>
            <CreditCard aria-hidden="true" className="size-4" />
            {busy
              ? 'Processing...'
              : `Pay ${formatCents(s.amountCents, { whole: false })}${s.mode === 'subscription' ? ' per month' : ''}`}
          </Button>
          <button
            type="button"
            onClick={cancel}
            disabled={busy}
            className="text-center text-sm text-slate-300 underline hover:text-white disabled:opacity-60"
          >
            Cancel and return to FanGrid
          </button>
        </form>
      )}
    </Page>
  );
}
