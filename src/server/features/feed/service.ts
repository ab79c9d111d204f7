import { adminErrorCodes, type FeedGameSummary, type FeedLeague, feedLeagues } from '../../../shared/contracts/admin';
import { SUSPENDED_GAME_MS } from '../../../shared/domain/board-ends';
import { suspendedNotice } from '../../../shared/domain/boards';
import {
  type FeedGame,
  type FeedSport,
  feedOutcome,
  feedPeriodKeys,
  feedPeriods,
  leagueSports,
  periodResults,
} from '../../../shared/domain/feed-periods';
import { AppError } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import { addFeedDays, feedDay, type ScoresSource } from '../../platform/scores';
import { parseFeedGames } from '../../platform/scores/espn';
import { type BoardsService, waitingForOfficialScore } from '../boards';
import type { FeedGameRow, FeedRepo } from './repo';

/** What the feed needs of the boards feature: the organizer's own paths, so the same rules and events apply. */
export type FeedBoards = Pick<
  BoardsService,
  'lock' | 'end' | 'tellCancelled' | 'tellEntrants' | 'setFeedProblem' | 'score' | 'moveGame' | 'view'
>;

/** Records a change the feed made in the audit log (the admin feature keeps it), with the actor 'feed'. */
export type FeedAudit = (change: { action: string; target: string; before: unknown; after: unknown }) => Promise<void>;

/** A game postponed without a new time yet. */
const postponedUnknownNotice = 'Game postponed: the new start time is not known yet.';

/** A board opens an hour before its game; the feed is read for it from then on. */
const opensBeforeMs = 60 * 60_000;
/** After the final, the feed's stat corrections re-score a period for 24 hours. */
export const correctionWindowMs = 24 * 60 * 60_000;

