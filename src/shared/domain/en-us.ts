import { invalid, timeOf, type WallClock, wallClock, type Zone } from './wall-clock';

/**
 * Numbers, dates and times as FanGrid writes them: in US English, on every screen and in every email,
 * whatever the viewer's browser language (FanGrid's boards, money and phone numbers are American).
 *
 * Plain arithmetic, not `Intl`: the first Intl object a page creates makes the browser load its locale data,
 * about 50 ms of main thread on a desktop core and 200 ms on a phone-class CPU, before the screen answers a
 * tap; and `toLocaleString` with options builds a new formatter on every call (about 2 ms each on a phone, so
 * a table of 200 dates costs 400 ms). tests/unit/en-us.test.ts checks each format here against Intl's en-US
 * output over the whole range of instants. Wall clocks and times are in wall-clock.ts.
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

/** A whole number with thousands separators: 1234567 is '1,234,567' (a fraction is rounded half away from zero). */
export function formatInteger(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const digits = String(Math.round(Math.abs(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 ? `-${digits}` : digits;
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
