import type { FanProfile } from '../../../../shared/contracts/fan-central';
import type { TrackedGame } from '../../../../shared/contracts/tracked-games';
import { fanStats } from '../../../../shared/domain/fan-profile';
import { FanSection } from './section';

/** Fan stats: favorite teams, trophy items, available games, favorite stars. */
export function FanStats({ profile, games }: { profile: FanProfile; games: readonly TrackedGame[] | undefined }) {
  const stats = fanStats(profile, games ?? []);
  const tiles = [
    ['Favorite Teams', stats.favoriteTeams],
    ['Trophy Items', stats.trophyItems],
    ['Available Games', games ? stats.availableGames : null],
    ['Favorite Stars', stats.favoriteStars],
  ] as const;
  return (
    <FanSection id="fan-stats" title="Fan Stats">
      <dl className="grid grid-cols-2 gap-3">
        {tiles.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-ink-700 bg-ink-900 p-3 text-center">
            <dt className="text-sm text-slate-300">{label}</dt>
            <dd className="mt-1 text-2xl font-black text-white">{value ?? '…'}</dd>
          </div>
        ))}
      </dl>
    </FanSection>
  );
}
