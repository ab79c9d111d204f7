import { createAdminLogs } from './audit';
import { createAdminBoardOps } from './board-ops';
import { createAdminBoardState } from './board-state';
import { createEntryImport } from './entry-import';
import { createAdminEntryMoney, type EntryMoneyDeps } from './entry-money';
import { createAdminEntryOps } from './entry-ops';
import { type CsvLines, createAdminExports } from './exports';
import { createAdminKpis } from './kpis';
import { createAdminLedger, type LedgerCheckMode, type LedgerLog } from './ledger';
import { createAdminListings } from './listings';
import type { AdminBoardOpsDeps } from './ops-common';
import { type DemoBoardMarkers, noDemoMarkers } from './scope';

export type { Actor, AdminBoards } from './ops-common';
export { decodeCursor, encodeCursor, paymentStateOf } from './present';

/**
 * Admin dashboards and board operations (docs/product.md#admin-screens), one file per concern: KPIs
 * (kpis.ts), lists (listings.ts), changes to boards and entries with their audit records (board-ops.ts, entry-ops.ts), CSV
 * exports (exports.ts), voiding a board and what each board action would do (board-state.ts), an entry's money (delete with its refund, 'Refund', 'Returned': entry-money.ts) and the
 * logs (audit.ts).
 */
export function createAdminService(
  deps: AdminBoardOpsDeps &
    EntryMoneyDeps & {
      /** Assembles export pages' CSV lines off the event loop (a worker thread); on this thread when omitted. */
      csvLines?: CsvLines;
      /** What marks a demo board (the KPIs can leave them out); without it no board is one. */
      demoBoards?: DemoBoardMarkers;
      /** Where a broken ledger is logged. */
      log: LedgerLog;
      /** 'warn' (the default): a broken ledger is logged and shown; 'fail' (tests): the read fails too. */
      ledgerCheck?: LedgerCheckMode;
      /** What follows a void once its transaction has committed (the entrants' texts and emails). */
      afterVoid?: (slug: string) => Promise<unknown>;
      /**
       * The organization this service works inside (the organizer API): its repo reads that organization's
       * boards only, and so does its ledger. Without it, every board (the platform's admin API).
       */
      organizationId?: string;
    },
) {
  const ledger = createAdminLedger({
    db: deps.db,
    demoBoards: deps.demoBoards ?? noDemoMarkers,
    log: deps.log,
    mode: deps.ledgerCheck ?? 'warn',
    organizationId: deps.organizationId,
  });
  return {
    ...createAdminKpis({ ...deps, ledger }),
    ...createAdminListings(deps),
    ...createAdminBoardOps(deps),
    ...createAdminEntryOps(deps),
    ...createAdminBoardState(deps),
    ...createAdminEntryMoney(deps),
    ...createEntryImport(deps),
    ...createAdminExports({ ...deps, ledger }),
    /** The ledger CSV of one board, one organization or every board (`boardExists` first: 404 for none). */
    ledgerCsv: ledger.csv,
    boardExists: ledger.boardExists,
    ...createAdminLogs(deps),
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
