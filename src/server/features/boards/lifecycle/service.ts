import { adminErrorCodes } from '../../../../shared/contracts/admin';
import {
  boardOpensAt,
  cancelNotices,
  drawAxes,
  postponedNotice,
  unfilledOutcome,
} from '../../../../shared/domain/boards';
import { AppError } from '../../../http/errors';
import { escapeHtml } from '../../../platform/mail/html';
import type { BoardContext } from '../board-context';
import type { BoardReads, BoardRow, GameRow } from '../board-reads';
import type { BoardEnds } from '../ends';
import { type CreateBoardSql, createBoardCreation } from './create-board';
import type { LifecycleRepo } from './repo';

/** How many due boards one run of the lock at start takes; the rest wait for the next run. */
const lockDueBatch = 50;

/** The SQL the lifecycle part uses (lifecycle/repo.ts and the shared reads). */
export type LifecycleSql = Pick<BoardReads, 'entryCount'> & LifecycleRepo & CreateBoardSql;

/**
 * The lifecycle part of the boards service: a board made, opened early, moved with its game, told a notice,
 * switched between feed and manual scoring, and locked (by an organizer, the feed or its game's start). Its
 * cancel and void are ends.ts.
 */
export function createLifecycle(
  ctx: BoardContext,
  repo: LifecycleSql,
  ends: Pick<BoardEnds, 'cancelUnplayed' | 'tellCancelled'>,
) {
  const { deps, clock, load, loadWithStatus } = ctx;
  const { createBoard } = createBoardCreation(ctx, repo);

  /**
   * Emails the board's notice to each signed-in entrant with an email, through the mail outbox (a failed
   * send is retried there; the notice also stays on the board).
   */
  async function emailEntrants(board: BoardRow, game: GameRow, notice: string): Promise<void> {
    if (!deps.mailer) return;
    const link = `${deps.publicUrl ?? ''}/boards/${board.slug}`;
    const subject = `${game.teamA} vs ${game.teamB}: ${notice.split(':')[0]}`;
    for (const to of await repo.entrantEmails(board.id)) {
      const text = `${notice}\n\nYour board: ${link}\n\nFanGrid`;
      const html = `<p>${escapeHtml(notice)}</p><p><a href="${escapeHtml(link)}">Your board</a></p><p>FanGrid</p>`;
      await deps.mailer.send({ to, subject, text, html }).catch((err: unknown) => {
        deps.log?.error({ err, board: board.slug }, 'board notice email failed');
      });
    }
  }

  const lifecycle = {
    /** Tells a board's entrants `notice` (on the board, and by email), once per different notice. */
    async tellEntrants(slug: string, notice: string): Promise<void> {
      const { board, game } = await load(slug);
      if (await repo.setNotice(board.id, notice)) await emailEntrants(board, game, notice);
    },

    /** The scores feed: why its latest read could not be used for this board, or null once one could. */
    async setFeedProblem(slug: string, problem: string | null): Promise<void> {
      const { board } = await load(slug);
      await repo.setFeedProblem(board.id, problem);
    },

    /**
     * Admin: switch a board between the scores feed and manual scoring. Feed scoring needs a game of the feed
     * (409 otherwise). Answers the scoring before and after.
     */
    async setScoring(slug: string, scoring: 'feed' | 'manual'): Promise<{ before: 'feed' | 'manual' }> {
      const { board, game } = await load(slug);
      const before = game.feedId && !board.manualScoring ? 'feed' : 'manual';
      if (scoring === 'feed' && !game.feedId) {
        throw new AppError(
          409,
          adminErrorCodes.noFeedGame,
          'This board’s game is not a game of the scores feed, so it can only be scored by hand.',
        );
      }
      if (before !== scoring) {
        await repo.setManualScoring(board.id, scoring === 'manual');
        if (scoring === 'manual') await repo.setFeedProblem(board.id, null);
      }
      return { before };
    },

    /**
     * Admin ('Open now'): opens a scheduled board at once instead of an hour before its game, so squares can be
     * sold for days ahead. Refused (409) unless the board is scheduled. Answers when it opened.
     */
    async open(slug: string): Promise<{ openedAt: Date }> {
      const { board, now, status } = await loadWithStatus(slug);
      const refuse = () =>
        new AppError(
          409,
          adminErrorCodes.notScheduled,
          'Only a scheduled board can be opened early: this one is already open, locked, settled or cancelled.',
        );
      if (status !== 'scheduled') throw refuse();
      if (!(await repo.setOpened(board.id, now))) throw refuse();
      return { openedAt: now };
    },

    createBoard,

    /**
     * The scores feed: the game was postponed to `startsAt` (its boards open and lock by the new time); each of
     * its boards says so and its entrants are told once.
     */
    /**
     * The feed moved a game (postponed): its boards follow the new start. Boards already open stay open
     * (the game keeps the time they opened), so entrants can still join and nobody is locked out in between.
     */
    async moveGame(gameId: string, startsAt: Date): Promise<void> {
      const game = await repo.gameById(gameId);
      if (!game) return;
      const opened = boardOpensAt(game);
      const keepOpen = clock.now() >= opened && startsAt > game.startsAt;
      await repo.setGameStart(gameId, startsAt, keepOpen ? opened : game.opensAt);
      for (const b of await repo.liveBoardsOfGame(gameId))
        await lifecycle.tellEntrants(b.slug, postponedNotice(startsAt));
    },

    /**
     * Locks a board (an organizer before the game, or the feed once it is under way); the draw is revealed from
     * then on. The board's unfilled policy applies first: a board with no entries, or a 'cancel-below' board
     * under its minimum, is cancelled instead (its refunds and emails follow through `tellCancelled`).
     */
    async lock(slug: string): Promise<'locked' | 'cancelled'> {
      const { board } = await load(slug);
      if (board.cancelledAt) return 'cancelled';
      if (board.voidedAt) return 'locked';
      if (!board.lockedAt) {
        const outcome = unfilledOutcome(board.unfilledPolicy, board.minEntries, await repo.entryCount(board.id));
        if (outcome !== 'play') {
          const notice = outcome === 'cancel-empty' ? cancelNotices.empty : cancelNotices.below(board.minEntries ?? 1);
          // Once a period is scored the board plays on whatever its policy: its scored prizes stand.
          if (await ends.cancelUnplayed(slug, notice)) return 'cancelled';
        }
      }
      await repo.setLocked(board.id, clock.now(), { axes: drawAxes(board.seed) });
      // The digits texts are queued once per entry (by key); a failure to queue them never undoes the lock.
      if (deps.prizes) {
        await deps.prizes.afterLock(board.id).catch((err: unknown) => {
          deps.log?.error({ err, slug }, 'lock texts not queued');
        });
      }
      return 'locked';
    },

    /**
     * The lock at the game's start: every board whose game has started and that no organizer or feed has
     * locked is locked now, as any lock is (the draw revealed and pushed live, the unfilled policy applied,
     * the digits texted); a board the policy cancels is refunded and its entrants told. One board that fails
     * is reported and retried at the next run, never holding up the others. Answers how many it handled.
     */
    async lockDueBoards(): Promise<number> {
      let handled = 0;
      for (const { slug } of await repo.boardsDueToLock(clock.now(), lockDueBatch)) {
        try {
          if ((await lifecycle.lock(slug)) === 'cancelled') await ends.tellCancelled(slug);
          handled++;
        } catch (err) {
          deps.log?.error({ err, slug }, 'board not locked at its start');
        }
      }
      return handled;
    },
  };
  return lifecycle;
}
