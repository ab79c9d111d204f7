import type { F1Round } from '../../../../shared/contracts/pages/f1-season';
import { formatCalendarDay } from '../../../../shared/domain/en-us';
import { favouritesFirst, formatImpliedChance, formatOdds } from '../../../../shared/domain/f1';
import { cn } from '../../../lib/cn';
import type { F1ThemeClasses } from '../theme';
import { Flag } from './flag';

const places = ['1st', '2nd', '3rd'];

const status = {
  completed: { label: 'Completed', className: 'bg-emerald-700 text-white' },
  next: { label: 'Next race', className: 'bg-red-700 text-white' },
  upcoming: { label: 'Upcoming', className: 'bg-sky-700 text-white' },
};

function RoundCard({ round, isNext, t }: { round: F1Round; isNext: boolean; t: F1ThemeClasses }) {
  const badge = round.completed ? status.completed : isNext ? status.next : status.upcoming;
  return (
    <article
      aria-label={`Round ${round.round}: ${round.race}`}
      className={cn('flex h-full flex-col gap-3 rounded-2xl border p-4', t.card, isNext && 'border-red-600')}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className={cn('text-sm font-semibold', t.muted)}>
          Round {round.round} · <time dateTime={round.date}>{formatCalendarDay(round.date, { weekday: true })}</time>
        </p>
        <span className={cn('rounded-full px-2 py-0.5 text-xs font-bold', badge.className)}>{badge.label}</span>
      </div>
      <div>
        <h3 className={cn('flex items-center gap-2 text-lg font-bold', t.heading)}>
          <Flag flag={round.flag} decorative />
          {round.race}
        </h3>
        <p className={cn('text-sm', t.muted)}>{round.circuit}</p>
      </div>
      {round.completed ? (
        <div className="flex flex-col gap-2">
          <p className={t.text}>
            Winner: <strong className={t.heading}>{round.winner}</strong>
          </p>
          <ol aria-label={`${round.race} podium`} className={cn('rounded-xl border p-3 text-sm', t.inset)}>
            {round.podium.map((driver, i) => (
              <li key={driver} className="flex gap-2">
                <span className={cn('w-8 font-semibold', t.accent)}>{places[i]}</span>
                <span className={t.text}>{driver}</span>
              </li>
            ))}
          </ol>
        </div>
      ) : (
        <div>
          <p className={cn('text-xs font-bold tracking-wider uppercase', t.muted)}>Odds to win</p>
          <ul aria-label={`${round.race} odds to win`} className={cn('mt-1 rounded-xl border p-3 text-sm', t.inset)}>
            {favouritesFirst(round.odds).map((o) => (
              <li key={o.driver} className="flex justify-between gap-3">
                <span className={t.text}>{o.driver}</span>
                <span className="tabular-nums">
                  <strong className={t.heading}>{formatOdds(o.odds)}</strong>{' '}
                  <span className={t.muted}>({formatImpliedChance(o.odds)})</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </article>
  );
}

export function RaceCalendar({
  rounds,
  nextRound,
  t,
}: {
  rounds: F1Round[];
  nextRound: number | undefined;
  t: F1ThemeClasses;
}) {
  return (
    <ol className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {rounds.map((r) => (
        <li key={r.round}>
          <RoundCard round={r} isNext={r.round === nextRound} t={t} />
        </li>
      ))}
    </ol>
  );
}
