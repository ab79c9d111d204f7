import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type BoardLockedEvent, boardTopic } from '../../../../shared/contracts/board-events';
import { legalSettingsOf } from '../../../../shared/domain/legal';
import type { Db } from '../../../db/client';
import { preparedOnce } from '../../../db/prepared-once';
import { boardCells, boards, entries } from '../../../db/schema';
import { type CountValues, rateCountQuery } from '../../../platform/rate-limit';
import { type BoardRow, lockOnce, type NewEntry } from '../board-reads';
import { publishBoardEvent } from '../events';
import { type ClaimArgs, type ClaimResult, claimCall, claimPlaceholders, claimResult } from './claim-sql';

/** A free entry's limits (sweepstakes), counted in the claim under the board's lock; null: not a free entry. */
export interface FreeEntryLimits {
  perPerson: number;
  perBoard: number | null;
}

/** An entry to claim cells for: its row without the code (the claim picks one of `codes`). */
export type ClaimEntry = Omit<NewEntry, 'code' | 'createdAt'> & { createdAt: Date };

/** One claim: the entry, its candidate codes, the board's cells per entry and capacity, and its limits. */
export interface ClaimInput {
  entry: ClaimEntry;
  codes: string[];
  cellCount: number;
  capacity: number;
  /** Until when a paid entry's cells are held for its checkout (null: the entry is confirmed at once). */
  heldUntil?: Date | null;
  /** The most entries one phone number may hold on the board (null: no limit). */
  phoneLimit?: number | null;
  free?: FreeEntryLimits | null;
  /** The values of the rate limiter's count (platform/rate-limit.ts countValues), or null: not counted. */
  budget?: CountValues | null;
}

/** fangrid_claim's arguments for one claim. */
function claimArgs(input: ClaimInput): ClaimArgs {
  const { entry: e, codes, free = null } = input;
  return {
    board: e.boardId,
    cells: input.cellCount,
    capacity: input.capacity,
    topic: boardTopic(e.boardId),
    user: e.userId ?? null,
    phone: e.phone ?? null,
    nickname: e.nickname,
    codes: `{${codes.join(',')}}`,
    amount: e.amountCents ?? null,
    teamSupport: e.teamSupport ?? null,
    organization: e.organization ?? null,
    referral: e.referralCode ?? null,
    gameCode: e.gameCode ?? null,
    ticket: e.ticketNumber,
    idempotencyKey: e.idempotencyKey,
    created: e.createdAt,
    heldUntil: input.heldUntil ?? null,
    phoneLimit: input.phoneLimit ?? null,
    free: free !== null,
    freePerPerson: free?.perPerson ?? null,
    freePerBoard: free?.perBoard ?? null,
    state: e.state ?? null,
    ageConfirmedAt: e.ageConfirmedAt ?? null,
    rulesAcceptedAt: e.rulesAcceptedAt ?? null,
  };
}

