import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarHeart, Mail } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorCodes } from '../../../../shared/contracts/error-codes';
import { donorLinkRequestSchema, paymentErrorCodes } from '../../../../shared/contracts/payments';
import { paths } from '../../../app/paths';
import { Page, Skeleton } from '../../../components/layout/page';
import { QueryFailed } from '../../../components/layout/query-failed';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { ApiClientError } from '../../../lib/api-client';
import { useSchemaForm } from '../../../lib/form';
import { monthlyGiftsQuery, requestDonorLink, startDonorSession } from '../api';
import { GiftList, messageOf } from '../components/gift-list';

export { giftStateLabel, renewedNowText } from '../components/gift-list';

const signInPath = `${paths.monthlyGifts}/sign-in`;

const linkSentText = 'If that email has a monthly gift, a link is on its way';
const linkInvalidText = 'This link is not valid any more: links work once, for 30 minutes. Ask for a new one below.';

/**
 * The donor's monthly gifts (docs/product.md#donor-page-api): a donor signed in by an emailed link, or a
 * signed-in account, sees each gift with its history and changes its amount, card or cancels it. Without
 * either, the page offers to email a sign-in link. `/donations/monthly/sign-in#token=…` exchanges the
 * link's token (kept in the fragment, never sent in a URL) for a donor session first.
 */
export function MonthlyGiftsPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signingIn = location.pathname === signInPath;
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const exchanged = useRef(false);

  useEffect(() => {
    if (!signingIn || exchanged.current) return;
    exchanged.current = true;
    const token = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
    // The token leaves the address bar at once: a link works once and is not for the history.
    window.history.replaceState(null, '', signInPath);
    startDonorSession(token)
      .then(async () => {
        await queryClient.invalidateQueries({ queryKey: monthlyGiftsQuery.queryKey });
        navigate(paths.monthlyGifts, { replace: true });
      })
      .catch((err: unknown) => {
        setLinkProblem(
          err instanceof ApiClientError &&
            (err.code === paymentErrorCodes.linkInvalid || err.code === errorCodes.validation)
            ? linkInvalidText
            : messageOf(err),
        );
        navigate(paths.monthlyGifts, { replace: true });
      });
  }, [signingIn, navigate, queryClient]);

  // 'Your card is updated.' shows once: the history entry forgets it, so a reload does not repeat it.
  const [cardUpdated] = useState(() => Boolean((location.state as { cardUpdated?: boolean } | null)?.cardUpdated));
  useEffect(() => {
    if (cardUpdated) navigate(paths.monthlyGifts, { replace: true, state: null });
  }, [cardUpdated, navigate]);

  const gifts = useQuery({ ...monthlyGiftsQuery, enabled: !signingIn });
  const needsSignIn =
    gifts.error instanceof ApiClientError && gifts.error.code === paymentErrorCodes.donorSessionRequired;

  return (
    <Page title="Your monthly gifts" className="flex max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-2">
        <p className="inline-flex items-center gap-2 text-sm font-semibold text-brand-300">
          <CalendarHeart aria-hidden="true" className="size-4" /> Monthly gifts
        </p>
        <h1 className="text-3xl font-black text-white">Your monthly gifts</h1>
      </header>
      {signingIn || gifts.isPending ? (
        <div className="flex flex-col gap-4" aria-busy="true">
          <p className="sr-only" role="status">
            Loading your gifts…
          </p>
          <Skeleton className="h-80" />
        </div>
      ) : needsSignIn ? (
        <EmailLinkForm problem={linkProblem} />
      ) : gifts.isError ? (
        <QueryFailed query={gifts} />
      ) : (
        <GiftList
          cardUpdated={cardUpdated}
          email={gifts.data.email}
          viaAccount={gifts.data.viaAccount}
          gifts={gifts.data.gifts}
          onSignedOut={() => void queryClient.invalidateQueries({ queryKey: monthlyGiftsQuery.queryKey })}
        />
      )}
    </Page>
  );
}

function EmailLinkForm({ problem }: { problem: string | null }) {
  // The endpoint's own schema: an email is required (trimmed), and the refusal names the field.
  const form = useSchemaForm(donorLinkRequestSchema, { email: '' });
  const [sent, setSent] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    form.clearErrors();
    const request = form.validate();
    if (!request) return;
    await form
      .submitting(async () => {
        await requestDonorLink(request.email);
        setSent(true);
      })
      .catch((err: unknown) => form.fail({ email: messageOf(err) }));
  };

  return (
    <section
      aria-labelledby="donor-link-title"
      className="flex flex-col gap-4 rounded-2xl border border-ink-700 bg-ink-850 p-5"
    >
      {problem && (
        <p role="alert" className="rounded-lg bg-red-950/60 p-3 text-sm text-red-100">
          {problem}
        </p>
      )}
      <h2 id="donor-link-title" className="text-xl font-bold text-white">
        Email me a link
      </h2>
      <p className="text-slate-300">
        Enter the email you gave with your monthly gift and we'll send you a link to manage it. The link works once, for
        30 minutes.
      </p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Input label="Email" type="email" autoComplete="email" {...form.field('email')} className="w-full" />
        <Button type="submit" disabled={form.busy} className="sm:mt-7">
          <Mail aria-hidden="true" className="size-4" />
          {form.busy ? 'Sending...' : 'Email me a link'}
        </Button>
      </form>
      <p role="status" className="min-h-6 font-semibold text-emerald-200">
        {sent ? linkSentText : ''}
      </p>
    </section>
  );
}
