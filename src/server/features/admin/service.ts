import { createAdminLogs } from './audit';
import { type AdminBoardOpsDeps, createAdminBoardOps } from './board-ops';
import { createAdminBoardState } from './board-state';
import { type CsvLines, createAdminExports } from './exports';
import { createAdminKpis, type PrizeLedgerTotals } from './kpis';
import { createAdminListings } from './listings';

export type { Actor, AdminBoards } from './board-ops';
export { decodeCursor, encodeCursor, paymentStateOf } from './present';

/**
 * Admin dashboards and board operations (docs/product.md#admin-screens), one file per concern: KPIs
 * (kpis.ts), lists (listings.ts), changes to boards and entries with their audit records (board-ops.ts), voiding a board and what
 * each board action would do (board-state.ts), CSV
 * exports (exports.ts) and the logs (audit.ts).
 */
export function createAdminService(
  deps: AdminBoardOpsDeps & {
    /** The prize ledger's totals (the prizes feature), for the KPIs. */
    prizeTotals?: () => Promise<PrizeLedgerTotals>;
    /** Assembles export pages' CSV lines off the event loop (a worker thread); on this thread when omitted. */
    csvLines?: CsvLines;
    /** What follows a void once its transaction has committed (the entrants' texts and emails). */
    afterVoid?: (slug: string) => Promise<unknown>;
  },
) {
  return {
    ...createAdminKpis(deps),
    ...createAdminListings(deps),
    ...createAdminBoardOps(deps),
    ...createAdminBoardState(deps),
    ...createAdminExports(deps),
    ...createAdminLogs(deps),
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
