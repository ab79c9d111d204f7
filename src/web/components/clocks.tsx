import { useEffect, useState } from 'react';
import { bannerTimeZones, clockTickMs, formatZoneTime } from '../../shared/domain/clocks';

/** The current time, re-read every `intervalMs`. */
export function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Eastern, Central and Pacific clocks ticking every second (ad banner). */
export function ZoneClocks() {
  const now = useNow(clockTickMs);
  return (
    <ul className="flex flex-wrap justify-center gap-2" aria-label="Current time in US time zones">
      {bannerTimeZones.map((tz) => (
        <li key={tz.id} className="rounded-lg border border-ink-600 bg-ink-950/70 px-3 py-1.5 text-center">
          <span className="block text-[0.7rem] font-semibold tracking-wider text-slate-300 uppercase">{tz.label}</span>
          <time data-testid={`clock-${tz.id}`} className="block font-mono text-sm font-bold text-white tabular-nums">
            {formatZoneTime(now, tz.zone)}
          </time>
        </li>
      ))}
    </ul>
  );
}
