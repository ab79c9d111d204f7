import { formatTime, type UsZone } from './wall-clock';

/** The three US time zones of the home page's ad banner (docs/product.md#home-and-navigation). */
export const bannerTimeZones = [
  { id: 'eastern', label: 'Eastern', zone: 'America/New_York' },
  { id: 'central', label: 'Central', zone: 'America/Chicago' },
  { id: 'pacific', label: 'Pacific', zone: 'America/Los_Angeles' },
] as const;

/** Clocks update every second. */
export const clockTickMs = 1000;

/** Wall-clock time in a zone, e.g. "12:00:05 PM". Pure: the caller supplies the instant. */
export const formatZoneTime = (instant: Date, zone: UsZone): string => formatTime(instant, zone, { seconds: true });
