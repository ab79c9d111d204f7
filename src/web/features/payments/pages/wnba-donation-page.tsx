import { useLocation } from 'react-router';
import type { WnbaGameSelection } from '../../../../shared/contracts/pages/wnba';
import { paths } from '../../../app/paths';
import { BackLink } from '../../../components/layout/back-link';
import { Page } from '../../../components/layout/page';
import { DonationForm } from '../components/donation-form';
import { NoData } from '../components/no-data';

/** /wnba-donation: the game comes in navigation state; the donation is recorded on the server. */
export function WnbaDonationPage() {
  const game = (useLocation().state as { game?: WnbaGameSelection } | null)?.game;
  if (!game) {
    return (
      <Page title="WNBA donation" className="max-w-2xl">
        <NoData
          title="No Game Data Found"
          text="Pick a game on the WNBA page first, then support it from there."
          to={paths.wnbaGames}
          action="Back to WNBA Games"
        />
      </Page>
    );
  }
  const title = `${game.teams[0]} vs ${game.teams[1]}`;
  return (
    <Page title="WNBA donation" className="flex max-w-2xl flex-col gap-6">
      <BackLink to={paths.wnbaGames}>Back to WNBA Games</BackLink>
      <header>
        <h1 className="text-3xl font-black text-white sm:text-4xl">Support {title}</h1>
        <p className="mt-1 text-slate-300">
          {game.date} · {game.time}
        </p>
      </header>
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
    </Page>
  );
}
