import { adminScreen } from '../components/admin-gate';

/**
 * /admin-kpi (docs/product.md#admin-screens): totals, per board (raised, prizes and what the organization keeps) and per
 * team, entries over time, every entry with the CSV export, and the audit log of admin changes. Cancelled boards and
 * unpaid holds are not counted as entries; they are shown apart.
 */
export const AdminKpiPage = adminScreen('Admin KPIs', () =>
  import('../components/kpi-screen').then((m) => m.KpiScreen),
);

/** Asked by the admin routes' loader alongside this module: the gate knows at once whether to open. */
export { adminStatusQuery } from '../gate-api';
