import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import type { FeedGameSummary, FeedLeague } from '../../../../shared/contracts/admin';
import { formatDayTime } from '../../../../shared/domain/en-us';
import { Skeleton } from '../../../components/layout/page';
import { Select } from '../../../components/ui/select';
import { cn } from '../../../lib/cn';
import { Loaded } from './admin-ui';

/** How the feed's game statuses read in the list. */
const statusText: Record<string, string> = {
  scheduled: 'Scheduled',
  'in-progress': 'In progress',
  final: 'Final',
  delayed: 'Delayed',
  suspended: 'Suspended',
  postponed: 'Postponed',
  cancelled: 'Cancelled',
};
export const feedStatusText = (status: string) => statusText[status] ?? status;

/** The game's start in the admin's own time zone. */
const localStart = (iso: string) => formatDayTime(iso, 'local', { weekday: true, year: false });

/**
 * Choosing a game of the live feed's schedule: a league, then one of its games (home team first: it takes
 * the columns), each with its local start time and status. A native radio group, so arrow keys move between
 * games and each choice is a full-width row on a phone.
 */
export function FeedGamePicker({
  league,
  leagues,
  onLeague,
  games,
  chosen,
  onChoose,
  error,
}: {
  league: FeedLeague;
  leagues: readonly FeedLeague[];
  onLeague: (league: FeedLeague) => void;
  games: Pick<UseQueryResult<FeedGameSummary[]>, 'data' | 'isError' | 'error' | 'refetch'>;
  chosen: string;
  onChoose: (eventId: string) => void;
  error: string | undefined;
}) {
  const errorId = useId();
  const name = useId();
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <Select
        label="League"
        options={leagues.map((l) => ({ value: l, label: l.toUpperCase() }))}
        value={league}
        onChange={(e) => onLeague(e.target.value as FeedLeague)}
        hint="Games from the live scores feed's schedule: the board locks, scores and settles from the feed"
      />
      <Loaded query={games} placeholder={<Skeleton className="h-32" />}>
        {(feedGames) =>
          feedGames.length === 0 ? (
            <p className="rounded-xl border border-ink-700 bg-ink-900 p-4 text-sm text-slate-300">
              The feed lists no {league.toUpperCase()} games for the coming days. Its schedule is read again every hour.
            </p>
          ) : (
            <fieldset
              className="flex min-w-0 flex-col gap-2"
              aria-describedby={error ? errorId : undefined}
              aria-invalid={error ? true : undefined}
            >
              <legend className="mb-1 text-sm font-semibold text-slate-200">Feed game (home team first)</legend>
              <ul className="flex max-h-80 flex-col gap-2 overflow-y-auto pr-1">
                {feedGames.map((g) => {
                  const checked = chosen === g.eventId;
                  return (
                    <li key={g.eventId}>
                      <label
                        data-feed-game={g.eventId}
                        className={cn(
                          'flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border px-3 py-2 text-sm',
                          checked
                            ? 'border-brand-400 bg-brand-500/15'
                            : 'border-ink-700 bg-ink-900 hover:border-ink-500',
                        )}
                      >
                        <input
                          type="radio"
                          name={name}
                          value={g.eventId}
                          checked={checked}
                          onChange={() => onChoose(g.eventId)}
                          className="mt-0.5 size-5 shrink-0 accent-brand-500"
                        />
                        <span className="flex min-w-0 flex-col">
                          <span className="font-semibold text-white">
                            {g.teamA} vs {g.teamB}
                          </span>
                          <span className="text-slate-300">
                            {localStart(g.startsAt)} · {feedStatusText(g.status)}
                          </span>
                        </span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          )
        }
      </Loaded>
      {error && (
        <p id={errorId} className="text-sm text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
