import { z } from 'zod';
import { appPath, isoDate, slug } from './common';

/** Baseball team: name, league, season record, stats (runs, ERA, AVG, HR), accolades. */
export const baseballTeamSchema = z.object({
  slug,
  name: z.string(),
  league: z.enum(['American League', 'National League']),
  seasonRecord: z.string(),
  stats: z.object({ runs: z.number().int(), era: z.string(), avg: z.string(), hr: z.number().int() }),
  accolades: z.array(z.string()),
});
export type BaseballTeam = z.infer<typeof baseballTeamSchema>;

/** Baseball fixture: id, name, two teams, time, venue, its per-game route and its game board. */
export const baseballFixtureSchema = z.object({
  id: slug,
  name: z.string(),
  teams: z.tuple([z.string(), z.string()]),
  time: z.string(),
  venue: z.string(),
  path: appPath,
  boardSlug: slug,
});
export type BaseballFixture = z.infer<typeof baseballFixtureSchema>;

/** A matchup page (/dodgers-giants, …): two team cards. */
export const baseballMatchupSchema = z.object({
  slug,
  title: z.string(),
  date: isoDate,
  venue: z.string(),
  teams: z.tuple([slug, slug]),
});
export type BaseballMatchup = z.infer<typeof baseballMatchupSchema>;

export const baseballPageSchema = z.object({
  recap: z.object({
    title: z.string(),
    dates: z.string(),
    venue: z.string(),
    summary: z.string(),
    results: z.array(z.object({ event: z.string(), winner: z.string(), detail: z.string() })),
  }),
  fixtures: z.array(baseballFixtureSchema),
  matchups: z.array(baseballMatchupSchema),
  teams: z.array(baseballTeamSchema),
  /** The custom entry's default date. */
  customEntryDefaultDate: isoDate,
  /** The fixed organization every baseball board entry supports (organization fixed). */
  organization: z.string(),
});
export type BaseballPage = z.infer<typeof baseballPageSchema>;
