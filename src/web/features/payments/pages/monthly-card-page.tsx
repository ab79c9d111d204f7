import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { localPaySchema, paymentErrorCodes } from '../../../../shared/contracts/payments';
import { formatCents } from '../../../../shared/domain/money';
import { cardMessages } from '../../../../shared/domain/payments';
import { paths } from '../../../app/paths';
import { Page, Skeleton } from '../../../components/layout/page';
import { QueryFailed } from '../../../components/layout/query-failed';
import { TestModeBanner } from '../../../components/test-mode-banner';
import { ApiClientError } from '../../../lib/api-client';
import { messageOf, useSchemaForm } from '../../../lib/form';
import { monthlyGiftQuery, monthlyGiftsQuery, payGiftLocalCard } from '../api';
import { CardForm, TestCheckoutHeader } from '../components/card-form';

type CardField = 'number' | 'expiry' | 'cvc';

/** Which field a declined card's message belongs to (the local checkout names one problem at a time). */
export function cardProblemField(message: string): CardField {
  if (message === cardMessages.expiry || message === cardMessages.expired) return 'expiry';
  if (message === cardMessages.cvc) return 'cvc';
  return 'number';
}

/**
 * The local checkout's card page for a monthly gift: a test card replaces the gift's card; a past-due
 * gift's open renewal is charged again at once. A declined card shows its reason on the field.
 */
export function MonthlyCardPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const gift = useQuery(monthlyGiftQuery(id));
  // The endpoint's own schema; whether the card pays is the local checkout's to say (a declined card's
  // reason goes on its field).
  const form = useSchemaForm(localPaySchema, { number: '', expiry: '', cvc: '', name: '' });
  const [error, setError] = useState<string | null>(null);

  // Saving leaves for the gifts page, so the form stays busy after.
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    form.clearErrors();
    const request = form.validate();
    if (!request) return;
    await form
      .submitting(
        async () => {
          await payGiftLocalCard(id, { ...request, expiry: request.expiry.replace(/\s/g, '') });
          await queryClient.invalidateQueries({ queryKey: monthlyGiftsQuery.queryKey });
          navigate(paths.monthlyGifts, { state: { cardUpdated: true } });
        },
        { leaving: true },
      )
      .catch((err: unknown) => {
        if (err instanceof ApiClientError && err.code === paymentErrorCodes.cardDeclined)
          form.fail({ [cardProblemField(err.message)]: err.message });
        else setError(messageOf(err, 'Something went wrong. Please try again.'));
      });
  };

  const g = gift.data;
  return (
    <Page title="Update your card" className="flex max-w-lg flex-col gap-6">
      <TestCheckoutHeader title="Update your card">
        <p className="min-h-7 text-lg text-slate-200">
          {g ? `${g.organization} · ${formatCents(g.amountCents, { whole: false })} a month` : ''}
        </p>
      </TestCheckoutHeader>
      <TestModeBanner>
        Use <strong>4242 4242 4242 4242</strong>; 4000 0000 0000 0341 is accepted but declines on renewal; 4000 0000
        0000 0002 is declined. Any future expiry date and any 3 digits work.
      </TestModeBanner>
      {gift.isError ? (
        <QueryFailed query={gift} fallback="We couldn't load this gift." />
      ) : !g ? (
        <Skeleton className="h-80" />
      ) : (
        <CardForm
          form={form}
          onSubmit={save}
          error={error}
          submitLabel="Save card"
          notice={
            g.state === 'past_due' && (
              <p className="rounded-lg bg-amber-950/60 p-3 text-sm text-amber-100">
                Your last renewal was declined: saving a card charges it again now.
              </p>
            )
          }
        >
          <Link to={paths.monthlyGifts} className="text-center text-sm text-slate-300 underline hover:text-white">
            Back to your monthly gifts
          </Link>
        </CardForm>
      )}
    </Page>
  );
}
