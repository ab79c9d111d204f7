import type { WnbaStanding } from '../../../../shared/contracts/pages/wnba';
import { ScrollRegion } from '../../../components/table-parts';

const columns: ReadonlyArray<{ label: string; title?: string }> = [
  { label: 'Rank' },
  { label: 'Team' },
  { label: 'W', title: 'Wins' },
  { label: 'L', title: 'Losses' },
  { label: 'PCT', title: 'Winning percentage' },
  { label: 'GB', title: 'Games behind' },
  { label: 'Conf', title: 'Conference' },
  { label: 'Home' },
  { label: 'Away' },
  { label: 'L10', title: 'Last 10 games' },
  { label: 'Strk', title: 'Streak' },
];

/** WNBA standings. The table is wider than a phone, so it scrolls inside its own focusable box. */
export function StandingsTable({ standings, season }: { standings: readonly WnbaStanding[]; season: number }) {
  return (
    <ScrollRegion
      label={`${season} WNBA standings`}
      className="overflow-x-auto rounded-2xl border border-ink-700 bg-ink-850"
    >
      <table className="w-full min-w-[44rem] text-left text-sm">
        <caption className="px-4 pt-4 pb-2 text-left font-semibold text-white">
          {season} regular season · final standings
        </caption>
        <thead className="text-xs tracking-wider text-slate-300 uppercase">
          <tr className="border-b border-ink-700">
            {columns.map((c) => (
              <th key={c.label} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                {c.title ? (
                  <abbr title={c.title} className="no-underline">
                    {c.label}
                  </abbr>
                ) : (
                  c.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {standings.map((s) => (
            <tr key={s.team} className="border-b border-ink-700/60 last:border-b-0 odd:bg-ink-900/40">
              <td className="px-3 py-2 font-mono text-slate-300">{s.rank}</td>
              <th scope="row" className="px-3 py-2 font-semibold whitespace-nowrap text-white">
                {s.team}
              </th>
              <td className="px-3 py-2 tabular-nums">{s.wins}</td>
              <td className="px-3 py-2 tabular-nums">{s.losses}</td>
              <td className="px-3 py-2 tabular-nums">{s.pct}</td>
              <td className="px-3 py-2 tabular-nums">{s.gb}</td>
              <td className="px-3 py-2">{s.conf === 'Eastern' ? 'East' : 'West'}</td>
              <td className="px-3 py-2 tabular-nums">{s.home}</td>
              <td className="px-3 py-2 tabular-nums">{s.away}</td>
              <td className="px-3 py-2 tabular-nums">{s.l10}</td>
              <td className={s.strk.startsWith('W') ? 'px-3 py-2 text-court-400' : 'px-3 py-2 text-red-300'}>
                {s.strk}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
