import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatCalendarDay,
  formatDay,
  formatDayTime,
  formatInteger,
  formatNumericDate,
  formatNumericDateTime,
  formatWeekdayTime,
} from '../../src/shared/domain/en-us';
import { formatTime, type UsZone, usZoneOffsetMinutes, wallClock, type Zone } from '../../src/shared/domain/wall-clock';

// Every format is checked against what Intl writes in en-US for the same instant and zone.
const usZones: UsZone[] = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles'];
const zones: Zone[] = ['UTC', 'local', ...usZones];
const intlZone = (zone: Zone) => (zone === 'local' ? {} : { timeZone: zone });
const intl = (at: number, zone: Zone, options: Intl.DateTimeFormatOptions) =>
  new Date(at).toLocaleString('en-US', { ...options, ...intlZone(zone) });

// From the 2007 daylight-saving rule to the end of the century, to the millisecond.
const instants = fc.integer({ min: Date.UTC(2007, 0, 1), max: Date.UTC(2099, 11, 31) });
const anyZone = fc.constantFrom(...zones);
// Instants within two hours of a change of clocks, where an off-by-one rule would show.
const nearChange = fc
  .tuple(fc.integer({ min: 2007, max: 2099 }), fc.boolean(), fc.integer({ min: -7_200_000, max: 7_200_000 }))
  .map(([year, spring, ms]) => {
    const month = spring ? 2 : 10;
    const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
    const day = 1 + ((7 - first) % 7) + (spring ? 7 : 0);
    return Date.UTC(year, month, day, 8) + ms;
  });

// 'local' is the process's own zone: a zone with a half-hour offset and one with daylight saving of its own.
const savedTz = process.env.TZ;
afterAll(() => {
  process.env.TZ = savedTz;
});

