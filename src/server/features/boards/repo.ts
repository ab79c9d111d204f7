import type { Db } from '../../db/client';
import { createBoardReads } from './board-reads';
import { createEntryClaimsRepo } from './entries/claims-repo';
import { createEntriesRepo } from './entries/repo';
import { createLifecycleRepo } from './lifecycle/repo';
import { createScoringRepo } from './scoring/repo';
import { createViewsRepo } from './views/repo';

export type { BoardRow, GameRow, NewEntry } from './board-reads';
export type { ClaimResult } from './entries/claim-sql';
export type { FreeEntryLimits } from './entries/claims-repo';

/**
 * SQL for boards, entries and cells, on one database (or transaction): the reads the parts share
 * (board-reads.ts) and each part's own queries (entries/, lifecycle/, scoring/, views/).
 */
export function createBoardsRepo(db: Db) {
  return {
    ...createBoardReads(db),
    ...createEntryClaimsRepo(db),
    ...createEntriesRepo(db),
    ...createLifecycleRepo(db),
    ...createScoringRepo(db),
    ...createViewsRepo(db),
  };
}
export type BoardsRepo = ReturnType<typeof createBoardsRepo>;
