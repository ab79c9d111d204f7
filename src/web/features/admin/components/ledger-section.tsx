import { TriangleAlert } from 'lucide-react';
import type { AdminKpis } from '../../../../shared/contracts/admin';
import { adminPaths } from '../../../../shared/contracts/api-paths/admin';
import type { DemoFilter } from '../../../../shared/contracts/ledger';
import { formatCents } from '../../../../shared/domain/money';
import { AdminSection, ExportLink, Stat } from './admin-ui';

/** The ledger CSV of one board, or of every board the page shows (`demo` as the page's filter). */
export const ledgerCsvHref = (scope: { board?: string; demo: DemoFilter }) =>
  `${adminPaths.ledgerCsv}?${new URLSearchParams({
    ...(scope.board ? { board: scope.board } : {}),
    demo: scope.demo,
  }).toString()}`;

/** Where each collected dollar went or stands, in the identity's order. */
const parts = [
  { key: 'refunded', label: 'Refunded', hint: 'Refunded through checkout, or cash handed back' },
  { key: 'toReturn', label: 'To give back', hint: 'In hand, owed back to entrants' },
  { key: 'fees', label: 'Fees', hint: 'None until payouts' },
  { key: 'prizesPaid', label: 'Prizes paid', hint: 'Marked paid' },
  { key: 'prizesOwed', label: 'Prizes owed', hint: 'Won, not yet paid' },
  { key: 'kept', label: 'Kept', hint: 'Stays with the cause' },
] as const;

/**
 * The warning at the top of the KPI page when the ledger does not add up: each broken rule the server found, in
 * its words (each is also logged as an error). Nothing when the ledger is whole.
 */
export function LedgerWarning({ problems }: { problems: AdminKpis['ledgerProblems'] }) {
  if (problems.length === 0) return null;
  return (
    <section
      aria-labelledby="ledger-problems"
      className="rounded-2xl border border-amber-400/60 bg-amber-400/10 p-4 text-amber-100"
    >
      <h2 id="ledger-problems" className="flex items-center gap-2 font-bold text-amber-200">
        <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
        The money does not add up ({problems.length} {problems.length === 1 ? 'problem' : 'problems'})
      </h2>
      <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-sm">
        {problems.map((p) => (
          <li key={`${p.code}:${p.board}:${p.paymentId ?? p.entryId ?? p.prizeId ?? ''}`}>{p.message}</li>
        ))}
      </ul>
    </section>
  );
}

/** The boards' ledger (docs/decisions/0023-one-ledger-of-money.md): what was collected and where every dollar of it went, as one sum. */
export function LedgerSection({ kpis }: { kpis: AdminKpis }) {
  const t = kpis.totals.ledger;
  return (
    <AdminSection
      id="ledger"
      title="Ledger"
      actions={<ExportLink href={ledgerCsvHref({ demo: kpis.demo })}>Export ledger CSV</ExportLink>}
    >
      <p className="text-sm text-slate-300">
        <span className="font-semibold text-white">{formatCents(t.collected)} collected</span> ={' '}
        {parts.map((p, i) => (
          <span key={p.key}>
            {i > 0 && ' + '}
            {p.label.toLowerCase()} {formatCents(t[p.key])}
          </span>
        ))}
      </p>
      {/* The prizes' part of the sum is the Prizes section's, below. */}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <Stat label="Collected" value={formatCents(t.collected)} hint="Every dollar that came in" />
        {parts
          .filter((p) => p.key !== 'prizesPaid' && p.key !== 'prizesOwed')
          .map((p) => (
            <Stat key={p.key} label={p.label} value={formatCents(t[p.key])} hint={p.hint} />
          ))}
      </dl>
    </AdminSection>
  );
}
