import { Trophy } from 'lucide-react';
import type { WnbaPage, WnbaResult } from '../../../../shared/contracts/pages/wnba';
import { formatCalendarDay } from '../../../../shared/domain/en-us';
import { Card, CardTitle } from '../../../components/ui/card';
import { DetailsList } from '../../../components/ui/details-list';
import { FinalScore, PlayedAt } from './final-score';

function Score({ result }: { result: WnbaResult }) {
  return (
    <p className="text-lg font-bold text-white">
      {result.winner} {result.winnerScore}, {result.loser} {result.loserScore}
    </p>
  );
}

/** The Commissioner's Cup tab: the final, then the Cup-play results that decided the finalists. */
export function CupResults({ cup }: { cup: WnbaPage['commissionersCup'] }) {
  const final = cup.championship;
  return (
    <div className="flex flex-col gap-4">
      <Card className="border-brand-500/50">
        <CardTitle className="flex items-center gap-2">
          <Trophy aria-hidden="true" className="size-5 text-brand-400" />
          {final.stage}
        </CardTitle>
        <div className="mt-3">
          <Score result={final} />
          <p className="mt-1 text-sm text-slate-300">{final.note}</p>
        </div>
        <DetailsList
          items={[
            ['Date', formatCalendarDay(final.date, { weekday: true })],
            ['Venue', final.venue],
            ['Cup MVP', `${final.mvp} (${final.mvpLine})`],
          ]}
        />
      </Card>
      <h3 className="text-lg font-bold text-white">Road to the final</h3>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {cup.results.map((r) => (
          <li key={r.id} className="rounded-2xl border border-ink-700 bg-ink-850 p-4">
            <p className="text-xs font-semibold tracking-wider text-brand-300 uppercase">{r.stage}</p>
            <FinalScore result={r} className="mt-1 font-bold text-white" />
            <PlayedAt result={r} className="mt-1 text-sm text-slate-300" />
            <p className="mt-2 text-sm text-slate-200">{r.note}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
