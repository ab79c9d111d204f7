import { z } from 'zod';
import { bestOfSevenProblem } from '../../domain/finals';
import { appPath, isoDate, slug } from './common';

/** A win-loss record such as '68-14'. */
const record = z.string().regex(/^\d{1,3}-\d{1,3}$/);
const percent = z.number().min(0).max(100);

/** Per-game team averages (Finals player: season averages and playoff averages). */
export const teamAveragesSchema = z.object({
  points: z.number().nonnegative(),
  rebounds: z.number().nonnegative(),
  assists: z.number().nonnegative(),
  fieldGoalPct: percent,
  threePointPct: percent,
  opponentPoints: z.number().nonnegative(),
});
export type TeamAverages = z.infer<typeof teamAveragesSchema>;

/** One of the two Finals teams; `id` is how games and stat lines refer to it. */
export const finalsTeamSchema = z.object({
  id: slug,
  name: z.string().min(1),
  abbreviation: z.string().regex(/^[A-Z]{3}$/),
  conference: z.enum(['Eastern', 'Western']),
  seasonRecord: record,
  /** The whole postseason, the Finals included. */
  playoffRecord: record,
  seasonAverages: teamAveragesSchema,
  playoffAverages: teamAveragesSchema,
  accolades: z.array(z.string().min(1)).min(1),
});
export type FinalsTeam = z.infer<typeof finalsTeamSchema>;

/** NBA Finals: the seven Finals games (date, score, total rebounds, winner derived from the score). */
export const finalsGameSchema = z.object({
  number: z.number().int().min(1).max(7),
  date: isoDate,
  time: z.string().min(1),
  venue: z.string().min(1),
  city: z.string().min(1),
  /** Both teams' points; the winner is whoever scored more (`gameWinner`). */
  score: z.tuple([
    z.object({ team: slug, points: z.number().int().nonnegative() }),
    z.object({ team: slug, points: z.number().int().nonnegative() }),
  ]),
  totalRebounds: z.number().int().nonnegative(),
  /** Games 5, 6 and 7 have a game board. */
  boardPath: appPath.optional(),
  /** Games 1-5 have a game preview at /finals-player/{number}. */
  preview: z.object({ storyline: z.string().min(1) }).optional(),
});
export type FinalsGame = z.infer<typeof finalsGameSchema>;

export const playerStatLineSchema = z.object({
  player: z.string().min(1),
  team: slug,
  points: z.number().nonnegative(),
  rebounds: z.number().nonnegative(),
  assists: z.number().nonnegative(),
  fieldGoalPct: percent,
});
export type PlayerStatLine = z.infer<typeof playerStatLineSchema>;

/** The games that have a board and the ones that have a preview, as docs/product.md#nba-finals fixes them. */
const BOARD_GAMES = [5, 6, 7];
const PREVIEW_GAMES = [1, 2, 3, 4, 5];

export const nbaFinalsPageSchema = z
  .object({
    series: z.object({
      title: z.string().min(1),
      champion: slug,
      runnerUp: slug,
      headline: z.string().min(1),
      summary: z.string().min(1),
    }),
    teams: z.tuple([finalsTeamSchema, finalsTeamSchema]),
    parade: z.object({ title: z.string().min(1), description: z.string().min(1) }),
    recap: z.object({
      summary: z.string().min(1),
      mvp: z.object({ player: z.string().min(1), team: slug, statLine: z.string().min(1) }),
      playerStats: z.array(playerStatLineSchema).min(2),
    }),
    /** The seven games of a series won 4-3. */
    games: z.array(finalsGameSchema).length(7),
    analysis: z.object({
      title: z.string().min(1),
      paragraphs: z.array(z.string().min(1)).min(1),
      keys: z.array(z.object({ title: z.string().min(1), body: z.string().min(1) })).min(1),
    }),
    sponsored: z.object({
      sponsor: z.string().min(1),
      title: z.string().min(1),
      body: z.string().min(1),
      link: z.object({ label: z.string().min(1), href: appPath }),
    }),
  })
  .superRefine((page, ctx) => {
    const ids = page.teams.map((t) => t.id);
    const { champion, runnerUp } = page.series;
    if (!ids.includes(champion) || !ids.includes(runnerUp)) {
      ctx.addIssue({ code: 'custom', path: ['series'], message: 'The champion and runner-up must be the two teams' });
      return;
    }
    const problem = bestOfSevenProblem(page.games, champion, runnerUp);
    // Seven games of a decided best-of-seven series: the champion won 4-3.
    if (problem) ctx.addIssue({ code: 'custom', path: ['games'], message: problem });
    for (const [i, game] of page.games.entries()) {
      if (BOARD_GAMES.includes(game.number) !== !!game.boardPath) {
        ctx.addIssue({ code: 'custom', path: ['games', i, 'boardPath'], message: 'Games 5, 6 and 7 have a board' });
      }
      if (PREVIEW_GAMES.includes(game.number) !== !!game.preview) {
        ctx.addIssue({ code: 'custom', path: ['games', i, 'preview'], message: 'Games 1-5 have a preview' });
      }
    }
    for (const [i, line] of page.recap.playerStats.entries()) {
      if (!ids.includes(line.team)) {
        ctx.addIssue({ code: 'custom', path: ['recap', 'playerStats', i, 'team'], message: 'Unknown team' });
      }
    }
    if (!ids.includes(page.recap.mvp.team)) {
      ctx.addIssue({ code: 'custom', path: ['recap', 'mvp', 'team'], message: 'Unknown team' });
    }
  });
export type NbaFinalsPage = z.infer<typeof nbaFinalsPageSchema>;