describe.each(['Asia/Kolkata', 'Europe/London'])('en-US formats with the local zone %s', (tz) => {
  beforeAll(() => {
    process.env.TZ = tz;
  });

  it('reads wall clocks as Intl does, near the US clock changes too', () => {
    // The zone took: Kolkata is 5:30 ahead all year, London 1 hour ahead in July.
    expect(new Date(Date.UTC(2026, 6, 1)).getTimezoneOffset()).toBe(tz === 'Asia/Kolkata' ? -330 : -60);
    fc.assert(
      fc.property(fc.oneof(instants, nearChange), anyZone, (at, zone) => {
        const parts = Object.fromEntries(
          new Intl.DateTimeFormat('en-US', {
            ...intlZone(zone),
            hourCycle: 'h23',
            year: 'numeric',
            month: 'numeric',
            day: 'numeric',
            hour: 'numeric',
            minute: 'numeric',
            second: 'numeric',
          })
            .formatToParts(at)
            .map((p) => [p.type, p.value]),
        );
        const c = wallClock(at, zone);
        expect(c && [c.year, c.month + 1, c.day, c.hour, c.minute, c.second]).toEqual(
          ['year', 'month', 'day', 'hour', 'minute', 'second'].map((k) => Number(parts[k])),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('writes days, times and both as Intl does', () => {
    fc.assert(
      fc.property(instants, anyZone, (at, zone) => {
        expect(formatDay(at, zone)).toBe(intl(at, zone, { dateStyle: 'medium' }));
        expect(formatDay(at, zone, { weekday: true })).toBe(
          intl(at, zone, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }),
        );
        expect(formatDay(at, zone, { year: false })).toBe(intl(at, zone, { month: 'short', day: 'numeric' }));
        expect(formatDay(at, zone, { longMonth: true })).toBe(
          intl(at, zone, { month: 'long', day: 'numeric', year: 'numeric' }),
        );
        expect(formatTime(at, zone)).toBe(intl(at, zone, { hour: 'numeric', minute: '2-digit' }));
        expect(formatTime(at, zone, { seconds: true })).toBe(
          intl(at, zone, { hour: 'numeric', minute: '2-digit', second: '2-digit', hour12: true }),
        );
        expect(formatDayTime(at, zone)).toBe(intl(at, zone, { dateStyle: 'medium', timeStyle: 'short' }));
        expect(formatDayTime(at, zone, { year: false })).toBe(
          intl(at, zone, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }),
        );
        expect(formatDayTime(at, zone, { weekday: true, year: false })).toBe(
          intl(at, zone, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }),
        );
        expect(formatWeekdayTime(at, zone)).toBe(
          intl(at, zone, { weekday: 'short', hour: 'numeric', minute: '2-digit' }),
        );
        expect(formatNumericDate(at, zone)).toBe(new Date(at).toLocaleDateString('en-US', intlZone(zone)));
        expect(formatNumericDateTime(at, zone)).toBe(intl(at, zone, {}));
      }),
      { numRuns: 300 },
    );
  });
});

describe('US daylight saving time', () => {
  it('springs forward at 2:00 on the second Sunday in March and falls back at 2:00 on the first Sunday in November', () => {
    // 2026: 8 March and 1 November. Eastern: 2:00 EST is 07:00Z; 2:00 EDT is 06:00Z.
    expect(usZoneOffsetMinutes(Date.UTC(2026, 2, 8, 6, 59, 59, 999), 'America/New_York')).toBe(-300);
    expect(usZoneOffsetMinutes(Date.UTC(2026, 2, 8, 7), 'America/New_York')).toBe(-240);
    expect(usZoneOffsetMinutes(Date.UTC(2026, 10, 1, 5, 59, 59, 999), 'America/New_York')).toBe(-240);
    expect(usZoneOffsetMinutes(Date.UTC(2026, 10, 1, 6), 'America/New_York')).toBe(-300);
    // Pacific changes three hours later in UTC.
    expect(usZoneOffsetMinutes(Date.UTC(2026, 2, 8, 9, 59), 'America/Los_Angeles')).toBe(-480);
    expect(usZoneOffsetMinutes(Date.UTC(2026, 2, 8, 10), 'America/Los_Angeles')).toBe(-420);
  });

  it('shows the clock skip and the repeated hour as a wall clock does', () => {
    expect(formatTime(Date.UTC(2026, 2, 8, 6, 59, 59), 'America/New_York', { seconds: true })).toBe('1:59:59 AM');
    expect(formatTime(Date.UTC(2026, 2, 8, 7), 'America/New_York', { seconds: true })).toBe('3:00:00 AM');
    expect(formatTime(Date.UTC(2026, 10, 1, 5, 30), 'America/New_York')).toBe('1:30 AM');
    expect(formatTime(Date.UTC(2026, 10, 1, 6, 30), 'America/New_York')).toBe('1:30 AM');
  });
});

describe('formatInteger', () => {
  it('groups thousands as Intl does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(formatInteger(n)).toBe(n.toLocaleString('en-US'));
      }),
    );
    expect([0, 999, 1000, 1_234_567, -1000].map(formatInteger)).toEqual(['0', '999', '1,000', '1,234,567', '-1,000']);
  });

  it('rounds a fraction away as Intl does', () => {
    expect(formatInteger(1234.6)).toBe('1,235');
    expect(formatInteger(-2.5)).toBe((-2.5).toLocaleString('en-US', { maximumFractionDigits: 0 }));
    expect(formatInteger(-0.4)).toBe('-0');
    expect(formatInteger(Number.NaN)).toBe('NaN');
  });
});

describe('dates that are not dates', () => {
  it('answers Invalid Date, as Date does, instead of throwing', () => {
    expect(wallClock('not a date', 'UTC')).toBeNull();
    expect(formatDay('not a date', 'UTC')).toBe('Invalid Date');
    expect(formatDayTime(Number.NaN, 'local')).toBe('Invalid Date');
    expect(formatNumericDateTime('2026-13-45', 'America/Chicago')).toBe('Invalid Date');
  });
});

describe('formatCalendarDay', () => {
  it('reads YYYY-MM-DD as that day in every zone', () => {
    // Game days, race days, release days: a date, not an instant.
    expect(formatCalendarDay('2025-06-05', { weekday: true })).toBe('Thu, Jun 5, 2025');
    expect(formatCalendarDay('2025-10-03', { weekday: true })).toBe('Fri, Oct 3, 2025');
    expect(formatCalendarDay('2025-07-06', { weekday: true })).toBe('Sun, Jul 6, 2025');
    expect(formatCalendarDay('2025-07-17')).toBe('Jul 17, 2025');
    expect(formatCalendarDay('2025-01-01')).toBe('Jan 1, 2025');
    expect(formatCalendarDay('2025-12-31', { year: false })).toBe('Dec 31');
  });
});
