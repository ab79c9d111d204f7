import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { formatCents } from '../../../../shared/domain/money';
import { donationDates } from '../../../../shared/domain/receipt-dates';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/ui/button';
import { donationQuery } from '../api';
import { DonationResult } from '../components/donation-result';

/** /wnba-success, read from the server by donation id so a reload or a shared link keeps working. */
export function WnbaSuccessPage() {
  const [params] = useSearchParams();
  const reference = params.get('donation') ?? '';
  const found = reference.startsWith('WNBA-');
  const donation = useQuery({ ...donationQuery(reference), enabled: found });
  return (
    <DonationResult
      pageTitle="WNBA donation"
      found={found}
      donation={donation}
      missing={{
        title: 'No Donation Data Found',
        text: 'We could not find that donation. Pick a game to support on the WNBA page.',
        to: paths.wnbaGames,
        action: 'Back to WNBA Games',
      }}
      paidTitle="Donation Successful!"
      detailsTitle="Your donation"
      loading={['h-18 sm:h-9', 'h-83', 'h-25 sm:h-11']}
      details={(d) => [
        ['Donation ID', d.reference],
        ['Game', d.gameData.title],
        ...donationDates(d),
        ['Amount', formatCents(d.amountCents, { whole: false })],
        ['Donor', d.donorName],
        ['Message', d.message ?? 'Not specified'],
        ['Status', d.status],
      ]}
    >
      <div className="flex flex-wrap gap-3">
        <ButtonLink to={paths.wnbaGames}>Support Another Game</ButtonLink>
        <ButtonLink to={paths.sports} variant="secondary">
          Explore More Sports
        </ButtonLink>
        <ButtonLink to={paths.home} variant="secondary">
          Home
        </ButtonLink>
      </div>
    </DonationResult>
  );
}
