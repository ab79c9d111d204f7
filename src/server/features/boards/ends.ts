import { type BoardEndState, cancelRefusal, voidRefusal } from '../../../shared/contracts/board-ends';
import { boardErrorCodes } from '../../../shared/contracts/boards';
import {
  cancelMoneyLine,
  entryMoneyOnCancel,
  suspendedCancelNotice,
  voidNotice,
  voidPrizeLine,
  voidReasons,
} from '../../../shared/domain/board-ends';
import { type BoardStatus, cancelNotices, refundSentence } from '../../../shared/domain/boards';
import { AppError } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { BoardEndsRepo } from './ends-repo';
import type { BoardRow, BoardsRepo, GameRow } from './repo';

/**
 * One entrant's message about the end of their board (cancelled or voided), sent once per entry (`key`): by
 * text to `phone` only with the entry's consent, and by email to `email` when there is one.
 */
export interface EntrantNotice {
  key: string;
  phone: string | null;
  smsConsent: boolean;
  email: string | null;
  subject: string;
  text: string;
  emailText: string;
}

/** The transaction that holds a board's lock. */
type LockTx = Parameters<Parameters<BoardsRepo['withBoardLock']>[1]>[0];

/** What the feed (or the demo) ends a board for: it is cancelled if nothing is scored, else voided. */
export type EndCause = 'game-cancelled' | 'suspended' | 'demo-unlisted';

const cancelNoticeOf: Record<EndCause, string> = {
  'game-cancelled': cancelNotices.game,
  suspended: suspendedCancelNotice,
  'demo-unlisted': cancelNotices.organizer,
};
const voidReasonOf: Record<EndCause, string> = {
  'game-cancelled': voidReasons.gameCancelled,
  suspended: voidReasons.suspended,
  'demo-unlisted': voidReasons.demoUnlisted,
};

/** Who a board benefits: its named beneficiary, else its organization. */
const causeOf = (board: BoardRow) => board.beneficiary ?? board.organization;
const titleOf = (game: GameRow) => `${game.teamA} vs ${game.teamB}`;

/** Why a cancelled or voided board takes no score (409). */
const endedScoring = (voided: boolean) =>
  new AppError(
    409,
    boardErrorCodes.notLocked,
    voided
      ? 'This board was voided: its scored prizes stand and nothing more is awarded.'
      : 'This board was cancelled: it has no winners.',
  );

const conflict = (refusal: { code: string; message: string }) => new AppError(409, refusal.code, refusal.message);

/**
 * The end of a board before its game is over (docs/product.md#board-lifecycle): cancelled before its first
 * scored period, voided after it, neither once settled. Each rule is checked under the board's lock (the one
 * scoring and claims take), so a score and a cancel racing on two instances never both pass. What follows a
 * cancel or a void (refunds through the provider, texts and emails) runs after it commits (`tellCancelled`,
 * `tellVoided`).
 */
