import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, madeBy, ownedListTable } from './columns';

/**
 * Tracked game (the gaming hub's game manager and Fan Central's game tracker): a game a signed-in
 * fan follows, available now or coming soon with an expected release date.
 */
export const trackedGames = ownedListTable('tracked_games', {
  title: text('title').notNull(),
  description: text('description').notNull(),
  category: text('category').notNull(),
  status: text('status', { enum: ['available', 'coming-soon'] }).notNull(),
  releaseDate: date('release_date'),
});

/** Custom baseball game entry: two different clubs, a date and a support amount (cents). */
export const customGameEntries = pgTable(
  'custom_game_entries',
  {
    id: id(),
    /** The signed-in fan who made it; null for a visitor (then only its id, kept by the browser, finds it). */
    userId: madeBy(),
    team1: text('team1').notNull(),
    team2: text('team2').notNull(),
    gameDate: date('game_date').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('custom_game_entries_teams_differ', sql`${t.team1} <> ${t.team2}`),
    check('custom_game_entries_amount_positive', sql`${t.amountCents} >= 100`),
  ],
);
