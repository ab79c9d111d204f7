import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { entrantColumns } from '../../db/entrant-columns';
import { boardResults, boards, entries, payments, user } from '../../db/schema';
import { publishBoardEvent } from './events';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The live entries of a board: confirmed (not a hold, not released) and not taken off it by an organizer. */
const liveEntry = (boardId: string) =>
  and(eq(entries.boardId, boardId), eq(entries.status, 'confirmed'), isNull(entries.removedAt));

/** SQL of a board's end: cancelled or voided under the board's lock, and who to tell. */
export function createBoardEndsRepo(db: Db) {
  return {
    /** Where the board stands, read under its lock: cancelled, voided, settled, and whether a period is scored. */
    async endState(tx: Tx, boardId: string) {
      const [row] = await tx
        .select({
          cancelledAt: boards.cancelledAt,
          voidedAt: boards.voidedAt,
          settledAt: boards.settledAt,
          scored: sql<boolean>`exists (select 1 from ${boardResults} r where r.board_id = ${boards.id})`,
        })
        .from(boards)
        .where(eq(boards.id, boardId));
      return row;
    },

    /**
     * Cancels the board once, with what its entrants are told, and marks its collected cash (a pledge marked
     * collected, not yet returned) to return, in the same transaction; live viewers re-read the board.
     * Answers whether this call cancelled it.
     */
    async setCancelled(tx: Tx, boardId: string, now: Date, notice: string): Promise<boolean> {
      const rows = await tx
        .update(boards)
        .set({ cancelledAt: now, notice })
        .where(and(eq(boards.id, boardId), isNull(boards.cancelledAt), isNull(boards.voidedAt)))
        .returning({ id: boards.id });
      if (rows.length === 0) return false;
      await tx
        .update(entries)
        .set({ cashToReturnAt: now })
        .where(
          and(
            liveEntry(boardId),
            isNotNull(entries.pledgeCollectedAt),
            isNull(entries.cashReturnedAt),
            isNull(entries.cashToReturnAt),
          ),
        );
      await publishBoardEvent(tx, boardId, 'resync', {});
      return true;
    },

    /** Voids the board once, with why and what its entrants are told; answers whether this call voided it. */
    async setVoided(tx: Tx, boardId: string, now: Date, reason: string, notice: string): Promise<boolean> {
      const rows = await tx
        .update(boards)
        .set({ voidedAt: now, voidReason: reason, notice })
        .where(and(eq(boards.id, boardId), isNull(boards.cancelledAt), isNull(boards.voidedAt)))
        .returning({ id: boards.id });
      if (rows.length > 0) await publishBoardEvent(tx, boardId, 'resync', {});
      return rows.length > 0;
    },

    /** The checkout payments of the board's live entries that are still paid (refunded when it is cancelled). */
    async paidEntryPayments(boardId: string): Promise<string[]> {
      const rows = await db
        .select({ paymentId: entries.paymentId })
        .from(entries)
        .innerJoin(payments, eq(entries.paymentId, payments.id))
        .where(and(liveEntry(boardId), eq(payments.status, 'paid')));
      return rows.flatMap((r) => (r.paymentId ? [r.paymentId] : []));
    },

    /**
     * Each live entry with what its entrant is told through: its phone and text consent, an email (the
     * account's, else the one kept on the entry), its money (amounts, payment status, cash collected and
     * returned) and the periods it won.
     */
    async entrants(boardId: string) {
      return db
        .select({
          id: entries.id,
          code: entries.code,
          ...entrantColumns,
          wins: sql<
            { period: string; prizeCents: number }[]
          >`coalesce((select json_agg(json_build_object('period', r.period, 'prizeCents', r.prize_cents) order by r.period) from ${boardResults} r where r.entry_id = ${entries.id} and r.prize_cents > 0), '[]')`,
        })
        .from(entries)
        .leftJoin(user, eq(entries.userId, user.id))
        .leftJoin(payments, eq(entries.paymentId, payments.id))
        .where(liveEntry(boardId))
        .orderBy(asc(entries.createdAt), asc(entries.id));
    },

    /** Keeps the email a payer gave the entry's checkout, unless the entry has one (it is told by it later). */
    async keepPayerEmail(entryId: string, email: string): Promise<void> {
      await db
        .update(entries)
        .set({ email })
        .where(and(eq(entries.id, entryId), isNull(entries.email)));
    },
  };
}
export type BoardEndsRepo = ReturnType<typeof createBoardEndsRepo>;
