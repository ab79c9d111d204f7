import { loginStatusLabels } from '../contracts/admin';
import type { EntryRule, PrizePeriod } from './boards';

/**
 * Pure rules behind the admin screens (docs/product.md#admin-screens): how a login status reads, what an audit event changed,
 * the entries-over-time chart's scale, and the board form's money, period keys and addresses.
 */

/** The known statuses by name; an unknown one is shown raw. */
export const loginStatusLabel = (status: string) => loginStatusLabels[status] ?? status;

export interface AuditChange {
  field: string;
  before: string | null;
  after: string | null;
}

const shown = (value: unknown): string | null =>
  value === undefined || value === null ? null : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * The fields an audit event changed, in the order they first appear: every field of a created (no
 * `before`) or deleted (no `after`) record, otherwise only the fields whose value differs.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const b = isRecord(before) ? before : null;
  const a = isRecord(after) ? after : null;
  if (!b && !a) return [];
  const fields = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  return fields
    .map((field) => ({ field, before: shown(b?.[field]), after: shown(a?.[field]) }))
    .filter((c) => !b || !a || c.before !== c.after);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A chart axis maximum at or above `max`: 1, 2 or 5 times a power of ten (at least 1), so the bars
 * of a quiet day and a busy day stay comparable and the axis reads in round numbers.
 */
export function niceCeiling(max: number): number {
  if (!(max > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) {
    if (step * power >= max) return step * power;
  }
  return 10 * power;
}

/**
 * Per-day points with quiet days before the first one added, so the chart spans at least `days` days
 * (one busy day then reads as one bar among many, not a block across the whole chart).
 */
export function atLeastDays<T extends { day: string }>(points: readonly T[], days: number, zero: Omit<T, 'day'>): T[] {
  const first = points[0];
  if (!first || points.length >= days) return [...points];
  const start = Date.parse(`${first.day}T00:00:00Z`);
  const before = Array.from({ length: days - points.length }, (_, i) => {
    const day = new Date(start - (days - points.length - i) * 86_400_000).toISOString().slice(0, 10);
    return { ...zero, day } as T;
  });
  return [...before, ...points];
}

/** Bar heights (0–`height`, whole units) for per-day counts on a shared round-number scale. */
export function chartBars<T extends { entries: number }>(points: readonly T[], height: number) {
  const ceiling = niceCeiling(Math.max(0, ...points.map((p) => p.entries)));
  return {
    ceiling,
    bars: points.map((p) => ({ ...p, height: Math.round((p.entries / ceiling) * height) })),
  };
}

/** Lower-case letters, digits and single dashes (board addresses, period keys), at most `max` long. */
export function slugify(text: string, max = 80): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, max)
    .replace(/^-+|-+$/g, '');
}

/**
 * Prize periods from the form's rows: a template's row keeps its key (scoring and the rules text read
 * it, e.g. baseball's 'inning5-runs'); a row typed in gets one from its label. Keys are unique.
 */
export function prizePeriods(
  rows: ReadonlyArray<{ key?: string | undefined; label: string; prizeCents: number }>,
): PrizePeriod[] {
  const taken = new Set<string>();
  return rows.map((row, i) => {
    const base = row.key || slugify(row.label, 36) || `period-${i + 1}`;
    let key = base;
    for (let n = 2; taken.has(key); n++) key = `${base}-${n}`;
    taken.add(key);
    return { key, label: row.label.trim(), prizeCents: row.prizeCents };
  });
}

/**
 * A whole-dollar range rule like the Thunder board's: defaults to the minimum, with quick picks of the
 * minimum, $5 and $10 where they fall inside the range (Thunder's $1–$20 gives $1, $5, $10).
 */
export function wholeRangeRule(minCents: number, maxCents: number): Extract<EntryRule, { kind: 'whole-range' }> {
  const picks = [minCents, 500, 1000].filter((c, i, all) => c >= minCents && c <= maxCents && all.indexOf(c) === i);
  return { kind: 'whole-range', minCents, maxCents, defaultCents: minCents, quickPicksCents: picks };
}
