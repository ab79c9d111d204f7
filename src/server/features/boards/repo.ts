import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { type BoardLockedEvent, type BoardScoredEvent, boardTopic } from '../../../shared/contracts/board-events';
import { legalSettingsOf } from '../../../shared/domain/legal';
import type { Db } from '../../db/client';
import { oneRow } from '../../db/one-row';
import { preparedOnce } from '../../db/prepared-once';
import { readsOn } from '../../db/reads';
import { boardCells, boardResultLog, boardResults, boards, entries, games, payments, user } from '../../db/schema';
import { type CountValues, rateCountQuery } from '../../platform/rate-limit';
import { publishBoardEvent } from './events';

export type BoardRow = typeof boards.$inferSelect;
export type ClaimResult =
  | { status: 'ok'; id: string; code: string; cells: number[]; count: number }
  | { status: 'replay'; id: string; code: string; ticket: string; amount: number | null; cells: number[] }
  | { status: 'full' }
  | { status: 'phone-limit'; limit: number }
  | { status: 'free-person-limit'; limit: number }
  | { status: 'free-board-limit'; limit: number }
  | { status: 'no-code' };

/** A free entry's limits (sweepstakes), counted in the claim under the board's lock; null: not a free entry. */
export interface FreeEntryLimits {
  perPerson: number;
  perBoard: number | null;
}

export type GameRow = typeof games.$inferSelect;
export type NewEntry = typeof entries.$inferInsert;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Sets the board's lock time unless it has one; only a board this locks announces `locked`. */
async function lockOnce(tx: Tx, boardId: string, now: Date, draw: BoardLockedEvent) {
  const locked = await tx
    .update(boards)
    .set({ lockedAt: now })
    .where(and(eq(boards.id, boardId), sql`${boards.lockedAt} is null`))
    .returning({ id: boards.id });
  if (locked.length > 0) await publishBoardEvent(tx, boardId, 'locked', draw);
}

/** fangrid_claim's arguments, in its order; each is a value or a placeholder of the same name. */
const claimArgNames = [
  'board',
  'cells',
  'capacity',
  'topic',
  'user',
  'phone',
  'nickname',
  'codes',
  'amount',
  'teamSupport',
  'organization',
  'referral',
  'gameCode',
  'ticket',
  'idempotencyKey',
  'created',
  'heldUntil',
  'phoneLimit',
  'free',
  'freePerPerson',
  'freePerBoard',
  'state',
  'ageConfirmedAt',
  'rulesAcceptedAt',
] as const;
type ClaimArgs = Record<(typeof claimArgNames)[number], unknown>;

/** The call of fangrid_claim with its arguments cast to the function's parameter types. */
function claimCall(a: ClaimArgs) {
  return sql`fangrid_claim(${a.board}::uuid, ${a.cells}::int, ${a.capacity}::int, ${a.topic}::text,
    ${a.user}::text, ${a.phone}::text, ${a.nickname}::text, ${a.codes}::text[], ${a.amount}::int,
    ${a.teamSupport}::text, ${a.organization}::text, ${a.referral}::text, ${a.gameCode}::text, ${a.ticket}::text,
    ${a.idempotencyKey}::text, ${a.created}::timestamptz, ${a.heldUntil}::timestamptz, ${a.phoneLimit}::int,
    ${a.free}::boolean, ${a.freePerPerson}::int, ${a.freePerBoard}::int, ${a.state}::text,
    ${a.ageConfirmedAt}::timestamptz, ${a.rulesAcceptedAt}::timestamptz)`;
}

/** fangrid_claim returns json: the parsed object, or its text where the driver leaves json unparsed. */
const claimResult = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as ClaimResult;

