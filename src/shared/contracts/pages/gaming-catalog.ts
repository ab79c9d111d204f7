import { z } from 'zod';
import { isoDate, slug } from './common';

/** The four category pages and three tournament pages linked from the gaming hub (docs/product.md#gaming-hub). */
export const gamingCategorySlugs = ['action-games', 'strategy-games', 'rpg-games', 'simulation-games'] as const;
export const gamingTournamentSlugs = ['csgo-tournament', 'lol-championship', 'dota2-international'] as const;

export const catalogGameSchema = z.object({
  id: slug,
  title: z.string().min(1),
  description: z.string().min(1),
  platforms: z.array(z.string().min(1)).min(1),
  /** Average fan rating out of 5. */
  rating: z.number().min(0).max(5),
});
export type CatalogGame = z.infer<typeof catalogGameSchema>;

export const gamingCategorySchema = z.object({
  slug: z.enum(gamingCategorySlugs),
  name: z.string().min(1),
  /** Short line for the hub's category card. */
  tagline: z.string().min(1),
  description: z.string().min(1),
  games: z.array(catalogGameSchema).min(3),
  /** Tournaments featured on this category's page, by slug. */
  featuredTournaments: z.array(z.enum(gamingTournamentSlugs)),
});
export type GamingCategory = z.infer<typeof gamingCategorySchema>;

/** Schedule entries are completed (with a result) or upcoming. */
export const tournamentMatchSchema = z
  .object({
    id: slug,
    stage: z.string().min(1),
    date: isoDate,
    time: z.string().min(1),
    teams: z.tuple([z.string().min(1), z.string().min(1)]),
    status: z.enum(['completed', 'upcoming']),
    /** Series score, e.g. '2-1', when completed. */
    score: z
      .string()
      .regex(/^\d+-\d+$/)
      .optional(),
    winner: z.string().min(1).optional(),
  })
  .refine(
    (m) =>
      m.status === 'completed'
        ? m.score !== undefined && m.winner !== undefined && m.teams.includes(m.winner)
        : m.score === undefined && m.winner === undefined,
    { message: 'A completed match has a score and one of its teams as winner; an upcoming one has neither' },
  );
export type TournamentMatch = z.infer<typeof tournamentMatchSchema>;

export const gamingTournamentSchema = z
  .object({
    slug: z.enum(gamingTournamentSlugs),
    name: z.string().min(1),
    game: z.string().min(1),
    startDate: isoDate,
    endDate: isoDate,
    location: z.string().min(1),
    venue: z.string().min(1),
    prizePoolCents: z.number().int().min(0),
    status: z.enum(['completed', 'live', 'upcoming']),
    teams: z.array(z.string().min(1)).min(2),
    format: z.array(z.string().min(1)).min(1),
    schedule: z.array(tournamentMatchSchema).min(1),
    champion: z.string().min(1).optional(),
  })
  .refine((t) => t.startDate <= t.endDate, { message: 'A tournament ends on or after its start', path: ['endDate'] })
  .refine((t) => t.schedule.every((m) => m.teams.every((team) => team === 'TBD' || t.teams.includes(team))), {
    message: 'Scheduled matches are between participating teams (or TBD)',
    path: ['schedule'],
  })
  .refine((t) => (t.status === 'completed') === (t.champion !== undefined), {
    message: 'A completed tournament names its champion; others have none',
    path: ['champion'],
  });
export type GamingTournament = z.infer<typeof gamingTournamentSchema>;

const inOrder = (slugs: readonly string[], expected: readonly string[]) => slugs.join() === expected.join();

/** The gaming catalog: one document for the category and tournament pages, keyed by slug (in hub order). */
export const gamingCatalogSchema = z.object({
  categories: z
    .array(gamingCategorySchema)
    .length(4)
    .refine(
      (list) =>
        inOrder(
          list.map((c) => c.slug),
          gamingCategorySlugs,
        ),
      'Action, Strategy, RPG, Simulation',
    ),
  tournaments: z
    .array(gamingTournamentSchema)
    .length(3)
    .refine(
      (list) =>
        inOrder(
          list.map((t) => t.slug),
          gamingTournamentSlugs,
        ),
      'CS, LoL, Dota 2',
    ),
});
export type GamingCatalog = z.infer<typeof gamingCatalogSchema>;
