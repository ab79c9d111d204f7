import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Cloud, HardDrive } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { localFanKeys } from '../../../../shared/domain/local-fan-keys';
import { paths } from '../../../app/paths';
import { DataOwnerGate } from '../../../components/data-owner-gate';
import { LoadFailed, Page, Skeleton } from '../../../components/layout/page';
import { LocalImportDialog } from '../../../components/local-import-dialog';
import { Button } from '../../../components/ui/button';
import { hasLocalFanRecords } from '../../../lib/local-fan-records';
import { localImportStatusQuery } from '../../../lib/local-import';
import { type DataOwner, useDataOwner } from '../../../lib/owner';
import { GameTracker, trackedGamesQuery } from '../../tracked-games';
import { fanProfileQuery } from '../api';
import { EnteredGames } from '../components/entered-games';
import { FanStats } from '../components/fan-stats';
import { FavoritesManager } from '../components/favorites-manager';
import { GamingProfileSection } from '../components/gaming-profile';
import { ProfileCard } from '../components/profile-card';
import { TrophyCase } from '../components/trophy-case';

/** 'Back button (previous page)': one step back, or home when Fan Central was opened directly. */
function BackButton() {
  const navigate = useNavigate();
  const back = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(paths.home);
  };
  return (
    <Button variant="ghost" onClick={back} className="self-start px-2">
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back
    </Button>
  );
}

/** A visitor's data changed in another tab: show it here too. */
function useLocalSync(owner: DataOwner | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (owner?.kind !== 'local') return;
    const keys: string[] = Object.values(localFanKeys);
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || keys.includes(e.key)) void queryClient.invalidateQueries();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [owner?.kind, queryClient]);
}

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

/** Fan Central (/fan-page). */
export function FanCentralPage() {
  const { owner } = useDataOwner();
  useLocalSync(owner);
  return (
    <Page title="Fan Central" className="flex flex-col gap-6">
      <BackButton />
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-black text-white sm:text-5xl">Fan Central</h1>
        <p className="max-w-2xl text-slate-300">
          Your fan profile, favorites, trophy case, gaming profile and the games you follow and enter.
        </p>
        {owner && (
          <p className="flex items-start gap-2 text-sm text-slate-300">
            {owner.kind === 'account' ? (
              <>
                <Cloud aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-court-400" />
                Saved to your FanGrid account.
              </>
            ) : (
              <>
                <HardDrive aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-300" />
                <span>
                  Saved in this browser only.{' '}
                  <Link to={paths.login} className="font-semibold text-brand-300 underline">
                    Sign in to keep it in your account
                  </Link>
                </span>
              </>
            )}
          </p>
        )}
      </header>
      <DataOwnerGate loading={<Loading />}>{(owner) => <FanCentral owner={owner} />}</DataOwnerGate>
    </Page>
  );
}

/**
 * While the fan's data loads: 'Loading...' in the place of the profile card, beside or above the stats, then the
 * entered games and favorites, each block about the size of its card, so nothing moves when the cards arrive.
 */
function Loading() {
  return (
    <div aria-busy="true" className="flex flex-col gap-6">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex h-60 items-center justify-center rounded-2xl border border-ink-700 bg-ink-850">
          <p role="status" className="text-center text-lg text-slate-300">
            Loading...
          </p>
        </div>
        <Skeleton className="h-64" />
      </div>
      <Skeleton className="h-44" />
      <Skeleton className="h-96" />
    </div>
  );
}

function FanCentral({ owner }: { owner: DataOwner }) {
  const profile = useQuery(fanProfileQuery(owner));
  const games = useQuery(trackedGamesQuery(owner));
  if (profile.isError) {
    return <LoadFailed message="We couldn't load your fan profile." onRetry={() => void profile.refetch()} />;
  }
  if (!profile.data) return <Loading />;
  return (
    <>
      {owner.kind === 'account' && <ImportBanner userId={owner.userId} />}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <ProfileCard owner={owner} profile={profile.data} />
        <FanStats profile={profile.data} games={games.data} />
      </div>
      {/* The fan's own content first: entries, then favorites and collections; each add-form opens on demand. */}
      <EnteredGames />
      <FavoritesManager owner={owner} profile={profile.data} />
      <TrophyCase owner={owner} profile={profile.data} />
      <GameTracker title="Game Tracker" id="game-tracker" />
      <GamingProfileSection owner={owner} />
    </>
  );
}
