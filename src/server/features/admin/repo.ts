import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { auditLog, boardCells, boardResults, boards, entries, games, loginAttempts } from '../../db/schema';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Money an entry stands for: its support amount plus its donation commitment (the CSV's Donation Amount). */
const totalCents = sql<number>`(coalesce(${entries.amountCents}, 0) + coalesce(${entries.donationCommitmentCents}, 0))::int`;
/** Of that, what is in hand: a collected pledge, or a paid board's amount paid through checkout. */
const collectedCents = sql<number>`(case
  when ${entries.pledgeCollectedAt} is not null then coalesce(${entries.amountCents}, 0) + coalesce(${entries.donationCommitmentCents}, 0)
  when ${boards.paymentRequired} and ${entries.paymentId} is not null then coalesce(${entries.amountCents}, 0)
  else 0 end)::int`;
/** Entries that count in the totals: confirmed (not a hold), on a board that was not cancelled. */
const counted = and(eq(entries.status, 'confirmed'), sql`${boards.cancelledAt} is null`);
const live = sql`${entries.status} <> 'released'`;
const teamSupportKey = sql<string>`coalesce(nullif(trim(${entries.teamSupport}), ''), 'Not specified')`;

const entryColumns = {
  entry: entries,
  board: {
    slug: boards.slug,
    paymentRequired: boards.paymentRequired,
    lockedAt: boards.lockedAt,
    settledAt: boards.settledAt,
    cancelledAt: boards.cancelledAt,
  },
  game: { teamA: games.teamA, teamB: games.teamB, startsAt: games.startsAt },
  cells: sql<
    number[]
  >`coalesce((select array_agg(c.cell order by c.cell) from ${boardCells} c where c.entry_id = ${entries.id}), '{}')`,
};

/** Keyset position in newest-first order: `<ISO time>_<id>`. */
export interface Cursor {
  at: Date;
  id: string;
}

/** Rows after `cursor` in (time desc, id desc) order; a row comparison, so the (time, id) index serves it. */
const after = (at: AnyPgColumn, id: AnyPgColumn, cursor?: Cursor): SQL | undefined =>
  cursor ? sql`(${at}, ${id}) < (${cursor.at}, ${cursor.id}::uuid)` : undefined;

/** SQL of the admin dashboards: reads across boards and entries, and the audit log. */
export function createAdminRepo(db: Db) {
  return {
    /** Live (not released) entries, newest first, one keyset page at a time. */
    entriesPage(filter: { boardSlug?: string; cursor?: Cursor; limit: number }, q: Db | Tx = db) {
      return q
        .select(entryColumns)
        .from(entries)
        .innerJoin(boards, eq(entries.boardId, boards.id))
        .innerJoin(games, eq(boards.gameId, games.id))
        .where(
          and(
            live,
            filter.boardSlug ? eq(boards.slug, filter.boardSlug) : undefined,
            after(entries.createdAt, entries.id, filter.cursor),
          ),
        )
        .orderBy(desc(entries.createdAt), desc(entries.id))
        .limit(filter.limit);
    },

    async entryById(id: string, q: Db | Tx = db) {
      const [row] = await q
        .select(entryColumns)
        .from(entries)
        .innerJoin(boards, eq(entries.boardId, boards.id))
        .innerJoin(games, eq(boards.gameId, games.id))
        .where(and(eq(entries.id, id), live));
      return row;
    },

    async kpis(since: Date) {
      const [totals, perBoard, perTeam, overTime] = await Promise.all([
        db
          .select({
            n: count(),
            total: sql<number>`coalesce(sum(${totalCents}), 0)::int`,
            collected: sql<number>`coalesce(sum(${collectedCents}), 0)::int`,
            boards: sql<number>`count(distinct ${boards.id})::int`,
          })
          .from(entries)
          .innerJoin(boards, eq(entries.boardId, boards.id))
          .where(counted),
        db
          .select({
            slug: boards.slug,
            teamA: games.teamA,
            teamB: games.teamB,
            startsAt: games.startsAt,
            lockedAt: boards.lockedAt,
            settledAt: boards.settledAt,
            cancelledAt: boards.cancelledAt,
            n: sql<number>`count(${entries.id}) filter (where ${entries.status} = 'confirmed')::int`,
            total: sql<number>`coalesce(sum(${totalCents}) filter (where ${entries.status} = 'confirmed'), 0)::int`,
          })
          .from(boards)
          .innerJoin(games, eq(boards.gameId, games.id))
          .leftJoin(entries, eq(entries.boardId, boards.id))
          .groupBy(boards.id, games.id)
          .orderBy(desc(games.startsAt), asc(boards.sequence)),
        db
          .select({ team: teamSupportKey, n: count(), total: sql<number>`coalesce(sum(${totalCents}), 0)::int` })
          .from(entries)
          .innerJoin(boards, eq(entries.boardId, boards.id))
          .where(counted)
          .groupBy(teamSupportKey)
          .orderBy(desc(count()), asc(teamSupportKey)),
        db
          .select({
            day: sql<string>`to_char(${entries.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
            n: count(),
            total: sql<number>`coalesce(sum(${totalCents}), 0)::int`,
          })
          .from(entries)
          .innerJoin(boards, eq(entries.boardId, boards.id))
          .where(and(counted, sql`${entries.createdAt} >= ${since}`))
          .groupBy(sql`1`)
          .orderBy(sql`1`),
      ]);
      return { totals: totals[0], perBoard, perTeam, overTime };
    },

    loginAttemptsPage(limit: number, cursor?: Cursor) {
      return db
        .select()
        .from(loginAttempts)
        .where(after(loginAttempts.timestamp, loginAttempts.id, cursor))
        .orderBy(desc(loginAttempts.timestamp), desc(loginAttempts.id))
        .limit(limit);
    },

    async loginAttemptCount() {
      const [row] = await db.select({ n: count() }).from(loginAttempts);
      return row?.n ?? 0;
    },

    /** Every board with its game and how many live entries it holds, newest game first. */
    boardList(filter: { slug?: string } = {}, q: Db | Tx = db) {
      return q
        .select({
          board: boards,
          game: games,
          entryCount: sql<number>`(select count(*) from ${entries} e where e.board_id = ${boards.id} and e.status <> 'released')::int`,
        })
        .from(boards)
        .innerJoin(games, eq(boards.gameId, games.id))
        .where(filter.slug ? eq(boards.slug, filter.slug) : undefined)
        .orderBy(desc(games.startsAt), asc(games.slug), asc(boards.sequence));
    },

    gameList() {
      return db.select().from(games).orderBy(desc(games.startsAt), asc(games.slug));
    },

    /** Scored periods of a board with the winning entry's contact details (admins only). */
    winners(boardId: string) {
      return db
        .select({
          result: boardResults,
          code: entries.code,
          nickname: entries.nickname,
          phone: entries.phone,
          ticketNumber: entries.ticketNumber,
        })
        .from(boardResults)
        .leftJoin(entries, eq(boardResults.entryId, entries.id))
        .where(eq(boardResults.boardId, boardId));
    },

    async audit(
      q: Db | Tx,
      event: { at: Date; actor: string; action: string; target: string; before: unknown; after: unknown },
    ) {
      await q.insert(auditLog).values({
        ...event,
        before: event.before ?? null,
        after: event.after ?? null,
      });
    },

    auditPage(limit: number) {
      return db.select().from(auditLog).orderBy(desc(auditLog.seq)).limit(limit);
    },
  };
}
export type AdminRepo = ReturnType<typeof createAdminRepo>;
