/**
 * Wall clocks: what a clock in the viewer's zone, in UTC or in a US zone shows at an instant, and its time
 * as US English writes it ('4:07 PM'). Plain arithmetic, not Intl, for the reasons en-us.ts gives; kept
 * apart from en-us.ts so the home page's clocks load only this.
 */

/** The US time zones FanGrid shows clocks in or files games under. */
export type UsZone = 'America/New_York' | 'America/Chicago' | 'America/Denver' | 'America/Los_Angeles';

/** Where a wall clock is read: the viewer's own time zone, UTC, or a US zone. */
export type Zone = 'local' | 'UTC' | UsZone;

const standardOffsetMinutes: Record<UsZone, number> = {
  'America/New_York': -300,
  'America/Chicago': -360,
  'America/Denver': -420,
  'America/Los_Angeles': -480,
};

const minuteMs = 60_000;

/** The day of the month of a month's n-th Sunday (month 0 = January). */
function nthSunday(year: number, month: number, n: number): number {
  const firstWeekday = new Date(Date.UTC(year, month, 1)).getUTCDay();
  return 1 + ((7 - firstWeekday) % 7) + 7 * (n - 1);
}

/**
 * A US zone's offset from UTC at an instant, in minutes. Daylight saving time, as US law has set it since
 * 2007: from the second Sunday in March at 2:00 standard time to the first Sunday in November at 2:00
 * daylight time, one hour ahead of standard time.
 */
export function usZoneOffsetMinutes(instant: number, zone: UsZone): number {
  const standard = standardOffsetMinutes[zone];
  // The year on the zone's standard-time calendar; saving time never runs across a new year.
  const year = new Date(instant + standard * minuteMs).getUTCFullYear();
  const start = Date.UTC(year, 2, nthSunday(year, 2, 2), 2) - standard * minuteMs;
  const end = Date.UTC(year, 10, nthSunday(year, 10, 1), 2) - (standard + 60) * minuteMs;
  return instant >= start && instant < end ? standard + 60 : standard;
}

/** What a wall clock in a zone shows at an instant (month 0 = January, weekday 0 = Sunday). */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall clock of a zone at an instant (a Date, epoch milliseconds or an ISO string); null when invalid. */
export function wallClock(at: Date | number | string, zone: Zone): WallClock | null {
  const instant = new Date(at).getTime();
  if (Number.isNaN(instant)) return null;
  // The zone's offset from UTC at that instant; the viewer's own is the browser's (getTimezoneOffset counts
  // the other way).
  const shift =
    zone === 'UTC' ? 0 : zone === 'local' ? -new Date(instant).getTimezoneOffset() : usZoneOffsetMinutes(instant, zone);
  const d = new Date(instant + shift * minuteMs);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth(),
    day: d.getUTCDate(),
    weekday: d.getUTCDay(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

/** What Intl and Date write for an instant that is not one. */
export const invalid = 'Invalid Date';
const two = (n: number) => String(n).padStart(2, '0');

/** '4:07 PM', or '4:07:05 PM' with seconds, on a 12-hour clock. */
export function formatTime(at: Date | number | string, zone: Zone, opts: { seconds?: boolean } = {}): string {
  const c = wallClock(at, zone);
  return c ? timeOf(c, opts.seconds ?? false) : invalid;
}

export function timeOf(c: WallClock, seconds: boolean): string {
  const hour = c.hour % 12 === 0 ? 12 : c.hour % 12;
  return `${hour}:${two(c.minute)}${seconds ? `:${two(c.second)}` : ''} ${c.hour < 12 ? 'AM' : 'PM'}`;
}
