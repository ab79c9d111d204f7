import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { formatCents } from '../../../../shared/domain/money';
import { donationDates } from '../../../../shared/domain/receipt-dates';
import { paths } from '../../../app/paths';
import { PanelSection } from '../../../components/layout/page-section';
import { Button, ButtonLink } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { pendingSession, sessionDonationQuery } from '../api';
import { DonationResult } from '../components/donation-result';

/** Payment success page, read from the server by checkout session (a reload keeps it). */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? pendingSession() ?? '';
  const donation = useQuery({ ...sessionDonationQuery(sessionId), enabled: sessionId !== '' });
  const { toast } = useToast();
  const announced = useRef(false);
  const status = donation.data?.status;
  useEffect(() => {
    if (status === 'completed' && !announced.current) {
      announced.current = true;
      toast({ title: 'Donation Successful!', description: 'Thank you for supporting the game.', variant: 'success' });
    }
  }, [status, toast]);

  return (
    <DonationResult
      pageTitle="Payment"
      found={sessionId !== ''}
      donation={donation}
      missing={{
        title: 'No Payment Data Found',
        text: 'We could not find a payment for this page. Start a donation from a game to see it here.',
        to: paths.baseballGames,
        action: 'Back to Baseball Games',
      }}
      paidTitle="Payment Successful!"
      detailsTitle="Entry details"
      loading={['h-18 sm:h-9', 'h-97', 'h-61 sm:h-44', 'h-25 sm:h-11']}
      details={(d) => [
        ['Game', d.gameData.title],
        ['Organization', d.gameData.organization ?? 'Not specified'],
        ['Game code', d.gameData.gameCode ?? 'Not specified'],
        ['Ticket number', d.gameData.ticketNumber ?? 'Not specified'],
        [
          'Support amount',
          d.gameData.supportAmountCents !== undefined
            ? formatCents(d.gameData.supportAmountCents, { whole: false })
            : 'Not specified',
        ],
        ['Donation', `${formatCents(d.amountCents, { whole: false })}${d.type === 'recurring' ? ' monthly' : ''}`],
        ...donationDates(d),
        ['Reference', d.reference],
      ]}
    >
      <PanelSection id="next" title="What happens next">
        <ol className="mt-2 list-decimal pl-5 text-slate-200">
          <li>A confirmation email with your receipt is on its way.</li>
          <li>Your entry is active for the game.</li>
          <li>Winners are announced after the event.</li>
          <li>We'll email you updates about the game and your entry.</li>
        </ol>
      </PanelSection>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" disabled>
          Shopping Cart (Coming Soon)
        </Button>
        <ButtonLink to={paths.root}>Back to Home</ButtonLink>
      </div>
    </DonationResult>
  );
}
