import { type FeedSport, leagueSports } from './feed-periods';

/**
 * What an organizer may type as a period's score: one team's points, runs, goals or hits, a whole number from
 * 0 to the sport's maximum below. The maximums sit well above any real game (the NBA record is 186 points, the
 * NFL's 73, the NHL's 16 goals, MLB's 30 runs and 31 hits in a game) and far below what a slip of the keyboard
 * gives (7000 for 70). The server refuses anything else with the field's message; the score form checks the same.
 */

/** How a board's scores read: the feed's sports, or 'other' for a game of any other league. */
export type ScoreSport = FeedSport | 'other';

/** The highest score one team may have in one period's statistic, by sport. */
export const scoreMaximums: Record<ScoreSport, number> = {
  basketball: 999,
  football: 199,
  hockey: 99,
  baseball: 99,
  other: 999,
};

/** The highest score of any sport: what the request's shape allows before the board's sport is known. */
export const SCORE_MAX = Math.max(...Object.values(scoreMaximums));

export const scoreMessages = {
  whole: 'Enter a whole number (no decimals)',
  range: (max: number) => `Enter a score from 0 to ${max}`,
} as const;

/**
 * The sport of a board's scores: baseball when its prize periods are innings, else its game's league when the
 * league is one the feed knows (NBA, WNBA, NFL, NHL, MLB, in any case), else hockey when its periods are hockey
 * periods (p1, p2), else 'other'.
 */
export function scoreSportOf(board: { league: string; prizeKeys: readonly string[] }): ScoreSport {
  if (board.prizeKeys.some((k) => k.startsWith('inning'))) return 'baseball';
  const league = board.league.trim().toLowerCase();
  if (Object.hasOwn(leagueSports, league)) return leagueSports[league as keyof typeof leagueSports];
  if (board.prizeKeys.some((k) => /^p\d+$/.test(k))) return 'hockey';
  return 'other';
}

/** What is wrong with one typed score for `sport`, or null when it is a whole number in range. */
export function scoreProblem(value: unknown, sport: ScoreSport): string | null {
  const max = scoreMaximums[sport];
  if (typeof value !== 'number' || !Number.isFinite(value) || !Number.isInteger(value)) return scoreMessages.whole;
  if (value < 0 || value > max) return scoreMessages.range(max);
  return null;
}

/** The problems of a period's two scores for `sport`, by field (empty when both are fine). */
export function scoreInputProblems(
  input: { teamAScore: unknown; teamBScore: unknown },
  sport: ScoreSport,
): Partial<Record<'teamAScore' | 'teamBScore', string>> {
  const problems: Partial<Record<'teamAScore' | 'teamBScore', string>> = {};
  const a = scoreProblem(input.teamAScore, sport);
  const b = scoreProblem(input.teamBScore, sport);
  if (a) problems.teamAScore = a;
  if (b) problems.teamBScore = b;
  return problems;
}
