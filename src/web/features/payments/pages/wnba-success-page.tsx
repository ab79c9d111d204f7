import { useQuery } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { formatCents } from '../../../../shared/domain/money';
import { paths } from '../../../app/paths';
import { Page, Skeleton } from '../../../components/layout/page';
import { ButtonLink } from '../../../components/ui/button';
import { DetailsList } from '../../../components/ui/details-list';
import { donationQuery } from '../api';
import { NoData } from '../components/no-data';
import { Settlement } from '../components/settlement';

/** Spec §2 /wnba-success, read from the server by donation id so a reload or a shared link keeps working. */
export function WnbaSuccessPage() {
  const [params] = useSearchParams();
  const reference = params.get('donation') ?? '';
  const donation = useQuery({ ...donationQuery(reference), enabled: reference.startsWith('WNBA-') });
  if (!reference.startsWith('WNBA-') || donation.isError) {
    return (
      <Page title="WNBA donation" className="max-w-2xl">
        <NoData
          title="No Donation Data Found"
          text="We could not find that donation. Pick a game to support on the WNBA page."
          to={paths.wnbaGames}
          action="Back to WNBA Games"
        />
      </Page>
    );
  }
  const d = donation.data;
  return (
    <Page title="WNBA donation" className="flex max-w-2xl flex-col gap-6">
      {!d ? (
        <Skeleton className="h-64" />
      ) : (
        <>
          <Settlement
            status={d.status}
            paid={
              <h1 className="flex items-center gap-3 text-3xl font-black text-white">
                <CheckCircle2 aria-hidden="true" className="size-8 text-court-400" /> Donation Successful!
              </h1>
            }
          />
          <section aria-labelledby="donation-heading" className="rounded-2xl border border-ink-700 bg-ink-850 p-5">
            <h2 id="donation-heading" className="text-lg font-bold text-white">
              Your donation
            </h2>
            <DetailsList
              items={[
                ['Donation ID', d.reference],
                ['Game', d.gameData.title],
                ['Date', d.gameData.date ?? 'Not specified'],
                ['Amount', formatCents(d.amountCents, { whole: false })],
                ['Donor', d.donorName],
                ['Message', d.message ?? 'Not specified'],
                ['Status', d.status],
              ]}
            />
          </section>
          <div className="flex flex-wrap gap-3">
            <ButtonLink to={paths.wnbaGames}>Support Another Game</ButtonLink>
            <ButtonLink to={paths.sports} variant="secondary">
              Explore More Sports
            </ButtonLink>
            <ButtonLink to={paths.home} variant="secondary">
              Home
            </ButtonLink>
          </div>
        </>
      )}
    </Page>
  );
}
