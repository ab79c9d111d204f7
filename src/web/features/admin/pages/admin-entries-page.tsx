import { adminScreen } from '../components/admin-gate';

/**
 * /admin-entries (docs/product.md#admin-screens): add an entry for a fan on an open board (random free cells, like a fan's
 * own, under the board's amount rule), delete one before its board locks (its cells are free again), mark a pledge
 * collected (one, or many ticked at once) and undo it.
 */
export const AdminEntriesPage = adminScreen('Entry manager', () =>
  import('../components/entries-screen').then((m) => m.EntriesScreen),
);

/** Asked by the admin routes' loader alongside this module: the gate knows at once whether to open. */
export { adminStatusQuery } from '../gate-api';
