import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { CustomEntry } from '../../../../shared/contracts/baseball';
import type { GameData } from '../../../../shared/contracts/payments';
import { formatCents } from '../../../../shared/domain/money';
import { paths } from '../../../app/paths';
import { customEntriesQuery } from '../api';

/** Custom game entries, each with its matchup, date and amount and a link to donate to it. */
export function CustomEntriesList({ entries }: { entries: readonly CustomEntry[] }) {
  return (
    <ul className="mt-2 flex flex-col gap-2">
      {entries.map((entry) => (
        <li
          key={entry.id}
          data-custom-entry={entry.id}
          className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-ink-700 bg-ink-900 p-3 text-sm text-slate-200"
        >
          <span className="[overflow-wrap:anywhere]">
            {entry.team1} vs {entry.team2} · {entry.gameDate} · {formatCents(entry.amountCents)}
          </span>
          <Link
            to={paths.baseballDonation}
            state={{
              gameData: {
                id: entry.id,
                title: `${entry.team1} vs ${entry.team2}`,
                teams: [entry.team1, entry.team2],
                date: entry.gameDate,
                league: 'MLB',
                supportAmountCents: entry.amountCents,
              } satisfies GameData,
            }}
            className="font-semibold text-brand-300 underline"
            aria-label={`Donate to ${entry.team1} vs ${entry.team2}`}
          >
            Donate
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** /entered's section of custom game entries (this browser's, and the account's when signed in); none: nothing. */
export function CustomEntriesSection() {
  const saved = useQuery(customEntriesQuery);
  const entries = saved.data?.entries ?? [];
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="entered-custom-heading" className="rounded-2xl border border-ink-700 bg-ink-850 p-4">
      <h2 id="entered-custom-heading" className="font-bold text-white">
        Custom game entries
      </h2>
      <CustomEntriesList entries={entries} />
    </section>
  );
}