/** SQL for boards, entries and cells. */
export function createBoardsRepo(db: Db) {
  /**
   * The board and its game, by slug or by id. Every entry, view and live stream reads it, so the query is
   * built once per repo and sent as a named prepared statement: building the select of the two tables'
   * columns on every request cost more CPU than the rest of an entry's work in the server.
   */
  const boardWithGame = (by: 'slug' | 'id') =>
    preparedOnce(() =>
      db
        .select()
        .from(boards)
        .innerJoin(games, eq(boards.gameId, games.id))
        .where(eq(boards[by], sql.placeholder('key')))
        .prepare(`boards_with_game_by_${by}`),
    );
  const prepared = { slug: boardWithGame('slug'), id: boardWithGame('id') };
  /**
   * An entry counted against its address's budget and claimed in one statement: the rate limiter's counting
   * upsert as a CTE, then fangrid_claim only while the count is within the budget's `max`. One round trip and
   * one commit instead of two of each, on the path every fan's entry takes.
   */
  const claimWithinBudget = preparedOnce(() => {
    const budget = db.$with('budget').as(rateCountQuery(db, false));
    const placeholders = Object.fromEntries(claimArgNames.map((name) => [name, sql.placeholder(name)])) as ClaimArgs;
    return db
      .with(budget)
      .select({
        windowStart: budget.windowStart,
        result: sql<unknown>`case when ${budget.count} <= ${sql.placeholder('max')}::int then ${claimCall(placeholders)} end`,
      })
      .from(budget)
      .prepare('entry_claim_within_budget');
  });
  async function findBoardWithGame(by: 'slug' | 'id', key: string) {
    const [row] = await prepared[by]().execute({ key });
    return row ? { board: row.boards, game: row.games } : undefined;
  }

  const readAll = readsOn(db);

  return {
    /** Independent reads on this repo's database: side by side on a pool, in turn inside a transaction. */
    readAll,

    findBoard: (slug: string) => findBoardWithGame('slug', slug),

    findBoardById: (id: string) => findBoardWithGame('id', id),

    /** The id of each board with one of these slugs (a slug no board has is left out). */
    async boardIdsBySlug(slugs: readonly string[]): Promise<Map<string, string>> {
      if (slugs.length === 0) return new Map();
      const rows = await db
        .select({ id: boards.id, slug: boards.slug })
        .from(boards)
        .where(inArray(boards.slug, [...slugs]));
      return new Map(rows.map((r) => [r.slug, r.id]));
    },

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

    /**
     * In one statement, what a board's printable sheet shows beyond its own and its game's row: a digest of its
     * cells (code and hold), its scored periods (scores, cell, winner) and its entry count; and its last recorded
     * change, the latest of its own times (made, opened, locked, settled, cancelled), its entries' (made, a
     * hold's release) and its periods' (recorded, confirmed, corrected). The sheet prints that time as "as of",
     * so a printout says how current it is, not when it was rendered; the digest tells a cached sheet is current
     * without reading the whole board.
     */
    async sheetDigest(boardId: string): Promise<{ digest: string; changedAt: Date }> {
      const [row] = await db
        .select({
          digest: sql<string>`md5(concat_ws('|',
            (select string_agg(c.cell || ':' || e.code || ':' || e.status, ',' order by c.cell)
               from ${boardCells} c join ${entries} e on e.id = c.entry_id where c.board_id = ${boardId}),
            (select string_agg(concat_ws(':', r.period, r.team_a_score, r.team_b_score, r.cell, r.entry_id), ','
                 order by r.period)
               from ${boardResults} r where r.board_id = ${boardId}),
            (select count(*) from ${entries} e where e.board_id = ${boardId} and e.status <> 'released')
          ))`,
          ms: sql<number>`extract(epoch from greatest(
            ${boards.createdAt}, ${boards.openedAt}, ${boards.lockedAt}, ${boards.settledAt}, ${boards.cancelledAt},
            (select max(greatest(e.created_at, case when e.status = 'released' then e.held_until end))
               from ${entries} e where e.board_id = ${boardId}),
            (select max(greatest(r.recorded_at, r.confirmed_at, r.corrected_at))
               from ${boardResults} r where r.board_id = ${boardId})
          )) * 1000`.mapWith(Number),
        })
        .from(boards)
        .where(eq(boards.id, boardId));
      return { digest: row?.digest ?? '', changedAt: new Date(Math.round(row?.ms ?? 0)) };
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
    withBoardLock<T>(boardId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${boardId}))`);
        return work(tx);
      });
    },

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
     * With `budget` (the values of the rate limiter's count, platform/rate-limit.ts countValues) the same
     * statement first counts the entry against its address's budget and claims only within it: `result` is
     * null past the budget, and nothing is created. `budgetWindow` is the start of the window counted in.
     */
    async claim(
      e: Omit<NewEntry, 'code'>,
      codes: string[],
      cellCount: number,
      capacity: number,
      heldUntil: Date | null = null,
      phoneLimit: number | null = null,
      free: FreeEntryLimits | null = null,
      budget: CountValues | null = null,
    ): Promise<{ result: ClaimResult | null; budgetWindow: Date | null }> {
      const args: ClaimArgs = {
        board: e.boardId,
        cells: cellCount,
        capacity,
        topic: boardTopic(e.boardId),
        user: e.userId ?? null,
        phone: e.phone,
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
        heldUntil,
        phoneLimit,
        free: free !== null,
        freePerPerson: free?.perPerson ?? null,
        freePerBoard: free?.perBoard ?? null,
        state: e.state ?? null,
        ageConfirmedAt: e.ageConfirmedAt ?? null,
        rulesAcceptedAt: e.rulesAcceptedAt ?? null,
      };
      if (budget) {
        const [row] = await claimWithinBudget().execute({ ...budget, ...args });
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

    /** An organizer added this entry, with the entrant's email when they gave one. */
    markAddedByAdmin: (entryId: string, email: string | null = null) =>
      db.update(entries).set({ addedByAdmin: true, email }).where(eq(entries.id, entryId)),

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
      const rows = await db
        .update(entries)
        .set({ cashReturnedAt: at })
        .where(
          and(
            eq(entries.id, entryId),
            sql`${entries.cashToReturnAt} is not null`,
            sql`${entries.cashReturnedAt} is null`,
          ),
        )
        .returning({ id: entries.id });
      return rows.length > 0;
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
      const rows = await db
        .update(entries)
        .set({ pledgeCollectedAt: at })
        .where(
          and(eq(entries.id, entryId), sql`${entries.pledgeCollectedAt} is null`, sql`${entries.removedAt} is null`),
        )
        .returning({ id: entries.id });
      return rows.length > 0;
    },

    /**
     * Undoes 'collected' on the entry's pledge if it is marked and not owed back as cash to return; answers
     * whether this call undid it.
     */
    async clearPledgeCollected(entryId: string): Promise<boolean> {
      const rows = await db
        .update(entries)
        .set({ pledgeCollectedAt: null })
        .where(
          and(
            eq(entries.id, entryId),
            sql`${entries.pledgeCollectedAt} is not null`,
            sql`${entries.cashToReturnAt} is null`,
          ),
        )
        .returning({ id: entries.id });
      return rows.length > 0;
    },

    /**
     * Opens the board now ('Open now') unless it was opened early already, or locked, settled or cancelled;
     * answers whether this call opened it. Live viewers are told to re-read the board (`resync`), which now
     * takes entries.
     */
    async setOpened(boardId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(boards)
        .set({ openedAt: now })
        .where(
          and(
            eq(boards.id, boardId),
            sql`${boards.openedAt} is null`,
            sql`${boards.lockedAt} is null`,
            sql`${boards.settledAt} is null`,
            sql`${boards.cancelledAt} is null`,
          ),
        )
        .returning({ id: boards.id });
      if (rows.length > 0) await publishBoardEvent(db, boardId, 'resync', {});
      return rows.length > 0;
    },

    async gameById(id: string) {
      return (await db.select().from(games).where(eq(games.id, id)))[0];
    },

    async gameByFeedId(feedId: string) {
      return (await db.select().from(games).where(eq(games.feedId, feedId)).orderBy(asc(games.startsAt)))[0];
    },

    async slugTaken(table: 'boards' | 'games', slug: string) {
      const t = table === 'boards' ? boards : games;
      const [row] = await db.select({ n: count() }).from(t).where(eq(t.slug, slug));
      return (row?.n ?? 0) > 0;
    },

    async insertGame(game: typeof games.$inferInsert) {
      return oneRow(await db.insert(games).values(game).returning(), 'insertGame');
    },

    async nextSequence(gameId: string) {
      const [row] = await db
        .select({ max: sql<number>`coalesce(max(${boards.sequence}), 0)::int` })
        .from(boards)
        .where(eq(boards.gameId, gameId));
      return (row?.max ?? 0) + 1;
    },

    async insertBoard(board: typeof boards.$inferInsert) {
      return oneRow(await db.insert(boards).values(board).returning(), 'insertBoard');
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
      return this.withBoardLock(boardId, async (tx) => {
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
      const rows = await db
        .update(entries)
        .set({ donationCommitmentCents: cents })
        .where(and(eq(entries.id, entryId), sql`${entries.pledgeCollectedAt} is null`))
        .returning({ id: entries.id });
      return rows.length > 0;
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

    async setGameStart(gameId: string, startsAt: Date, opensAt: Date | null) {
      await db.update(games).set({ startsAt, opensAt }).where(eq(games.id, gameId));
    },

    async logResultChange(tx: Tx, change: typeof boardResultLog.$inferInsert) {
      await tx.insert(boardResultLog).values(change);
    },

    /** Sets what the board's entrants are told; answers whether it changed (the same notice is told once). */
    async setNotice(boardId: string, notice: string): Promise<boolean> {
      const rows = await db
        .update(boards)
        .set({ notice })
        .where(and(eq(boards.id, boardId), sql`${boards.notice} is distinct from ${notice}`))
        .returning({ id: boards.id });
      return rows.length > 0;
    },

    async setFeedProblem(boardId: string, problem: string | null) {
      await db
        .update(boards)
        .set({ feedProblem: problem })
        .where(and(eq(boards.id, boardId), sql`${boards.feedProblem} is distinct from ${problem}`));
    },

    async setManualScoring(boardId: string, manual: boolean) {
      await db.update(boards).set({ manualScoring: manual }).where(eq(boards.id, boardId));
    },

    /** Marks a scored period confirmed (once); answers whether this call confirmed it. */
    async confirmResult(boardId: string, period: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(boardResults)
        .set({ confirmedAt: now })
        .where(
          and(
            eq(boardResults.boardId, boardId),
            eq(boardResults.period, period),
            sql`${boardResults.confirmedAt} is null`,
          ),
        )
        .returning({ period: boardResults.period });
      return rows.length > 0;
    },

    async markCorrected(tx: Tx, boardId: string, period: string, now: Date) {
      await tx
        .update(boardResults)
        .set({ correctedAt: now })
        .where(and(eq(boardResults.boardId, boardId), eq(boardResults.period, period)));
    },

    /** The email of each signed-in account holding an entry on the board (each once). */
    async entrantEmails(boardId: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ email: user.email })
        .from(entries)
        .innerJoin(user, eq(entries.userId, user.id))
        .where(and(eq(entries.boardId, boardId), sql`${entries.status} <> 'released'`));
      return rows.map((r) => r.email).filter((e) => e.includes('@'));
    },

    /**
     * Boards whose game has started (by its stored start time) that nobody has locked, cancelled or settled
     * yet, oldest start first, at most `limit`.
     */
    async boardsDueToLock(now: Date, limit: number): Promise<{ slug: string }[]> {
      return db
        .select({ slug: boards.slug })
        .from(boards)
        .innerJoin(games, eq(boards.gameId, games.id))
        .where(
          and(
            sql`${boards.lockedAt} is null`,
            sql`${boards.cancelledAt} is null`,
            sql`${boards.voidedAt} is null`,
            sql`${boards.settledAt} is null`,
            sql`${games.startsAt} <= ${now}`,
          ),
        )
        .orderBy(asc(games.startsAt), asc(boards.slug))
        .limit(limit);
    },

    /** The boards of a game that are not cancelled or voided. */
    async liveBoardsOfGame(gameId: string) {
      return db
        .select({ id: boards.id, slug: boards.slug })
        .from(boards)
        .where(and(eq(boards.gameId, gameId), sql`${boards.cancelledAt} is null`, sql`${boards.voidedAt} is null`))
        .orderBy(asc(boards.slug));
    },

    /** Locks the board (once) and, in the same transaction, tells live viewers its revealed draw. */
    async setLocked(boardId: string, now: Date, draw: BoardLockedEvent) {
      await db.transaction(async (tx) => {
        await lockOnce(tx, boardId, now, draw);
      });
    },

    async setSettled(tx: Tx, boardId: string, now: Date | null) {
      await tx.update(boards).set({ settledAt: now }).where(eq(boards.id, boardId));
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
export type BoardsRepo = ReturnType<typeof createBoardsRepo>;
