import type { WnbaPlayerLeader } from '../../../../shared/contracts/pages/wnba';
import { noPlayersMessage, searchPlayers } from '../../../../shared/domain/wnba';
import { Input } from '../../../components/ui/input';

/** The Player Search tab (docs/product.md#wnba): case-insensitive match on name, team or stat. */
export function PlayerSearch({
  players,
  query,
  onQueryChange,
}: {
  players: readonly WnbaPlayerLeader[];
  query: string;
  onQueryChange: (query: string) => void;
}) {
  const found = searchPlayers(players, query);
  return (
    <div className="flex flex-col gap-4">
      <search className="max-w-md">
        <Input
          label="Search players"
          type="search"
          value={query}
          onChange={(e) => onQueryChange(e.target.value)}
          placeholder="Name, team or stat"
          autoComplete="off"
          hint="Matches a player's name, team or stat, in any case."
        />
      </search>
      <p aria-live="polite" className="text-sm text-slate-300">
        {found.length === 0 ? (
          <span className="font-semibold text-white">{noPlayersMessage(query)}</span>
        ) : (
          `${found.length} ${found.length === 1 ? 'leader' : 'leaders'} shown`
        )}
      </p>
      {found.length > 0 && (
        <section
          aria-label="Player leaders"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table box must take focus so keyboard users can scroll it
          tabIndex={0}
          className="overflow-x-auto rounded-2xl border border-ink-700 bg-ink-850"
        >
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead className="text-xs tracking-wider text-slate-300 uppercase">
              <tr className="border-b border-ink-700">
                {['Player', 'Team', 'Stat', 'Value', 'Conference'].map((h) => (
                  <th key={h} scope="col" className="px-3 py-2 font-semibold">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {found.map((p) => (
                <tr key={`${p.name}-${p.stat}`} className="border-b border-ink-700/60 last:border-b-0">
                  <th scope="row" className="px-3 py-2 font-semibold whitespace-nowrap text-white">
                    {p.name}
                  </th>
                  <td className="px-3 py-2 whitespace-nowrap">{p.team}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{p.stat}</td>
                  <td className="px-3 py-2 tabular-nums">{p.value.toFixed(1)}</td>
                  <td className="px-3 py-2">{p.conference}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}
