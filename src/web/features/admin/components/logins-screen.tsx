import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { adminMessages } from '../../../../shared/contracts/admin';
import { adminPaths } from '../../../../shared/contracts/api-paths/admin';
import { loginStatusLabel } from '../../../../shared/domain/admin';
import { formatInteger } from '../../../../shared/domain/en-us';
import { LoadFailed } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { loginAttemptsQuery } from '../api';
import { AdminSection, Empty, ExportLink, formatWhen, TableBox, TableHead, td, tr } from './admin-ui';

/**
 * What each status the server records reads as on screen: a fan's sign-in or sign-up, and the admin gate's two
 * steps. 'attempted' is a sign-in or sign-up that failed; 'locked' one refused while too many wrong passwords
 * lock it. The CSV keeps the recorded status as it is.
 */
const staffLoginLabels: Record<string, string> = {
  attempted: 'Failed',
  success: 'Succeeded',
  signup_pending: 'Signed up, not confirmed',
  signup_confirmed: 'Sign-up confirmed',
  locked: 'Locked',
  admin_gate_step1: 'Admin gate: passcode accepted',
  admin_gate_passed: 'Admin gate passed',
  admin_gate_failed: 'Admin gate refused',
};

/** A status in plain words; one the server may add later reads as the shared label, else as recorded. */
const staffLoginLabel = (status: string) => staffLoginLabels[status] ?? loginStatusLabel(status);

/**
 * What /admin-logins shows inside the admin gate (pages/admin-logins-page.tsx says what it is for): nothing is asked of the
 * admin API before the admin session exists.
 */
export function LoginsScreen() {
  const query = useQuery(loginAttemptsQuery);
  const refreshing = query.isFetching;
  return (
    <AdminSection
      id="attempts"
      title="Newest first"
      actions={
        <>
          <Button variant="outline" disabled={refreshing} onClick={() => void query.refetch()}>
            <RefreshCw
              aria-hidden="true"
              className={refreshing ? 'size-4 animate-spin motion-reduce:animate-none' : 'size-4'}
            />
            {refreshing ? 'Refreshing...' : 'Refresh'}
          </Button>
          <ExportLink href={adminPaths.loginAttemptsCsv}>Export CSV</ExportLink>
        </>
      }
    >
      {query.isPending ? (
        <p role="status" className="text-slate-300">
          {adminMessages.loadingAttempts}
        </p>
      ) : query.isError ? (
        <LoadFailed message="We couldn't load the login attempts." onRetry={() => void query.refetch()} />
      ) : query.data.attempts.length === 0 ? (
        <Empty>{adminMessages.noAttempts}</Empty>
      ) : (
        <>
          <p className="text-sm text-slate-300">
            {query.data.total > query.data.attempts.length
              ? `Showing the newest ${query.data.attempts.length} of ${formatInteger(query.data.total)} attempts; the CSV has them all.`
              : `${query.data.total} ${query.data.total === 1 ? 'attempt' : 'attempts'}.`}
          </p>
          <TableBox label="Login attempts" minWidth="min-w-[56rem]">
            <TableHead columns={['Timestamp', 'Name', 'Email', 'Phone', 'Status', 'User ID', 'IP']} />
            <tbody>
              {query.data.attempts.map((a) => (
                <tr key={a.id} className={tr}>
                  <td className={`${td} whitespace-nowrap`}>{formatWhen(a.timestamp)}</td>
                  <td className={td}>{a.name ?? '—'}</td>
                  {/* A long address wraps only where it must, never letter by letter. */}
                  <td className={`${td} wrap-anywhere`}>{a.email ?? '—'}</td>
                  <td className={`${td} whitespace-nowrap`}>{a.phone ?? '—'}</td>
                  <td className={td} data-status={a.status}>
                    {staffLoginLabel(a.status)}
                  </td>
                  <td className={`${td} font-mono text-xs wrap-anywhere`}>{a.userId ?? '—'}</td>
                  <td className={`${td} font-mono text-xs`}>{a.ip ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </TableBox>
        </>
      )}
    </AdminSection>
  );
}
