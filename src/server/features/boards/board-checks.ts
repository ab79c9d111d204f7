import type { CreateBoardInput } from '../../../shared/contracts/admin';
import { errorCodes } from '../../../shared/contracts/errors';
import {
  boardLimitMessages,
  boardLimitProblems,
  feedGameStateProblem,
  gameStartProblem,
  sameTeam,
} from '../../../shared/domain/board-limits';
import type { FeedOutcome, FeedState } from '../../../shared/domain/feed-periods';
import { boardModeProblems } from '../../../shared/domain/legal';
import { AppError } from '../../http/errors';

/**
 * The checks a new board meets before anything is written (domain/board-limits): every problem is a 400 with
 * the field it is about and its message.
 */

/** Refuses `fields` (when any) with the first problem as the message. */
function refuse(fields: Record<string, string>): void {
  const [first] = Object.values(fields);
  if (first) throw new AppError(400, errorCodes.validation, first, fields);
}

/**
 * The settings that need no clock: the mode's rules and the board's limits. The contract checks these too; a
 * caller that is not the admin route (the demo) meets the same rules.
 */
export function refuseImpossibleSettings(input: CreateBoardInput): void {
  refuse({ ...boardModeProblems(input), ...boardLimitProblems(input) });
}

/** Where the board's game was named: a new game's start, the list of games on record, or the feed's list. */
export type GameField = 'game.startsAt' | 'gameId' | 'feedGame';

/**
 * The board's game as the board would be played on it: starting after `now`, within a year, and between two
 * teams; refused at `field`.
 */
export function refuseImpossibleGame(
  field: GameField,
  game: { teamA: string; teamB: string; startsAt: Date },
  now: Date,
): void {
  const start = gameStartProblem(game.startsAt, now);
  if (start) refuse({ [field]: start });
  if (field !== 'game.startsAt' && sameTeam(game.teamA, game.teamB)) {
    refuse({ [field]: boardLimitMessages.gameSameTeams });
  }
}

/** A game of the feed that is over (final, cancelled, postponed for good) carries no board. */
export function refuseFinishedFeedGame(game: { state: FeedState; status: FeedOutcome }): void {
  const problem = feedGameStateProblem(game);
  if (problem) refuse({ feedGame: problem });
}
