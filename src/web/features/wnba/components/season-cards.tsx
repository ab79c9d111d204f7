import { type LucideIcon, Medal, Star, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import type { WnbaPage } from '../../../../shared/contracts/pages/wnba';
import { Card, CardTitle } from '../../../components/ui/card';
import { FinalScore, PlayedAt, type Result } from './final-score';

/** One card of the season: its icon and title, the game it reports (score, then date and venue), then the rest. */
function SeasonCard({
  icon: Icon,
  title,
  result,
  children,
}: {
  icon: LucideIcon;
  title: string;
  result?: Result;
  children: ReactNode;
}) {
  return (
    <li>
      <Card className="h-full">
        <CardTitle className="flex items-center gap-2">
          <Icon aria-hidden="true" className="size-5 text-brand-400" />
          {title}
        </CardTitle>
        {result && (
          <>
            <FinalScore result={result} className="mt-3 font-bold text-white" />
            <PlayedAt result={result} className="text-sm text-slate-300" />
          </>
        )}
        {children}
      </Card>
    </li>
  );
}

/** WNBA: static cards for standings, All-Star weekend results and Commissioner's Cup results. */
export function SeasonCards({ content }: { content: WnbaPage }) {
  const leaders = content.standings.slice(0, 4);
  const { game, awards } = content.allStar;
  const cup = content.commissionersCup.championship;
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      <SeasonCard icon={Medal} title="Standings">
        <ol className="mt-3 flex flex-col gap-2 text-sm">
          {leaders.map((s) => (
            <li key={s.team} className="flex justify-between gap-3">
              <span className="text-slate-200">
                {s.rank}. {s.team}
              </span>
              <span className="font-mono text-white tabular-nums">
                {s.wins}-{s.losses}
              </span>
            </li>
          ))}
        </ol>
      </SeasonCard>
      <SeasonCard icon={Star} title="All-Star Weekend" result={game}>
        <ul className="mt-3 flex flex-col gap-1.5 text-sm">
          {awards.map((a) => (
            <li key={a.event}>
              <span className="text-slate-300">{a.event}:</span>{' '}
              <span className="font-semibold text-white">{a.winner}</span>{' '}
              <span className="text-slate-300">({a.detail})</span>
            </li>
          ))}
        </ul>
      </SeasonCard>
      <SeasonCard icon={Trophy} title="Commissioner's Cup" result={cup}>
        <p className="mt-3 text-sm">
          <span className="text-slate-300">Cup MVP:</span> <span className="font-semibold text-white">{cup.mvp}</span>{' '}
          <span className="text-slate-300">({cup.mvpLine})</span>
        </p>
      </SeasonCard>
    </ul>
  );
}
