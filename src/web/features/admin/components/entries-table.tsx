import { useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue } from 'react';
import { type AdminEntry, adminMessages, type PaymentState } from '../../../../shared/contracts/admin';
import { formatCents } from '../../../../shared/domain/money';
import { LoadFailed, Skeleton } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { adminEntriesQuery } from '../api';
import { useBoardOpsApi } from '../api-scope';
import { ActionsHeader, Empty, formatWhen, TableBox, td, th, tr } from './admin-ui';

/** The row buttons' column: held at the box's right edge, so they stay in view while the table scrolls. */
const stickyEnd = 'sticky right-0 bg-ink-850 shadow-[-8px_0_8px_-8px_rgba(0,0,0,0.6)]';

export const paymentStateLabels: Record<PaymentState, string> = {
  paid: 'Paid',
  'awaiting-payment': 'Awaiting payment',
  pledged: 'Pledged',
  collected: 'Collected',
  none: 'No amount',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  'to-return': 'Cash to return',
  returned: 'Cash returned',
};

/** How an entry an organizer took off its board is marked in the Payment column. */
const removedLabels: Record<NonNullable<AdminEntry['removed']>, string> = {
  deleted: 'Entry deleted',
  refunded: 'Kept, cells freed',
};

const orNot = (value: string | null) => value || 'Not specified';

/** An entry as the organizer names it: its nickname and code. */
export const entryName = (entry: Pick<AdminEntry, 'nickname' | 'code'>) => `${entry.nickname} (${entry.code})`;

/** Ticking rows to act on many entries at once (the entry manager's 'Mark collected'). */
export interface EntrySelection {
  /** Whether a row can be ticked (a pledge not yet collected). */
  selectable: (entry: AdminEntry) => boolean;
  isSelected: (id: string) => boolean;
  /** Ticks or unticks these rows. */
  toggle: (entries: AdminEntry[], on: boolean) => void;
}

const checkboxClass = 'size-5 rounded border-ink-600 bg-ink-950 accent-brand-500';

/** The optional texts an entry was made with, each named, for the compact table's one Details column. */
function details(e: AdminEntry): Array<[string, string]> {
  const given: Array<[string, string | null]> = [
    ['Team support', e.teamSupport],
    ['Organization', e.organization],
    ['Referral code', e.referralCode],
    ['Game code', e.gameCode],
  ];
  return given.filter((d): d is [string, string] => Boolean(d[1]));
}

/**
 * Entries newest first with the CSV's columns, a page at a time ('Load more'), for every
 * board or one (`board`). `actions` renders a last cell per row (the entry manager's buttons), kept in view at
 * the right edge of the box while the other columns scroll; `selection` adds a first column of tick boxes.
 * `compact` (the entry manager) shows the four optional texts in one Details column, shorter column names and
 * the time wrapped, so the table and its buttons fit a 1280 px screen.
 */
