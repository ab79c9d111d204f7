import { adminErrorCodes, type FeedGameSummary, type FeedLeague, feedLeagues } from '../../../shared/contracts/admin';
import {
  type FeedGame,
  type FeedSport,
  feedOutcome,
  feedPeriodKeys,
  feedPeriods,
  periodResults,
} from '../../../shared/domain/feed-periods';
import { AppError } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import { feedDay, type ScoresSource } from '../../platform/scores';
import { parseFeedGames } from '../../platform/scores/espn';
import type { BoardsService } from '../boards';
import type { FeedGameRow, FeedRepo } from './repo';

/** What the feed needs of the boards feature: the organizer's own paths, so the same rules and events apply. */
export type FeedBoards = Pick<BoardsService, 'lock' | 'cancel' | 'score' | 'moveGame'>;

/** A board opens an hour before its game; the feed is read for it from then on. */
const opensBeforeMs = 60 * 60_000;
/** After the final, the feed's stat corrections re-score a period for 24 hours. */
export const correctionWindowMs = 24 * 60 * 60_000;

export const feedSports: Record<FeedLeague, FeedSport> = {
  nba: 'basketball',
  wnba: 'basketball',
  nfl: 'football',
  nhl: 'hockey',
  mlb: 'baseball',
};

const dayMs = 24 * 60 * 60_000;

export interface FeedLog {
  warn(obj: object, msg: string): void;
}

/** Finds a game of the stored schedule, or answers 404 naming it; on the given repo (a transaction's, say). */
export function feedGameFinder(repo: Pick<FeedRepo, 'find'>) {
  return {
    async find(league: FeedLeague, eventId: string): Promise<FeedGameRow> {
      const row = await repo.find(league, eventId);
      if (!row) {
        throw new AppError(
          404,
          adminErrorCodes.feedGameNotFound,
          `The ${league.toUpperCase()} schedule from the scores feed has no game ${eventId}.`,
          { feedGame: 'Choose a game from the feed’s list' },
        );
      }
      return row;
    },
  };
}

/** Said while the feed's latest read of a game could not be used (failed, or contradicting itself). */
export const waitingForOfficialScore = 'Waiting for the official score';

/**
 * A game's live score from the feed's last usable read (team A home, team B away), or null before it starts.
 * When a later read was unusable, the last usable score stays and the status says so.
 */
export function liveGameReader(repo: Pick<FeedRepo, 'byFeedId'>) {
  return async (feedId: string) => {
    const row = await repo.byFeedId(feedId);
    const game = row?.snapshot;
    if (!row || !game || game.status.state === 'pre') return null;
    const stale = row.snapshotAt === null || row.snapshotAt.getTime() < row.readAt.getTime();
    return {
      teamAScore: game.home.score ?? 0,
      teamBScore: game.away.score ?? 0,
      status: stale ? waitingForOfficialScore : game.status.detail,
    };
  };
}

