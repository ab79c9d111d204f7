import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Cloud, HardDrive } from 'lucide-react';
import { lazy, useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { localFanKeys } from '../../../../shared/domain/local-fan-keys';
import { paths } from '../../../app/paths';
import { AfterPaint } from '../../../components/after-paint';
import { DataOwnerGate } from '../../../components/data-owner-gate';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { type DataOwner, useDataOwner } from '../../../lib/owner';
import { FanCentralLoading } from '../components/fan-central-loading';

// The cards are a chunk of their own, asked for once the heading has painted: the heading needs none of their code,
// and asked for sooner they would share the network with the page's own code.
const FanCentralSections = lazy(() =>
  import('../components/fan-central-sections').then((m) => ({ default: m.FanCentralSections })),
);

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
        {/* Whose data it is, once known; its lines' space is held until then, so the cards below never move. */}
        <p className="flex min-h-10 items-start gap-2 text-sm text-slate-300 sm:min-h-5">
          {owner &&
            (owner.kind === 'account' ? (
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
            ))}
        </p>
      </header>
      <DataOwnerGate loading={<FanCentralLoading />}>
        {(owner) => (
          // The cards (and their code) come after the heading, rendered in the background.
          <AfterPaint fallback={<FanCentralLoading />}>
            <FanCentralSections owner={owner} />
          </AfterPaint>
        )}
      </DataOwnerGate>
    </Page>
  );
}
