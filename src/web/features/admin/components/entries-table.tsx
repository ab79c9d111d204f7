import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type AdminEntry, adminMessages, type PaymentState } from '../../../../shared/contracts/admin';
import { formatCents } from '../../../../shared/domain/money';
import { LoadFailed, Skeleton } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { adminEntriesQuery } from '../api';
import { ActionsHeader, Empty, formatWhen, TableBox, td, th, tr } from './admin-ui';

export const paymentStateLabels: Record<PaymentState, string> = {
  paid: 'Paid',
  'awaiting-payment': 'Awaiting payment',
  pledged: 'Pledged',
  collected: 'Collected',
  none: 'No amount',
};

const orNot = (value: string | null) => value || 'Not specified';

/**
 * Entries newest first with the CSV's columns, a page at a time ('Load more'), for every
 * board or one (`board`). `actions` renders a last cell per row (the entry manager's buttons).
 */
export function EntriesTable({
  board = '',
  label,
  actions,
}: {
  board?: string;
  label: string;
  actions?: (entry: AdminEntry) => ReactNode;
}) {
  const query = useInfiniteQuery(adminEntriesQuery(board));
  if (query.isError && !query.data) {
    return <LoadFailed message="We couldn't load the entries." onRetry={() => void query.refetch()} />;
  }
  if (!query.data) return <Skeleton className="h-40" />;
  const entries = query.data.pages.flatMap((p) => p.entries);
  if (entries.length === 0) {
    return <Empty>{adminMessages.noEntries}</Empty>;
  }
  return (
    <div className="flex flex-col gap-3">
      <TableBox label={label} minWidth="min-w-[68rem]">
        <thead>
          <tr>
            <th className={th}>Timestamp</th>
            <th className={th}>Team</th>
            <th className={th}>Team Support</th>
            <th className={th}>Organization</th>
            <th className={th}>Referral Code</th>
            <th className={th}>Game Code</th>
            <th className={th}>Donation Amount</th>
            <th className={th}>Phone</th>
            <th className={th}>Nickname</th>
            <th className={th}>Generated Code</th>
            <th className={th}>Payment</th>
            {actions && <ActionsHeader />}
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id} className={tr}>
              <td className={`${td} whitespace-nowrap`}>{formatWhen(e.createdAt)}</td>
              <td className={td}>
                {e.team}
                <span className="block text-xs text-slate-400">{e.boardSlug}</span>
              </td>
              <td className={td}>{orNot(e.teamSupport)}</td>
              <td className={td}>{orNot(e.organization)}</td>
              <td className={td}>{orNot(e.referralCode)}</td>
              <td className={td}>{orNot(e.gameCode)}</td>
              <td className={td}>{formatCents(e.totalCents)}</td>
              <td className={`${td} whitespace-nowrap`}>{e.phone ?? 'Not provided'}</td>
              <td className={td}>{e.nickname}</td>
              <td className={`${td} font-mono font-bold`}>{e.code}</td>
              <td className={td}>{paymentStateLabels[e.paymentState]}</td>
              {actions && <td className={`${td} whitespace-nowrap`}>{actions(e)}</td>}
            </tr>
          ))}
        </tbody>
      </TableBox>
      {query.hasNextPage && (
        <Button
          variant="outline"
          className="self-start"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? 'Loading...' : 'Load more entries'}
        </Button>
      )}
    </div>
  );
}
