import { clockTickMs, formatZoneTime } from '../../../../shared/domain/clocks';
import { useNow } from '../../../components/clocks';

/** The standings view's live clock, updating every second (Eastern Time, the league's listing zone). */
export function LiveClock() {
  const now = useNow(clockTickMs);
  return (
    <p className="inline-flex items-center gap-2 rounded-lg border border-ink-600 bg-ink-950/70 px-3 py-1.5 text-sm">
      <span className="fg-live-dot inline-block size-2 rounded-full bg-red-500" aria-hidden="true" />
      <span className="font-semibold text-slate-300">Live clock</span>
      <time
        data-testid="live-clock"
        dateTime={now.toISOString()}
        className="font-mono font-bold text-white tabular-nums"
      >
        {formatZoneTime(now, 'America/New_York')} ET
      </time>
    </p>
  );
}
