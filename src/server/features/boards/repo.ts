import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { boardCells, boardResultLog, boardResults, boards, entries, games } from '../../db/schema';

/** The live-events topic of one board. */
export const boardTopic = (boardId: string) => `board:${boardId}`;

export type BoardRow = typeof boards.$inferSelect;
export type ClaimResult =
  | { status: 'ok'; id: string; code: string; cells: number[]; count: number }
  | { status: 'replay'; id: string; code: string; ticket: string; amount: number | null; cells: number[] }
  | { status: 'full' }
  | { status: 'no-code' };

export type GameRow = typeof games.$inferSelect;
export type NewEntry = typeof entries.$inferInsert;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** SQL for boards, entries and cells. */
export function createBoardsRepo(db: Db) {
  return {
    async findBoard(slug: string): Promise<{ board: BoardRow; game: GameRow } | undefined> {
      const [row] = await db
        .select()
        .from(boards)
        .innerJoin(games, eq(boards.gameId, games.id))
        .where(eq(boards.slug, slug));
      return row ? { board: row.boards, game: row.games } : undefined;
    },

    async nextBoardSlug(board: BoardRow): Promise<string | null> {
      const [row] = await db
        .select({ slug: boards.slug })
        .from(boards)
        .where(and(eq(boards.gameId, board.gameId), eq(boards.sequence, board.sequence + 1)));
      return row?.slug ?? null;
    },

    /** The board's cells with the holders' codes (nothing else about the holder). */
    cells(boardId: string) {
      return db
        .select({ cell: boardCells.cell, code: entries.code })
        .from(boardCells)
        .innerJoin(entries, eq(boardCells.entryId, entries.id))
        .where(eq(boardCells.boardId, boardId))
        .orderBy(asc(boardCells.cell));
    },

    async entryCount(boardId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(entries).where(eq(entries.boardId, boardId));
      return row?.n ?? 0;
    },

    /**
     * Runs `work` in a transaction holding the board's advisory lock (the same lock `fangrid_claim`
     * takes), so scoring never interleaves with a claim on that board, on any server instance.
     */
    withBoardLock<T>(boardId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${boardId}))`);
        return work(tx);
      });
    },

    /**
     * The whole claim in one call of `fangrid_claim` (migration 0005): the board's lock, replay check,
     * capacity, first free code among `codes`, the entry, its random free cells and the NOTIFY, with no
     * round trips in between.
     */
    async claim(e: Omit<NewEntry, 'code'>, codes: string[], cellCount: number, capacity: number): Promise<ClaimResult> {
      const result = await db.execute(sql`
        select fangrid_claim(${e.boardId}::uuid, ${cellCount}::int, ${capacity}::int, ${boardTopic(e.boardId)}::text,
          ${e.userId ?? null}::text, ${e.phone}::text, ${e.nickname}::text, ${`{${codes.join(',')}}`}::text[],
          ${e.amountCents ?? null}::int, ${e.teamSupport ?? null}::text, ${e.organization ?? null}::text,
          ${e.referralCode ?? null}::text, ${e.gameCode ?? null}::text, ${e.ticketNumber}::text,
          ${e.idempotencyKey}::text, ${e.createdAt}::timestamptz) as result`);
      const [row] = (result as unknown as { rows: { result: ClaimResult | string }[] }).rows;
      if (!row) throw new Error('fangrid_claim returned no row');
      return typeof row.result === 'string' ? (JSON.parse(row.result) as ClaimResult) : row.result;
    },

    /** Entries by ticket number or owner, newest first, with their board, game, cells and prizes won. */
    async entriesFor(filter: { tickets: string[]; userId: string | null }) {
      const conditions = [];
      if (filter.tickets.length > 0) conditions.push(inArray(entries.ticketNumber, filter.tickets));
      if (filter.userId) conditions.push(eq(entries.userId, filter.userId));
      if (conditions.length === 0) return [];
      const rows = await db
        .select({ entry: entries, board: boards, game: games })
        .from(entries)
        .innerJoin(boards, eq(entries.boardId, boards.id))
        .innerJoin(games, eq(boards.gameId, games.id))
        .where(or(...conditions))
        .orderBy(desc(entries.createdAt))
        .limit(200);
      if (rows.length === 0) return [];
      const ids = rows.map((r) => r.entry.id);
      const [cells, wins] = await Promise.all([
        db.select().from(boardCells).where(inArray(boardCells.entryId, ids)),
        db.select().from(boardResults).where(inArray(boardResults.entryId, ids)),
      ]);
      return rows.map((r) => ({
        ...r,
        cells: cells.filter((c) => c.entryId === r.entry.id).map((c) => c.cell),
        wins: wins.filter((w) => w.entryId === r.entry.id && w.prizeCents > 0),
      }));
    },

    async setCommitment(entryId: string, cents: number) {
      await db.update(entries).set({ donationCommitmentCents: cents }).where(eq(entries.id, entryId));
    },

    async entryWithGame(ticketNumber: string) {
      const [row] = await db
        .select({ entry: entries, board: boards, game: games })
        .from(entries)
        .innerJoin(boards, eq(entries.boardId, boards.id))
        .innerJoin(games, eq(boards.gameId, games.id))
        .where(eq(entries.ticketNumber, ticketNumber));
      return row;
    },

    results(boardId: string) {
      return db
        .select({ result: boardResults, code: entries.code })
        .from(boardResults)
        .leftJoin(entries, eq(boardResults.entryId, entries.id))
        .where(eq(boardResults.boardId, boardId));
    },

    async holders(tx: Tx, boardId: string): Promise<Map<number, string>> {
      const rows = await tx.select().from(boardCells).where(eq(boardCells.boardId, boardId));
      return new Map(rows.map((r) => [r.cell, r.entryId]));
    },

    async resultRows(tx: Tx, boardId: string) {
      return tx.select().from(boardResults).where(eq(boardResults.boardId, boardId));
    },

    async saveResults(tx: Tx, rows: (typeof boardResults.$inferInsert)[]) {
      for (const row of rows) {
        await tx
          .insert(boardResults)
          .values(row)
          .onConflictDoUpdate({
            target: [boardResults.boardId, boardResults.period],
            set: {
              teamAScore: row.teamAScore,
              teamBScore: row.teamBScore,
              cell: row.cell,
              entryId: row.entryId ?? null,
              prizeCents: row.prizeCents,
              recordedAt: row.recordedAt,
            },
          });
      }
    },

    async logResultChange(tx: Tx, change: typeof boardResultLog.$inferInsert) {
      await tx.insert(boardResultLog).values(change);
    },

    async setCancelled(boardId: string, now: Date) {
      await db
        .update(boards)
        .set({ cancelledAt: now })
        .where(and(eq(boards.id, boardId), sql`${boards.cancelledAt} is null`));
    },

    async setLocked(boardId: string, now: Date) {
      await db
        .update(boards)
        .set({ lockedAt: now })
        .where(and(eq(boards.id, boardId), sql`${boards.lockedAt} is null`));
    },

    async setSettled(tx: Tx, boardId: string, now: Date | null) {
      await tx.update(boards).set({ settledAt: now }).where(eq(boards.id, boardId));
    },

    /** Locks a full board and opens the next one for the same game (idempotent). */
    async lockAndOpenNext(board: BoardRow, now: Date, seed: string, seedHash: string, nextSlug: string) {
      await db.transaction(async (tx) => {
        await tx
          .update(boards)
          .set({ lockedAt: now })
          .where(and(eq(boards.id, board.id), sql`${boards.lockedAt} is null`));
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
            seed,
            seedHash,
          })
          .onConflictDoNothing();
      });
    },
  };
}
export type BoardsRepo = ReturnType<typeof createBoardsRepo>;
