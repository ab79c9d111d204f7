import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminKpis, KpiBoardColumn } from '../../../../shared/contracts/admin';
import { adminPaths } from '../../../../shared/contracts/api-paths/admin';
import type { DemoFilter } from '../../../../shared/contracts/ledger';
import { formatInteger } from '../../../../shared/domain/en-us';
import { formatCents } from '../../../../shared/domain/money';
import { LoadFailed, Skeleton } from '../../../components/layout/page';
import { adminKpisQuery } from '../api';
import { AdminSection, ExportLink, Stat, TableBox, TableHead, td, tr } from './admin-ui';
import { AuditLog } from './audit-log';
import { DonationsTable } from './donations-table';
import { EntriesChart } from './entries-chart';
import { EntriesTable } from './entries-table';
import { LedgerSection, LedgerWarning, ledgerCsvHref } from './ledger-section';

/**
 * What /admin-kpi shows inside the admin gate (pages/admin-kpi-page.tsx says what it is for): nothing is asked of
 * the admin API before the admin session exists.
 */
export function KpiScreen() {
  return (
    <>
      <Kpis />
      <AdminSection
        id="all-entries"
        title="All entries"
        actions={<ExportLink href={adminPaths.entriesCsv}>Export CSV</ExportLink>}
      >
        <EntriesTable label="Every entry" />
      </AdminSection>
      <AdminSection id="donations" title="Donations">
        <DonationsTable />
      </AdminSection>
      <AdminSection id="audit-log" title="Audit log">
        <AuditLog />
      </AdminSection>
    </>
  );
}

type BoardRow = AdminKpis['perBoard'][number];
type Totals = AdminKpis['totals'];

/**
 * The per-board table's columns: the entries and their money (raised is the money in hand, prizes what was won
 * on the board, kept what the organization keeps), then held entries, a cancelled board's entries, refunds and
 * money still to give back, each only when some board has any. Every one is summed by the totals row.
 */
const boardColumns: ReadonlyArray<{
  key: KpiBoardColumn;
  label: string;
  money: boolean;
  /** Shown only when some board has a value other than 0. */
  optional?: true;
}> = [
  { key: 'entries', label: 'Entries', money: false },
  { key: 'amountCents', label: 'Amount', money: true },
  { key: 'raisedCents', label: 'Raised', money: true },
  { key: 'prizesCents', label: 'Prizes', money: true },
  { key: 'keptCents', label: 'Kept', money: true },
  { key: 'heldEntries', label: 'Held', money: false, optional: true },
  { key: 'cancelledEntries', label: 'Cancelled', money: false, optional: true },
  { key: 'refundedCents', label: 'Refunded', money: true, optional: true },
  { key: 'toReturnCents', label: 'To give back', money: true, optional: true },
];

const figure = (value: number, money: boolean) => (money ? formatCents(value) : formatInteger(value));

/** The prize ledger's figures in the totals, each with the hint under it: money by state, then prizes to review. */
const prizeFigures = [
  { key: 'prizesOwedCents', label: 'Prizes owed', money: true, hint: 'Won and not yet paid (claimed or unclaimed)' },
  { key: 'prizesPaidCents', label: 'Prizes paid', money: true, hint: 'Marked paid' },
  { key: 'prizesGivenBackCents', label: 'Prizes given back', money: true, hint: 'Given back to the cause' },
  { key: 'prizesNeedingReview', label: 'Prizes to review', money: false, hint: 'Re-scored after they were claimed' },
] as const satisfies ReadonlyArray<{ key: keyof Totals; label: string; money: boolean; hint: string }>;

const checkboxClass = 'size-5 rounded border-ink-600 bg-ink-950 accent-brand-500';

/**
 * 'Leave out demo boards': the box answers at once, and the page's address follows (`?demo=exclude`), so the
 * filtered figures have an address of their own and a reload keeps them.
 */