export function createBoardEnds(deps: {
  repo: Pick<BoardsRepo, 'withBoardLock' | 'entryByPayment'>;
  ends: BoardEndsRepo;
  clock: Clock;
  load: (slug: string) => Promise<{ board: BoardRow; game: GameRow }>;
  /** Refunds a paid entry's payment in full (payments' refund path); true when this call refunded it. */
  refund?: (paymentId: string) => Promise<boolean>;
  /** Queues each entrant's text (with consent) and email, once per key (the prizes feature's outboxes). */
  notify?: (notices: EntrantNotice[]) => Promise<void>;
  publicUrl?: string;
  log?: { error(obj: object, msg: string): void };
}) {
  const { repo, ends, clock, load } = deps;

  /** Where the board stands under its lock (the lock is held until the transaction ends). */
  async function stateOf(tx: LockTx, boardId: string): Promise<BoardEndState> {
    const state = await ends.endState(tx, boardId);
    if (!state) throw new AppError(404, boardErrorCodes.notFound, 'We could not find that game board.');
    return {
      cancelled: state.cancelledAt !== null,
      voided: state.voidedAt !== null,
      settled: state.settledAt !== null,
      scored: state.scored,
    };
  }

  /**
   * Ends the board (`end`, which answers whether this call ended it) under its lock: refused (409) when
   * `refusalOf` its state refuses, and false when the board is `ended` already.
   */
  async function endOnce(
    slug: string,
    refusalOf: (state: BoardEndState) => { code: string; message: string } | null,
    ended: 'cancelled' | 'voided',
    end: (tx: LockTx, board: BoardRow) => Promise<boolean>,
  ): Promise<boolean> {
    const { board } = await load(slug);
    return repo.withBoardLock(board.id, async (tx) => {
      const state = await stateOf(tx, board.id);
      const refusal = refusalOf(state);
      if (refusal) throw conflict(refusal);
      if (state[ended]) return false;
      return end(tx, board);
    });
  }

  const cancelText = (board: BoardRow, notice: string) =>
    board.paymentRequired ? `${notice} ${refundSentence}` : notice;

  async function notify(board: BoardRow, notices: EntrantNotice[]) {
    if (!deps.notify || notices.length === 0) return;
    // A failure to queue them never undoes the cancel or the void: the board says it too.
    await deps.notify(notices).catch((err: unknown) => {
      deps.log?.error({ err, board: board.slug }, 'board end texts and emails not queued');
    });
  }

  const linkOf = (board: BoardRow) => `${deps.publicUrl ?? ''}/boards/${board.slug}`;

  /**
   * The message to one entrant that their board was cancelled or voided, keyed by the end and the entry: the
   * text says `said` after the entry's code; the email says `emailSaid` (`said` unless given), then the link.
   */
  const noticeTo = (
    end: 'cancel' | 'void',
    board: BoardRow,
    game: GameRow,
    e: Pick<EntrantNotice, 'phone' | 'smsConsent' | 'email'> & { id: string; code: string },
    said: string,
    emailSaid = said,
  ): EntrantNotice => {
    const title = titleOf(game);
    return {
      key: `${end}:${e.id}`,
      phone: e.phone,
      smsConsent: e.smsConsent,
      email: e.email,
      subject: `${title}: this board is ${end === 'cancel' ? 'cancelled' : 'voided'}`,
      text: `FanGrid: ${title}, your code ${e.code}: ${said}`,
      emailText: `${emailSaid}\n\nYour board (code ${e.code}): ${linkOf(board)}\n\nFanGrid`,
    };
  };

  /**
   * After a board is cancelled: refunds each paid entry in full (a payment already refunded, or never paid,
   * is left alone, so running it again refunds nothing twice), then tells every entrant it can reach what the
   * cancel means for their money: refunded through checkout, cash to be returned, or nothing owed. Refunds
   * that fail are reported and left for an organizer (the entrant is told it will be refunded).
   */
  async function tellCancelled(slug: string): Promise<{ refunded: number }> {
    const { board, game } = await load(slug);
    if (!board.cancelledAt) return { refunded: 0 };
    let refunded = 0;
    if (deps.refund) {
      for (const paymentId of await ends.paidEntryPayments(board.id)) {
        try {
          if (await deps.refund(paymentId)) refunded++;
        } catch (err) {
          deps.log?.error({ err, board: board.slug, paymentId }, 'refund of a cancelled board’s entry failed');
        }
      }
    }
    // The board's notice says paid entries are refunded; each entrant is told what is true of their entry.
    const reason = (board.notice ?? cancelNotices.organizer).replace(` ${refundSentence}`, '');
    const notices = (await ends.entrants(board.id)).map((e) => {
      const line = cancelMoneyLine(entryMoneyOnCancel(e), board.organization);
      return noticeTo('cancel', board, game, e, `${reason} ${line}`, `${reason}\n\n${line}`);
    });
    await notify(board, notices);
    return { refunded };
  }

  /**
   * After a board is voided: tells every entrant it can reach why, that scored prizes stand (a winner hears
   * which of theirs), that the rest of the prize money goes to the cause and that entries are not refunded.
   */
  async function tellVoided(slug: string): Promise<void> {
    const { board, game } = await load(slug);
    if (!board.voidedAt) return;
    const notice = board.notice ?? voidNotice(board.voidReason ?? '', causeOf(board));
    const labelOf = (period: string) => board.prizeTable.find((p) => p.key === period)?.label ?? period;
    const notices = (await ends.entrants(board.id)).map((e) => {
      const wins = voidPrizeLine(e.wins.map((w) => ({ label: labelOf(w.period), prizeCents: w.prizeCents })));
      return noticeTo('void', board, game, e, wins ? `${notice} ${wins}` : notice);
    });
    await notify(board, notices);
  }

  return {
    /** Refuses a score on a board that is cancelled or voided (`status` as read before the board's lock). */
    refuseScoring(status: BoardStatus): void {
      if (status === 'cancelled' || status === 'voided') throw endedScoring(status === 'voided');
    },

    /** The same, read again under the board's lock (in the scoring's transaction). */
    async refuseScoringUnder(tx: LockTx, boardId: string) {
      const state = await ends.endState(tx, boardId);
      if (state?.cancelledAt || state?.voidedAt) throw endedScoring(state.voidedAt !== null);
    },

    /**
     * The unfilled policy at lock: cancels the board unless part of it was played (a period scored, or all of
     * them): then it plays on and its prizes stand. Answers whether the board is cancelled.
     */
    async cancelUnplayed(slug: string, notice: string): Promise<boolean> {
      const { board } = await load(slug);
      return repo.withBoardLock(board.id, async (tx) => {
        const state = await stateOf(tx, board.id);
        if (state.cancelled) return true;
        if (cancelRefusal(state)) return false;
        await ends.setCancelled(tx, board.id, clock.now(), cancelText(board, notice));
        return true;
      });
    },

    /** Keeps the email a payer gave an entry's checkout on an entry without an account, so a cancel reaches them. */
    async keepPayerEmail(paymentId: string, email: string | null): Promise<void> {
      if (!email) return;
      const entry = await repo.entryByPayment(paymentId);
      if (entry && !entry.userId) await ends.keepPayerEmail(entry.id, email);
    },

    /**
     * Cancels a board (once), before any of its periods is scored: it takes no more entries, its entries show
     * as Cancelled, its collected cash is marked to return and it says why (`notice`). Refused (409) once a
     * period is scored (void it instead), once settled, or voided. Answers whether this call cancelled it.
     */
    cancel(slug: string, notice: string = cancelNotices.organizer): Promise<boolean> {
      return endOnce(slug, cancelRefusal, 'cancelled', (tx, board) =>
        ends.setCancelled(tx, board.id, clock.now(), cancelText(board, notice)),
      );
    },

    /**
     * Voids a board (once) after part of its game was played: its scored prizes stand, nothing more is awarded,
     * no entry is refunded, and it says why. Refused (409) before any period is scored (cancel it instead),
     * once settled, or cancelled. Answers whether this call voided it.
     */
    voidBoard(slug: string, reason: string): Promise<boolean> {
      return endOnce(slug, voidRefusal, 'voided', (tx, board) =>
        ends.setVoided(tx, board.id, clock.now(), reason, voidNotice(reason, causeOf(board))),
      );
    },

    /**
     * The feed (a cancelled game, or a suspended one not resumed in time) or the demo ends a board: cancelled
     * while nothing is scored, voided once a period is; a board already over is left as it is. Its entrants are
     * told (and a cancel refunded) once this commits. Answers what this call did.
     */
    async end(slug: string, cause: EndCause): Promise<'cancelled' | 'voided' | null> {
      const { board } = await load(slug);
      const done = await repo.withBoardLock(board.id, async (tx) => {
        const state = await stateOf(tx, board.id);
        if (state.cancelled || state.voided || state.settled) return null;
        const now = clock.now();
        if (state.scored) {
          const reason = voidReasonOf[cause];
          return (await ends.setVoided(tx, board.id, now, reason, voidNotice(reason, causeOf(board))))
            ? ('voided' as const)
            : null;
        }
        return (await ends.setCancelled(tx, board.id, now, cancelText(board, cancelNoticeOf[cause])))
          ? ('cancelled' as const)
          : null;
      });
      if (done === 'cancelled') await tellCancelled(slug);
      if (done === 'voided') await tellVoided(slug);
      return done;
    },

    tellCancelled,
    tellVoided,
  };
}
export type BoardEnds = ReturnType<typeof createBoardEnds>;
