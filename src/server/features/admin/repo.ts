import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  auditLog,
  boardCells,
  boardResults,
  boards,
  entries,
  games,
  loginAttempts,
  payments,
  prizes,
  user,
} from '../../db/schema';
import { type AuditRecord, writeAudit } from '../../platform/audit';
import { createGiftReads } from './gift-reads';
import { type BoardScope, boardScopeSql, type DemoBoardMarkers, isDemoBoardSql, noDemoMarkers } from './scope';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/*
 * What the KPIs count, one rule for the totals, the per-board table, the per-team table and the days alike:
 * - An entry counts once it is confirmed (a hold is not an entry yet; a released hold never was one, and an entry
 *   an organizer removed is released too) and its board was not cancelled. Holds are shown apart (heldEntries),
 *   and so are a cancelled board's confirmed entries (cancelledEntries).
 * - Its money is its support amount plus the gift pledged on it. Of that, what is in hand: the amount paid
 *   through checkout (a payment that is still paid, not refunded) plus, once an organizer marked the pledge
 *   collected, what was pledged outside checkout (the gift, and the amount when there was no checkout).
 * - Where each board's money went (raised, prizes, kept, refunded, to return) is its ledger (features/admin/
 *   ledger.ts, rules in shared/domain/ledger.ts), the one the CSVs read: prizes are those paid or still owed
 *   (unclaimed or claimed), a prize given back or expired stays with the organization, and what it keeps is the
 *   money in hand of the entries that stand less those prizes.
 * - A board in a `BoardScope` (admin/scope.ts) is in every table, or in none (KPIs can leave demo boards out).
 * The totals are the sums of the per-board rows (kpis.ts), so the two always agree.
 */

/** Money an entry's row stands for: its support amount plus the gift pledged on it (kept apart in the CSV). */
const totalCents = sql<number>`(coalesce(${entries.amountCents}, 0) + coalesce(${entries.donationCommitmentCents}, 0))::int`;
/** Of that, what is in hand: the checkout payment while it stands, and a pledge once marked collected. */
const collectedCents = sql<number>`((case when ${payments.status} = 'paid' then coalesce(${entries.amountCents}, 0) else 0 end)
  + (case when ${entries.pledgeCollectedAt} is not null
      then coalesce(${entries.donationCommitmentCents}, 0) + (case when ${entries.paymentId} is null then coalesce(${entries.amountCents}, 0) else 0 end)
      else 0 end))::int`;
/** Entries that count: confirmed (not a hold), on a board that was not cancelled. */
const counted = sql`(${entries.status} = 'confirmed' and ${boards.cancelledAt} is null)`;
/** Confirmed entries of a cancelled board: shown apart. */
const cancelledEntry = sql`(${entries.status} = 'confirmed' and ${boards.cancelledAt} is not null)`;
/**
 * Entries the admin lists show: those on their board (not a released hold, not deleted) and those an organizer
 * refunded and kept.
 */
const listed = sql`(${entries.status} <> 'released' or ${entries.removedHow} = 'refunded')`;
/** Collected cash owed back and not yet handed back (deleted entries included). */
const cashToReturn = sql`(${entries.cashToReturnAt} is not null and ${entries.cashReturnedAt} is null)`;
const teamSupportKey = sql<string>`coalesce(nullif(trim(${entries.teamSupport}), ''), 'Not specified')`;

