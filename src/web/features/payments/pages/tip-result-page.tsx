import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatCents } from '../../../../shared/domain/money';
import { paymentMessages } from '../../../../shared/domain/payments';
import { paths } from '../../../app/paths';
import { Page, Skeleton } from '../../../components/layout/page';
import { TestModeBanner } from '../../../components/test-mode-banner';
import { ButtonLink } from '../../../components/ui/button';
import { tipQuery } from '../api';
import { NoDataPage } from '../components/no-data';

/** Where the checkout returns after a tip: 'Tip Sent Successfully!' once paid, 'Tip Failed' otherwise. */
export function TipResultPage() {
  const { reference = '' } = useParams();
  const tip = useQuery(tipQuery(reference));
  if (tip.isError) {
    return (
      <NoDataPage
        pageTitle="Tip"
        title="Tip not found"
        text="We could not find that tip."
        to={paths.gaming}
        action="Back to Gaming"
      />
    );
  }
  const t = tip.data;
  return (
    <Page title="Tip" className="flex max-w-2xl flex-col gap-6">
      {t?.testMode && <TestModeBanner />}
      {!t ? (
        <Skeleton className="h-40" />
      ) : t.status === 'completed' ? (
        <section role="status" className="rounded-2xl border border-court-400/40 bg-court-500/10 p-6">
          <h1 className="text-3xl font-black text-white">Tip Sent Successfully!</h1>
          <p className="mt-2 text-slate-100">
            {formatCents(t.amountCents, { whole: false })} sent to {t.streamer}. Thank you for supporting our streamers!
          </p>
          <p className="mt-1 text-sm text-slate-300">
            {t.streamer} receives {formatCents(t.netCents, { whole: false })} after the{' '}
            {formatCents(t.feeCents, { whole: false })} platform fee.
          </p>
        </section>
      ) : t.status === 'pending' ? (
        <p role="status" className="rounded-2xl border border-ink-700 bg-ink-850 p-4 text-slate-200">
          Waiting for the payment provider to confirm your tip…
        </p>
      ) : (
        <section role="alert" className="rounded-2xl border border-red-400/40 bg-red-950/40 p-6">
          <h1 className="text-3xl font-black text-white">Tip Failed</h1>
          <p className="mt-2 text-red-100">{paymentMessages.tipFailed}</p>
        </section>
      )}
      <ButtonLink to={paths.gaming} variant="secondary">
        Back to Gaming
      </ButtonLink>
    </Page>
  );
}
