import { useQuery } from '@tanstack/react-query';
import { CalendarDays, ChevronDown } from 'lucide-react';
import { Children, type ReactNode, useId, useState } from 'react';
import type { MlbWeekendGame, SportsHubContent } from '../../../../shared/contracts/content';
import { formatDayTime } from '../../../../shared/domain/en-us';
import { StatusPill } from '../../../components/status-pill';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { usePhoneLayout } from '../../../lib/media';
import { useCyclingIndex } from '../../../lib/motion';
import { mlbScoresQuery, nflPreseasonQuery } from '../../scores';

/** Rows a schedule shows on a phone before its 'Show all' toggle. */
const phoneRows = 3;

/**
 * A schedule's rows. On a phone a long schedule shows its first rows and a 'Show all …' toggle
 * (aria-expanded) so the page stays short; on a wider window every row shows.
 */
export function PanelList({ children, what }: { children: ReactNode; what: string }) {
  const phone = usePhoneLayout();
  const [all, setAll] = useState(false);
  const listId = useId();
  const rows = Children.toArray(children);
  const foldable = phone && rows.length > phoneRows;
  return (
    <>
      <ul id={listId} className="mt-4 flex flex-col gap-3">
        {foldable && !all ? rows.slice(0, phoneRows) : rows}
      </ul>
      {foldable && (
        <Button
          variant="ghost"
          size="sm"
          className="mt-2 self-start"
          aria-expanded={all}
          aria-controls={listId}
          onClick={() => setAll((open) => !open)}
        >
          <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', all && 'rotate-180')} />
          {all ? `Show fewer ${what}` : `Show all ${rows.length} ${what}`}
        </Button>
      )}
    </>
  );
}

export function PanelRow({ className, children }: { className?: string; children: ReactNode }) {
  return <li className={cn('rounded-xl border border-ink-700 bg-ink-900 p-3', className)}>{children}</li>;
}

const mlbStatusStyle: Record<MlbWeekendGame['status'], { label: string; className: string }> = {
  completed: { label: 'Final', className: 'bg-slate-600 text-white' },
  live: { label: 'Live', className: 'bg-red-600 text-white' },
  upcoming: { label: 'Upcoming', className: 'bg-sky-700 text-white' },
};

export function MlbWeekendPanel({ games }: { games: SportsHubContent['mlbWeekend'] }) {
  const scores = useQuery(mlbScoresQuery);
  return (
    <Card>
      <CardTitle>MLB Weekend Games</CardTitle>
      <PanelList what="MLB weekend games">
        {games.map((g) => {
          const style = mlbStatusStyle[g.status];
          return (
            <PanelRow key={g.slug}>
              <div className="flex items-center justify-between gap-2">
                <p className="font-semibold text-white">
                  {g.awayTeam} @ {g.homeTeam}
                </p>
                <StatusPill live={g.status === 'live'} className={style.className}>
                  {style.label}
                </StatusPill>
              </div>
              <p className="mt-1 text-sm text-slate-300">
                {g.date} · {g.time} · {g.location}
              </p>
              {g.status === 'completed' && (
                <p className="mt-1 text-sm text-slate-200">
                  Final: {g.awayTeam} {g.awayScore} ({g.awayHits} H), {g.homeTeam} {g.homeScore} ({g.homeHits} H)
                </p>
              )}
              {g.status === 'live' && (
                <p className="mt-1 text-sm text-slate-200">
                  {g.awayTeam} {g.awayScore}, {g.homeTeam} {g.homeScore} · {g.inning}
                </p>
              )}
            </PanelRow>
          );
        })}
      </PanelList>
      <h3 className="mt-5 font-bold text-white">From the scoreboard</h3>
      {!scores.data && !scores.isError ? (
        <p className="mt-2 text-sm text-slate-300">Loading MLB Weekend Games...</p>
      ) : scores.isError || scores.data?.feedFailed ? (
        <p className="mt-2 text-sm text-red-200">Could not load MLB games.</p>
      ) : scores.data?.games.length === 0 ? (
        <p className="mt-2 text-sm text-slate-300">No MLB games on the scoreboard yet.</p>
      ) : (
        <PanelList what="scoreboard games">
          {scores.data?.games.map((g) => (
            <PanelRow key={g.id} className="flex items-center justify-between gap-2">
              <div>
                <p className="font-semibold text-white">
                  {g.competitors[0].name} @ {g.competitors[1].name}
                </p>
                <p className="text-sm text-slate-300">
                  {formatDateTime(g.date)}
                  {g.state !== 'pre' &&
                    ` · ${g.competitors[0].score}–${g.competitors[1].score}${g.detail ? ` · ${g.detail}` : ''}`}
                </p>
              </div>
              <span className={cn('rounded-full px-2 py-0.5 text-xs font-bold', labelStyle[g.label])}>{g.label}</span>
            </PanelRow>
          ))}
        </PanelList>
      )}
    </Card>
  );
}

const labelStyle = {
  Final: mlbStatusStyle.completed.className,
  Live: mlbStatusStyle.live.className,
  Upcoming: mlbStatusStyle.upcoming.className,
} as const;

const formatDateTime = (iso: string) => formatDayTime(iso, 'local', { year: false });

export function NflPreseasonPanel() {
  const nfl = useQuery(nflPreseasonQuery);
  // An NFL failure falls back silently (the server already returns the fixed games alone).
  const games = nfl.data?.games ?? [];
  return (
    <Card>
      <CardTitle>NFL Preseason Schedule</CardTitle>
      {!nfl.data && !nfl.isError ? (
        <p className="mt-4 text-slate-300">Loading NFL preseason games...</p>
      ) : games.length === 0 ? (
        <p className="mt-4 text-slate-300">No preseason games scheduled</p>
      ) : (
        <PanelList what="preseason games">
          {games.map((g) => (
            <PanelRow key={g.id}>
              <p className="font-semibold text-white">
                {g.teams[0]} vs {g.teams[1]}
              </p>
              <p className="flex flex-wrap items-center gap-x-3 text-sm text-slate-300">
                <span className="inline-flex items-center gap-1">
                  <CalendarDays aria-hidden="true" className="size-3.5" />{' '}
                  {/^\d{4}-\d{2}-\d{2}$/.test(g.date) ? g.date : formatDateTime(g.date)}
                </span>
                <span>{g.week}</span>
                <span>{g.status}</span>
              </p>
            </PanelRow>
          ))}
        </PanelList>
      )}
    </Card>
  );
}

export function ColourStrip({ colours, intervalMs }: { colours: string[]; intervalMs: number }) {
  const index = useCyclingIndex(colours.length, intervalMs);
  return (
    <span
      aria-hidden="true"
      data-testid="colour-strip"
      data-colour={index}
      className={cn('absolute inset-x-0 top-0 h-1.5', colours[index])}
    />
  );
}
