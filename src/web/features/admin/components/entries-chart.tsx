import type { AdminKpis } from '../../../../shared/contracts/admin';
import { atLeastDays, chartBars } from '../../../../shared/domain/admin';
import { formatCalendarDay } from '../../../../shared/domain/en-us';
import { formatCents } from '../../../../shared/domain/money';
import { TableHead, td, tr } from './admin-ui';

const HEIGHT = 120;
const BAR = 10;
const GAP = 4;
/** The chart spans two weeks at least, so a new event's first days do not fill it with one bar. */
const MIN_DAYS = 14;

const dayLabel = (day: string) => formatCalendarDay(day, { year: false });

/**
 * Entries per day as bars drawn with SVG attributes (no inline styles, so it runs under the CSP). The
 * picture is described in words for screen readers, and the same figures are one click away as a table.
 */
export function EntriesChart({ points: days }: { points: AdminKpis['overTime'] }) {
  if (days.length === 0) return <p className="text-slate-300">No entries yet, so nothing to chart.</p>;
  const points = atLeastDays(days, MIN_DAYS, { entries: 0, amountCents: 0 });
  const { ceiling, bars } = chartBars(points, HEIGHT);
  const width = bars.length * (BAR + GAP);
  const busiest = points.reduce((a, b) => (b.entries > a.entries ? b : a));
  const total = points.reduce((n, p) => n + p.entries, 0);
  const first = points[0]?.day ?? '';
  const last = points.at(-1)?.day ?? '';
  const summary = `${total} entries from ${dayLabel(first)} to ${dayLabel(last)}; busiest day ${dayLabel(busiest.day)} with ${busiest.entries}.`;
  return (
    <figure className="flex flex-col gap-3 rounded-2xl border border-ink-700 bg-ink-850 p-4">
      <div className="flex gap-2">
        <div className="flex flex-col justify-between text-right text-xs text-slate-400" aria-hidden="true">
          <span>{ceiling}</span>
          <span>0</span>
        </div>
        <div className="min-w-0 flex-1 overflow-hidden">
          <svg
            role="img"
            aria-label={`Entries per day: ${summary}`}
            viewBox={`0 0 ${width} ${HEIGHT}`}
            preserveAspectRatio="none"
            className="h-32 w-full"
          >
            {bars.map((b, i) => (
              <rect
                key={b.day}
                x={i * (BAR + GAP)}
                y={HEIGHT - b.height}
                width={BAR}
                height={b.height}
                rx={2}
                className="fill-brand-400"
              >
                <title>{`${dayLabel(b.day)}: ${b.entries} entries, ${formatCents(b.amountCents)}`}</title>
              </rect>
            ))}
          </svg>
          <div className="mt-1 flex justify-between text-xs text-slate-400" aria-hidden="true">
            <span>{dayLabel(first)}</span>
            <span>{dayLabel(last)}</span>
          </div>
        </div>
      </div>
      <figcaption className="text-sm text-slate-300">{summary}</figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer font-semibold text-brand-300">Show the figures as a table</summary>
        <table className="mt-2 w-full text-left">
          <TableHead columns={['Day', 'Entries', 'Amount']} />
          <tbody>
            {points.map((p) => (
              <tr key={p.day} className={tr}>
                <td className={td}>{dayLabel(p.day)}</td>
                <td className={td}>{p.entries}</td>
                <td className={td}>{formatCents(p.amountCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
