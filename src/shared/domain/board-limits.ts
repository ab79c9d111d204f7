import { type BoardFormat, boardFormats, type EntryRule, entryRuleIssue } from './boards';
import type { FeedOutcome, FeedState } from './feed-periods';
import { formatCents } from './money';

/**
 * What makes a board impossible to run, refused when an organizer creates it: a game already begun or more
 * than a year away, a team playing itself, a feed game already over, a minimum or a cap of entries the board
 * cannot hold, and prizes outside a sane range. Each problem is a field message the board form shows beside
 * the field it names. The rules that need no clock are checked by the create-board contract (so the form
 * and the endpoint agree); the server adds the ones that need its clock or the feed's schedule.
 */

/** The least one prize may be: $1 (a $0 period is no prize at all). */
export const PRIZE_MIN_CENTS = 100;
/** The most one prize may be: $100,000. */
export const PRIZE_MAX_CENTS = 10_000_000;
/** The most a board's prize table may add up to: $1,000,000. */
export const PRIZE_TABLE_MAX_CENTS = 100_000_000;
/** How far ahead a board's game may start: 365 days. */
export const GAME_AHEAD_MAX_DAYS = 365;
const dayMs = 24 * 60 * 60 * 1000;

const formatNames: Record<BoardFormat, string> = { '1v99': '1 vs 99', '1v49': '1 vs 49' };
/** The most entries a board of `format` holds (100 for 1 vs 99, 50 for 1 vs 49). */
export const boardCapacity = (format: BoardFormat) => boardFormats[format].entries;

export const boardLimitMessages = {
  gameStarted: 'This game has already started: a board needs a game that has not begun',
  gameTooFar: `This game is more than a year away: a board's game must start within ${GAME_AHEAD_MAX_DAYS} days`,
  sameTeams: 'Team B must be a different team from Team A',
  gameSameTeams: 'This game has the same team on both sides',
  feedFinal: 'This game is already final: choose a game that has not been played',
  feedCancelled: 'This game was cancelled: choose another game',
  feedPostponed: 'This game was postponed: choose its rescheduled game once the feed lists it',
  feedSuspended: 'This game was suspended after it began: choose a game that has not been played',
  feedOver: 'This game is over: choose a game that has not been played',
  prizeWhole: 'Enter each prize in whole cents',
  prizeTooLow: `Each prize must be at least ${formatCents(PRIZE_MIN_CENTS)}`,
  prizeTooHigh: `A prize can be at most ${formatCents(PRIZE_MAX_CENTS)}`,
  prizeTotal: (totalCents: number) =>
    `The prizes add up to ${formatCents(totalCents)}: a board's prizes can total at most ${formatCents(PRIZE_TABLE_MAX_CENTS)}`,
  minEntries: (format: BoardFormat) =>
    `A ${formatNames[format]} board holds ${boardCapacity(format)} entries: the minimum can be at most ${boardCapacity(format)}`,
  freeEntriesPerBoard: (format: BoardFormat) =>
    `A ${formatNames[format]} board holds ${boardCapacity(format)} entries: allow at most ${boardCapacity(format)} free entries`,
} as const;

/** Whether two team names are the same team: compared trimmed and case-insensitively. */
export const sameTeam = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A game's start as a board needs it: after `now` and at most GAME_AHEAD_MAX_DAYS later; else the problem. */
export function gameStartProblem(startsAt: Date, now: Date): string | null {
  if (startsAt.getTime() <= now.getTime()) return boardLimitMessages.gameStarted;
  if (startsAt.getTime() - now.getTime() > GAME_AHEAD_MAX_DAYS * dayMs) return boardLimitMessages.gameTooFar;
  return null;
}

/**
 * A game of the scores feed that can no longer carry a board: final, cancelled, or postponed for good (the
 * feed shows it over, 'post', whatever its status); null while it is still to be played (or under way, which
 * its start refuses).
 */
export function feedGameStateProblem(game: { state: FeedState; status: FeedOutcome }): string | null {
  if (game.status === 'final') return boardLimitMessages.feedFinal;
  if (game.status === 'cancelled') return boardLimitMessages.feedCancelled;
  if (game.state !== 'post') return null;
  if (game.status === 'postponed') return boardLimitMessages.feedPostponed;
  if (game.status === 'suspended') return boardLimitMessages.feedSuspended;
  return boardLimitMessages.feedOver;
}

/** One prize as a board may offer it: whole cents from PRIZE_MIN_CENTS to PRIZE_MAX_CENTS; else the problem. */
export function prizeProblem(cents: number): string | null {
  if (!Number.isInteger(cents)) return boardLimitMessages.prizeWhole;
  if (cents < PRIZE_MIN_CENTS) return boardLimitMessages.prizeTooLow;
  if (cents > PRIZE_MAX_CENTS) return boardLimitMessages.prizeTooHigh;
  return null;
}

/** A prize table's total, at most PRIZE_TABLE_MAX_CENTS; else the problem (each prize is checked on its own). */
export function prizeTotalProblem(prizes: readonly { prizeCents: number }[]): string | null {
  const total = prizes.reduce((sum, p) => sum + p.prizeCents, 0);
  return total > PRIZE_TABLE_MAX_CENTS ? boardLimitMessages.prizeTotal(total) : null;
}

/** The entry counts a board's settings name, against what its format holds, by field. */
export function capacityProblems(b: {
  format: BoardFormat;
  minEntries?: number | null | undefined;
  freeEntriesPerBoard?: number | null | undefined;
}): Record<string, string> {
  const problems: Record<string, string> = {};
  const capacity = boardCapacity(b.format);
  if (b.minEntries != null && b.minEntries > capacity) problems.minEntries = boardLimitMessages.minEntries(b.format);
  if (b.freeEntriesPerBoard != null && b.freeEntriesPerBoard > capacity) {
    problems.freeEntriesPerBoard = boardLimitMessages.freeEntriesPerBoard(b.format);
  }
  return problems;
}

/**
 * Every problem of a board's settings that needs no clock, by field as the create-board request names it
 * ('game.teamB', 'entryRule.maxCents', 'prizeTable.2.prizeCents'): the contract reports these, and the
 * server checks them again for a caller that is not the admin route.
 */
export function boardLimitProblems(b: {
  format: BoardFormat;
  game?: { teamA: string; teamB: string } | undefined;
  entryRule: EntryRule;
  prizeTable: readonly { prizeCents: number }[];
  minEntries?: number | null | undefined;
  freeEntriesPerBoard?: number | null | undefined;
}): Record<string, string> {
  const problems: Record<string, string> = {};
  if (b.game && sameTeam(b.game.teamA, b.game.teamB)) problems['game.teamB'] = boardLimitMessages.sameTeams;
  const rule = entryRuleIssue(b.entryRule);
  if (rule) problems[`entryRule.${rule.field}`] = rule.message;
  b.prizeTable.forEach((p, i) => {
    const problem = prizeProblem(p.prizeCents);
    if (problem) problems[`prizeTable.${i}.prizeCents`] = problem;
  });
  const total = prizeTotalProblem(b.prizeTable);
  if (total) problems.prizeTable = total;
  return { ...problems, ...capacityProblems(b) };
}
