import { boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';

/**
 * Editorial content of the public screens (home, sports hub, FAQ). Each row has a stable slug so the
 * demo seed can upsert it idempotently and later admin tooling can edit it in place.
 */
const base = {
  slug: text('slug').primaryKey(),
  sort: integer('sort').notNull().default(0),
  updatedAt: updatedAt().defaultNow(),
};

export const marketingStats = pgTable('marketing_stats', {
  ...base,
  label: text('label').notNull(),
  value: text('value').notNull(),
});

export const featuredCategories = pgTable('featured_categories', {
  ...base,
  title: text('title').notNull(),
  description: text('description').notNull(),
  href: text('href').notNull(),
  icon: text('icon').notNull(),
});

export const benefits = pgTable('benefits', {
  ...base,
  title: text('title').notNull(),
  description: text('description').notNull(),
  icon: text('icon').notNull(),
});

export const hubDestinations = pgTable('hub_destinations', {
  ...base,
  title: text('title').notNull(),
  description: text('description').notNull(),
  href: text('href').notNull(),
  badge: text('badge'),
  icon: text('icon').notNull(),
});

export const ticketOffers = pgTable('ticket_offers', {
  ...base,
  name: text('name').notNull(),
  description: text('description').notNull(),
  minPriceCents: integer('min_price_cents').notNull(),
  maxPriceCents: integer('max_price_cents').notNull(),
});

export const mlbWeekendGames = pgTable('mlb_weekend_games', {
  ...base,
  awayTeam: text('away_team').notNull(),
  homeTeam: text('home_team').notNull(),
  date: text('date').notNull(),
  time: text('time').notNull(),
  location: text('location').notNull(),
  status: text('status', { enum: ['upcoming', 'live', 'completed'] }).notNull(),
  awayScore: integer('away_score'),
  homeScore: integer('home_score'),
  awayHits: integer('away_hits'),
  homeHits: integer('home_hits'),
  inning: text('inning'),
});

export const summerLeagueGames = pgTable('summer_league_games', {
  ...base,
  date: text('date').notNull(),
  homeTeam: text('home_team').notNull(),
  awayTeam: text('away_team').notNull(),
  time: text('time').notNull(),
  venue: text('venue').notNull(),
  isLive: boolean('is_live').notNull().default(false),
});

export const preseasonGames = pgTable('preseason_games', {
  ...base,
  name: text('name').notNull(),
  date: text('date').notNull(),
  awayTeam: text('away_team').notNull(),
  homeTeam: text('home_team').notNull(),
  week: text('week').notNull(),
  status: text('status').notNull(),
});

export const f1Races = pgTable('f1_races', {
  ...base,
  race: text('race').notNull(),
  date: text('date').notNull(),
  location: text('location').notNull(),
  status: text('status', { enum: ['next', 'upcoming'] }).notNull(),
});

export const faqItems = pgTable('faq_items', {
  ...base,
  section: text('section', { enum: ['general', 'game'] }).notNull(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
});

/**
 * Page-shaped editorial content (NBA Finals recap, F1 season, gaming hub, …): one validated JSON
 * document per page, keyed by the page's slug. Each document's shape is the zod contract registered for
 * that slug in shared/contracts/pages; the seed and every read parse it against that contract.
 */
export const contentPages = pgTable('content_pages', {
  slug: text('slug').primaryKey(),
  body: jsonb('body').notNull(),
  updatedAt: updatedAt().defaultNow(),
});
