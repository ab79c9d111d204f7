import { useQuery } from '@tanstack/react-query';
import { Pause, Play } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { ScoreGame } from '../../../../shared/contracts/scores';
import { formatWeekdayTime } from '../../../../shared/domain/en-us';
import { tickerFeeds } from '../../../../shared/domain/scores';
import { cn } from '../../../lib/cn';
import { usePrefersReducedMotion } from '../../../lib/motion';
import { tickerQuery } from '../../scores';

const labelStyle: Record<ScoreGame['label'], string> = {
  Final: 'bg-slate-600 text-white',
  Live: 'bg-red-600 text-white',
  Upcoming: 'bg-sky-700 text-white',
};

function TickerGame({ game }: { game: ScoreGame }) {
  const [away, home] = game.competitors;
  const time = formatWeekdayTime(game.date, 'local');
  return (
    <li className="flex shrink-0 items-center gap-3 rounded-xl border border-ink-700 bg-ink-900 px-3 py-2">
      <span className="text-xs font-bold tracking-wider text-slate-400 uppercase">{game.league}</span>
      <span className="font-semibold text-white">
        {away.abbreviation} {game.state === 'pre' ? '' : away.score} <span className="text-slate-400">@</span>{' '}
        {home.abbreviation} {game.state === 'pre' ? '' : home.score}
      </span>
      <span className={cn('rounded-full px-2 py-0.5 text-xs font-bold', labelStyle[game.label])}>{game.label}</span>
      {(game.state === 'pre' || game.detail !== '') && (
        <span className="text-xs text-slate-300">{game.state === 'pre' ? time : game.detail}</span>
      )}
    </li>
  );
}

/**
 * The score ticker at the foot of the sports hub (docs/product.md#scores-and-the-ticker): recent games and today's schedule
 * from the WNBA, NBA, MLB and NHL feeds, scrolling in a 60 s loop that pauses on hover, focus or its
 * button, and stands still under prefers-reduced-motion (then the list scrolls by hand).
 */
export function ScoreTicker() {
  const ticker = useQuery(tickerQuery);
  const reduced = usePrefersReducedMotion();
  const [paused, setPaused] = useState(false);
  const failed = ticker.isError || (ticker.data && ticker.data.failedFeeds.length === tickerFeeds.length);

  let body: ReactNode;
  if (!ticker.data && !ticker.isError) {
    body = <p className="px-4 py-3 text-sm text-slate-300">Loading recent games and today's schedule…</p>;
  } else if (failed) {
    body = (
      <p role="alert" className="px-4 py-3 text-sm text-red-200">
        Failed to load game scores.
      </p>
    );
  } else if (!ticker.data || ticker.data.games.length === 0) {
    body = <p className="px-4 py-3 text-sm text-slate-300">No games from last 2 days or today</p>;
  } else {
    const games = ticker.data.games;
    body = reduced ? (
      <ul aria-label="Scores" className="flex gap-3 overflow-x-auto px-4 py-3">
        {games.map((g) => (
          <TickerGame key={g.id} game={g} />
        ))}
      </ul>
    ) : (
      <div className="flex items-center">
        <div className="overflow-hidden py-3">
          <div className="fg-ticker-track flex w-max gap-3 pr-3">
            {[0, 1, 2].map((copy) => (
              // The list runs three times so the loop never shows a gap; only the first copy is read out.
              <ul
                key={copy}
                aria-label={copy === 0 ? 'Scores' : undefined}
                aria-hidden={copy === 0 ? undefined : true}
                className="flex gap-3"
              >
                {games.map((g) => (
                  <TickerGame key={`${copy}-${g.id}`} game={g} />
                ))}
              </ul>
            ))}
          </div>
        </div>
        <button
          type="button"
          onClick={() => setPaused((p) => !p)}
          aria-pressed={paused}
          className="mx-2 inline-flex size-10 shrink-0 items-center justify-center rounded-full border border-ink-600 bg-ink-900 text-slate-100 hover:border-brand-400"
        >
          {paused ? <Play aria-hidden="true" className="size-4" /> : <Pause aria-hidden="true" className="size-4" />}
          <span className="sr-only">{paused ? 'Resume scrolling scores' : 'Pause scrolling scores'}</span>
        </button>
      </div>
    );
  }

  return (
    <section
      aria-labelledby="ticker-heading"
      data-paused={paused}
      className="fg-ticker overflow-hidden rounded-2xl border border-ink-700 bg-ink-850"
    >
      <h2 id="ticker-heading" className="border-b border-ink-700 px-4 py-2 text-sm font-bold text-white">
        Scores: recent games and today's schedule
      </h2>
      <div aria-busy={!ticker.data && !ticker.isError}>{body}</div>
    </section>
  );
}
