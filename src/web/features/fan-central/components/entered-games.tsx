import { useQuery } from '@tanstack/react-query';
import { Ticket } from 'lucide-react';
import { Link } from 'react-router';
import { formatNumericDate } from '../../../../shared/domain/en-us';
import { paths } from '../../../app/paths';
import { LoadFailed, Skeleton } from '../../../components/layout/page';
import { EntryStatusBadge, myEntriesQuery } from '../../boards';
import { EmptyState, FanSection } from './section';

const SHOWN = 5;

/**
 * Entered games: the fan's real board entries (this browser's tickets, plus the account's when
 * signed in) with the statuses the server derives from the game clock and results.
 */
export function EnteredGames() {
  const entries = useQuery(myEntriesQuery());
  const list = entries.data
    ? [...entries.data].sort((a, b) => Date.parse(b.enteredAt) - Date.parse(a.enteredAt))
    : undefined;
  return (
    <FanSection id="entered-games" title="Entered Games" icon={Ticket}>
      {entries.isError ? (
        <LoadFailed message="We couldn't load your entries." onRetry={() => void entries.refetch()} />
      ) : !list ? (
        <Skeleton className="h-24" />
      ) : list.length === 0 ? (
        <EmptyState>
          <p>No games entered yet</p>
          <Link to={paths.sports} className="mt-2 inline-block font-semibold text-brand-300 underline">
            Find a game board
          </Link>
        </EmptyState>
      ) : (
        <>
          <ul aria-label="Your entries" className="flex flex-col gap-2">
            {list.slice(0, SHOWN).map((e) => (
              <li
                key={e.ticketNumber}
                aria-label={`${e.game.teamA} vs ${e.game.teamB}`}
                className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-ink-700 bg-ink-900 p-3"
              >
                <div className="min-w-0">
                  <p className="font-bold break-words text-white">
                    {e.game.teamA} vs {e.game.teamB}
                  </p>
                  <p className="text-sm text-slate-300">
                    {formatNumericDate(e.game.startsAt, 'local')} · code{' '}
                    <strong className="text-white">{e.code}</strong>
                  </p>
                </div>
                <EntryStatusBadge status={e.status} />
              </li>
            ))}
          </ul>
          <Link to={paths.entered} className="mt-3 inline-block font-semibold text-brand-300 underline">
            {list.length > SHOWN ? `See all ${list.length} entries` : 'See entry details'}
          </Link>
        </>
      )}
    </FanSection>
  );
}
