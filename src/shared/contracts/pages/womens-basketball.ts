import { z } from 'zod';
import { isoDate } from './common';
import { conferenceSchema } from './wnba';

/** League team entry: name, record, conference (Western or Eastern). */
export const leagueTeamSchema = z.object({
  name: z.string().min(1),
  record: z.string().regex(/^\d{1,2}-\d{1,2}$/),
  conference: conferenceSchema,
});
export type LeagueTeam = z.infer<typeof leagueTeamSchema>;

/** Championship summary. */
export const championshipSummarySchema = z.object({
  champion: z.string().min(1),
  championScore: z.number().int().min(0),
  runnerUp: z.string().min(1),
  runnerUpScore: z.number().int().min(0),
  championshipDate: isoDate,
  venue: z.string().min(1),
  mvp: z.string().min(1),
  mvpStats: z.string().min(1),
});
export type ChampionshipSummary = z.infer<typeof championshipSummarySchema>;

/** Result entry: date, matchup, result, status (completed). */
export const leagueResultSchema = z.object({
  date: isoDate,
  matchup: z.string().min(1),
  result: z.string().min(1),
  status: z.literal('completed'),
});
export type LeagueResult = z.infer<typeof leagueResultSchema>;

/** The women's basketball standings and results view (docs/product.md#wnba): twelve teams. */
export const womensBasketballPageSchema = z.object({
  /** What the view covers, e.g. "2024 WNBA season". */
  season: z.string().min(1),
  /** Twelve teams with record and conference. */
  teams: z.array(leagueTeamSchema).length(12),
  championship: championshipSummarySchema,
  /** Three recent results. */
  recentResults: z.array(leagueResultSchema).length(3),
});
export type WomensBasketballPage = z.infer<typeof womensBasketballPageSchema>;
