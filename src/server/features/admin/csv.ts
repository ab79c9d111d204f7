/**
 * CSV for the admin exports (RFC 4180: comma-separated, CRLF, every field quoted, quotes doubled).
 * A text cell that a spreadsheet would read as a formula (it starts with =, +, -, @, a tab or a carriage
 * return) gets a leading apostrophe, so opening an export never runs what a fan typed (OWASP "CSV
 * injection"). One exception stays plain: a phone number alone, '+' then only digits, spaces, dashes and
 * parentheses (at least one digit), such as '+1 (202) 555-0191'. Without letters it can name no function and
 * no cell, so at worst a spreadsheet does arithmetic on it; an apostrophe would only spoil the number.
 * Numbers are written as numbers.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const PHONE_ONLY = /^\+[0-9 ()-]*[0-9][0-9 ()-]*$/;

export type CsvValue = string | number | null | undefined;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '""';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '""';
  const safe = FORMULA_START.test(value) && !PHONE_ONLY.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** A UTF-8 byte-order mark first, so spreadsheet apps read names with accents and emoji correctly. */
export const CSV_BOM = '\uFEFF';

/** Whole dollars and cents as a plain number ("12.5" for 1250 cents). */
export const dollars = (cents: number) => Math.round(cents) / 100;
