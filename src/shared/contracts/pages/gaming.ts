import { z } from 'zod';
import { isoDate, slug } from './common';

/** Game release (static): id, name, release date, platforms, genre, rating (ESRB), price (cents). */
export const gameReleaseSchema = z.object({
  id: slug,
  name: z.string().min(1),
  releaseDate: isoDate,
  platforms: z.array(z.string().min(1)).min(1),
  genre: z.string().min(1),
  /** ESRB rating: unreleased games have no review score yet. */
  rating: z.enum(['E', 'E10+', 'T', 'M', 'RP']),
  priceCents: z.number().int().min(0),
});
export type GameRelease = z.infer<typeof gameReleaseSchema>;

/** Esports event: id, name, date, time, location, teams, prize pool, status, winner when completed. */
export const esportsEventSchema = z
  .object({
    id: slug,
    name: z.string().min(1),
    game: z.string().min(1),
    date: isoDate,
    /** Local start time at the venue, e.g. '7:00 PM CT'. */
    time: z.string().min(1),
    location: z.string().min(1),
    /** Number of competing teams. */
    teams: z.number().int().min(2),
    prizePoolCents: z.number().int().min(0),
    status: z.enum(['live', 'completed', 'upcoming']),
    winner: z.string().min(1).optional(),
  })
  .refine((e) => (e.status === 'completed') === (e.winner !== undefined), {
    message: 'A completed event names its winner; others have none',
    path: ['winner'],
  });
export type EsportsEvent = z.infer<typeof esportsEventSchema>;

/** An achievement tracking guide card (Steam, Epic Games, consoles). */
export const achievementGuideSchema = z.object({
  id: slug,
  platform: z.string().min(1),
  summary: z.string().min(1),
  steps: z.array(z.string().min(1)).min(2),
  tip: z.string().min(1),
});
export type AchievementGuide = z.infer<typeof achievementGuideSchema>;

/**
 * Gaming hub (/gaming): stat cards, the July 2025 releases, achievement guides and a calendar of
 * 10 esports events from June to August 2025. Categories and tournaments live in 'gaming-catalog'.
 */
/** A streamer fans can tip (the tip flow of docs/product.md#gaming-hub): name, live-streaming handle and main game. */
export const featuredStreamerSchema = z.object({
  name: z.string().min(1),
  handle: z.string().regex(/^[A-Za-z0-9_]{3,25}$/),
  game: z.string().min(1),
});

export const gamingPageSchema = z.object({
  intro: z.string().min(1),
  streamers: z.array(featuredStreamerSchema).min(1).max(12),
  stats: z.array(z.object({ key: slug, label: z.string().min(1), value: z.string().min(1) })).length(4),
  releases: z
    .array(gameReleaseSchema)
    .min(1)
    .refine((list) => list.every((r) => r.releaseDate.startsWith('2025-07-')), 'Every release is dated July 2025'),
  achievementGuides: z
    .array(achievementGuideSchema)
    .length(3)
    .refine((g) => g.map((x) => x.id).join() === 'steam,epic,consoles', 'Guides for Steam, Epic and consoles'),
  esportsEvents: z
    .array(esportsEventSchema)
    .length(10)
    .refine(
      (list) => list.every((e) => e.date >= '2025-06-01' && e.date <= '2025-08-31'),
      'Every esports event is dated June to August 2025',
    )
    .refine((list) => new Set(list.map((e) => e.id)).size === list.length, 'Event ids are unique'),
});
export type GamingPage = z.infer<typeof gamingPageSchema>;
