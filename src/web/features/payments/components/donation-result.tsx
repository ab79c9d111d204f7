import type { UseQueryResult } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DonationView } from '../../../../shared/contracts/payment-responses';
import { paths } from '../../../app/paths';
import { Page, Skeleton } from '../../../components/layout/page';
import { TestModeBanner } from '../../../components/test-mode-banner';
import { DetailsList } from '../../../components/ui/details-list';
import { NoDataPage } from './no-data';
import { Settlement } from './settlement';

/**
 * A donation's result page (/payment-success, /wnba-success): 'No … Data Found' without a donation to
 * show, a skeleton while it loads, then its settlement (paid, pending or failed), its details, what comes
 * after and the way to the donor's monthly gifts.
 */
export function DonationResult({
  pageTitle,
  found,
  donation,
  missing,
  paidTitle,
  detailsTitle,
  details,
  loading,
  children,
}: {
  pageTitle: string;
  /** False when the page's address names no donation (nothing is asked of the server then). */
  found: boolean;
  donation: UseQueryResult<DonationView>;
  missing: { title: string; text: string; to: string; action: string };
  paidTitle: string;
  detailsTitle: string;
  details: (d: DonationView) => ReadonlyArray<readonly [string, string]>;
  /**
   * The grey blocks shown while the donation loads, one size class list each: the title, the details and what
   * comes after them, each about its height on a phone, so the page does not move when the donation arrives.
   */
  loading: readonly string[];
  /** What comes after the details (next steps, links onward). */
  children: ReactNode;
}) {
  if (!found || donation.isError) {
    return <NoDataPage pageTitle={pageTitle} {...missing} />;
  }
  const d = donation.data;
  // A screen tall at least, loading or not: the footer stays below the fold while the donation loads, so what
  // the skeleton cannot know ahead (a test-mode banner, a longer message) moves nothing in view.
  return (
    <Page title={pageTitle} className="flex min-h-dvh max-w-2xl flex-col gap-6">
      {!d ? (
        loading.map((size, n) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={n} className={size} />
        ))
      ) : (
        <>
          {d.testMode && <TestModeBanner />}
          <Settlement
            status={d.status}
            paid={
              <h1 className="flex items-center gap-3 text-3xl font-black text-white">
                <CheckCircle2 aria-hidden="true" className="size-8 text-court-400" /> {paidTitle}
              </h1>
            }
          />
          <section aria-labelledby="donation-details" className="rounded-2xl border border-ink-700 bg-ink-850 p-5">
            <h2 id="donation-details" className="text-lg font-bold text-white">
              {detailsTitle}
            </h2>
            <DetailsList items={details(d)} />
          </section>
          {children}
          <p className="text-sm text-slate-300">
            {d.type === 'recurring'
              ? 'Change the amount or the card, or cancel, any time: '
              : 'Give every month instead, or look after a monthly gift: '}
            <Link to={paths.monthlyGifts} className="font-semibold text-brand-300 underline hover:text-brand-200">
              Your monthly gifts
            </Link>
          </p>
        </>
      )}
    </Page>
  );
}
