import { CalendarDays, Clock } from 'lucide-react';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import type { WnbaGame, WnbaGameSelection } from '../../../../shared/contracts/pages/wnba';
import { formatCalendarDay } from '../../../../shared/domain/en-us';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

/** Only the game's listed fields travel to the donation page (navigation state `{ game }`). */
function selection(game: WnbaGame): WnbaGameSelection {
  return { id: game.id, date: game.date, teams: game.teams, time: game.time, status: game.status };
}

function GameCard({ game }: { game: WnbaGame }) {
  const navigate = useNavigate();
  const titleId = useId();
  const available = game.status === 'Available for Game Board';
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-ink-700 bg-ink-850 p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="font-bold text-white">
          {game.teams[0]} at {game.teams[1]}
        </h3>
        <span
          className={cn(
            'rounded-full px-2 py-0.5 text-xs font-bold',
            available ? 'bg-court-500 text-ink-950' : 'bg-ink-700 text-slate-100',
          )}
        >
          {game.status}
        </span>
      </div>
      <p className="text-sm font-semibold text-brand-300">{game.round}</p>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-300">
        <span className="inline-flex items-center gap-1">
          <CalendarDays aria-hidden="true" className="size-3.5" />
          <time dateTime={game.date}>{formatCalendarDay(game.date, { weekday: true })}</time>
        </span>
        <span className="inline-flex items-center gap-1">
          <Clock aria-hidden="true" className="size-3.5" />
          {game.time}
        </span>
      </p>
      {available ? (
        <Button
          className="mt-auto"
          aria-describedby={titleId}
          onClick={() => navigate(paths.wnbaDonation, { state: { game: selection(game) } })}
        >
          Join Game Board
        </Button>
      ) : (
        <Button className="mt-auto" variant="secondary" disabled aria-describedby={titleId}>
          Coming Soon
        </Button>
      )}
    </li>
  );
}

/** The All Games tab: a card per game (games: id, date, teams, time, status). */
export function GameList({ games }: { games: readonly WnbaGame[] }) {
  return (
    <ul aria-label="WNBA games" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {games.map((g) => (
        <GameCard key={g.id} game={g} />
      ))}
    </ul>
  );
}
