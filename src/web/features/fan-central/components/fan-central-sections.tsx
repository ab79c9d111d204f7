import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { LoadFailed } from '../../../components/layout/page';
import { LocalImportDialog } from '../../../components/local-import-dialog';
import { Button } from '../../../components/ui/button';
import { hasLocalFanRecords } from '../../../lib/local-fan-records';
import { localImportStatusQuery } from '../../../lib/local-import';
import type { DataOwner } from '../../../lib/owner';
import { GameTracker, trackedGamesQuery } from '../../tracked-games';
import { fanProfileQuery } from '../api';
import { EnteredGames } from './entered-games';
import { FanCentralLoading } from './fan-central-loading';
import { FanStats } from './fan-stats';
import { FavoritesManager } from './favorites-manager';
import { GamingProfileSection } from './gaming-profile';
import { ProfileCard } from './profile-card';
import { TrophyCase } from './trophy-case';

/**
 * Fan Central's cards, a chunk of their own: the page's heading paints without waiting for their code (the
 * forms, their rules and this browser's saved data), which the page asks for once the heading has painted.
 */

/** Signed in with this browser's visitor data not imported yet: offer the import here too. */
function ImportBanner({ userId }: { userId: string }) {
  const status = useQuery(localImportStatusQuery(userId));
  const [open, setOpen] = useState(false);
  if (!hasLocalFanRecords() || status.data?.importedAt !== null) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-brand-500/50 bg-brand-500/10 p-4">
      <p className="text-slate-100">This browser still has fan data you saved before signing in.</p>
      <Button size="sm" onClick={() => setOpen(true)}>
        Import it into my account
      </Button>
      <LocalImportDialog userId={userId} open={open} onClose={() => setOpen(false)} />
    </div>
  );
}

export function FanCentralSections({ owner }: { owner: DataOwner }) {
  const profile = useQuery(fanProfileQuery(owner));
  const games = useQuery(trackedGamesQuery(owner));
  // Six cards and their forms: rendered in the background when the profile arrives (a deferred render yields
  // every few milliseconds), so they do not hold the main thread in one long task.
  const data = useDeferredValue(profile.data);
  if (profile.isError) {
    return <LoadFailed message="We couldn't load your fan profile." onRetry={() => void profile.refetch()} />;
  }
  if (!data) return <FanCentralLoading />;
  return (
    <>
      {owner.kind === 'account' && <ImportBanner userId={owner.userId} />}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <ProfileCard owner={owner} profile={data} />
        <FanStats profile={data} games={games.data} />
      </div>
      {/* The fan's own content first: entries, then favorites and collections; each add-form opens on demand. */}
      <EnteredGames />
      <FavoritesManager owner={owner} profile={data} />
      <TrophyCase owner={owner} profile={data} />
      <GameTracker title="Game Tracker" id="game-tracker" />
      <GamingProfileSection owner={owner} />
    </>
  );
}
