import { adminScreen } from '../components/admin-gate';

/**
 * /admin-boards (docs/product.md#admin-screens): every board with its state; create one; open early, lock early, cancel,
 * enter or correct a period's scores and see who won. A change that cannot be taken back is confirmed first, and a
 * score is saved only after the old and the new winner were shown. Each change is audited (see /admin-kpi).
 */
export const AdminBoardsPage = adminScreen('Board operations', () =>
  import('../components/boards-screen').then((m) => m.BoardsScreen),
);

/** Asked by the admin routes' loader alongside this module: the gate knows at once whether to open. */
export { adminStatusQuery } from '../gate-api';
