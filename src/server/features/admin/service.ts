import { createAdminLogs } from './audit';
import { type AdminBoardOpsDeps, createAdminBoardOps } from './board-ops';
import { createEntryImport } from './entry-import';
import { type CsvLines, createAdminExports } from './exports';
import { createAdminKpis, type PrizeLedgerTotals } from './kpis';
import { createAdminListings } from './listings';

export type { Actor, AdminBoards } from './board-ops';
export { decodeCursor, encodeCursor, paymentStateOf } from './present';

/**
 * Admin dashboards and board operations (docs/product.md#admin-screens), one file per concern: KPIs
 * (kpis.ts), lists (listings.ts), changes to boards and entries with their audit records (board-ops.ts), CSV
 * exports (exports.ts) and the logs (audit.ts).
 */
export function createAdminService(
  deps: AdminBoardOpsDeps & {
    /** The prize ledger's totals (the prizes feature), for the KPIs. */
    prizeTotals?: () => Promise<PrizeLedgerTotals>;
    /** Assembles export pages' CSV lines off the event loop (a worker thread); on this thread when omitted. */
    csvLines?: CsvLines;
  },
) {
  return {
    ...createAdminKpis(deps),
    ...createAdminListings(deps),
    ...createAdminBoardOps(deps),
    ...createEntryImport(deps),
    ...createAdminExports(deps),
    ...createAdminLogs(deps),
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
