import { z } from 'zod';
import { type LedgerTotals, ledgerProblemCodes, ledgerTotalNames } from '../domain/ledger';
import { singleLine } from './text';

/**
 * The ledger of money on the admin screens (shared/domain/ledger.ts, docs/decisions/0023-one-ledger-of-money.md):
 * the totals the KPI page and the CSVs read through one function, the problems its one assertion finds, and the
 * ledger CSV. Money is integer cents.
 */

/** A ledger's totals: collected = refunded + toReturn + fees + prizesPaid + prizesOwed + kept, and three beside. */
export const ledgerTotalsSchema = z.object(
  Object.fromEntries(ledgerTotalNames.map((n) => [n, z.number().int()])) as Record<keyof LedgerTotals, z.ZodNumber>,
);

/** A broken rule of the ledger, as the KPI page warns of it (the server logs it as an error too). */
export const ledgerProblemSchema = z.object({
  code: z.enum(ledgerProblemCodes),
  board: z.string().nullable(),
  message: z.string(),
  cents: z.number().int(),
  entryId: z.string().nullable(),
  paymentId: z.string().nullable(),
  prizeId: z.string().nullable(),
});
export type LedgerProblemView = z.infer<typeof ledgerProblemSchema>;

/** Demo boards in the figures: 'include' (the default) or 'exclude' (the seeded demo's boards and demo rounds). */
export const demoFilterSchema = z
  .enum(['include', 'exclude'], { error: "Demo boards are 'include' or 'exclude'" })
  .default('include');
export type DemoFilter = z.infer<typeof demoFilterSchema>;

/** GET /api/admin/kpis: which boards the figures take in. */
export const adminKpisQuerySchema = z.object({ demo: demoFilterSchema });

/** GET /api/admin/ledger.csv: one board's ledger, one organization's, or every board's (with or without demos). */
export const ledgerCsvQuerySchema = z.object({
  board: singleLine('Board').min(1).max(100).optional(),
  organization: singleLine('Organization').min(1).max(200).optional(),
  demo: demoFilterSchema,
});
export type LedgerCsvQuery = z.infer<typeof ledgerCsvQuerySchema>;

/**
 * The ledger CSV's columns, in order: one line per money fact, then one 'total' line per total of the file's
 * rows (Kind 'total', State the total's name, Amount its value). Amount is signed (what the fact does to the
 * money the cause holds); Face Amount is what the fact names.
 */
export const ledgerCsvColumns = [
  'Board',
  'Organization',
  'Kind',
  'State',
  'Amount',
  'Face Amount',
  'At',
  'Entry Code',
  'Entry',
  'Entry Id',
  'Payment Id',
  'Prize Id',
] as const;

/** `ledger_{board or organization or all}_{date}.csv`, with anything but letters, digits and dashes as '-'. */
export const ledgerFileName = (scope: { board?: string; organization?: string }, now: Date) =>
  `ledger_${(scope.board ?? scope.organization ?? 'all').replace(/[^A-Za-z0-9-]+/g, '-').slice(0, 60)}_${now
    .toISOString()
    .slice(0, 10)}.csv`;
