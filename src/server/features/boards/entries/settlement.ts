import { boardFormats, boardStatus, drawAxes } from '../../../../shared/domain/boards';
import type { EntryPaid } from '../../payments';
import { type BoardContext, gameTimes } from '../board-context';
import type { BoardReads } from '../board-reads';
import type { BoardEnds } from '../ends';
import { entryReceiptEmail } from '../receipt';
import type { EntryClaimsRepo } from './claims-repo';
import type { EntriesRepo } from './repo';

/** The SQL an entry's payment settles with. */
export type SettlementSql = Pick<BoardReads, 'findBoardById'> &
  Pick<EntryClaimsRepo, 'releaseHolds'> &
  Pick<EntriesRepo, 'entryByPayment' | 'keepPayerEmail' | 'confirmHeld' | 'reseat' | 'cellsOfEntry' | 'accountEmail'>;

/** A paid entry's payment settling: its hold confirmed, re-seated or refunded, and its receipt. */
export function createSettlement(ctx: BoardContext, repo: SettlementSql, ends: Pick<BoardEnds, 'keepPayerEmail'>) {
  const { deps, clock, drawnAt } = ctx;

  /**
   * Emails a paid entry's receipt once its payment confirmed it (each payment settles once): to the account the
   * entry belongs to, else to the email the payer gave the checkout; nobody when there is neither. It goes
   * through the mail outbox once per payment (a failed send is retried there) and never undoes the payment.
   */
  async function sendEntryReceipt(paymentId: string, paid: EntryPaid): Promise<void> {
    if (!deps.mailer) return;
    const entry = await repo.entryByPayment(paymentId);
    const found = entry ? await repo.findBoardById(entry.boardId) : undefined;
    if (!entry || !found) return;
    const to = (entry.userId ? await repo.accountEmail(entry.userId) : undefined) ?? paid.payerEmail;
    if (!to) return;
    const { board, game } = found;
    const site = deps.publicUrl ?? '';
    const receipt = entryReceiptEmail({
      to,
      boardTitle: `${game.teamA} vs ${game.teamB}`,
      organizer: board.legalName || board.organization || 'FanGrid',
      mode: board.mode,
      code: entry.code,
      ticketNumber: entry.ticketNumber,
      cells: await repo.cellsOfEntry(entry.id),
      teams: game,
      axes: drawnAt(board, game) ? drawAxes(board.seed) : null,
      amountCents: entry.amountCents ?? 0,
      paidAt: clock.now(),
      testMode: paid.testMode,
      boardUrl: `${site}/boards/${board.slug}`,
      rulesUrl: `${site}/boards/${board.slug}/rules`,
    });
    await deps.mailer.send(receipt, { key: `receipt:entry:${paymentId}` }).catch((err: unknown) => {
      deps.log?.error({ err, board: board.slug, paymentId }, 'entry receipt could not be sent');
    });
  }

  /** A paid entry is seated: its payer's checkout email is kept (ends.ts) and its receipt sent. */
  async function afterPaid(paymentId: string, paid: EntryPaid): Promise<void> {
    await ends.keepPayerEmail(paymentId, paid.payerEmail);
    await sendEntryReceipt(paymentId, paid);
  }

  return {
    /** Ends every hold past its time (run on a timer; each instance may run it, it is idempotent). */
    releaseExpiredHolds: () => repo.releaseHolds({ before: clock.now() }),

    /**
     * An entry's payment arrived. A held entry is confirmed. One released because its hold ended is
     * re-seated on free cells while the board is open and has room; otherwise it is refunded (the rule
     * every paid board shows). A cell is never held twice: re-seating takes the board's lock.
     */
    async onEntryPaid(paymentId: string, paid?: EntryPaid): Promise<'confirmed' | 'reseated' | 'refund'> {
      // A board cancelled while the checkout was open seats nobody: the hold ends and the payment is refunded.
      const paying = await repo.entryByPayment(paymentId);
      // The checkout's payer email is kept on the entry, so the fan can be told if it is deleted or refunded.
      if (paying && paid?.payerEmail) await repo.keepPayerEmail(paymentId, paid.payerEmail);
      // An entry an organizer took off its board (its checkout still open) seats nobody: the payment is refunded.
      if (paying?.removedAt) return 'refund';
      if (paying && paying.status !== 'confirmed') {
        const board = await repo.findBoardById(paying.boardId);
        if (board?.board.cancelledAt) {
          await repo.releaseHolds({ paymentId });
          return 'refund';
        }
      }
      if (await repo.confirmHeld(paymentId)) {
        if (paid) await afterPaid(paymentId, paid);
        return 'confirmed';
      }
      const entry = await repo.entryByPayment(paymentId);
      if (entry?.status !== 'released') return 'confirmed';
      const found = await repo.findBoardById(entry.boardId);
      if (!found) return 'refund';
      const open = boardStatus({ ...found.board, ...gameTimes(found.game), now: clock.now() }) === 'open';
      const { entries: capacity, cellsPerEntry } = boardFormats[found.board.format];
      const cells = await repo.reseat(entry.id, entry.boardId, cellsPerEntry, capacity, open);
      if (cells && paid) await afterPaid(paymentId, paid);
      return cells ? 'reseated' : 'refund';
    },

    /** An entry's checkout failed or expired: its cells are released now. */
    async onEntryUnpaid(paymentId: string) {
      await repo.releaseHolds({ paymentId });
    },

    /** The entry a payment pays for: its code, ticket and cells (none once its hold was released). */
    async entryOfPayment(paymentId: string) {
      const entry = await repo.entryByPayment(paymentId);
      if (!entry) return undefined;
      const cells = await repo.cellsOfEntry(entry.id);
      return { code: entry.code, ticketNumber: entry.ticketNumber, cells };
    },
  };
}
