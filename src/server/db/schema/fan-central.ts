import { sql } from 'drizzle-orm';
import { check, date, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ImportSummary } from '../../../shared/contracts/fan-central';
import { user } from './auth';

/**
 * Fan Central (docs/product.md#fan-central): a signed-in fan's own profile card, favorites, trophy case, gaming profile with
 * achievements and trophies, and the gaming hub's gaming page profile. Every row belongs to one account
 * and goes with it. List sizes are capped by the service (under a per-account lock); the checks below
 * are a second line for the fixed vocabularies and the favorites arrays.
 */

/** `fanProfile`: the profile card and the three favorites lists (tracked games: `tracked_games`). */
export const fanProfiles = pgTable(
  'fan_profiles',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name'),
    favoriteMascot: text('favorite_mascot'),
    favoriteCollege: text('favorite_college'),
    favoriteSports: text('favorite_sports').array().notNull().default(sql`'{}'::text[]`),
    favoriteTeams: text('favorite_teams').array().notNull().default(sql`'{}'::text[]`),
    favoriteStars: text('favorite_stars').array().notNull().default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check(
      'fan_profiles_favorites_capped',
      sql`cardinality(${t.favoriteSports}) <= 50 and cardinality(${t.favoriteTeams}) <= 50 and cardinality(${t.favoriteStars}) <= 50`,
    ),
  ],
);

/** Trophy item: a logo, bobblehead or trophy in the fan's trophy case. */
export const fanTrophyItems = pgTable(
  'fan_trophy_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['logo', 'bobblehead', 'trophy'] }).notNull(),
    name: text('name').notNull(),
    team: text('team').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('fan_trophy_items_user_idx').on(t.userId, t.createdAt),
    check('fan_trophy_items_type', sql`${t.type} in ('logo', 'bobblehead', 'trophy')`),
  ],
);

/** `gamingProfile`: console handles (achievements and trophies are their own tables). */
export const gamingProfiles = pgTable('gaming_profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  psnHandle: text('psn_handle'),
  xboxHandle: text('xbox_handle'),
  steamHandle: text('steam_handle'),
  epicHandle: text('epic_handle'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Achievement, with its live tracking link (http(s) only). */
export const gamingAchievements = pgTable(
  'gaming_achievements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    game: text('game').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    dateEarned: date('date_earned'),
    platform: text('platform').notNull(),
    rarity: text('rarity', { enum: ['common', 'rare', 'epic', 'legendary'] }).notNull(),
    trackingLink: text('tracking_link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('gaming_achievements_user_idx').on(t.userId, t.createdAt),
    check('gaming_achievements_rarity', sql`${t.rarity} in ('common', 'rare', 'epic', 'legendary')`),
    check('gaming_achievements_link_http', sql`${t.trackingLink} is null or ${t.trackingLink} ~ '^https?://'`),
  ],
);

/** Trophy (gaming): bronze to platinum. */
export const gamingTrophies = pgTable(
  'gaming_trophies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    game: text('game').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: ['bronze', 'silver', 'gold', 'platinum'] }).notNull(),
    dateEarned: date('date_earned'),
    platform: text('platform').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('gaming_trophies_user_idx').on(t.userId, t.createdAt),
    check('gaming_trophies_type', sql`${t.type} in ('bronze', 'silver', 'gold', 'platinum')`),
  ],
);

/** `gamingPageProfile`: the gaming hub's handles (consoles and streaming sites) and player name. */
export const gamingPageProfiles = pgTable('gaming_page_profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  playerName: text('player_name'),
  psnHandle: text('psn_handle'),
  xboxHandle: text('xbox_handle'),
  steamHandle: text('steam_handle'),
  epicHandle: text('epic_handle'),
  twitchHandle: text('twitch_handle'),
  youtubeHandle: text('youtube_handle'),
  tiktokHandle: text('tiktok_handle'),
  instagramHandle: text('instagram_handle'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** The one import of a visitor's local data into this account (offered once on sign-in). */
export const fanLocalImports = pgTable('fan_local_imports', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull(),
  summary: jsonb('summary').$type<ImportSummary>().notNull(),
});
