import { and, asc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { findRow } from '../../db/find-row';
import { boards, feedGames, games } from '../../db/schema';

export type FeedGameRow = typeof feedGames.$inferSelect;

/** SQL for the stored feed schedule. The feed feature alone writes `feed_games`; it only reads boards and games. */
export function createFeedRepo(db: Db) {
  return {
    find(league: string, eventId: string): Promise<FeedGameRow | undefined> {
      return findRow(db, feedGames, and(eq(feedGames.league, league), eq(feedGames.eventId, eventId)));
    },

    async byFeedId(feedId: string): Promise<FeedGameRow | undefined> {
      const [league, ...rest] = feedId.split(':');
      return league && rest.length > 0 ? this.find(league, rest.join(':')) : undefined;
    },

    /** A league's games starting at or after `from`, earliest first. */
    async list(league: string, from: Date): Promise<FeedGameRow[]> {
      return db
        .select()
        .from(feedGames)
        .where(and(eq(feedGames.league, league), gte(feedGames.startsAt, from)))
        .orderBy(asc(feedGames.startsAt), asc(feedGames.eventId));
    },

    /** Inserts or refreshes one game as read; `snapshot` undefined keeps the last usable one. */
    async upsert(row: typeof feedGames.$inferInsert): Promise<void> {
      const { league, eventId, ...rest } = row;
      await db
        .insert(feedGames)
        .values(row)
        .onConflictDoUpdate({
          target: [feedGames.league, feedGames.eventId],
          set: {
            ...rest,
            // The first time the feed shows the game final starts its correction window; later reads keep it.
            finalAt: sql`coalesce(${feedGames.finalAt}, excluded.final_at)`,
            snapshot: row.snapshot === undefined ? sql`${feedGames.snapshot}` : sql`excluded.snapshot`,
            snapshotAt: row.snapshot === undefined ? sql`${feedGames.snapshotAt}` : sql`excluded.snapshot_at`,
            // The first read showing the game suspended starts its suspension; any other status ends it.
            suspendedAt: sql`case when excluded.status = 'suspended' then coalesce(${feedGames.suspendedAt}, excluded.suspended_at) end`,
          },
        });
    },

    /**
     * The feed-scored boards of a league that need the feed now: not cancelled, open (from `opensBefore` ahead
     * of the start) or in play, and not past the correction window after the final.
     */
    async liveBoards(league: string, now: Date, opensBeforeMs: number, correctionMs: number) {
      return db
        .select({ board: boards, game: games, feed: feedGames })
        .from(boards)
        .innerJoin(games, eq(boards.gameId, games.id))
        .innerJoin(
          feedGames,
          and(eq(feedGames.league, league), sql`${games.feedId} = ${feedGames.league} || ':' || ${feedGames.eventId}`),
        )
        .where(
          and(
            isNull(boards.cancelledAt),
            // A voided board awards nothing more: the feed leaves it alone.
            isNull(boards.voidedAt),
            // A board switched to manual scoring is the organizer's alone.
            eq(boards.manualScoring, false),
            lte(games.startsAt, new Date(now.getTime() + opensBeforeMs)),
            or(isNull(feedGames.finalAt), gte(feedGames.finalAt, new Date(now.getTime() - correctionMs))),
          ),
        )
        .orderBy(asc(boards.slug));
    },

    /**
     * The feed-scored boards still in play (not cancelled, voided or settled) whose game the feed has shown
     * suspended since `before` or earlier.
     */
    async boardsSuspendedSince(before: Date): Promise<{ slug: string }[]> {
      return db
        .select({ slug: boards.slug })
        .from(boards)
        .innerJoin(games, eq(boards.gameId, games.id))
        .innerJoin(feedGames, sql`${games.feedId} = ${feedGames.league} || ':' || ${feedGames.eventId}`)
        .where(
          and(
            isNull(boards.cancelledAt),
            isNull(boards.voidedAt),
            isNull(boards.settledAt),
            eq(boards.manualScoring, false),
            lte(feedGames.suspendedAt, before),
          ),
        )
        .orderBy(asc(boards.slug));
    },
  };
}
export type FeedRepo = ReturnType<typeof createFeedRepo>;
