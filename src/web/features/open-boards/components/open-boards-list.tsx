import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDayTime } from '../../../../shared/domain/en-us';
import { paths } from '../../../app/paths';
import { openBoardsQuery } from '../api';

/** Cards shown before the fan asks for all of them: the room the section holds. */
const FIRST_CARDS = 4;

const link = 'inline-flex h-11 items-center font-semibold text-brand-300 underline hover:text-brand-200';

/**
 * The open boards as cards of one height (the game, its start, the organization and the price; long names cut
 * short with their full text in `title`), the first four, then all of them when asked; with a link to the demo
 * board being played when there is one. `className` gives it the room the screen held while it loaded: at least
 * `mt-4 min-h-[37rem] sm:min-h-[18.25rem] lg:min-h-[10.5rem]`, the first four cards (7rem each: one column on a
 * phone, two from sm, four from lg) and the row of links under them.
 */
export default function OpenBoardsList({ className }: { className: string }) {
  const list = useQuery(openBoardsQuery);
  const [all, setAll] = useState(false);
  const data = list.data;
  const boards = data?.boards ?? [];
  return (
    <div aria-busy={list.isPending || undefined} className={className}>
      {list.isError ? (
        <p role="alert" className="flex items-center gap-3 text-red-100">
          We couldn't load the open boards.
          <button type="button" className={link} onClick={() => void list.refetch()}>
            Try again
          </button>
        </p>
      ) : data && boards.length === 0 ? (
        <p className="text-slate-300">No board is taking entries right now. A board opens 1 hour before its game.</p>
      ) : (
        <ul aria-label="Open boards" className="grid auto-rows-[7rem] grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {(all ? boards : boards.slice(0, FIRST_CARDS)).map((b) => {
            const game = `${b.teamA} vs ${b.teamB}`;
            const when = `${b.league} · ${formatDayTime(b.startsAt, 'local', { weekday: true, year: false })}`;
            const supports = `Supports ${b.organization}`;
            return (
              <li key={b.slug} className="min-w-0">
                <Link
                  to={`${paths.boards}/${encodeURIComponent(b.slug)}`}
                  className="flex h-full flex-col justify-between rounded-2xl border border-ink-700 bg-ink-850 p-4 text-sm text-slate-300 hover:border-brand-400"
                >
                  <span className="flex items-center justify-between gap-3">
                    <span className="truncate text-base font-bold text-white" title={game}>
                      {game}
                    </span>
                    <span className="shrink-0 rounded-full bg-ink-700 px-2 py-0.5 text-xs font-bold text-brand-200">
                      {b.price}
                    </span>
                  </span>
                  <span className="truncate" title={when}>
                    {when}
                  </span>
                  <span className="truncate" title={supports}>
                    {supports}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <p className="mt-3 flex flex-col items-start gap-2 sm:flex-row sm:gap-6">
        {!all && boards.length > FIRST_CARDS && (
          <button type="button" className={link} onClick={() => setAll(true)}>
            Show all {boards.length} open boards
          </button>
        )}
        {all && data?.more && <span className="py-3">The soonest {boards.length} are shown.</span>}
        {data?.demoLivePath && (
          <Link to={data.demoLivePath} className={link}>
            Watch a demo board play live
          </Link>
        )}
      </p>
    </div>
  );
}
