import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { entrantColumns } from '../../db/entrant-columns';
import { boardCells, boardResults, entries, payments, prizes, user } from '../../db/schema';

/** What admin reads of one board to say what cancelling, locking or voiding it would do. */
export function createBoardStateRepo(db: Db) {
  return {
    /**
     * The board's entries that hold cells or wait for their checkout (not released, not taken off by an
     * organizer), with their money, how the entrant is reached and whether the entry is seated.
     */
    entries(boardId: string) {
      return db
        .select({
          status: entries.status,
          ...entrantColumns,
          seated: sql<boolean>`exists (select 1 from ${boardCells} c where c.entry_id = ${entries.id})`,
        })
        .from(entries)
        .leftJoin(user, eq(entries.userId, user.id))
        .leftJoin(payments, eq(entries.paymentId, payments.id))
        .where(and(eq(entries.boardId, boardId), sql`${entries.status} <> 'released'`, isNull(entries.removedAt)));
    },

    /** The board's scored periods (the prize awarded; 0 for an empty cell). */
    results(boardId: string) {
      return db
        .select({ period: boardResults.period, prizeCents: boardResults.prizeCents })
        .from(boardResults)
        .where(eq(boardResults.boardId, boardId));
    },

    /** The board's prizes with their winner's code and nickname. */
    prizes(boardId: string) {
      return db
        .select({
          period: prizes.period,
          prizeCents: prizes.prizeCents,
          state: prizes.state,
          expiresAt: prizes.expiresAt,
          code: entries.code,
          nickname: entries.nickname,
        })
        .from(prizes)
        .innerJoin(entries, eq(prizes.entryId, entries.id))
        .where(eq(prizes.boardId, boardId))
        .orderBy(asc(prizes.createdAt));
    },
  };
}
export type BoardStateRepo = ReturnType<typeof createBoardStateRepo>;