/** The feed's games as stored: the schedule (read ahead) and each game's last usable snapshot. */
export function createFeedService(deps: {
  repo: FeedRepo;
  source: ScoresSource;
  clock: Clock;
  /** Days after today whose schedule is read. */
  scheduleDays: number;
  log: FeedLog;
  /** The boards feature (given when the lifecycle runs; the schedule alone does not need it). */
  boards?: FeedBoards;
}) {
  const { repo, source, clock, log } = deps;

  /**
   * Stores one game as the feed read it. The snapshot (what scoring reads) is replaced only by a read whose
   * numbers agree with each other; a read that contradicts itself keeps the last usable one.
   */
  async function record(league: FeedLeague, game: FeedGame, now: Date, known?: FeedGameRow): Promise<void> {
    const startsAt = game.startsAt ? new Date(game.startsAt) : known?.startsAt;
    if (!startsAt) return;
    const sport = feedSports[league];
    const usable = feedPeriods(game, sport, feedPeriodKeys[sport]).kind === 'scored';
    const status = feedOutcome(game.status);
    await repo.upsert({
      league,
      eventId: game.eventId,
      teamA: game.home.name,
      teamB: game.away.name,
      startsAt,
      state: game.status.state,
      status,
      statusName: game.status.name,
      period: game.status.period,
      detail: game.status.detail,
      snapshot: usable ? game : undefined,
      snapshotAt: usable ? now : undefined,
      readAt: now,
      finalAt: status === 'final' ? now : null,
    });
  }

  /** The usable games of one scoreboard document; unusable events and unreadable documents are reported. */
  function usableGames(league: FeedLeague, doc: unknown): FeedGame[] {
    const read = parseFeedGames(doc);
    for (const r of read) {
      if (!r.ok) log.warn({ league, eventId: r.eventId, problem: r.problem }, 'scores feed: event skipped');
    }
    return read.flatMap((r) => (r.ok ? [r.game] : []));
  }

  /**
   * One board against one read of its game: a cancelled game cancels the board; a postponed one moves the
   * game's start; a read that contradicts itself does nothing; a game under way locks the board (before its
   * start if so); every period the read shows complete is scored as the feed's (the boards service keeps an
   * organizer's score and ignores an unchanged one; a board settles when its last period is scored).
   */
  async function applyToBoard(
    boards: FeedBoards,
    row: Awaited<ReturnType<FeedRepo['liveBoards']>>[number],
    game: FeedGame,
    sport: FeedSport,
  ): Promise<void> {
    const { board } = row;
    const scoring = feedPeriods(
      game,
      sport,
      board.prizeTable.map((p) => p.key),
    );
    if (scoring.outcome === 'cancelled') return boards.cancel(board.slug);
    if (scoring.outcome === 'postponed') {
      const moved = game.startsAt ? new Date(game.startsAt) : null;
      if (moved && moved.getTime() !== row.game.startsAt.getTime()) await boards.moveGame(row.game.id, moved);
      return;
    }
    if (scoring.kind === 'inconsistent') {
      log.warn({ board: board.slug, reason: scoring.reason }, 'scores feed: inconsistent read, nothing scored');
      return;
    }
    if (game.status.state === 'pre') return;
    if (!board.lockedAt) await boards.lock(board.slug);
    for (const result of periodResults(scoring)) {
      await boards.score(
        board.slug,
        { period: result.key, teamAScore: result.teamAScore, teamBScore: result.teamBScore },
        'feed',
      );
    }
  }

  return {
    record,
    usableGames,

    /**
     * One tick of the lifecycle: each league with a feed-scored board open or in play (from an hour before
     * its start until 24 hours after its final) is read once, whatever the number of its boards, and each
     * of those boards is brought up to date from the read. A failed or unreadable read changes nothing.
     */
    async poll(): Promise<void> {
      const boards = deps.boards;
      if (!boards) throw new Error('the feed lifecycle needs the boards feature');
      const now = clock.now();
      for (const league of feedLeagues) {
        const rows = await repo.liveBoards(league, now, opensBeforeMs, correctionWindowMs);
        if (rows.length === 0) continue;
        let read: FeedGame[];
        try {
          read = usableGames(league, await source.scoreboard(league));
        } catch (err) {
          log.warn({ league, err: (err as Error).message }, 'scores feed: live read failed, nothing scored');
          continue;
        }
        const byId = new Map(read.map((g) => [g.eventId, g]));
        const recorded = new Set<string>();
        for (const row of rows) {
          const game = byId.get(row.feed.eventId);
          if (!game) continue;
          if (!recorded.has(game.eventId)) {
            recorded.add(game.eventId);
            await record(league, game, now, row.feed);
          }
          try {
            await applyToBoard(boards, row, game, feedSports[league]);
          } catch (err) {
            log.warn({ board: row.board.slug, err: (err as Error).message }, 'scores feed: board not updated');
          }
        }
      }
    },

    /**
     * Reads each league's schedule for today and the coming `scheduleDays` days and stores its games. A day
     * that fails is skipped (reported) and read again next time.
     */
    async syncSchedule(): Promise<void> {
      const now = clock.now();
      for (const league of feedLeagues) {
        for (let d = 0; d <= deps.scheduleDays; d++) {
          const day = feedDay(new Date(now.getTime() + d * dayMs));
          try {
            for (const game of usableGames(league, await source.scoreboardOn(league, day))) {
              await record(league, game, now, await repo.find(league, game.eventId));
            }
          } catch (err) {
            log.warn({ league, day, err: (err as Error).message }, 'scores feed: schedule not read');
          }
        }
      }
    },

    /** Admin: the league's games from a day ago on, earliest first. */
    async list(league: FeedLeague): Promise<FeedGameSummary[]> {
      const rows = await repo.list(league, new Date(clock.now().getTime() - dayMs));
      return rows.map((r) => ({
        league,
        eventId: r.eventId,
        teamA: r.teamA,
        teamB: r.teamB,
        startsAt: r.startsAt.toISOString(),
        status: r.status,
      }));
    },

    find: feedGameFinder(repo).find,
  };
}
export type FeedService = ReturnType<typeof createFeedService>;
