import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { formatNumericDateTime } from '../../../../shared/domain/en-us';
import { formatCents } from '../../../../shared/domain/money';
import { paths } from '../../../app/paths';
import { Page, Skeleton } from '../../../components/layout/page';
import { PanelSection } from '../../../components/layout/page-section';
import { ButtonLink } from '../../../components/ui/button';
import { DetailsList } from '../../../components/ui/details-list';
import { entrySummaryQuery } from '../api';

/** Donation success: the Entry Summary, read from the server by ticket (a reload keeps it). */
export function DonationSuccessPage() {
  const ticket = useSearchParams()[0].get('ticket') ?? '';
  const summary = useQuery({
    ...entrySummaryQuery(ticket),
    enabled: /^[A-Z]{9}$/.test(ticket),
    retry: false,
  });
  const s = summary.data;
  return (
    <Page title="Donation success" className="flex max-w-2xl flex-col gap-6">
      {!/^[A-Z]{9}$/.test(ticket) || summary.isError ? (
        <div className="rounded-2xl border border-ink-700 bg-ink-850 p-6 text-center">
          <h1 className="text-2xl font-black text-white">No entry found</h1>
          <p className="mt-2 text-slate-300">This link does not point to an entry. Open it from your entries.</p>
          <ButtonLink to={paths.entered} className="mt-4">
            Your entries
          </ButtonLink>
        </div>
      ) : !s ? (
        // The title, the summary, what's next and the two links, each about its height on a phone.
        <>
          <Skeleton className="h-12" />
          <Skeleton className="h-84" />
          <Skeleton className="h-50 sm:h-36" />
          <Skeleton className="h-25 sm:h-11" />
        </>
      ) : (
        <>
          <h1 className="text-center text-5xl font-black text-court-400">SUCCESS!</h1>
          <PanelSection id="summary" title="Entry Summary">
            <DetailsList
              items={
                [
                  ['Team', s.team],
                  [
                    'Donation commitment',
                    s.donationCommitmentCents === null ? 'Not specified' : formatCents(s.donationCommitmentCents),
                  ],
                  ['Organization', s.organization],
                  ['Team support', s.teamSupport],
                  ['Game code', s.gameCode],
                  ['Referral code', s.referralCode],
                  ['Entry date', formatNumericDateTime(s.entryDate, 'local')],
                ] as const
              }
            />
          </PanelSection>
          <PanelSection id="next" title="What's Next">
            <ol className="mt-2 list-decimal pl-5 text-sm text-slate-200">
              <li>Watch the board fill and the numbers get drawn when it locks.</li>
              <li>Follow the game: each period's winner is scored from the real box score.</li>
              <li>Check your entries for results and prizes after the game.</li>
            </ol>
          </PanelSection>
          <div className="flex flex-wrap justify-center gap-3">
            <ButtonLink to={paths.fanPage}>View Fan Page</ButtonLink>
            <ButtonLink to={paths.home} variant="outline">
              Back to Home
            </ButtonLink>
            <ButtonLink to={paths.monthlyGifts} variant="outline">
              Your monthly gifts
            </ButtonLink>
          </div>
        </>
      )}
    </Page>
  );
}
