import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { apiPaths } from '../../../../shared/contracts/paths';
import { formatCents } from '../../../../shared/domain/money';
import { LoadFailed, Skeleton } from '../../../components/layout/page';
import { adminKpisQuery } from '../api';
import { AdminGate } from '../components/admin-gate';
import { AdminSection, ExportLink, Stat, TableBox, td, th, tr } from '../components/admin-ui';
import { AuditLog } from '../components/audit-log';
import { EntriesChart } from '../components/entries-chart';
import { EntriesTable } from '../components/entries-table';

/**
 * /admin-kpi (docs/product.md#admin-screens): totals, per board and per team, entries over time, every entry with the
 * CSV export, and the audit log of admin changes. Cancelled boards and unpaid holds are not counted.
 */
export function AdminKpiPage() {
  return (
    <AdminGate title="Admin KPIs">
      <Kpis />
      <AdminSection
        id="all-entries"
        title="All entries"
        actions={<ExportLink href={apiPaths.admin.entriesCsv}>Export CSV</ExportLink>}
      >
        <EntriesTable label="Every entry" />
      </AdminSection>
      <AdminSection id="audit-log" title="Audit log">
        <AuditLog />
      </AdminSection>
    </AdminGate>
  );
}

function Kpis() {
  const kpis = useQuery(adminKpisQuery);
  if (kpis.isError) return <LoadFailed message="We couldn't load the figures." onRetry={() => void kpis.refetch()} />;
  if (!kpis.data) return <Skeleton className="h-64" />;
  const { totals, perBoard, perTeam, overTime } = kpis.data;
  return (
    <>
      <AdminSection id="totals" title="Totals">
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-5">
          <Stat label="Entries" value={totals.entries.toLocaleString('en-US')} />
          <Stat label="Amount" value={formatCents(totals.amountCents)} hint="Support plus donation pledges" />
          <Stat label="Collected" value={formatCents(totals.collectedCents)} hint="Paid or marked collected" />
          <Stat label="Outstanding" value={formatCents(totals.outstandingCents)} hint="Pledges not yet collected" />
          <Stat label="Boards" value={totals.boards.toLocaleString('en-US')} hint="With entries" />
        </dl>
      </AdminSection>
      <AdminSection id="over-time" title="Entries over time">
        <EntriesChart points={overTime} />
      </AdminSection>
      {perBoard.length === 0 ? null : (
        <div className="grid gap-6 lg:grid-cols-2">
          <CountsTable
            id="per-board"
            title="Per board"
            minWidth="min-w-[26rem]"
            heads={['Board', 'Status']}
            rows={perBoard.map((b) => ({
              key: b.slug,
              ...b,
              cells: (
                <>
                  <td className={td}>
                    {b.team}
                    <span className="block text-xs text-slate-400">{b.slug}</span>
                  </td>
                  <td className={`${td} capitalize`}>{b.status}</td>
                </>
              ),
            }))}
          />
          <CountsTable
            id="per-team"
            title="Per team supported"
            minWidth="min-w-[20rem]"
            heads={['Team']}
            rows={perTeam.map((t) => ({ key: t.team, ...t, cells: <td className={td}>{t.team}</td> }))}
          />
        </div>
      )}
    </>
  );
}

/** A table of counts (per board, per team): its own leading columns, then the entries and their amount. */
function CountsTable({
  id,
  title,
  minWidth,
  heads,
  rows,
}: {
  id: string;
  title: string;
  minWidth: string;
  heads: readonly string[];
  rows: ReadonlyArray<{ key: string; cells: ReactNode; entries: number; amountCents: number }>;
}) {
  return (
    <AdminSection id={id} title={title}>
      <TableBox label={`Entries ${title.toLowerCase()}`} minWidth={minWidth}>
        <thead>
          <tr>
            {heads.map((head) => (
              <th key={head} className={th}>
                {head}
              </th>
            ))}
            <th className={`${th} text-right`}>Entries</th>
            <th className={`${th} text-right`}>Amount</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className={tr}>
              {row.cells}
              <td className={`${td} text-right`}>{row.entries}</td>
              <td className={`${td} text-right`}>{formatCents(row.amountCents)}</td>
            </tr>
          ))}
        </tbody>
      </TableBox>
    </AdminSection>
  );
}