const entryColumns = {
  entry: entries,
  board: {
    slug: boards.slug,
    paymentRequired: boards.paymentRequired,
    openedAt: boards.openedAt,
    lockedAt: boards.lockedAt,
    settledAt: boards.settledAt,
    cancelledAt: boards.cancelledAt,
    voidedAt: boards.voidedAt,
    prizeTable: boards.prizeTable,
  },
  game: { teamA: games.teamA, teamB: games.teamB, startsAt: games.startsAt, opensAt: games.opensAt },
  /** The status of the entry's checkout payment (null: no checkout). */
  paymentStatus: payments.status,
  /** The email of the account the entry belongs to (null: none). */
  accountEmail: user.email,
  /** Its checkout moved no real money (the local checkout, or a Stripe test session); null: no checkout. */
  testPayment: sql<boolean | null>`(${payments.provider} = 'local' or left(${payments.sessionId}, 8) = 'cs_test_')`,
  cells: sql<
    number[]
  >`coalesce((select array_agg(c.cell order by c.cell) from ${boardCells} c where c.entry_id = ${entries.id}), '{}')`,
  /** The periods the entry won, with their prizes (a cell whose prize rolled on is no win). */
  wins: sql<
    { period: string; prizeCents: number }[]
  >`coalesce((select json_agg(json_build_object('period', r.period, 'prizeCents', r.prize_cents)) from ${boardResults} r where r.entry_id = ${entries.id} and r.prize_cents > 0), '[]')`,
};

/** Keyset position in newest-first order: `<ISO time>_<id>`. */
export interface Cursor {
  at: Date;
  id: string;
}

/** Rows after `cursor` in (time desc, id desc) order; a row comparison, so the (time, id) index serves it. */
const after = (at: AnyPgColumn, id: AnyPgColumn, cursor?: Cursor): SQL | undefined =>
  cursor ? sql`(${at}, ${id}) < (${cursor.at}, ${cursor.id}::uuid)` : undefined;

/** Entries meeting `where`, each with its board, game, payment status, account email, cells and wins. */
const entryRows = (q: Db | Tx, ...where: (SQL | undefined)[]) =>
  q
    .select(entryColumns)
    .from(entries)
    .innerJoin(boards, eq(entries.boardId, boards.id))
    .innerJoin(games, eq(boards.gameId, games.id))
    .leftJoin(payments, eq(entries.paymentId, payments.id))
    .leftJoin(user, eq(entries.userId, user.id))
    .where(and(...where))
    .$dynamic();

/** Listed entries (see `listed`) meeting `where`. */
const liveEntries = (q: Db | Tx, ...where: (SQL | undefined)[]) => entryRows(q, listed, ...where);

/**
 * SQL of the admin dashboards: reads across boards and entries, and the audit log. `demoBoards` tells demo
 * boards apart (admin/scope.ts); without it no board is one. With an organization in `scope` (the organizer
 * API), every read of boards, entries, prizes, gifts and the audit log is of that organization's only: what is
 * another's is not found.
 */
