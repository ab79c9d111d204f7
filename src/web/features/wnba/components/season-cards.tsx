import { Medal, Star, Trophy } from 'lucide-react';
import type { WnbaPage } from '../../../../shared/contracts/pages/wnba';
import { Card, CardTitle } from '../../../components/ui/card';
import { FinalScore, PlayedAt } from './final-score';

/** WNBA: static cards for standings, All-Star weekend results and Commissioner's Cup results. */
export function SeasonCards({ content }: { content: WnbaPage }) {
  const leaders = content.standings.slice(0, 4);
  const { game, awards } = content.allStar;
  const cup = content.commissionersCup.championship;
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      <li>
        <Card className="h-full">
          <CardTitle className="flex items-center gap-2">
            <Medal aria-hidden="true" className="size-5 text-brand-400" />
            Standings
          </CardTitle>
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
        </Card>
      </li>
      <li>
        <Card className="h-full">
          <CardTitle className="flex items-center gap-2">
            <Star aria-hidden="true" className="size-5 text-brand-400" />
            All-Star Weekend
          </CardTitle>
          <FinalScore result={game} className="mt-3 font-bold text-white" />
          <PlayedAt result={game} className="text-sm text-slate-300" />
          <ul className="mt-3 flex flex-col gap-1.5 text-sm">
            {awards.map((a) => (
              <li key={a.event}>
                <span className="text-slate-300">{a.event}:</span>{' '}
                <span className="font-semibold text-white">{a.winner}</span>{' '}
                <span className="text-slate-300">({a.detail})</span>
              </li>
            ))}
          </ul>
        </Card>
      </li>
      <li>
        <Card className="h-full">
          <CardTitle className="flex items-center gap-2">
            <Trophy aria-hidden="true" className="size-5 text-brand-400" />
            Commissioner's Cup
          </CardTitle>
          <FinalScore result={cup} className="mt-3 font-bold text-white" />
          <PlayedAt result={cup} className="text-sm text-slate-300" />
          <p className="mt-3 text-sm">
            <span className="text-slate-300">Cup MVP:</span> <span className="font-semibold text-white">{cup.mvp}</span>{' '}
            <span className="text-slate-300">({cup.mvpLine})</span>
          </p>
        </Card>
      </li>
    </ul>
  );
}
