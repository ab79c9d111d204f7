import { adminScreen } from '../components/admin-gate';

/** /admin-logins (docs/product.md#admin-screens): login attempts newest first, refresh, CSV export of them all. */
export const AdminLoginsPage = adminScreen('Login attempts', () =>
  import('../components/logins-screen').then((m) => m.LoginsScreen),
);

/** Asked by the admin routes' loader alongside this module: the gate knows at once whether to open. */
export { adminStatusQuery } from '../gate-api';
