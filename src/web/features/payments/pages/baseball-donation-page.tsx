import { useLocation } from 'react-router';
import type { CheckoutStarted } from '../../../../shared/contracts/payment-responses';
import type { GameData } from '../../../../shared/contracts/payments';
import { formatCents } from '../../../../shared/domain/money';
import { paths } from '../../../app/paths';
import { DonationForm } from '../components/donation-form';
import { GameDonationPage, NoGameData } from '../components/game-donation-page';

const screen = { pageTitle: 'Baseball donation', back: { to: paths.baseballGames, label: 'Back to Baseball Games' } };

/** /baseball-donation: needs the game in navigation state; the checkout opens in this tab, as every checkout. */
export function BaseballDonationPage() {
  const gameData = (useLocation().state as { gameData?: GameData } | null)?.gameData;
  if (!gameData?.title) {
    return <NoGameData {...screen} text="Choose a game on the baseball page first, then donate from there." />;
  }
  const openCheckout = (s: CheckoutStarted) => window.location.assign(s.url);
  return (
    <GameDonationPage
      {...screen}
      title={gameData.title}
      details={
        <dl className="mt-3 grid grid-cols-2 gap-2 text-sm text-slate-300">
          {gameData.organization && (
            <>
              <dt>Organization</dt>
              <dd className="min-w-0 wrap-anywhere text-white">{gameData.organization}</dd>
            </>
          )}
          {gameData.gameCode && (
            <>
              <dt>Game code</dt>
              <dd className="text-white">{gameData.gameCode}</dd>
            </>
          )}
          {gameData.ticketNumber && (
            <>
              <dt>Ticket number</dt>
              <dd className="font-mono text-white">{gameData.ticketNumber}</dd>
            </>
          )}
          {gameData.supportAmountCents !== undefined && (
            <>
              <dt>Support amount</dt>
              <dd className="text-white">{formatCents(gameData.supportAmountCents, { whole: false })}</dd>
            </>
          )}
        </dl>
      }
    >
      <DonationForm
        kind="baseball"
        gameData={gameData}
        allowRecurring
        withPhoneAndMessage={false}
        initialAmountCents={gameData.supportAmountCents}
        onStarted={openCheckout}
      />
    </GameDonationPage>
  );
}
