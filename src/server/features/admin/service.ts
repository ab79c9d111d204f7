import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { createAdminLogs } from './audit';
import { type AdminBoards, createAdminBoardOps } from './board-ops';
import { createAdminExports } from './exports';
import { createAdminKpis } from './kpis';
import { createAdminListings } from './listings';
import type { AdminRepo, Tx } from './repo';

export type { Actor, AdminBoards } from './board-ops';
export { decodeCursor, encodeCursor, paymentStateOf } from './present';

/**
 * Admin dashboards and board operations (docs/product.md#admin-screens), one file per concern: KPIs
 * (kpis.ts), lists (listings.ts), changes to boards and entries with their audit records (board-ops.ts), CSV
 * exports (exports.ts) and the logs (audit.ts).
 */
export function createAdminService(deps: {
  db: Db;
  repo: AdminRepo;
  clock: Clock;
  /** The boards rules bound to a transaction, so the audit record commits with the change or not at all. */
  boardsIn: (tx: Tx) => AdminBoards;
}) {
  return {
    ...createAdminKpis(deps),
    ...createAdminListings(deps),
    ...createAdminBoardOps(deps),
    ...createAdminExports(deps),
    ...createAdminLogs(deps),
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
