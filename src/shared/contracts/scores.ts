import * as z from 'zod/mini';
import { scoreFeeds } from '../domain/scores';

const feed = z.enum(scoreFeeds);

const competitorSchema = z.object({ name: z.string(), abbreviation: z.string(), score: z.nullable(z.string()) });

/** One game as the ticker and the MLB panel show it (External scores game). */
export const scoreGameSchema = z.object({
  id: z.string(),
  league: feed,
  date: z.string(),
  shortName: z.string(),
  state: z.enum(['pre', 'in', 'post']),
  /** Final, Live or Upcoming. */
  label: z.enum(['Final', 'Live', 'Upcoming']),
  /** The status beside the label, without repeating it: '' for a plain final, 'OT' for 'Final/OT', 'Top 7th'. */
  detail: z.string(),
  /** Away team first. */
  competitors: z.tuple([competitorSchema, competitorSchema]),
});
export type ScoreGame = z.infer<typeof scoreGameSchema>;

export const tickerResponseSchema = z.object({
  games: z.array(scoreGameSchema),
  /** Feeds that could not be read this time (they count as empty). All four failing is a failure. */
  failedFeeds: z.array(feed),
});
export type TickerResponse = z.infer<typeof tickerResponseSchema>;

export const preseasonRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  date: z.string(),
  teams: z.tuple([z.string(), z.string()]),
  week: z.string(),
  status: z.string(),
});
export type PreseasonRowView = z.infer<typeof preseasonRowSchema>;

export const nflPreseasonResponseSchema = z.object({
  games: z.array(preseasonRowSchema),
  /** True when the feed failed and only the fixed games show (NFL falls back silently). */
  feedFailed: z.boolean(),
});
export type NflPreseasonResponse = z.infer<typeof nflPreseasonResponseSchema>;

export const mlbScoresResponseSchema = z.object({
  games: z.array(scoreGameSchema),
  feedFailed: z.boolean(),
});
export type MlbScoresResponse = z.infer<typeof mlbScoresResponseSchema>;
