import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { adminMessages } from '../../../../shared/contracts/admin';
import { apiPaths } from '../../../../shared/contracts/paths';
import { loginStatusLabel } from '../../../../shared/domain/admin';
import { LoadFailed } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { loginAttemptsQuery } from '../api';
import { AdminGate } from '../components/admin-gate';
import { AdminSection, Empty, ExportLink, formatWhen, TableBox, td, th, tr } from '../components/admin-ui';

/** /admin-logins (docs/product.md#admin-screens): login attempts newest first, refresh, CSV export of them all. */
export function AdminLoginsPage() {
  return (
    <AdminGate title="Login attempts">
      <LoginAttempts />
    </AdminGate>
  );
}

function LoginAttempts() {
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
          <ExportLink href={apiPaths.admin.loginAttemptsCsv}>Export CSV</ExportLink>
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
              ? `Showing the newest ${query.data.attempts.length} of ${query.data.total.toLocaleString('en-US')} attempts; the CSV has them all.`
              : `${query.data.total} ${query.data.total === 1 ? 'attempt' : 'attempts'}.`}
          </p>
          <TableBox label="Login attempts" minWidth="min-w-[56rem]">
            <thead>
              <tr>
                <th className={th}>Timestamp</th>
                <th className={th}>Name</th>
                <th className={th}>Email</th>
                <th className={th}>Phone</th>
                <th className={th}>Status</th>
                <th className={th}>User ID</th>
                <th className={th}>IP</th>
              </tr>
            </thead>
            <tbody>
              {query.data.attempts.map((a) => (
                <tr key={a.id} className={tr}>
                  <td className={`${td} whitespace-nowrap`}>{formatWhen(a.timestamp)}</td>
                  <td className={td}>{a.name ?? '—'}</td>
                  <td className={`${td} break-all`}>{a.email ?? '—'}</td>
                  <td className={`${td} whitespace-nowrap`}>{a.phone ?? '—'}</td>
                  <td className={td}>{loginStatusLabel(a.status)}</td>
                  <td className={`${td} font-mono text-xs break-all`}>{a.userId ?? '—'}</td>
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
