import { useQueryClient } from '@tanstack/react-query';
import { CreditCard, FileDown, TimerReset } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { donationPaths } from '../../../../shared/contracts/api-paths/payments';
import { giftAmountSchema, type MonthlyGift, type RenewedNow } from '../../../../shared/contracts/payments';
import { formatCents, parseDollars } from '../../../../shared/domain/money';
import { paymentMessages } from '../../../../shared/domain/payments';
import { formatReceiptDay } from '../../../../shared/domain/receipt-dates';
import { TestModeBanner } from '../../../components/test-mode-banner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { ApiClientError } from '../../../lib/api-client';
import { type FormSchema, useSchemaForm } from '../../../lib/form';
import { cancelGift, changeGiftAmount, giftCardPortal, monthlyGiftsQuery, renewGiftNow, signOutDonor } from '../api';

export const messageOf = (err: unknown) =>
  err instanceof ApiClientError ? err.message : 'Something went wrong. Please try again.';

/**
 * The amount form over its endpoint's contract: the typed dollars (the shared parser) become the request,
 * checked with `giftAmountSchema`, whose bounds are the donation form's; an empty field is no amount.
 */
const giftAmountForm: FormSchema<{ amountCents: number }> = {
  safeParse(values) {
    const typed = parseDollars((values as { amount: string }).amount);
    const parsed = typed.ok && typed.cents !== null ? giftAmountSchema.safeParse({ amountCents: typed.cents }) : null;
    if (parsed?.success) return { success: true, data: parsed.data };
    const message = !typed.ok ? typed.message : (parsed?.error.issues[0]?.message ?? paymentMessages.donationAmount);
    return { success: false, error: { issues: [{ path: ['amount'], message }] } };
  },
};

/** How a gift's state reads to its donor: a cancelling gift shows the day it ends. */
export function giftStateLabel(gift: Pick<MonthlyGift, 'state' | 'cancelAtPeriodEnd' | 'periodEndsAt'>): string {
  if (gift.state === 'cancelled') return 'Cancelled';
  if (gift.cancelAtPeriodEnd) return `Ends on ${formatReceiptDay(gift.periodEndsAt)}`;
  return gift.state === 'past_due' ? 'Past due' : 'Active';
}

/** What the test clock's renewal did, as its status line says it. */
export function renewedNowText({ outcome, gift }: RenewedNow): string {
  const charge = gift.history[0];
  if (outcome === 'renewed' && charge) {
    return `Renewed now: ${formatCents(charge.amountCents, { whole: false })} charged (${charge.reference}); the receipt is emailed.`;
  }
  if (outcome === 'declined')
    return 'The renewal was declined by the test card: the gift is past due and a card link is emailed.';
  if (outcome === 'ended') return 'The gift ended now, as it would at the end of its period.';
  return 'Nothing renewed: this period had renewed already. The gift shows its latest state.';
}

const stateTone: Record<MonthlyGift['state'], string> = {
  active: 'bg-emerald-900/60 text-emerald-100',
  past_due: 'bg-amber-900/70 text-amber-100',
  cancelled: 'bg-ink-700 text-slate-200',
};

