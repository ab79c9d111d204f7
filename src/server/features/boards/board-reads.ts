import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { BoardLockedEvent } from '../../../shared/contracts/board-events';
import type { Db } from '../../db/client';
import { preparedOnce } from '../../db/prepared-once';
import { readsOn } from '../../db/reads';
import { boardCells, boardResults, boards, entries, games, organization, payments } from '../../db/schema';
import { publishBoardEvent } from './events';

export type BoardRow = typeof boards.$inferSelect;
export type GameRow = typeof games.$inferSelect;
export type NewEntry = typeof entries.$inferInsert;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Sets the board's lock time unless it has one; only a board this locks announces `locked`. */
export async function lockOnce(tx: Tx, boardId: string, now: Date, draw: BoardLockedEvent) {
  const locked = await tx
    .update(boards)
    .set({ lockedAt: now })
    .where(and(eq(boards.id, boardId), sql`${boards.lockedAt} is null`))
    .returning({ id: boards.id });
  if (locked.length > 0) await publishBoardEvent(tx, boardId, 'locked', draw);
}

/**
 * Runs `work` in a transaction holding the board's advisory lock (the same lock `fangrid_claim`
 * takes), so scoring never interleaves with a claim on that board, on any server instance.
 */
export function withBoardLock<T>(db: Db, boardId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${boardId}))`);
    return work(tx);
  });
}

/** The reads more than one part of boards makes: a board with its game, its cells, results and entries. */
export function createBoardReads(db: Db) {
  /**
   * The board and its game, by slug or by id. Every entry, view and live stream reads it, so the query is
   * built once per repo and sent as a named prepared statement: building the select of the two tables'
   * columns on every request cost more CPU than the rest of an entry's work in the server. It also tells
   * whether the organization running the board is suspended by the platform (its boards then take no entry).
   */
  const boardWithGame = (by: 'slug' | 'id') =>
    preparedOnce(() =>
      db
        .select({
          boards,
          games,
          suspended: sql<boolean>`exists (select 1 from ${organization} o where o.id = ${boards.organizationId} and o.status = 'suspended')`,
        })
        .from(boards)
        .innerJoin(games, eq(boards.gameId, games.id))
        .where(eq(boards[by], sql.placeholder('key')))
        .prepare(`boards_with_game_by_${by}`),
    );
  const prepared = { slug: boardWithGame('slug'), id: boardWithGame('id') };
  async function findBoardWithGame(by: 'slug' | 'id', key: string) {
    const [row] = await prepared[by]().execute({ key });
    return row ? { board: row.boards, game: row.games, suspended: row.suspended === true } : undefined;
  }

  const readAll = readsOn(db);

  return {
    /** Independent reads on this repo's database: side by side on a pool, in turn inside a transaction. */
    readAll,

    findBoard: (slug: string) => findBoardWithGame('slug', slug),

    findBoardById: (id: string) => findBoardWithGame('id', id),

    /**
     * The game's next board that still takes entries: the first after this one (by sequence) that nobody
     * locked, settled or cancelled, so 'Board full: join the next board' never points at a closed board.
     */
    async nextBoardSlug(board: BoardRow): Promise<string | null> {
      const [row] = await db
        .select({ slug: boards.slug })
        .from(boards)
        .where(
          and(
            eq(boards.gameId, board.gameId),
            sql`${boards.sequence} > ${board.sequence}`,
            sql`${boards.lockedAt} is null`,
            sql`${boards.settledAt} is null`,
            sql`${boards.cancelledAt} is null`,
          ),
        )
        .orderBy(asc(boards.sequence))
        .limit(1);
      return row?.slug ?? null;
    },

    /** The board's cells with the holders' codes (nothing else about the holder). */
    async cells(boardId: string): Promise<{ cell: number; code: string; held?: true }[]> {
      const rows = await db
        .select({ cell: boardCells.cell, code: entries.code, status: entries.status })
        .from(boardCells)
        .innerJoin(entries, eq(boardCells.entryId, entries.id))
        .where(eq(boardCells.boardId, boardId))
        .orderBy(asc(boardCells.cell));
      return rows.map(({ cell, code, status }) => (status === 'held' ? { cell, code, held: true } : { cell, code }));
    },

    async entryCount(boardId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(entries)
        .where(and(eq(entries.boardId, boardId), sql`${entries.status} <> 'released'`));
      return row?.n ?? 0;
    },

    /**
     * Runs `work` in a transaction holding the board's advisory lock (the same lock `fangrid_claim`
     * takes), so scoring never interleaves with a claim on that board, on any server instance.
     */
    withBoardLock: <T>(boardId: string, work: (tx: Tx) => Promise<T>): Promise<T> => withBoardLock(db, boardId, work),

    results(boardId: string) {
      return db
        .select({ result: boardResults, code: entries.code })
        .from(boardResults)
        .leftJoin(entries, eq(boardResults.entryId, entries.id))
        .where(eq(boardResults.boardId, boardId));
    },

    /** Entries by ticket number or owner, newest first, with their board, game, cells and prizes won. */
    async entriesFor(filter: { tickets: string[]; userId: string | null }) {
      const conditions = [];
      if (filter.tickets.length > 0) conditions.push(inArray(entries.ticketNumber, filter.tickets));
      if (filter.userId) conditions.push(eq(entries.userId, filter.userId));
      if (conditions.length === 0) return [];
      const rows = await db
        .select({ entry: entries, board: boards, game: games, paymentStatus: payments.status })
        .from(entries)
        .innerJoin(boards, eq(entries.boardId, boards.id))
        .innerJoin(games, eq(boards.gameId, games.id))
        .leftJoin(payments, eq(entries.paymentId, payments.id))
        .where(or(...conditions))
        .orderBy(desc(entries.createdAt))
        .limit(200);
      if (rows.length === 0) return [];
      const ids = rows.map((r) => r.entry.id);
      const [cells, wins] = await readAll([
        () => db.select().from(boardCells).where(inArray(boardCells.entryId, ids)),
        () => db.select().from(boardResults).where(inArray(boardResults.entryId, ids)),
      ]);
      return rows.map((r) => ({
        ...r,
        cells: cells.filter((c) => c.entryId === r.entry.id).map((c) => c.cell),
        wins: wins.filter((w) => w.entryId === r.entry.id && w.prizeCents > 0),
      }));
    },
  };
}
export type BoardReads = ReturnType<typeof createBoardReads>;