/** SQL of taking an entry: the claim of its cells, its replay, its checkout's hold and the board it fills. */
export function createEntryClaimsRepo(db: Db) {
  /**
   * An entry counted against its address's budget and claimed in one statement: the rate limiter's counting
   * upsert as a CTE, then fangrid_claim only while the count is within the budget's `max`. One round trip and
   * one commit instead of two of each, on the path every fan's entry takes.
   */
  const claimWithinBudget = preparedOnce(() => {
    const budget = db.$with('budget').as(rateCountQuery(db, false));
    return db
      .with(budget)
      .select({
        windowStart: budget.windowStart,
        result: sql<unknown>`case when ${budget.count} <= ${sql.placeholder('max')}::int then ${claimCall(claimPlaceholders())} end`,
      })
      .from(budget)
      .prepare('entry_claim_within_budget');
  });

  return {
    /** The entry an earlier request with this idempotency key made on this board, as a claim replay. */
    async entryByKey(
      boardId: string,
      idempotencyKey: string,
    ): Promise<Extract<ClaimResult, { status: 'replay' }> | null> {
      const [row] = await db
        .select()
        .from(entries)
        .where(and(eq(entries.boardId, boardId), eq(entries.idempotencyKey, idempotencyKey)));
      if (!row) return null;
      const cells = await db
        .select({ cell: boardCells.cell })
        .from(boardCells)
        .where(eq(boardCells.entryId, row.id))
        .orderBy(asc(boardCells.cell));
      return {
        status: 'replay',
        id: row.id,
        code: row.code,
        ticket: row.ticketNumber,
        amount: row.amountCents,
        cells: cells.map((c) => c.cell),
      };
    },

    /**
     * The whole claim in one call of `fangrid_claim` (migrations 0005, 0010, 0014, 0024): the board's lock, replay
     * check, capacity, the phone number's limit on this board (`phoneLimit`, null for none), a free entry's
     * limits per phone and per board (`free`, null for an entry that is not free), first free code
     * among `codes`, the entry, its random free cells and the NOTIFY, with no round trips in between.
     *
     * With `budget` the same statement first counts the entry against its address's budget and claims only
     * within it: `result` is null past the budget, and nothing is created. `budgetWindow` is the start of the
     * window counted in.
     */
    async claim(input: ClaimInput): Promise<{ result: ClaimResult | null; budgetWindow: Date | null }> {
      const args = claimArgs(input);
      if (input.budget) {
        const [row] = await claimWithinBudget().execute({ ...input.budget, ...args });
        if (!row) throw new Error('the budgeted claim returned no row');
        return { result: row.result === null ? null : claimResult(row.result), budgetWindow: row.windowStart };
      }
      const result = await db.execute(sql`select ${claimCall(args)} as result`);
      const [row] = (result as unknown as { rows: { result: ClaimResult | string }[] }).rows;
      if (!row) throw new Error('fangrid_claim returned no row');
      return { result: claimResult(row.result), budgetWindow: null };
    },

    /** The fan ticked the text consent box: stored with the wording shown and when. */
    recordSmsConsent: (entryId: string, wording: string, at: Date) =>
      db
        .update(entries)
        .set({ smsConsent: true, smsConsentText: wording, smsConsentedAt: at })
        .where(eq(entries.id, entryId)),

    /** A held entry's checkout is open: its payment is recorded and live viewers hear its cells are held. */
    async setEntryPayment(entry: { id: string; boardId: string; cells: number[] }, paymentId: string) {
      await db.transaction(async (tx) => {
        await tx.update(entries).set({ paymentId }).where(eq(entries.id, entry.id));
        if (entry.cells.length > 0) {
          await publishBoardEvent(tx, entry.boardId, 'held', { held: [...entry.cells].sort((a, b) => a - b) });
        }
      });
    },

    /**
     * Ends holds: each 'held' entry matched by `where` (past its hold, or by payment) is released and its
     * cells freed, and live viewers hear which cells are free again. Returns the entries released.
     */
    async releaseHolds(where: { before: Date } | { paymentId: string } | { entryId: string }) {
      return db.transaction(async (tx) => {
        const condition =
          'before' in where
            ? sql`${entries.heldUntil} < ${where.before}`
            : 'paymentId' in where
              ? sql`${entries.paymentId} = ${where.paymentId}`
              : sql`${entries.id} = ${where.entryId}`;
        const released = await tx
          .update(entries)
          .set({ status: 'released' })
          .where(and(eq(entries.status, 'held'), condition))
          .returning({ id: entries.id, boardId: entries.boardId });
        if (released.length === 0) return [];
        const freed = await tx
          .delete(boardCells)
          .where(
            inArray(
              boardCells.entryId,
              released.map((r) => r.id),
            ),
          )
          .returning({ boardId: boardCells.boardId, cell: boardCells.cell });
        const byBoard = new Map<string, number[]>();
        for (const f of freed) byBoard.set(f.boardId, [...(byBoard.get(f.boardId) ?? []), f.cell]);
        for (const [boardId, cells] of byBoard) {
          await publishBoardEvent(tx, boardId, 'release', { released: cells.sort((a, b) => a - b) });
        }
        return released;
      });
    },

    /**
     * Opens the game's next board (idempotent); locks this full one too, revealing `draw`, unless `draw` is
     * null (a paid board with holds stays open).
     */
    async lockAndOpenNext(
      board: BoardRow,
      now: Date,
      seed: string,
      seedHash: string,
      nextSlug: string,
      draw: BoardLockedEvent | null,
    ) {
      await db.transaction(async (tx) => {
        if (draw) await lockOnce(tx, board.id, now, draw);
        await tx
          .insert(boards)
          .values({
            slug: nextSlug,
            gameId: board.gameId,
            sequence: board.sequence + 1,
            format: board.format,
            entryRule: board.entryRule,
            prizeTable: board.prizeTable,
            organization: board.organization,
            paymentRequired: board.paymentRequired,
            claimWindowDays: board.claimWindowDays,
            payoutMethods: board.payoutMethods,
            mode: board.mode,
            ...legalSettingsOf(board),
            // A board an organizer opened early fills before its usual opening: the next one is open now too.
            openedAt: board.openedAt ? now : null,
            seed,
            seedHash,
          })
          .onConflictDoNothing();
      });
    },
  };
}
export type EntryClaimsRepo = ReturnType<typeof createEntryClaimsRepo>;
