import type { LiveScore } from '../../../shared/contracts/boards';
import type { BoardMode } from '../../../shared/domain/legal';
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
  /** Refunds and emails that follow a cancellation, after its transaction commits. */
  afterCancel?: (slug: string) => Promise<unknown>;
  /** The prize ledger's totals (the prizes feature), for the KPIs. */
  prizeTotals?: () => Promise<{
    owedCents: number;
    paidCents: number;
    givenBackCents: number;
    needsReviewCount: number;
  }>;
  /** A feed game's live score (the feed feature), shown on the board detail as on the public board. */
  liveGame?: (feedId: string) => Promise<LiveScore | null>;
  /** The states each mode excludes (configuration), published with each board's legal settings. */
  excludedStates?: Record<BoardMode, readonly string[]>;
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
