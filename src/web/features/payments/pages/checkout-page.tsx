import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import { formatCents } from '../../../../shared/domain/money';
import { Page, Skeleton } from '../../../components/layout/page';
import { QueryFailed } from '../../../components/layout/query-failed';
import { TestModeBanner } from '../../../components/test-mode-banner';
import { Input } from '../../../components/ui/input';
import { messageOf, noRules, useSchemaForm } from '../../../lib/form';
import { cancelLocal, localSessionQuery, payLocal } from '../api';
import { CardForm, TestCheckoutHeader } from '../components/card-form';

/**
 * FanGrid's local test checkout (the default payment provider): a card form for test cards only. Paying
 * posts a signed event to FanGrid's webhook, exactly as the real provider would, then returns to the
 * screen that started the payment.
 */
export function CheckoutPage() {
  const { sessionId = '' } = useParams();
  const session = useQuery(localSessionQuery(sessionId));
  // The card is checked by the provider (here, the local checkout's endpoint), not in the browser.
  const form = useSchemaForm(noRules, { number: '', expiry: '', cvc: '', name: '', email: '' });
  const { number, expiry, cvc, name, email } = form.values;
  const busy = form.busy;
  const [error, setError] = useState<string | null>(null);

  // Paying or cancelling leaves for the screen that started the payment, so the form stays busy after.
  const pay = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    await form
      .submitting(
        async () => {
          const { redirectUrl } = await payLocal(sessionId, {
            number,
            expiry: expiry.replace(/\s/g, ''),
            cvc,
            name,
            email: email.trim(),
          });
          window.location.assign(redirectUrl);
        },
        { leaving: true },
      )
      .catch((err: unknown) => setError(messageOf(err, 'Something went wrong. Please try again.')));
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
      <TestCheckoutHeader title={s ? s.description : 'Checkout'}>
        {s && (
          <p className="text-2xl font-bold text-brand-300">
            {formatCents(s.amountCents, { whole: false })}
            {s.mode === 'subscription' && <span className="text-base font-semibold text-slate-300"> per month</span>}
          </p>
        )}
      </TestCheckoutHeader>
      {s?.testMode && (
        <TestModeBanner>
          Pay with <strong>4242 4242 4242 4242</strong>; 4000 0000 0000 0002 is declined; 4000 0000 0000 0341 pays now,
          declines on renewal. Any future expiry date and any 3 digits work.
        </TestModeBanner>
      )}
      {session.isError ? (
        <QueryFailed query={session} fallback="We couldn't load this checkout." />
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
        <CardForm
          form={form}
          onSubmit={pay}
          error={error}
          submitLabel={`Pay ${formatCents(s.amountCents, { whole: false })}${s.mode === 'subscription' ? ' per month' : ''}`}
          more={
            // As a real checkout asks: where a board entry's receipt goes (a donation has its donor's email).
            s.asksEmail && (
              <Input
                label="Email for your receipt (optional)"
                type="email"
                autoComplete="email"
                maxLength={254}
                {...form.field('email')}
              />
            )
          }
        >
          <button
            type="button"
            onClick={cancel}
            disabled={busy}
            className="text-center text-sm text-slate-300 underline hover:text-white disabled:opacity-60"
          >
            Cancel and return to FanGrid
          </button>
        </CardForm>
      )}
    </Page>
  );
}
