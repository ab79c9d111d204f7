import { and, eq, isNull } from 'drizzle-orm';
import type { BoardScoredEvent } from '../../../../shared/contracts/board-events';
import type { Db } from '../../../db/client';
import { boardCells, boardResultLog, boardResults, boards, entries } from '../../../db/schema';
import { updateIf } from '../../../db/update-if';
import type { Tx } from '../board-reads';
import { publishBoardEvent } from '../events';

/** SQL of scoring: a board's holders, its periods' results, their log, confirmations and corrections. */
export function createScoringRepo(db: Db) {
  return {
    /** The public board code of an entry. */
    async codeOf(tx: Tx, entryId: string): Promise<string | null> {
      const [row] = await tx.select({ code: entries.code }).from(entries).where(eq(entries.id, entryId));
      return row?.code ?? null;
    },

    /** Tells live viewers, in the scoring transaction, that a period was scored. */
    publishScored: (tx: Tx, boardId: string, scored: BoardScoredEvent) =>
      publishBoardEvent(tx, boardId, 'scored', scored),

    async holders(tx: Tx, boardId: string): Promise<Map<number, string>> {
      const rows = await tx.select().from(boardCells).where(eq(boardCells.boardId, boardId));
      return new Map(rows.map((r) => [r.cell, r.entryId]));
    },

    async resultRows(tx: Tx, boardId: string) {
      return tx.select().from(boardResults).where(eq(boardResults.boardId, boardId));
    },

    /** Writes each award row of the scored periods (one per board, period and kind), replacing what it had. */
    async saveResults(tx: Tx, rows: (typeof boardResults.$inferInsert)[]) {
      for (const row of rows) {
        await tx
          .insert(boardResults)
          .values(row)
          .onConflictDoUpdate({
            target: [boardResults.boardId, boardResults.period, boardResults.kind],
            set: {
              teamAScore: row.teamAScore,
              teamBScore: row.teamBScore,
              cell: row.cell,
              entryId: row.entryId ?? null,
              prizeCents: row.prizeCents,
              recordedAt: row.recordedAt,
              source: row.source ?? 'organizer',
            },
          });
      }
    },

    async setResultSource(tx: Tx, boardId: string, period: string, source: 'feed' | 'organizer') {
      await tx
        .update(boardResults)
        .set({ source })
        .where(and(eq(boardResults.boardId, boardId), eq(boardResults.period, period)));
    },

    async logResultChange(tx: Tx, change: typeof boardResultLog.$inferInsert) {
      await tx.insert(boardResultLog).values(change);
    },

    /** Marks a scored period confirmed (once); answers whether this call confirmed it. */
    async confirmResult(boardId: string, period: string, now: Date): Promise<boolean> {
      const ofPeriod = and(eq(boardResults.boardId, boardId), eq(boardResults.period, period));
      return updateIf(db, boardResults, { confirmedAt: now }, and(ofPeriod, isNull(boardResults.confirmedAt)));
    },

    async markCorrected(tx: Tx, boardId: string, period: string, now: Date) {
      await tx
        .update(boardResults)
        .set({ correctedAt: now })
        .where(and(eq(boardResults.boardId, boardId), eq(boardResults.period, period)));
    },

    async setSettled(tx: Tx, boardId: string, now: Date | null) {
      await tx.update(boards).set({ settledAt: now }).where(eq(boards.id, boardId));
    },
  };
}
export type ScoringRepo = ReturnType<typeof createScoringRepo>;
