import { and, asc, desc, eq, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { AwardKind } from '../../../shared/contracts/awards';
import type { PrizeState } from '../../../shared/contracts/prizes';
import type { Db } from '../../db/client';
import { boardCells, boards, entries, games, prizes, user } from '../../db/schema';

export type PrizeRow = typeof prizes.$inferSelect;

/** A prize with what the ledger and the claim page show of its board and winner. */
export interface PrizeDetail {
  prize: PrizeRow;
  board: {
    id: string;
    slug: string;
    prizeTable: (typeof boards.$inferSelect)['prizeTable'];
    payoutMethods: string[];
    organizationId: string;
  };
  game: { teamA: string; teamB: string };
  entry: {
    id: string;
    code: string;
    nickname: string;
    phone: string | null;
    userId: string | null;
    amountCents: number | null;
  };
}

/** Which boards' prizes a read takes in: one board's, one organization's, or every one. */
export interface PrizeFilter {
  boardSlug?: string | undefined;
  organizationId?: string | undefined;
}

const boardsOf = (filter: PrizeFilter) => [
  filter.boardSlug ? eq(boards.slug, filter.boardSlug) : undefined,
  filter.organizationId ? eq(boards.organizationId, filter.organizationId) : undefined,
];

/** SQL for prizes. Boards, games and entries are read (never written) to describe a prize. */
export function createPrizesRepo(db: Db) {
  const detailColumns = {
    prize: prizes,
    board: {
      id: boards.id,
      slug: boards.slug,
      prizeTable: boards.prizeTable,
      payoutMethods: boards.payoutMethods,
      organizationId: boards.organizationId,
    },
    game: { teamA: games.teamA, teamB: games.teamB },
    entry: {
      id: entries.id,
      code: entries.code,
      nickname: entries.nickname,
      phone: entries.phone,
      userId: entries.userId,
      amountCents: entries.amountCents,
    },
  };
  const details = (q: Db, where: SQL | undefined) =>
    q
      .select(detailColumns)
      .from(prizes)
      .innerJoin(boards, eq(prizes.boardId, boards.id))
      .innerJoin(games, eq(boards.gameId, games.id))
      .innerJoin(entries, eq(prizes.entryId, entries.id))
      .where(where)
      .orderBy(desc(prizes.createdAt), asc(prizes.period));

  return {
    async detail(id: string, q: Db = db): Promise<PrizeDetail | undefined> {
      const [row] = await details(q, eq(prizes.id, id));
      return row;
    },

    /** The prizes of one board or all, of one organization's boards (`organizationId`) or every one. */
    list(filter: PrizeFilter & { state?: PrizeState; needsReview?: boolean }): Promise<PrizeDetail[]> {
      const where = and(
        ...boardsOf(filter),
        filter.state ? eq(prizes.state, filter.state) : undefined,
        filter.needsReview ? isNotNull(prizes.reviewNote) : undefined,
      );
      return details(db, where);
    },

    ofEntries(entryIds: string[], q: Db = db): Promise<PrizeDetail[]> {
      if (entryIds.length === 0) return Promise.resolve([]);
      return details(q, inArray(prizes.entryId, entryIds));
    },

    async totals(filter: PrizeFilter = {}) {
      const rows = await db
        .select({ state: prizes.state, cents: sql<number>`coalesce(sum(${prizes.prizeCents}), 0)::int` })
        .from(prizes)
        .innerJoin(boards, eq(prizes.boardId, boards.id))
        .where(and(...boardsOf(filter)))
        .groupBy(prizes.state);
      const of = (...states: PrizeState[]) =>
        rows.filter((r) => states.includes(r.state)).reduce((sum, r) => sum + Number(r.cents), 0);
      return {
        owedCents: of('unclaimed', 'claimed'),
        paidCents: of('paid'),
        givenBackCents: of('given-back'),
        expiredCents: of('expired'),
      };
    },

    async board(q: Db, boardId: string) {
      const [row] = await q
        .select({ board: boards, game: games })
        .from(boards)
        .innerJoin(games, eq(boards.gameId, games.id))
        .where(eq(boards.id, boardId));
      return row;
    },

    /** The email of the account an entry belongs to. */
    async emailOf(q: Db, userId: string): Promise<string | undefined> {
      const [row] = await q.select({ email: user.email }).from(user).where(eq(user.id, userId));
      return row?.email;
    },

    /** The email of each of these accounts that has one. */
    async emailsOf(q: Db, userIds: readonly string[]): Promise<Map<string, string>> {
      if (userIds.length === 0) return new Map();
      const rows = await q
        .select({ id: user.id, email: user.email })
        .from(user)
        .where(inArray(user.id, [...new Set(userIds)]));
      return new Map(rows.map((r) => [r.id, r.email]));
    },

    async entry(q: Db, entryId: string) {
      const [row] = await q.select().from(entries).where(eq(entries.id, entryId));
      return row;
    },

    /** The board's seated entries with their cells (for the digits texted at lock). */
    async seatedEntries(q: Db, boardId: string) {
      const rows = await q
        .select({ entry: entries, cell: boardCells.cell })
        .from(boardCells)
        .innerJoin(entries, eq(boardCells.entryId, entries.id))
        .where(and(eq(boardCells.boardId, boardId), eq(entries.status, 'confirmed')))
        .orderBy(asc(entries.createdAt), asc(boardCells.cell));
      const byEntry = new Map<string, { entry: typeof entries.$inferSelect; cells: number[] }>();
      for (const r of rows) {
        const found = byEntry.get(r.entry.id) ?? { entry: r.entry, cells: [] };
        found.cells.push(r.cell);
        byEntry.set(r.entry.id, found);
      }
      return [...byEntry.values()];
    },

    /** The board's prize for one award (its period and kind), locked for the rest of the transaction. */
    async forPeriod(q: Db, boardId: string, period: string, kind: AwardKind) {
      const [row] = await q
        .select()
        .from(prizes)
        .where(and(eq(prizes.boardId, boardId), eq(prizes.period, period), eq(prizes.kind, kind)))
        .for('update');
      return row;
    },

    async insert(q: Db, row: typeof prizes.$inferInsert) {
      const [made] = await q.insert(prizes).values(row).onConflictDoNothing().returning();
      return made;
    },

    async update(q: Db, id: string, set: Partial<typeof prizes.$inferInsert>, onlyIn?: PrizeState[]) {
      const [row] = await q
        .update(prizes)
        .set(set)
        .where(and(eq(prizes.id, id), onlyIn ? inArray(prizes.state, onlyIn) : undefined))
        .returning();
      return row;
    },

    /** Clears a prize's review note; the row when there was one to clear (locked by the update). */
    async clearReview(q: Db, id: string) {
      const [row] = await q
        .update(prizes)
        .set({ reviewNote: null })
        .where(and(eq(prizes.id, id), isNotNull(prizes.reviewNote)))
        .returning({ id: prizes.id });
      return row;
    },

    async remove(q: Db, id: string) {
      await q.delete(prizes).where(eq(prizes.id, id));
    },

    /** Unclaimed prizes whose claim window has ended become expired; returns them. */
    expireDue(q: Db, now: Date) {
      return q
        .update(prizes)
        .set({ state: 'expired', codeHash: null, codeExpiresAt: null })
        .where(and(eq(prizes.state, 'unclaimed'), lte(prizes.expiresAt, now)))
        .returning({
          id: prizes.id,
          boardId: prizes.boardId,
          period: prizes.period,
          boardSlug: sql<string>`(select ${boards.slug} from ${boards} where ${boards.id} = ${prizes.boardId})`,
        });
    },
  };
}
export type PrizesRepo = ReturnType<typeof createPrizesRepo>;
