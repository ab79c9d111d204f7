import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
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

    async find(boardId: string, phone: string): Promise<FreeEntryCodeRow | undefined> {
      const [row] = await db
        .select()
        .from(freeEntryCodes)
        .where(and(eq(freeEntryCodes.boardId, boardId), eq(freeEntryCodes.phone, phone)));
      return row;
    },

    /**
     * Consumes the code once: only while it is the row's code, unused, unexpired and alive. Of concurrent
     * requests (on any instance) exactly one gets true.
     */
    async consume(id: string, codeHash: string, now: Date, maxTries: number): Promise<boolean> {
      const rows = await db
        .update(freeEntryCodes)
        .set({ consumedAt: now })
        .where(
          and(
            eq(freeEntryCodes.id, id),
            eq(freeEntryCodes.codeHash, codeHash),
            isNull(freeEntryCodes.consumedAt),
            gt(freeEntryCodes.expiresAt, now),
            lt(freeEntryCodes.attempts, maxTries),
          ),
        )
        .returning({ id: freeEntryCodes.id });
      return rows.length === 1;
    },

    /** Counts a wrong try against the code the row holds now (`codeHash`); the tries after it, if it counted. */
    async wrongTry(id: string, codeHash: string): Promise<number | undefined> {
      const [row] = await db
        .update(freeEntryCodes)
        .set({ attempts: sql`${freeEntryCodes.attempts} + 1` })
        .where(and(eq(freeEntryCodes.id, id), eq(freeEntryCodes.codeHash, codeHash), isNull(freeEntryCodes.consumedAt)))
        .returning({ attempts: freeEntryCodes.attempts });
      return row?.attempts;
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