export function createAdminRepo(db: Db, demoBoards: DemoBoardMarkers = noDemoMarkers, scope: BoardScope = {}) {
  const ownBoards = boardScopeSql({ organizationId: scope.organizationId }, demoBoards);
  return {
    ...createGiftReads(db, scope),
    /**
     * Listed entries newest first, one keyset page at a time; with `cashToReturn`, instead, every entry whose
     * collected cash is to be returned (deleted ones too).
     */
    entriesPage(
      filter: { boardSlug?: string; cursor?: Cursor; limit: number; cashToReturn?: boolean },
      q: Db | Tx = db,
    ) {
      return entryRows(
        q,
        ownBoards,
        filter.cashToReturn ? cashToReturn : listed,
        filter.boardSlug ? eq(boards.slug, filter.boardSlug) : undefined,
        after(entries.createdAt, entries.id, filter.cursor),
      )
        .orderBy(desc(entries.createdAt), desc(entries.id))
        .limit(filter.limit);
    },

    async entryById(id: string, q: Db | Tx = db) {
      const [row] = await liveEntries(q, ownBoards, eq(entries.id, id));
      return row;
    },

    /** An entry whether listed or not (a deleted one, a released hold), with what `entryById` gives. */
    async anyEntryById(id: string, q: Db | Tx = db) {
      const [row] = await entryRows(q, ownBoards, eq(entries.id, id));
      return row;
    },

    /** Live entries by id (any order), each with what `entryById` gives; ids with no live entry are left out. */
    entriesByIds(ids: string[], q: Db | Tx = db) {
      if (ids.length === 0) return Promise.resolve([]);
      return liveEntries(q, ownBoards, inArray(entries.id, ids));
    },

    /** The KPI rows under the one rule above, of the boards in `scope`: every board's columns, per team and per day. */
    async kpis(since: Date, within: BoardScope = {}) {
      const inScope = boardScopeSql({ ...within, organizationId: scope.organizationId }, demoBoards);
      const [perBoard, perTeam, overTime] = await Promise.all([
        db
          .select({
            slug: boards.slug,
            organization: boards.organization,
            demo: isDemoBoardSql(demoBoards),
            teamA: games.teamA,
            teamB: games.teamB,
            startsAt: games.startsAt,
            opensAt: games.opensAt,
            openedAt: boards.openedAt,
            lockedAt: boards.lockedAt,
            settledAt: boards.settledAt,
            cancelledAt: boards.cancelledAt,
            voidedAt: boards.voidedAt,
            entries: sql<number>`count(${entries.id}) filter (where ${counted})::int`,
            freeEntries: sql<number>`count(${entries.id}) filter (where ${counted} and ${entries.freeEntry})::int`,
            paidEntries: sql<number>`count(${entries.id}) filter (where ${counted} and not ${entries.freeEntry} and coalesce(${entries.amountCents}, 0) > 0)::int`,
            amountCents: sql<number>`coalesce(sum(${totalCents}) filter (where ${counted}), 0)::int`,
            collectedCents: sql<number>`coalesce(sum(${collectedCents}) filter (where ${counted}), 0)::int`,
            heldEntries: sql<number>`count(${entries.id}) filter (where ${entries.status} = 'held')::int`,
            cancelledEntries: sql<number>`count(${entries.id}) filter (where ${cancelledEntry})::int`,
          })
          .from(boards)
          .innerJoin(games, eq(boards.gameId, games.id))
          .leftJoin(entries, eq(entries.boardId, boards.id))
          .leftJoin(payments, eq(entries.paymentId, payments.id))
          .where(inScope)
          .groupBy(boards.id, games.id)
          .orderBy(desc(games.startsAt), asc(boards.sequence)),
        db
          .select({ team: teamSupportKey, n: count(), total: sql<number>`coalesce(sum(${totalCents}), 0)::int` })
          .from(entries)
          .innerJoin(boards, eq(entries.boardId, boards.id))
          .where(and(counted, inScope))
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
          .where(and(counted, inScope, sql`${entries.createdAt} >= ${since}`))
          .groupBy(sql`1`)
          .orderBy(sql`1`),
      ]);
      return { perBoard, perTeam, overTime };
    },

    /** Prizes of the boards in `scope` that a re-scoring flagged after they were claimed, not yet reviewed. */
    async prizesNeedingReview(within: BoardScope = {}) {
      const [row] = await db
        .select({ n: count() })
        .from(prizes)
        .innerJoin(boards, eq(prizes.boardId, boards.id))
        .where(
          and(
            sql`${prizes.reviewNote} is not null`,
            boardScopeSql({ ...within, organizationId: scope.organizationId }, demoBoards),
          ),
        );
      return row?.n ?? 0;
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
        .where(and(ownBoards, filter.slug ? eq(boards.slug, filter.slug) : undefined))
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

    audit: (q: Db | Tx, event: AuditRecord) => writeAudit(q, event),

    auditPage(limit: number) {
      return db
        .select()
        .from(auditLog)
        .where(scope.organizationId ? eq(auditLog.organizationId, scope.organizationId) : undefined)
        .orderBy(desc(auditLog.seq))
        .limit(limit);
    },
  };
}
export type AdminRepo = ReturnType<typeof createAdminRepo>;
