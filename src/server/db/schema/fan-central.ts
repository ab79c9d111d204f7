import { sql } from 'drizzle-orm';
import { check, date, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { ImportSummary } from '../../../shared/contracts/fan-central';
import { at, checkOneOf, ownedListTable, ownerKey, updatedAt } from './columns';

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
    userId: ownerKey(),
    name: text('name'),
    favoriteMascot: text('favorite_mascot'),
    favoriteCollege: text('favorite_college'),
    favoriteSports: text('favorite_sports').array().notNull().default(sql`'{}'::text[]`),
    favoriteTeams: text('favorite_teams').array().notNull().default(sql`'{}'::text[]`),
    favoriteStars: text('favorite_stars').array().notNull().default(sql`'{}'::text[]`),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'fan_profiles_favorites_capped',
      sql`cardinality(${t.favoriteSports}) <= 50 and cardinality(${t.favoriteTeams}) <= 50 and cardinality(${t.favoriteStars}) <= 50`,
    ),
  ],
);

const trophyItemTypes = ['logo', 'bobblehead', 'trophy'] as const;
const achievementRarities = ['common', 'rare', 'epic', 'legendary'] as const;
const gamingTrophyTypes = ['bronze', 'silver', 'gold', 'platinum'] as const;

/** Console handles, shared by the gaming profile and the gaming hub's page profile. */
const consoleHandles = () => ({
  psnHandle: text('psn_handle'),
  xboxHandle: text('xbox_handle'),
  steamHandle: text('steam_handle'),
  epicHandle: text('epic_handle'),
});

/** Trophy item: a logo, bobblehead or trophy in the fan's trophy case. */
export const fanTrophyItems = ownedListTable(
  'fan_trophy_items',
  {
    type: text('type', { enum: trophyItemTypes }).notNull(),
    name: text('name').notNull(),
    team: text('team').notNull(),
  },
  (t) => [checkOneOf('fan_trophy_items_type', t.type, trophyItemTypes)],
);

/** `gamingProfile`: console handles (achievements and trophies are their own tables). */
export const gamingProfiles = pgTable('gaming_profiles', {
  userId: ownerKey(),
  ...consoleHandles(),
  updatedAt: updatedAt(),
});

/** Achievement, with its live tracking link (http(s) only). */
export const gamingAchievements = ownedListTable(
  'gaming_achievements',
  {
    game: text('game').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    dateEarned: date('date_earned'),
    platform: text('platform').notNull(),
    rarity: text('rarity', { enum: achievementRarities }).notNull(),
    trackingLink: text('tracking_link'),
  },
  (t) => [
    checkOneOf('gaming_achievements_rarity', t.rarity, achievementRarities),
    check('gaming_achievements_link_http', sql`${t.trackingLink} is null or ${t.trackingLink} ~ '^https?://'`),
  ],
);

/** Trophy (gaming): bronze to platinum. */
export const gamingTrophies = ownedListTable(
  'gaming_trophies',
  {
    game: text('game').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: gamingTrophyTypes }).notNull(),
    dateEarned: date('date_earned'),
    platform: text('platform').notNull(),
  },
  (t) => [checkOneOf('gaming_trophies_type', t.type, gamingTrophyTypes)],
);

/** `gamingPageProfile`: the gaming hub's handles (consoles and streaming sites) and player name. */
export const gamingPageProfiles = pgTable('gaming_page_profiles', {
  userId: ownerKey(),
  playerName: text('player_name'),
  ...consoleHandles(),
  twitchHandle: text('twitch_handle'),
  youtubeHandle: text('youtube_handle'),
  tiktokHandle: text('tiktok_handle'),
  instagramHandle: text('instagram_handle'),
  updatedAt: updatedAt(),
});

/** The one import of a visitor's local data into this account (offered once on sign-in). */
export const fanLocalImports = pgTable('fan_local_imports', {
  userId: ownerKey(),
  importedAt: at('imported_at').notNull(),
  summary: jsonb('summary').$type<ImportSummary>().notNull(),
});