export function EntriesTable({
  board = '',
  cash,
  label,
  actions,
  selection,
  compact = false,
  empty = adminMessages.noEntries,
}: {
  board?: string;
  /** 'to-return': the entries whose collected cash is to be returned, deleted ones too. */
  cash?: 'to-return';
  label: string;
  actions?: (entry: AdminEntry) => ReactNode;
  selection?: EntrySelection;
  compact?: boolean;
  /** What an empty list says. */
  empty?: string;
}) {
  const query = useInfiniteQuery(adminEntriesQuery(useBoardOpsApi(), board, cash));
  // Hundreds of rows: rendered in the background when they arrive (a deferred render yields every few
  // milliseconds), so the table does not hold the main thread in one long task.
  const data = useDeferredValue(query.data);
  if (query.isError && !data) {
    return <LoadFailed message="We couldn't load the entries." onRetry={() => void query.refetch()} />;
  }
  if (!data) return <Skeleton className="h-40" />;
  const entries = data.pages.flatMap((p) => p.entries);
  if (entries.length === 0) {
    return <Empty>{empty}</Empty>;
  }
  const selectable = selection ? entries.filter(selection.selectable) : [];
  const allTicked = selectable.length > 0 && selectable.every((e) => selection?.isSelected(e.id));
  return (
    <div className="flex flex-col gap-3">
      <TableBox label={label} minWidth={compact ? 'min-w-[52rem]' : 'min-w-[68rem]'}>
        <thead>
          <tr>
            {selection && (
              <th className={th}>
                <input
                  type="checkbox"
                  className={checkboxClass}
                  aria-label="Select every pledge shown"
                  disabled={selectable.length === 0}
                  checked={allTicked}
                  onChange={(e) => selection.toggle(selectable, e.target.checked)}
                />
              </th>
            )}
            <th className={th}>Timestamp</th>
            <th className={th}>Team</th>
            {compact ? (
              <th className={th}>Details</th>
            ) : (
              <>
                <th className={th}>Team Support</th>
                <th className={th}>Organization</th>
                <th className={th}>Referral Code</th>
                <th className={th}>Game Code</th>
              </>
            )}
            <th className={th}>{compact ? 'Amount' : 'Entry Amount'}</th>
            <th className={th}>State</th>
            <th className={th}>Phone</th>
            <th className={th}>Nickname</th>
            <th className={th}>{compact ? 'Code' : 'Generated Code'}</th>
            <th className={th}>Payment</th>
            {actions && <ActionsHeader className={stickyEnd} />}
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id} className={tr}>
              {selection && (
                <td className={td}>
                  {/* A ticked row that is no longer a pledge keeps its box, so it can be unticked. */}
                  {(selection.selectable(e) || selection.isSelected(e.id)) && (
                    <input
                      type="checkbox"
                      className={checkboxClass}
                      aria-label={`Select ${entryName(e)}`}
                      checked={selection.isSelected(e.id)}
                      onChange={(ev) => selection.toggle([e], ev.target.checked)}
                    />
                  )}
                </td>
              )}
              <td className={compact ? td : `${td} whitespace-nowrap`}>{formatWhen(e.createdAt)}</td>
              <td className={td}>
                {e.team}
                <span className="block text-xs text-slate-400">{e.boardSlug}</span>
              </td>
              {compact ? (
                <td className={`${td} text-xs`}>
                  {details(e).map(([name, value]) => (
                    <span key={name} className="block">
                      <span className="text-slate-400">{name}:</span> {value}
                    </span>
                  ))}
                </td>
              ) : (
                <>
                  <td className={td}>{orNot(e.teamSupport)}</td>
                  <td className={td}>{orNot(e.organization)}</td>
                  <td className={td}>{orNot(e.referralCode)}</td>
                  <td className={td}>{orNot(e.gameCode)}</td>
                </>
              )}
              <td className={td}>
                {e.freeEntry ? 'Free' : formatCents(e.amountCents ?? 0)}
                {/* A gift pledged after entering is a donation apart from the entry, shown beside it. */}
                {e.donationCommitmentCents !== null && (
                  <span className="block text-xs text-slate-400">
                    + {formatCents(e.donationCommitmentCents)} donation pledged
                  </span>
                )}
              </td>
              <td className={td}>{orNot(e.state)}</td>
              <td className={`${td} whitespace-nowrap`}>{e.phone ?? 'Not provided'}</td>
              <td className={td}>{e.nickname}</td>
              <td className={`${td} font-mono font-bold`}>{e.code}</td>
              <td className={td}>
                {paymentStateLabels[e.paymentState]}
                {(e.cashState === 'to-return' || e.cashState === 'returned') && (
                  <span className="block text-xs text-slate-400">{formatCents(e.cashCents)} cash</span>
                )}
                {e.removed && <span className="block text-xs text-slate-400">{removedLabels[e.removed]}</span>}
              </td>
              {actions && <td className={`${td} whitespace-nowrap ${stickyEnd}`}>{actions(e)}</td>}
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
