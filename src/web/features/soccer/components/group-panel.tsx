import type { SoccerMatch, SoccerTeam } from '../../../../shared/contracts/pages/soccer-tournament';
import { groupStandings, type SoccerGroup } from '../../../../shared/domain/soccer';
import { type Column, ColumnHeaders, ScrollRegion } from '../../../components/table-parts';

const th = 'px-3 py-2 text-left text-xs font-bold tracking-wider text-slate-300 uppercase';
const num = 'px-3 py-2 text-right tabular-nums text-slate-200';
const columns: readonly Column[] = [
  { label: 'Pos' },
  { label: 'Team' },
  ...(
    [
      ['Rank', 'World ranking'],
      ['P', 'Played'],
      ['W', 'Won'],
      ['D', 'Drawn'],
      ['L', 'Lost'],
      ['GD', 'Goal difference'],
      ['Pts', 'Points'],
    ] as const
  ).map(([short, long]) => ({ key: short, label: <abbr title={long}>{short}</abbr>, className: 'text-right' })),
];

const scrollBox = 'mt-3 overflow-x-auto rounded-2xl border border-ink-700 bg-ink-850';

/** One group's tab: its table (no match played yet, so ranked by world ranking) and its six matches. */
export function GroupPanel({
  group,
  teams,
  matches,
}: {
  group: SoccerGroup;
  teams: SoccerTeam[];
  matches: SoccerMatch[];
}) {
  // Every match is still TBA, so no results feed the table yet.
  const rows = groupStandings(teams, []);
  const flags = new Map(teams.map((t) => [t.name, t.flag]));
  return (
    <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
      <section aria-labelledby={`group-${group}-standings`} className="min-w-0">
        <h3 id={`group-${group}-standings`} className="text-lg font-bold text-white">
          Group {group} standings
        </h3>
        <ScrollRegion label={`Group ${group} table`} className={scrollBox}>
          <table className="w-full min-w-[30rem] text-sm">
            <caption className="sr-only">Group {group} standings</caption>
            <thead>
              <tr className="border-b border-ink-700">
                <ColumnHeaders columns={columns} className={th} />
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={r.team.name} className="border-b border-ink-700 last:border-b-0">
                  <td className="px-3 py-2 font-bold text-brand-300 tabular-nums">{i + 1}</td>
                  <th scope="row" className="px-3 py-2 text-left font-semibold whitespace-nowrap text-white">
                    <span aria-hidden="true">{r.team.flag}</span> {r.team.name}
                  </th>
                  <td className={num}>#{r.team.ranking}</td>
                  <td className={num}>{r.played}</td>
                  <td className={num}>{r.won}</td>
                  <td className={num}>{r.drawn}</td>
                  <td className={num}>{r.lost}</td>
                  <td className={num}>{r.goalDifference > 0 ? `+${r.goalDifference}` : r.goalDifference}</td>
                  <td className={`${num} font-bold text-white`}>{r.points}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </section>
      <section aria-labelledby={`group-${group}-matches`} className="min-w-0">
        <h3 id={`group-${group}-matches`} className="text-lg font-bold text-white">
          Group {group} matches
        </h3>
        <ul aria-label={`Group ${group} matches`} className="mt-3 flex flex-col gap-2">
          {matches.map((m) => (
            <li
              key={`${m.home}-${m.away}`}
              className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-xl border border-ink-700 bg-ink-850 px-3 py-2"
            >
              <span className="font-semibold text-white">
                <span aria-hidden="true">{flags.get(m.home)}</span> {m.home} vs{' '}
                <span aria-hidden="true">{flags.get(m.away)}</span> {m.away}
              </span>
              <span className="text-sm text-slate-300">
                Matchday {m.matchday} · <span className="font-semibold text-brand-300">{m.kickoff}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
