import { Skeleton } from '../../../components/layout/page';

/**
 * While the fan's data loads: 'Loading...' in the place of the profile card, beside or above the stats, then the
 * entered games and favorites, each block about the size of its card, so nothing moves when the cards arrive.
 */
export function FanCentralLoading() {
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
