/**
 * Numbers, dates and times as FanGrid writes them: in US English, on every screen and in every email,
 * whatever the viewer's browser language (FanGrid's boards, money and phone numbers are American).
 *
 * Plain arithmetic, not `Intl`: the first Intl object a page creates makes the browser load its locale data,
 * about 50 ms of main thread on a desktop core and 200 ms on a phone-class CPU, before the screen answers a
 * tap; and `toLocaleString` with options builds a new formatter on every call (about 2 ms each on a phone, so
 * a table of 200 dates costs 400 ms). tests/unit/en-us.test.ts checks each format here against Intl's en-US
 * output over the whole range of instants.
 */

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const weekdayNames = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** A month (0 = January) by name: 'June', or 'Jun' short. */
export const monthName = (month: number, width: 'long' | 'short' = 'long') => {
  const name = monthNames[month] ?? '';
  return width === 'long' ? name : name.slice(0, 3);
};

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
  if (zone === 'local') {
    const d = new Date(instant);
    return {
      year: d.getFullYear(),
      month: d.getMonth(),
      day: d.getDate(),
      weekday: d.getDay(),
      hour: d.getHours(),
      minute: d.getMinutes(),
      second: d.getSeconds(),
    };
  }
  const shift = zone === 'UTC' ? 0 : usZoneOffsetMinutes(instant, zone);
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
const invalid = 'Invalid Date';
const two = (n: number) => String(n).padStart(2, '0');

/** A whole number with thousands separators: 1234567 is '1,234,567' (a fraction is rounded half away from zero). */
export function formatInteger(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const digits = String(Math.round(Math.abs(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 ? `-${digits}` : digits;
}

/** '4:07 PM', or '4:07:05 PM' with seconds, on a 12-hour clock. */
export function formatTime(at: Date | number | string, zone: Zone, opts: { seconds?: boolean } = {}): string {
  const c = wallClock(at, zone);
  return c ? timeOf(c, opts.seconds ?? false) : invalid;
}

function timeOf(c: WallClock, seconds: boolean): string {
  const hour = c.hour % 12 === 0 ? 12 : c.hour % 12;
  return `${hour}:${two(c.minute)}${seconds ? `:${two(c.second)}` : ''} ${c.hour < 12 ? 'AM' : 'PM'}`;
}

interface DayOptions {
  /** Starts with the day of the week: 'Thu, Jun 5, 2025'. */
  weekday?: boolean;
  /** Ends with the year (the default): 'Jun 5, 2025', not 'Jun 5'. */
  year?: boolean;
  /** The month's full name: 'June 5, 2025'. */
  longMonth?: boolean;
}

function dayOf(c: WallClock, { weekday = false, year = true, longMonth = false }: DayOptions): string {
  const date = `${monthName(c.month, longMonth ? 'long' : 'short')} ${c.day}${year ? `, ${c.year}` : ''}`;
  return weekday ? `${weekdayNames[c.weekday]}, ${date}` : date;
}

/** A calendar day: 'Jun 5, 2025'; 'Thu, Jun 5, 2025', 'Jun 5' or 'June 5, 2025' with the options. */
export function formatDay(at: Date | number | string, zone: Zone, opts: DayOptions = {}): string {
  const c = wallClock(at, zone);
  return c ? dayOf(c, opts) : invalid;
}

/**
 * A YYYY-MM-DD calendar date (a game's day, local to where it is played) as formatDay writes it. Read as a
 * date, not an instant, so the viewer's time zone never moves it to the day before.
 */
export const formatCalendarDay = (isoDate: string, opts: DayOptions = {}) =>
  formatDay(`${isoDate}T00:00:00Z`, 'UTC', opts);

/** A day and a time: 'Jun 5, 2025, 4:07 PM'; with the day's options, e.g. 'Thu, Jun 5, 4:07 PM'. */
export function formatDayTime(at: Date | number | string, zone: Zone, opts: DayOptions = {}): string {
  const c = wallClock(at, zone);
  return c ? `${dayOf(c, opts)}, ${timeOf(c, false)}` : invalid;
}

/** A day of the week and a time, for this week's games: 'Thu 4:07 PM'. */
export function formatWeekdayTime(at: Date | number | string, zone: Zone): string {
  const c = wallClock(at, zone);
  return c ? `${weekdayNames[c.weekday]} ${timeOf(c, false)}` : invalid;
}

/** A day in figures: '6/5/2025'. */
export function formatNumericDate(at: Date | number | string, zone: Zone): string {
  const c = wallClock(at, zone);
  return c ? `${c.month + 1}/${c.day}/${c.year}` : invalid;
}

/** A day and a time in figures, as a receipt stamps them: '6/5/2025, 4:07:05 PM'. */
export function formatNumericDateTime(at: Date | number | string, zone: Zone): string {
  const c = wallClock(at, zone);
  return c ? `${c.month + 1}/${c.day}/${c.year}, ${timeOf(c, true)}` : invalid;
}