export function GiftList({
  cardUpdated,
  email,
  viaAccount,
  gifts,
  onSignedOut,
}: {
  cardUpdated: boolean;
  email: string;
  viaAccount: boolean;
  gifts: MonthlyGift[];
  onSignedOut: () => void;
}) {
  const thisYear = new Date().getUTCFullYear();
  const firstYear = Math.min(thisYear, ...gifts.map((g) => new Date(g.startedAt).getUTCFullYear()));
  const years = Array.from({ length: Math.min(thisYear - firstYear + 1, 5) }, (_, i) => thisYear - i);
  return (
    <div className="flex flex-col gap-6">
      {cardUpdated && (
        <p role="status" className="rounded-lg bg-emerald-950/60 p-3 font-semibold text-emerald-100">
          Your card is updated.
        </p>
      )}
      {gifts.some((g) => g.testMode) && <TestModeBanner>These gifts were made with test cards.</TestModeBanner>}
      <div className="flex flex-wrap items-center justify-between gap-3 text-slate-300">
        <p>
          Signed in as <strong className="break-all text-white">{email}</strong>
        </p>
        {!viaAccount && (
          <Button variant="ghost" size="sm" onClick={() => void signOutDonor().finally(onSignedOut)}>
            Sign out
          </Button>
        )}
      </div>
      {gifts.length === 0 ? (
        <p className="rounded-2xl border border-ink-700 bg-ink-850 p-5 text-slate-200">
          There are no monthly gifts for this email.
        </p>
      ) : (
        <ul className="flex flex-col gap-6">
          {gifts.map((g) => (
            <li key={g.id}>
              <GiftCard gift={g} />
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby="statements-title" className="flex flex-col gap-2">
        <h2 id="statements-title" className="text-lg font-bold text-white">
          Year-end statements
        </h2>
        <ul className="flex flex-wrap gap-3">
          {years.map((y) => (
            <li key={y}>
              <a
                href={donationPaths.monthly.statement(y)}
                className="inline-flex min-h-11 items-center gap-2 rounded-xl border border-ink-700 px-4 font-semibold text-brand-300 underline hover:text-white"
              >
                <FileDown aria-hidden="true" className="size-4" /> Download {y} statement (PDF)
              </a>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function GiftCard({ gift }: { gift: MonthlyGift }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const amountForm = useSchemaForm(giftAmountForm, { amount: '' });
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const titleId = `gift-${gift.id}-title`;
  const open = gift.state !== 'cancelled' && !gift.cancelAtPeriodEnd;
  // The test clock renews what the renewal job would: an active gift, or ends a cancelling one.
  const clockable = gift.testClock && gift.state !== 'cancelled' && (gift.state === 'active' || gift.cancelAtPeriodEnd);

  const replace = (next: MonthlyGift) =>
    queryClient.setQueryData(monthlyGiftsQuery.queryKey, (old) =>
      old ? { ...old, gifts: old.gifts.map((g) => (g.id === next.id ? next : g)) } : old,
    );
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  /** Opens the amount form on the gift's amount in dollars ('25', '12.50'). */
  const editAmount = () => {
    amountForm.reset({ amount: (gift.amountCents / 100).toFixed(2).replace(/\.00$/, '') });
    setEditing(true);
  };
  const saveAmount = (e: FormEvent) => {
    e.preventDefault();
    amountForm.clearErrors();
    const request = amountForm.validate();
    if (!request) return;
    const cents = request.amountCents;
    void run(async () => {
      try {
        replace(await changeGiftAmount(gift.id, cents));
      } catch (err) {
        if (err instanceof ApiClientError && err.fields?.amountCents)
          return amountForm.fail({ amount: err.fields.amountCents });
        throw err;
      }
      setEditing(false);
      setNotice(`Your gift is now ${formatCents(cents, { whole: false })} a month, from the next charge on.`);
    });
  };

  const updateCard = () =>
    run(async () => {
      const { url, local } = await giftCardPortal(gift.id);
      // The local card page is one of FanGrid's own screens (the server may give it as an absolute URL).
      const target = new URL(url, window.location.origin);
      if (local && target.origin === window.location.origin) navigate(`${target.pathname}${target.search}`);
      else window.location.assign(url);
    });

  const cancel = () =>
    run(async () => {
      replace(await cancelGift(gift.id));
      setConfirming(false);
      setNotice(`Your gift is cancelled. It ends on ${formatReceiptDay(gift.periodEndsAt)}; no further charges.`);
    });

  const renewNow = () =>
    run(async () => {
      const renewed = await renewGiftNow(gift.id, gift.periodEndsAt);
      replace(renewed.gift);
      setNotice(renewedNowText(renewed));
    });

  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-4 rounded-2xl border border-ink-700 bg-ink-850 p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="wrap-anywhere text-xl font-bold text-white">
            {gift.organization}
          </h2>
          <p className="text-sm text-slate-300">Gift {gift.reference}</p>
        </div>
        <span
          className={`rounded-full px-3 py-1 text-sm font-semibold ${stateTone[gift.cancelAtPeriodEnd ? 'cancelled' : gift.state]}`}
        >
          {giftStateLabel(gift)}
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-slate-300">Amount</dt>
          <dd className="text-lg font-bold text-white">{formatCents(gift.amountCents, { whole: false })} a month</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-300">Next charge</dt>
          <dd className="text-lg font-bold text-white">
            {gift.nextChargeAt ? formatReceiptDay(gift.nextChargeAt) : 'None'}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-300">Since</dt>
          <dd className="text-lg font-bold text-white">{formatReceiptDay(gift.startedAt)}</dd>
        </div>
      </dl>
      {gift.state === 'past_due' && (
        <p className="rounded-lg bg-amber-950/60 p-3 text-sm text-amber-100">
          The last charge was declined. Update your card to keep your gift going.
        </p>
      )}
      {error && (
        <p role="alert" className="rounded-lg bg-red-950/60 p-3 text-sm text-red-100">
          {error}
        </p>
      )}
      <p role="status" className="text-sm font-semibold text-emerald-200 empty:hidden">
        {notice}
      </p>
      {open && (
        <div className="flex flex-col gap-3">
          {editing ? (
            <form onSubmit={saveAmount} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
              <Input
                label="New monthly amount ($1 to $10,000)"
                inputMode="decimal"
                {...amountForm.field('amount')}
                className="w-full"
              />
              <div className="flex gap-2 sm:mt-7">
                <Button type="submit" disabled={busy}>
                  {busy ? 'Saving...' : 'Confirm amount'}
                </Button>
                <Button variant="ghost" disabled={busy} onClick={() => setEditing(false)}>
                  Keep amount
                </Button>
              </div>
            </form>
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" disabled={busy} onClick={editAmount}>
                Change amount
              </Button>
              <Button variant="secondary" disabled={busy} onClick={() => void updateCard()}>
                <CreditCard aria-hidden="true" className="size-4" /> Update card
              </Button>
              <Button variant="danger" disabled={busy} onClick={() => setConfirming(true)}>
                Cancel gift
              </Button>
            </div>
          )}
        </div>
      )}
      {clockable && (
        <div className="flex flex-col gap-2 rounded-xl border border-dashed border-amber-300/70 p-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-amber-100">
            Local checkout, development only: make the next renewal happen now, as the renewal job would.
          </p>
          <Button variant="outline" disabled={busy} onClick={() => void renewNow()} className="shrink-0">
            <TimerReset aria-hidden="true" className="size-4" />
            {gift.cancelAtPeriodEnd ? 'End now (test clock)' : 'Renew now (test clock)'}
          </Button>
        </div>
      )}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Cancel your monthly gift?"
        description={`Your gift ends on ${formatReceiptDay(gift.periodEndsAt)}; no further charges.`}
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" disabled={busy} onClick={() => setConfirming(false)}>
            Keep my gift
          </Button>
          <Button variant="danger" disabled={busy} onClick={() => void cancel()}>
            {busy ? 'Cancelling...' : 'Cancel my gift'}
          </Button>
        </div>
      </Dialog>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[18rem] text-left text-sm">
          <caption className="pb-2 text-left font-semibold text-slate-200">Charges, newest first</caption>
          <thead className="text-slate-300">
            <tr>
              <th scope="col" className="py-1 pr-3 font-semibold">
                Date
              </th>
              <th scope="col" className="py-1 pr-3 font-semibold">
                Amount
              </th>
              <th scope="col" className="py-1 font-semibold">
                Status
              </th>
            </tr>
          </thead>
          <tbody className="text-slate-100">
            {gift.history.map((c) => (
              <tr key={`${c.reference}-${c.status}-${c.at}`} className="border-t border-ink-700">
                <td className="py-2 pr-3">{formatReceiptDay(c.at)}</td>
                <td className="py-2 pr-3">{formatCents(c.amountCents, { whole: false })}</td>
                <td className={`py-2 ${c.status === 'failed' ? 'text-amber-200' : ''}`}>
                  {c.status === 'paid' ? 'Paid' : 'Declined'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </article>
  );
}
