import { useQuery } from '@tanstack/react-query';
import type { AdminDonation } from '../../../../shared/contracts/admin';
import { formatCents } from '../../../../shared/domain/money';
import { LoadFailed, Skeleton } from '../../../components/layout/page';
import { adminDonationsQuery } from '../api';
import { Empty, formatWhen, TableBox, TableHead, td, tr } from './admin-ui';

/** A donation's state as the organizer reads it: a monthly gift's state, else the payment's status. */
export function donationStateLabel(d: Pick<AdminDonation, 'type' | 'status' | 'gift'>): string {
  if (d.gift) {
    if (d.gift.state === 'cancelled') return 'Cancelled';
    if (d.gift.cancelAtPeriodEnd) return 'Cancelling';
    return d.gift.state === 'past_due' ? 'Past due' : 'Active';
  }
  return d.status === 'completed' ? 'Paid' : d.status.charAt(0).toUpperCase() + d.status.slice(1);
}

/** The newest 100 donations, one-time and monthly, each with its state. */
export function DonationsTable() {
  const donations = useQuery(adminDonationsQuery);
  if (donations.isError)
    return <LoadFailed message="We couldn't load the donations." onRetry={() => void donations.refetch()} />;
  if (!donations.data) return <Skeleton className="h-48" />;
  if (donations.data.donations.length === 0) return <Empty>No donations yet</Empty>;
  return (
    <TableBox label="Donations, newest first" minWidth="min-w-[44rem]">
      <TableHead
        columns={[
          'Donation',
          'Donor',
          'Type',
          { label: 'Amount', right: true },
          'State',
          { label: 'Paid', right: true },
        ]}
      />
      <tbody>
        {donations.data.donations.map((d) => (
          <tr key={d.reference} className={tr}>
            <td className={`${td} wrap-anywhere`}>
              {d.organization}
              <span className="block text-xs text-slate-400">
                {d.reference} · {formatWhen(d.createdAt)}
              </span>
            </td>
            <td className={`${td} wrap-anywhere`}>
              {d.donorName}
              <span className="block text-xs wrap-anywhere text-slate-400">{d.donorEmail}</span>
            </td>
            <td className={td}>{d.type === 'recurring' ? 'Monthly' : 'One-time'}</td>
            <td className={`${td} text-right`}>
              {formatCents(d.gift?.amountCents ?? d.amountCents, { whole: false })}
              {d.gift && <span className="block text-xs text-slate-400">a month</span>}
            </td>
            <td className={td}>
              {donationStateLabel(d)}
              {d.gift?.nextChargeAt && (
                <span className="block text-xs text-slate-400">Next {formatWhen(d.gift.nextChargeAt)}</span>
              )}
            </td>
            <td className={`${td} text-right`}>
              {d.gift ? (
                <>
                  {formatCents(d.gift.paidCents, { whole: false })}
                  <span className="block text-xs text-slate-400">
                    {d.gift.paidCharges} {d.gift.paidCharges === 1 ? 'charge' : 'charges'}
                  </span>
                </>
              ) : d.status === 'completed' ? (
                formatCents(d.amountCents, { whole: false })
              ) : (
                '—'
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </TableBox>
  );
}