export const feedSports: Record<FeedLeague, FeedSport> = leagueSports;

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
  /** Where the feed's corrections of a scored period are audited. */
  audit?: FeedAudit;
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
      suspendedAt: status === 'suspended' ? now : null,
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
   * One board against one read of its game: a cancelled game ends the board (cancelled and refunded while
   * nothing is scored, voided once a period is: the boards service decides under the board's lock); a postponed one moves the
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
    if (scoring.outcome === 'cancelled') {
      await boards.end(board.slug, 'game-cancelled');
      return;
    }
    if (scoring.outcome === 'postponed') {
      const moved = game.startsAt ? new Date(game.startsAt) : null;
      if (moved && moved.getTime() !== row.game.startsAt.getTime()) await boards.moveGame(row.game.id, moved);
      else if (!moved) await boards.tellEntrants(board.slug, postponedUnknownNotice);
      return;
    }
    if (scoring.kind === 'inconsistent') {
      log.warn({ board: board.slug, reason: scoring.reason }, 'scores feed: inconsistent read, nothing scored');
      await boards.setFeedProblem(board.slug, `The scores feed contradicts itself: ${scoring.reason}`);
      return;
    }
    await boards.setFeedProblem(board.slug, null);
    if (scoring.outcome === 'suspended') await boards.tellEntrants(board.slug, suspendedNotice);
    if (game.status.state === 'pre') return;
    if (!board.lockedAt && (await boards.lock(board.slug)) === 'cancelled') {
      await boards.tellCancelled(board.slug);
      return;
    }
    for (const result of periodResults(scoring)) {
      const after = { teamAScore: result.teamAScore, teamBScore: result.teamBScore };
      const { before, changed } = await boards.score(board.slug, { period: result.key, ...after }, 'feed');
      // A period the feed re-scores (a stat correction) is audited; a first score is not a correction.
      if (changed && before && deps.audit) {
        await deps.audit({
          action: 'board.score.feed-correction',
          target: board.slug,
          before: { period: result.key, ...before },
          after: { period: result.key, ...after },
        });
      }
    }
    // A period the feed cannot give (the 5th inning's hits once the 6th has begun) and nobody has scored waits
    // for the organizer: the board says it waits for the official score and /admin-boards flags why.
    const unreadable = scoring.periods.filter((p) => p.state === 'unavailable' || p.state === 'unknown');
    if (unreadable.length > 0) {
      const scored = new Set((await boards.view(board.slug)).results.map((r) => r.period));
      const waiting = unreadable.filter((p) => !scored.has(p.key));
      const first = waiting[0];
      if (first && 'reason' in first) {
        const labels = waiting.map((p) => board.prizeTable.find((t) => t.key === p.key)?.label ?? p.key);
        await boards.setFeedProblem(board.slug, `Score by hand: ${labels.join('; ')}. ${first.reason}`);
      }
    }
  }

  return {
    record,
    usableGames,

    /**
     * One tick of the lifecycle: the feed-scored boards open or in play (from an hour before their start until
     * 24 hours after their final) are brought up to date from the scoreboard of the day their game is played
     * (the feed's day, US Eastern). Each league-day is read once per tick, whatever the number of its boards:
     * normally one day per league, but a game the feed moved to another day, or a final still in its
     * correction window after midnight, is read on its own day too. A failed or unreadable read changes
     * nothing for the boards of that day and does not stop the others.
     */
    async poll(): Promise<void> {
      const boards = deps.boards;
      if (!boards) throw new Error('the feed lifecycle needs the boards feature');
      const now = clock.now();
      for (const league of feedLeagues) {
        const rows = await repo.liveBoards(league, now, opensBeforeMs, correctionWindowMs);
        if (rows.length === 0) continue;
        // The board's game start first; the feed's own start of the game as well when the feed moved it.
        const daysOf = (row: (typeof rows)[number]) => [
          ...new Set([feedDay(row.game.startsAt), feedDay(row.feed.startsAt)]),
        ];
        const reads = new Map<string, Map<string, FeedGame> | Error>();
        for (const day of new Set(rows.flatMap(daysOf))) {
          try {
            const games = usableGames(league, await source.scoreboardOn(league, day));
            reads.set(day, new Map(games.map((g) => [g.eventId, g])));
          } catch (err) {
            log.warn({ league, day, err: (err as Error).message }, 'scores feed: live read failed, nothing scored');
            reads.set(day, err as Error);
          }
        }
        const recorded = new Set<string>();
        for (const row of rows) {
          const days = daysOf(row).map((day) => reads.get(day));
          let game: FeedGame | undefined;
          for (const read of days) if (!game && read instanceof Map) game = read.get(row.feed.eventId);
          if (!game) {
            const failed = days.find((read): read is Error => read instanceof Error);
            if (failed) {
              await boards
                .setFeedProblem(row.board.slug, `The scores feed could not be read: ${failed.message}`)
                .catch((e: Error) => log.warn({ board: row.board.slug, err: e.message }, 'feed problem not stored'));
            }
            continue;
          }
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
     * A game the feed has shown suspended for SUSPENDED_GAME_DAYS without resuming ends its boards still in
     * play: voided where a period is scored (scored prizes stand), cancelled and refunded where none is. Read
     * from the stored schedule (the poll keeps it), so a feed that stopped listing the game changes nothing.
     * One board that fails is reported and tried again at the next run. Answers how many it ended.
     */
    async endSuspended(): Promise<number> {
      const boards = deps.boards;
      if (!boards) throw new Error('the feed lifecycle needs the boards feature');
      let ended = 0;
      for (const { slug } of await repo.boardsSuspendedSince(new Date(clock.now().getTime() - SUSPENDED_GAME_MS))) {
        try {
          if (await boards.end(slug, 'suspended')) ended++;
        } catch (err) {
          log.warn({ board: slug, err: (err as Error).message }, 'suspended game: board not ended');
        }
      }
      return ended;
    },

    /**
     * Reads each league's schedule for today (the feed's day, US Eastern) and the coming `scheduleDays` days and stores its games. A day
     * that fails is skipped (reported) and read again next time.
     */
    async syncSchedule(): Promise<void> {
      const now = clock.now();
      for (const league of feedLeagues) {
        for (let d = 0; d <= deps.scheduleDays; d++) {
          const day = addFeedDays(feedDay(now), d);
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
