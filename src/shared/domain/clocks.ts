/** The three US time zones of the home page's ad banner (docs/product.md#home-and-navigation). */
export const bannerTimeZones = [
  { id: 'eastern', label: 'Eastern', zone: 'America/New_York' },
  { id: 'central', label: 'Central', zone: 'America/Chicago' },
  { id: 'pacific', label: 'Pacific', zone: 'America/Los_Angeles' },
] as const;

/** Clocks update every second. */
export const clockTickMs = 1000;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Wall-clock time in a zone, e.g. "12:00:05 PM". Pure: the caller supplies the instant. */
export function formatZoneTime(instant: Date, zone: string): string {
  let fmt = formatters.get(zone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hour: 'numeric',
      minute: '2-digit',
      second: '2-digit',
      hour12: true,
    });
    formatters.set(zone, fmt);
  }
  return fmt.format(instant);
}
