import { formatCalendarDay } from './en-us';
/** Gaming hub rules (docs/product.md#gaming-hub): release labels from dates, and the esports calendar's month tabs. */

export type ReleaseLabel = 'Pre-Order' | 'Available';

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar date of `now` where it is read (the viewer's local date), as YYYY-MM-DD. */
export function localIsoDate(now: Date): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * A release is labelled 'Pre-Order' while its release date is in the future, else 'Available'.
 * Release day itself is 'Available'. `releaseDate` is YYYY-MM-DD, so text order is date order.
 */
export function releaseLabel(releaseDate: string, now: Date): ReleaseLabel {
  return releaseDate > localIsoDate(now) ? 'Pre-Order' : 'Available';
}

/** The esports calendar's tabs, June to August 2025. */
export const esportsMonths = [
  { key: 'june', label: 'June', month: '2025-06' },
  { key: 'july', label: 'July', month: '2025-07' },
  { key: 'august', label: 'August', month: '2025-08' },
] as const;
export type EsportsMonthKey = (typeof esportsMonths)[number]['key'];

/** The events dated in `month` (YYYY-MM), earliest first; events on the same day keep their order. */
export function eventsInMonth<T extends { date: string }>(events: readonly T[], month: string): T[] {
  return events
    .map((event, index) => ({ event, index }))
    .filter(({ event }) => event.date.slice(0, 7) === month)
    .sort((a, b) => (a.event.date === b.event.date ? a.index - b.index : a.event.date < b.event.date ? -1 : 1))
    .map(({ event }) => event);
}

/** A tournament's dates: 'Jun 13 – Jun 22, 2025', or one date when it starts and ends the same day. */
export function formatDateRange(start: string, end: string): string {
  if (start === end) return formatCalendarDay(start);
  const first = formatCalendarDay(start, { year: start.slice(0, 4) !== end.slice(0, 4) });
  return `${first} – ${formatCalendarDay(end)}`;
}
