import { useMatches } from 'react-router';
import { AdminGate } from '../components/admin-gate';

/** /admin-kpi, /admin-logins and /admin-entries: behind the gate; their dashboards come with the admin work. */
export function AdminPage() {
  const handle = useMatches().at(-1)?.handle as { title?: string } | undefined;
  const title = handle?.title ?? 'Admin';
  return (
    <AdminGate title={title}>
      <p className="rounded-2xl border border-ink-700 bg-ink-850 p-5 text-slate-300">
        You are signed in to admin. This dashboard is on its way.
      </p>
    </AdminGate>
  );
}
