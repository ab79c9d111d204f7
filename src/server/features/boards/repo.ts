import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { boardCells, boardResultLog, boardResults, boards, entries, games } from '../../db/schema';
import { EVENTS_CHANNEL } from '../../platform/events';

/** The live-events topic of one board. */
export const boardTopic = (boardId: string) => `board:${boardId}`;

export type BoardRow = typeof boards.$inferSelect;
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
     * Runs `work` holding the board's advisory lock, so entries on one board are placed one at a time
     * (across every server instance) while other boards proceed in parallel.
     */
    withBoardLock<T>(boardId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${boardId}))`);
        return work(tx);
      });
    },

    /** Every entry of the board with what a claim needs to know (codes, replay keys, count). */
    boardEntries(tx: Tx, boardId: string) {
      return tx
        .select({
          id: entries.id,
          code: entries.code,
          idempotencyKey: entries.idempotencyKey,
          ticketNumber: entries.ticketNumber,
          amountCents: entries.amountCents,
        })
        .from(entries)
        .where(eq(entries.boardId, boardId));
    },

    async cellsOf(tx: Tx, entryId: string): Promise<number[]> {
      const rows = await tx.select({ cell: boardCells.cell }).from(boardCells).where(eq(boardCells.entryId, entryId));
      return rows.map((r) => r.cell).sort((a, b) => a - b);
    },

    /**
     * The claim, in one statement: insert the entry, put it on `cellCount` random free cells of the board,
     * and NOTIFY the board's live viewers (delivered only if the transaction commits). The
     * (board, cell) primary key makes a double hold impossible; fewer cells than asked means the board
     * filled first, and the caller rolls the transaction back.
     */
    async insertAndClaim(tx: Tx, e: NewEntry, cellCount: number): Promise<{ id: string; cells: number[] }> {
      const result = await tx.execute(sql`
        with new_entry as (
          insert into entries (board_id, user_id, phone, nickname, code, amount_cents, team_support, organization,
                               referral_code, game_code, ticket_number, idempotency_key, created_at)
          values (${e.boardId}, ${e.userId ?? null}, ${e.phone}, ${e.nickname}, ${e.code}, ${e.amountCents ?? null},
                  ${e.teamSupport ?? null}, ${e.organization ?? null}, ${e.referralCode ?? null}, ${e.gameCode ?? null},
                  ${e.ticketNumber}, ${e.idempotencyKey}, ${e.createdAt})
          returning id
        ),
        claimed as (
          insert into board_cells (board_id, cell, entry_id)
          select ${e.boardId}, c, (select id from new_entry)
          from generate_series(0, 99) as c
          where not exists (select 1 from board_cells b where b.board_id = ${e.boardId} and b.cell = c)
          order by random()
          limit ${cellCount}
          returning cell
        ),
        notified as (
          select pg_notify(${EVENTS_CHANNEL}, json_build_object(
            'topic', ${boardTopic(e.boardId)}::text,
            'data', json_build_object('cells', (select coalesce(json_agg(cell order by cell), '[]'::json) from claimed),
                                      'code', ${e.code}::text)
          )::text)
        )
        select (select id from new_entry) as id,
               (select coalesce(json_agg(cell order by cell), '[]'::json) from claimed) as cells,
               (select count(*) from notified) as notified`);
      const [row] = (result as unknown as { rows: { id: string; cells: number[] | string }[] }).rows;
      if (!row) throw new Error('claim returned no row');
      const cells = typeof row.cells === 'string' ? (JSON.parse(row.cells) as number[]) : row.cells;
      return { id: row.id, cells: cells.map(Number) };
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

    resultLog(boardId: string) {
      return db
        .select()
        .from(boardResultLog)
        .where(eq(boardResultLog.boardId, boardId))
        .orderBy(asc(boardResultLog.at));
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
    async lockAndOpenNext(tx: Tx, board: BoardRow, now: Date, seed: string, seedHash: string, nextSlug: string) {
      await tx.update(boards).set({ lockedAt: now }).where(eq(boards.id, board.id));
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
    },
  };
}
export type BoardsRepo = ReturnType<typeof createBoardsRepo>;