function useDemoFilter(): [DemoFilter, (exclude: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const [demo, setDemo] = useState<DemoFilter>(params.get('demo') === 'exclude' ? 'exclude' : 'include');
  const set = (exclude: boolean) => {
    setDemo(exclude ? 'exclude' : 'include');
    setParams(
      (now) => {
        const next = new URLSearchParams(now);
        if (exclude) next.set('demo', 'exclude');
        else next.delete('demo');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  return [demo, set];
}

function Kpis() {
  const [demo, setDemo] = useDemoFilter();
  // The figures shown stay until the other filter's arrive (no blank page between them).
  const kpis = useQuery({ ...adminKpisQuery(demo), placeholderData: keepPreviousData });
  // Several tables and a chart: rendered in the background when they arrive (a deferred render yields every
  // few milliseconds), so they do not hold the main thread in one long task.
  const data = useDeferredValue(kpis.data);
  if (kpis.isError) return <LoadFailed message="We couldn't load the figures." onRetry={() => void kpis.refetch()} />;
  // The figures fill more than a screen: their place holds the sections below out of view until they arrive.
  if (!data) return <Skeleton className="h-dvh" />;
  const { totals, perBoard, perTeam, overTime, monthly, donations } = data;
  return (
    <>
      <LedgerWarning problems={data.ledgerProblems} />
      <AdminSection
        id="totals"
        title="Totals"
        actions={
          <label className="flex items-center gap-2 text-sm text-slate-200">
            <input
              type="checkbox"
              className={checkboxClass}
              checked={demo === 'exclude'}
              onChange={(e) => setDemo(e.target.checked)}
            />
            Leave out demo boards
          </label>
        }
      >
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <Stat label="Entries" value={formatInteger(totals.entries)} />
          <Stat label="Amount" value={formatCents(totals.amountCents)} hint="Support plus donation pledges" />
          <Stat label="Collected" value={formatCents(totals.collectedCents)} hint="Paid or marked collected" />
          <Stat label="Outstanding" value={formatCents(totals.outstandingCents)} hint="Pledges not yet collected" />
          <Stat label="Raised" value={formatCents(totals.raisedCents)} hint="Money in hand" />
          <Stat
            label="Donations"
            value={formatCents(donations.oneTimeCents + donations.monthlyCents)}
            hint={`One-time ${formatCents(donations.oneTimeCents)}, monthly ${formatCents(donations.monthlyCents)}; apart from boards`}
          />
          <Stat
            label="Tips"
            value={formatCents(donations.tipsCents)}
            hint={`${formatInteger(donations.tipsCount)} tips, ${formatCents(donations.tipFeesCents)} in fees`}
          />
          <Stat label="Prizes" value={formatCents(totals.prizesCents)} hint="Won, paid or still owed" />
          <Stat label="Kept" value={formatCents(totals.keptCents)} hint="Raised less prizes" />
          <Stat label="Boards" value={formatInteger(totals.boards)} hint="With entries" />
          {totals.heldEntries > 0 && (
            <Stat
              label="Held"
              value={formatInteger(totals.heldEntries)}
              hint="Holding cells while paying (not counted)"
            />
          )}
          {totals.cancelledEntries > 0 && (
            <Stat
              label="Cancelled"
              value={formatInteger(totals.cancelledEntries)}
              hint="Entries of cancelled boards (not counted)"
            />
          )}
          {totals.refundedCents > 0 && (
            <Stat label="Refunded" value={formatCents(totals.refundedCents)} hint="Given back through the provider" />
          )}
          {totals.toReturnCents > 0 && (
            <Stat label="To give back" value={formatCents(totals.toReturnCents)} hint="Of cancelled boards, in hand" />
          )}
        </dl>
      </AdminSection>
      <LedgerSection kpis={data} />
      <AdminSection id="prizes" title="Prizes">
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-4">
          {prizeFigures.map((f) => (
            <Stat key={f.key} label={f.label} value={figure(totals[f.key], f.money)} hint={f.hint} />
          ))}
        </dl>
      </AdminSection>
      <AdminSection id="monthly-gifts" title="Monthly gifts">
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <Stat
            label="Active monthly donors"
            value={formatInteger(monthly.activeDonors)}
            hint="Donors with an active gift"
          />
          <Stat
            label="Monthly recurring"
            value={formatCents(monthly.recurringCents)}
            hint="Charged each month (cancelling gifts excluded)"
          />
          <Stat
            label="Renewals this month"
            value={formatInteger(monthly.renewalsThisMonth)}
            hint={`${formatCents(monthly.renewalsThisMonthCents)} paid since the 1st (UTC)`}
          />
          <Stat
            label="Failed renewals"
            value={formatInteger(monthly.failuresThisMonth)}
            hint="This month, one per invoice"
          />
        </dl>
      </AdminSection>
      <AdminSection id="over-time" title="Entries over time">
        <EntriesChart points={overTime} />
      </AdminSection>
      {perBoard.length > 0 && <PerBoard rows={perBoard} totals={totals} problems={data.ledgerProblems} />}
      {perTeam.length > 0 && (
        <AdminSection id="per-team" title="Per team supported">
          <TableBox label="Entries per team supported" minWidth="min-w-[20rem]">
            <TableHead columns={['Team', { label: 'Entries', right: true }, { label: 'Amount', right: true }]} />
            <tbody>
              {perTeam.map((t) => (
                <tr key={t.team} className={tr}>
                  <td className={td}>{t.team}</td>
                  <td className={`${td} text-right`}>{formatInteger(t.entries)}</td>
                  <td className={`${td} text-right`}>{formatCents(t.amountCents)}</td>
                </tr>
              ))}
            </tbody>
          </TableBox>
        </AdminSection>
      )}
    </>
  );
}

/**
 * Per board: what each board raised, paid out in prizes and kept, with a totals row. The totals are the
 * server's, and the server sums them from these rows, so the row adds up to the columns above it.
 */
function PerBoard({
  rows,
  totals,
  problems,
}: {
  rows: BoardRow[];
  totals: Totals;
  problems: AdminKpis['ledgerProblems'];
}) {
  const broken = new Set(problems.map((p) => p.board));
  const columns = boardColumns.filter((c) => !c.optional || rows.some((b) => b[c.key] !== 0));
  return (
    <AdminSection id="per-board" title="Per board">
      <TableBox label="Entries per board" minWidth={columns.length > 5 ? 'min-w-[56rem]' : 'min-w-[44rem]'}>
        <TableHead columns={['Board', 'Status', ...columns.map((c) => ({ label: c.label, right: true as const }))]} />
        <tbody>
          {rows.map((b) => (
            <tr key={b.slug} className={tr}>
              <td className={td}>
                {b.team}
                <span className="block text-xs text-slate-400">
                  {b.slug}
                  {b.demo && ' · demo'}
                </span>
                {broken.has(b.slug) && (
                  <span className="block text-xs font-semibold text-amber-300">Ledger does not add up</span>
                )}
                <a
                  href={ledgerCsvHref({ board: b.slug, demo: 'include' })}
                  download
                  className="text-xs text-brand-300 underline underline-offset-2 hover:text-brand-200"
                >
                  Ledger CSV<span className="sr-only"> of {b.slug}</span>
                </a>
              </td>
              <td className={`${td} capitalize`}>{b.status}</td>
              {columns.map((c) => (
                <td key={c.key} className={`${td} text-right whitespace-nowrap`}>
                  {/* Held, cancelled and refunded read only where a board has some. */}
                  {c.optional && b[c.key] === 0 ? '—' : figure(b[c.key], c.money)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className={`${tr} font-bold`}>
            <th scope="row" colSpan={2} className={`${td} text-left`}>
              All boards
            </th>
            {columns.map((c) => (
              <td key={c.key} className={`${td} text-right whitespace-nowrap`} data-total={c.key}>
                {figure(totals[c.key], c.money)}
              </td>
            ))}
          </tr>
        </tfoot>
      </TableBox>
    </AdminSection>
  );
}
