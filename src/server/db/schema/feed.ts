import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { FeedGame, FeedOutcome, FeedState } from '../../../shared/domain/feed-periods';
import { at } from './columns';

/**
 * The schedule as the live scores feed gives it: one row per league and feed event, refreshed by the feed
 * feature's jobs. Team A is the home team (the columns), team B the away team (the rows). `snapshot` is the
 * last read of the game that was usable and consistent (what board scoring reads); `finalAt` is when the
 * feed first showed it final, which starts the correction window.
 */
export const feedGames = pgTable(
  'feed_games',
  {
    league: text('league').notNull(),
    eventId: text('event_id').notNull(),
    teamA: text('team_a').notNull(),
    teamB: text('team_b').notNull(),
    startsAt: at('starts_at').notNull(),
    state: text('state').$type<FeedState>().notNull(),
    status: text('status').$type<FeedOutcome>().notNull(),
    statusName: text('status_name').notNull(),
    period: integer('period').notNull(),
    detail: text('detail').notNull(),
    snapshot: jsonb('snapshot').$type<FeedGame>(),
    snapshotAt: at('snapshot_at'),
    readAt: at('read_at').notNull(),
    finalAt: at('final_at'),
    /** Since when the feed has shown the game suspended (null once it shows it otherwise: resumed, final…). */
    suspendedAt: at('suspended_at'),
  },
  (t) => [primaryKey({ columns: [t.league, t.eventId] }), index('feed_games_starts_idx').on(t.league, t.startsAt)],
);
