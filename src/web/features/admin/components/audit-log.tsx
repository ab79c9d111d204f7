import { useQuery } from '@tanstack/react-query';
import { auditChanges } from '../../../../shared/domain/admin';
import { LoadFailed, Skeleton } from '../../../components/layout/page';
import { auditLogQuery } from '../api';
import { Empty, formatWhen, TableBox, TableHead, td, tr } from './admin-ui';

/** The newest admin changes: who, when, what, on which board or entry, and each changed field. */
export function AuditLog() {
  const query = useQuery(auditLogQuery);
  if (query.isError)
    return <LoadFailed message="We couldn't load the audit log." onRetry={() => void query.refetch()} />;
  if (!query.data) return <Skeleton className="h-32" />;
  const { events } = query.data;
  if (events.length === 0) {
    return <Empty>No admin changes yet.</Empty>;
  }
  return (
    <TableBox label="Admin changes" minWidth="min-w-[52rem]">
      <TableHead columns={['When', 'Who', 'Action', 'Target', 'Change']} />
      <tbody>
        {events.map((e) => {
          const changes = auditChanges(e.before, e.after);
          return (
            <tr key={e.id} className={tr}>
              <td className={`${td} whitespace-nowrap`}>{formatWhen(e.at)}</td>
              <td className={`${td} wrap-anywhere`}>{e.actor}</td>
              <td className={`${td} font-mono whitespace-nowrap`}>{e.action}</td>
              <td className={td}>{e.target}</td>
              <td className={td}>
                {changes.length === 0 ? (
                  <span className="text-slate-400">No details</span>
                ) : (
                  <details>
                    <summary className="cursor-pointer text-brand-300">
                      {changes.length} {changes.length === 1 ? 'field' : 'fields'}
                    </summary>
                    <dl className="mt-2 grid gap-1 text-xs">
                      {changes.map((c) => (
                        <div key={c.field} className="wrap-anywhere">
                          <dt className="inline font-semibold text-slate-300">{c.field}: </dt>
                          <dd className="inline">
                            {c.before !== null && <span className="text-red-300 line-through">{c.before}</span>}
                            {c.before !== null && c.after !== null && ' → '}
                            {c.after !== null && <span className="text-court-400">{c.after}</span>}
                          </dd>
                        </div>
                      ))}
                    </dl>
                  </details>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </TableBox>
  );
}
