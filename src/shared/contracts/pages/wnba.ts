import { z } from 'zod';
import { isoDate, slug } from './common';

/** A WNBA conference. The same two names serve the women's basketball view (League team entry). */
export const conferenceSchema = z.enum(['Eastern', 'Western']);
export type Conference = z.infer<typeof conferenceSchema>;

/** A won-lost record such as "19-3". */
const record = z.string().regex(/^\d{1,2}-\d{1,2}$/);

/** WNBA sample data: a standings row (rank, team, wins, losses, pct, gb, conf, home, away, l10, strk). */
export const wnbaStandingSchema = z.object({
  rank: z.number().int().min(1),
  team: z.string().min(1),
  wins: z.number().int().min(0),
  losses: z.number().int().min(0),
  /** Winning percentage as printed in standings: ".773" (or "1.000"). */
  pct: z.string().regex(/^(?:1\.000|\.\d{3})$/),
  /** Games behind the leader: "—" for the leader, otherwise "4.0", "10.5". */
  gb: z.string().regex(/^(?:—|\d{1,2}\.[05])$/),
  conf: conferenceSchema,
  home: record,
  away: record,
  /** Record over the last ten games. */
  l10: record,
  /** Current streak: W or L and its length, e.g. "W16". */
  strk: z.string().regex(/^[WL]\d{1,2}$/),
});
export type WnbaStanding = z.infer<typeof wnbaStandingSchema>;

/** WNBA sample data: a player leader (name, team, stat, value, conference). */
export const wnbaPlayerLeaderSchema = z.object({
  name: z.string().min(1),
  team: z.string().min(1),
  /** The statistic led, e.g. "Points per game". */
  stat: z.string().min(1),
  value: z.number().min(0),
  conference: conferenceSchema,
});
export type WnbaPlayerLeader = z.infer<typeof wnbaPlayerLeaderSchema>;

/** A WNBA game is either open for a game board or only scheduled. */
export const wnbaGameStatusSchema = z.enum(['Available for Game Board', 'Scheduled']);
export type WnbaGameStatus = z.infer<typeof wnbaGameStatusSchema>;

/**
 * WNBA sample data: a game (id, date, teams, time, status). `teams` is [visitor, home]; `round`
 * labels the card (e.g. "WNBA Finals · Game 1") and is not part of the game handed to the donation page.
 */
export const wnbaGameSchema = z.object({
  id: slug,
  date: isoDate,
  teams: z.tuple([z.string().min(1), z.string().min(1)]),
  time: z.string().min(1),
  status: wnbaGameStatusSchema,
  round: z.string().min(1),
});
export type WnbaGame = z.infer<typeof wnbaGameSchema>;

/** The game a 'Join Game Board' click hands to /wnba-donation in navigation state (docs/product.md#wnba). */
export type WnbaGameSelection = Pick<WnbaGame, 'id' | 'date' | 'teams' | 'time' | 'status'>;

/** One finished game between two sides, winner first. */
export const wnbaResultSchema = z.object({
  id: slug,
  date: isoDate,
  /** What the game decided, e.g. "Championship" or "Eastern Conference Cup play". */
  stage: z.string().min(1),
  winner: z.string().min(1),
  winnerScore: z.number().int().min(0),
  loser: z.string().min(1),
  loserScore: z.number().int().min(0),
  venue: z.string().min(1),
  note: z.string().min(1),
});
export type WnbaResult = z.infer<typeof wnbaResultSchema>;

/** A named award or contest of a weekend, e.g. the 3-Point Contest and its winner. */
const awardSchema = z.object({ event: z.string().min(1), winner: z.string().min(1), detail: z.string().min(1) });

export const wnbaPageSchema = z.object({
  season: z.number().int().min(1997),
  /** Regular-season standings, best record first. */
  standings: z.array(wnbaStandingSchema).min(1),
  /** The games offered on the All Games tab. */
  games: z.array(wnbaGameSchema).min(1),
  playerLeaders: z.array(wnbaPlayerLeaderSchema).min(1),
  allStar: z.object({
    game: wnbaResultSchema,
    awards: z.array(awardSchema).min(1),
  }),
  commissionersCup: z.object({
    /** The Cup final ("Commissioner's Cup results" card). */
    championship: wnbaResultSchema.extend({ mvp: z.string().min(1), mvpLine: z.string().min(1) }),
    /** The Cup-play games that decided who reached the final, newest first. */
    results: z.array(wnbaResultSchema).min(1),
  }),
});
export type WnbaPage = z.infer<typeof wnbaPageSchema>;
