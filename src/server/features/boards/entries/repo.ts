import { and, asc, count, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { boardCells, entries, user } from '../../../db/schema';
import { updateIf } from '../../../db/update-if';
import { withBoardLock } from '../board-reads';
import { publishBoardEvent } from '../events';

/** SQL of an entry after its claim: its payment, re-seating, an organizer's changes and its account. */
export function createEntriesRepo(db: Db) {
  /** Sets `values` on the entry while `guard` holds; answers whether this call changed it. */
  const setEntryIf = (entryId: string, values: PgUpdateSetSource<typeof entries>, guard: SQL | undefined) =>
    updateIf(db, entries, values, and(eq(entries.id, entryId), guard));
  return {
    /** An organizer added this entry, with the entrant's email when they gave one. */
    markAddedByAdmin: (entryId: string, email: string | null = null) =>
      db.update(entries).set({ addedByAdmin: true, email }).where(eq(entries.id, entryId)),

    /**
     * Holds the board's claim lock (the one `fangrid_claim` takes) until the transaction ends: on a repo bound
     * to a transaction, no claim on any instance interleaves with what follows.
     */
    async holdClaimLock(boardId: string) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${boardId}))`);
    },

    /**
     * Takes an entry off its board (admin): 'deleted' (gone from every list) or 'refunded' (refunded and kept,
     * listed as unpaid). The row stays for the ledger: it is released, its cells are freed (live boards hear
     * they are free) and a pledge marked collected becomes cash to return. Conditional in the database: an
     * entry already deleted, or already refunded when `how` is 'refunded', changes nothing (null); otherwise
     * answers the cells freed.
     */
    async removeEntry(entry: { id: string; boardId: string }, how: 'deleted' | 'refunded', at: Date) {
      const removable =
        how === 'deleted'
          ? sql`(${entries.removedHow} is null or ${entries.removedHow} = 'refunded')`
          : sql`${entries.removedHow} is null`;
      const [changed] = await db
        .update(entries)
        .set({
          status: 'released',
          heldUntil: null,
          removedAt: at,
          removedHow: how,
          cashToReturnAt: sql`case when ${entries.pledgeCollectedAt} is not null and ${entries.cashReturnedAt} is null
            then coalesce(${entries.cashToReturnAt}, ${at}) else ${entries.cashToReturnAt} end`,
        })
        .where(and(eq(entries.id, entry.id), removable))
        .returning({ id: entries.id });
      if (!changed) return null;
      const freed = await db
        .delete(boardCells)
        .where(eq(boardCells.entryId, entry.id))
        .returning({ cell: boardCells.cell });
      const cells = freed.map((f) => f.cell).sort((a, b) => a - b);
      if (cells.length > 0) {
        await publishBoardEvent(db, entry.boardId, 'release', { released: cells });
      }
      return cells;
    },

    /**
     * Records that an entry's cash to return was handed back, unless it was already (or none is to return);
     * answers whether this call recorded it.
     */
    async markCashReturned(entryId: string, at: Date): Promise<boolean> {
      const owedBack = and(isNotNull(entries.cashToReturnAt), isNull(entries.cashReturnedAt));
      return setEntryIf(entryId, { cashReturnedAt: at }, owedBack);
    },

    /** Keeps the email a payer gave the checkout on their entry, unless the entry has one already. */
    async keepPayerEmail(paymentId: string, email: string) {
      await db
        .update(entries)
        .set({ email })
        .where(and(eq(entries.paymentId, paymentId), sql`${entries.email} is null`));
    },

    /**
     * Marks the entry's pledge collected unless it already is, or the entry was taken off its board; answers
     * whether this call marked it.
     */
    async markPledgeCollected(entryId: string, at: Date): Promise<boolean> {
      const uncollected = and(isNull(entries.pledgeCollectedAt), isNull(entries.removedAt));
      return setEntryIf(entryId, { pledgeCollectedAt: at }, uncollected);
    },

    /**
     * Undoes 'collected' on the entry's pledge if it is marked and not owed back as cash to return; answers
     * whether this call undid it.
     */
    async clearPledgeCollected(entryId: string): Promise<boolean> {
      const undoable = and(isNotNull(entries.pledgeCollectedAt), isNull(entries.cashToReturnAt));
      return setEntryIf(entryId, { pledgeCollectedAt: null }, undoable);
    },

    /** A held entry whose payment arrived: it keeps its cells for good, and live viewers hear they are paid. */
    async confirmHeld(paymentId: string) {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(entries)
          .set({ status: 'confirmed', heldUntil: null })
          .where(and(eq(entries.paymentId, paymentId), eq(entries.status, 'held')))
          .returning({ id: entries.id, boardId: entries.boardId });
        for (const row of rows) {
          const cells = await tx
            .select({ cell: boardCells.cell })
            .from(boardCells)
            .where(eq(boardCells.entryId, row.id))
            .orderBy(asc(boardCells.cell));
          if (cells.length > 0) await publishBoardEvent(tx, row.boardId, 'paid', { paid: cells.map((c) => c.cell) });
        }
        return rows.length > 0;
      });
    },

    /** One entry's cells, in order. */
    async cellsOfEntry(entryId: string) {
      const rows = await db
        .select({ cell: boardCells.cell })
        .from(boardCells)
        .where(eq(boardCells.entryId, entryId))
        .orderBy(asc(boardCells.cell));
      return rows.map((r) => r.cell);
    },

    /** The email of the account an entry belongs to (none for a visitor's entry). */
    async accountEmail(userId: string): Promise<string | undefined> {
      const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
      return row?.email;
    },

    entryByPayment: async (paymentId: string) =>
      (await db.select().from(entries).where(eq(entries.paymentId, paymentId)))[0],

    /**
     * Re-seats a released entry whose payment arrived late, under the board's lock: on `cellCount` random
     * free cells if the board is still open and has room (counted without released entries) and no organizer
     * took the entry off the board, else nothing.
     */
    async reseat(entryId: string, boardId: string, cellCount: number, capacity: number, open: boolean) {
      return withBoardLock(db, boardId, async (tx) => {
        if (!open) return null;
        // An entry an organizer took off the board is never seated again (its late payment is refunded).
        const [target] = await tx.select({ removedAt: entries.removedAt }).from(entries).where(eq(entries.id, entryId));
        if (!target || target.removedAt) return null;
        const [taken] = await tx
          .select({ n: count() })
          .from(entries)
          .where(and(eq(entries.boardId, boardId), sql`${entries.status} <> 'released'`));
        if ((taken?.n ?? capacity) >= capacity) return null;
        const result = await tx.execute(sql`
          insert into board_cells (board_id, cell, entry_id)
          select ${boardId}::uuid, c, ${entryId}::uuid from generate_series(0, 99) as c
          where not exists (select 1 from board_cells b where b.board_id = ${boardId}::uuid and b.cell = c)
          order by random() limit ${cellCount}
          returning cell`);
        const cells = (result as unknown as { rows: { cell: number }[] }).rows.map((r) => r.cell).sort((a, b) => a - b);
        if (cells.length < cellCount) throw new Error('reseat: not enough free cells under the lock');
        const [entry] = await tx
          .update(entries)
          .set({ status: 'confirmed', heldUntil: null })
          .where(eq(entries.id, entryId))
          .returning({ code: entries.code });
        await publishBoardEvent(tx, boardId, 'cells', { cells, code: entry?.code ?? '' });
        return cells;
      });
    },

    /**
     * Links the entries with these tickets that no account holds yet to `userId`, then answers each
     * ticket's owner (null: no entry has that ticket).
     */
    async linkEntries(tickets: string[], userId: string): Promise<Map<string, string | null>> {
      if (tickets.length === 0) return new Map();
      await db
        .update(entries)
        .set({ userId })
        .where(and(inArray(entries.ticketNumber, tickets), sql`${entries.userId} is null`));
      const rows = await db
        .select({ ticket: entries.ticketNumber, userId: entries.userId })
        .from(entries)
        .where(inArray(entries.ticketNumber, tickets));
      return new Map(rows.map((r) => [r.ticket, r.userId]));
    },

    /** Sets the entry's gift unless its pledge is marked collected; answers whether it was set. */
    async setCommitment(entryId: string, cents: number): Promise<boolean> {
      return setEntryIf(entryId, { donationCommitmentCents: cents }, isNull(entries.pledgeCollectedAt));
    },
  };
}
export type EntriesRepo = ReturnType<typeof createEntriesRepo>;
