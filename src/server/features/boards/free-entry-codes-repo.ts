import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { findRow } from '../../db/find-row';
import { freeEntryCodes } from '../../db/schema';

export type FreeEntryCodeRow = typeof freeEntryCodes.$inferSelect;

/** The free entry codes' SQL: one row per board and phone number, each change one atomic statement. */
export function createFreeEntryCodesRepo(db: Db) {
  return {
    /** Puts a new code in place of the number's earlier one for this board (fresh tries, not consumed). */
    async put(
      q: Db,
      row: { boardId: string; phone: string; codeHash: string; expiresAt: Date; createdAt: Date },
    ): Promise<void> {
      await q
        .insert(freeEntryCodes)
        .values({ ...row, attempts: 0 })
        .onConflictDoUpdate({
          target: [freeEntryCodes.boardId, freeEntryCodes.phone],
          set: {
            codeHash: row.codeHash,
            expiresAt: row.expiresAt,
            createdAt: row.createdAt,
            attempts: 0,
            consumedAt: null,
            entryId: null,
          },
        });
    },

    find(boardId: string, phone: string): Promise<FreeEntryCodeRow | undefined> {
      return findRow(db, freeEntryCodes, and(eq(freeEntryCodes.boardId, boardId), eq(freeEntryCodes.phone, phone)));
    },

    /**
     * One try of a code, in one statement on the number's row while its code is unused and alive: the right
     * code (unexpired) consumes it, a wrong one counts a try. The row lock orders concurrent tries (on any
     * instance), each seeing the ones before it, so no burst gets more than `maxTries` guesses at one code and
     * exactly one request consumes it. No row: the code is missing, used or dead (`find` says which).
     */
    async attempt(
      boardId: string,
      phone: string,
      codeHash: string,
      now: Date,
      maxTries: number,
    ): Promise<{ id: string; matched: boolean; consumed: boolean; attempts: number } | undefined> {
      const matches = sql`${freeEntryCodes.codeHash} = ${codeHash}`;
      const [row] = await db
        .update(freeEntryCodes)
        .set({
          attempts: sql`case when ${matches} then ${freeEntryCodes.attempts} else ${freeEntryCodes.attempts} + 1 end`,
          consumedAt: sql`case when ${matches} and ${freeEntryCodes.expiresAt} > ${now}::timestamptz then ${now}::timestamptz else null end`,
        })
        .where(
          and(
            eq(freeEntryCodes.boardId, boardId),
            eq(freeEntryCodes.phone, phone),
            isNull(freeEntryCodes.consumedAt),
            lt(freeEntryCodes.attempts, maxTries),
          ),
        )
        .returning({
          id: freeEntryCodes.id,
          matched: sql<boolean>`${matches}`,
          consumed: sql<boolean>`${freeEntryCodes.consumedAt} is not null`,
          attempts: freeEntryCodes.attempts,
        });
      return row;
    },

    /** Un-consumes a code whose entry was refused (a limit, a full board): it may be used again. */
    async giveBack(id: string, codeHash: string, consumedAt: Date): Promise<void> {
      await db
        .update(freeEntryCodes)
        .set({ consumedAt: null })
        .where(
          and(
            eq(freeEntryCodes.id, id),
            eq(freeEntryCodes.codeHash, codeHash),
            eq(freeEntryCodes.consumedAt, consumedAt),
            isNull(freeEntryCodes.entryId),
          ),
        );
    },

    /** Records the entry a consumed code confirmed. */
    async confirm(id: string, codeHash: string, entryId: string): Promise<void> {
      await db
        .update(freeEntryCodes)
        .set({ entryId })
        .where(and(eq(freeEntryCodes.id, id), eq(freeEntryCodes.codeHash, codeHash)));
    },
  };
}
export type FreeEntryCodesRepo = ReturnType<typeof createFreeEntryCodesRepo>;
