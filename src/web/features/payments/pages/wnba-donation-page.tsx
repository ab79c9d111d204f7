import { useLocation } from 'react-router';
import type { WnbaGameSelection } from '../../../../shared/contracts/pages/wnba';
import { paths } from '../../../app/paths';
import { DonationForm } from '../components/donation-form';
import { GameDonationPage, NoGameData } from '../components/game-donation-page';

const screen = { pageTitle: 'WNBA donation', back: { to: paths.wnbaGames, label: 'Back to WNBA Games' } };

/** /wnba-donation: the game comes in navigation state; the donation is recorded on the server. */
export function WnbaDonationPage() {
  const game = (useLocation().state as { game?: WnbaGameSelection } | null)?.game;
  if (!game) {
    return <NoGameData {...screen} text="Pick a game on the WNBA page first, then support it from there." />;
  }
  const title = `${game.teams[0]} vs ${game.teams[1]}`;
  return (
    <GameDonationPage
      {...screen}
      title={title}
      details={
        <p className="mt-1 text-slate-300">
          {game.date} · {game.time}
        </p>
      }
    >
      <DonationForm
        kind="wnba"
        gameData={{
          id: game.id,
          title,
          teams: [game.teams[0], game.teams[1]],
          date: game.date,
          time: game.time,
          league: 'WNBA',
        }}
        allowRecurring={false}
        withPhoneAndMessage
        onStarted={(s) => window.location.assign(s.url)}
      />
    </GameDonationPage>
  );
}
