import { formatInteger } from './en-us';

/**
 * Money is integer cents everywhere; these helpers format it at the edge, as US dollars: '$1,250',
 * '$12.50', '-$3'. `whole` (the default for a whole amount) leaves the cents out, rounding half away from zero.
 */
export function formatCents(cents: number, opts: { whole?: boolean } = {}): string {
  const whole = opts.whole ?? cents % 100 === 0;
  const abs = Math.abs(cents);
  const amount = whole
    ? formatInteger(Math.round(abs / 100))
    : `${formatInteger(Math.floor(abs / 100))}.${String(Math.round(abs % 100)).padStart(2, '0')}`;
  return `${cents < 0 ? '-' : ''}$${amount}`;
}

export function formatCentsRange(minCents: number, maxCents: number): string {
  if (minCents === maxCents) return formatCents(minCents);
  return `${formatCents(minCents)}-${formatCents(maxCents)}`;
}

export type ParsedDollars = { ok: true; cents: number | null } | { ok: false; message: string };

/**
 * A dollar amount typed in a form ('12', '12.5', '$1,250.00') as integer cents; empty is null. At most
 * `wholeDigits` digits of dollars (7 unless told: a form whose own limits name too high an amount reads more,
 * so its message says what the limit is).
 */
export function parseDollars(text: string, { wholeDigits = 7 }: { wholeDigits?: number } = {}): ParsedDollars {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, cents: null };
  const cleaned = trimmed.replace(/^\$/, '').replaceAll(',', '');
  if (!new RegExp(`^\\d{1,${wholeDigits}}(\\.\\d{1,2})?$`).test(cleaned))
    return { ok: false, message: 'Enter an amount in dollars, e.g. 25 or 12.50' };
  const [whole = '0', fraction = ''] = cleaned.split('.');
  return { ok: true, cents: Number(whole) * 100 + Number(fraction.padEnd(2, '0')) };
}

/** A typed dollar amount as cents for a form's live checks: null when empty, NaN when it is not an amount. */
export function dollarsToCents(text: string): number | null {
  const parsed = parseDollars(text);
  return parsed.ok ? parsed.cents : Number.NaN;
}
