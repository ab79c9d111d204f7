import { type AdminEntry, adminErrorCodes } from '../../../shared/contracts/admin';
import { removalNotice, testRefundNotice } from '../../../shared/domain/entry-removal';
import { formatCents } from '../../../shared/domain/money';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { MailNotifications } from '../../platform/mail/notifications';
import type { SmsOutbox } from '../../platform/sms';
import { type Actor, type AdminBoards, auditedEntry } from './ops-common';
import { type EntryRow, moneyOf, toEntry } from './present';
import type { AdminRepo, Tx } from './repo';

/** What the money actions on one entry are given (wired in app.ts). */
export interface EntryMoneyDeps {
  db: Db;
  repo: AdminRepo;
  clock: Clock;
  boardsIn: (tx: Tx) => AdminBoards;
  /** Refunds an entry's checkout payment in full, once however many ask (payments' refund path). */
  refunds?: { refundEntryPayment(paymentId: string): Promise<boolean> };
  /** The texts outbox: the fan is texted (with consent) what happened to their entry and money. */
  outbox?: Pick<SmsOutbox, 'enqueue'>;
  /** Board emails through the notifications outbox. */
  mail?: Pick<MailNotifications, 'enqueue'>;
  log?: { error(obj: object, msg: string): void };
}

/** How often a delete is tried again when a payment arrived between its refund and its transaction. */
const ATTEMPTS = 3;

const notFound = () =>
  new AppError(404, adminErrorCodes.entryNotFound, 'That entry does not exist (it may have been deleted).');

const lockedMessage = 'This board is locked: its entries stay as drawn. Cancel the board to void it.';

/** The audit record of an entry's money: what auditedEntry keeps, and where its money stands. */
const auditedMoney = (e: AdminEntry) => ({
  ...auditedEntry(e),
  checkoutPaidCents: e.checkoutPaidCents,
  cashCents: e.cashCents,
  cashState: e.cashState,
  removed: e.removed,
});

/** Why 'Refund' is refused for an entry with no checkout payment in hand, by its payment state. */
function notRefundableMessage(e: AdminEntry): string {
  if (e.paymentState === 'awaiting-payment') {
    return 'This entry’s checkout is still open: nothing is paid yet. Delete the entry to free its cells.';
  }
  if (e.paymentState === 'collected' || e.paymentState === 'to-return' || e.paymentState === 'returned') {
    return 'This entry was paid in cash, not through checkout: delete it to mark its cash to return.';
  }
  return 'This entry has no checkout payment to refund.';
}

/**
 * The money actions on one entry (docs/product.md#admin-screens): delete (its checkout payment refunded in
 * full through the provider, its collected cash marked to return), 'Refund' (refunded and kept, listed as
 * Refunded, its cells free) and 'Returned' (cash to return handed back). Each is audited in the transaction
 * that changes the entry, and the fan is told by email and, with consent, by text, from the same
 * transaction (the outboxes send once per key).
 *
 * The refund goes first, outside any transaction: the provider is asked once (payments locks the payment
 * while it asks), and a refusal answers 502 with nothing changed. Then the change runs under the board's
 * claim lock and looks again: a payment that arrived meanwhile is refunded first (the delete starts over), an
 * entry another request already took off changes nothing, and a board that locked meanwhile keeps the entry
 * as drawn, its refund audited.
 */
export function createAdminEntryMoney(deps: EntryMoneyDeps) {
  const { db, repo, clock } = deps;

  async function listedOr404(id: string) {
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await repo.entryById(id) : undefined;
    if (!row) throw notFound();
    return row;
  }

  /** Refunds the entry's checkout payment if it is paid; answers whether this call refunded it. */
  async function refundIfPaid(row: EntryRow): Promise<boolean> {
    const { checkoutPaidCents } = moneyOf(row);
    const paymentId = row.entry.paymentId;
    if (checkoutPaidCents === 0 || !paymentId) return false;
    const refused = () =>
      new AppError(
        502,
        adminErrorCodes.refundFailed,
        `The payment provider did not refund the ${formatCents(checkoutPaidCents)}: nothing was changed. Try again in a moment.`,
      );
    if (!deps.refunds) throw refused();
    try {
      return await deps.refunds.refundEntryPayment(paymentId);
    } catch (err) {
      deps.log?.error({ err, entry: row.entry.id }, 'entry refund refused by the provider');
      throw refused();
    }
  }

  /** Queues the fan's email and text about their entry (each once per entry and action). */
  async function tell(tx: Tx, how: 'deleted' | 'refunded', before: EntryRow, refundedCents: number) {
    const money = moneyOf(before);
    const pledgedCents = before.entry.pledgeCollectedAt
      ? 0
      : (before.entry.donationCommitmentCents ?? 0) + (before.entry.paymentId ? 0 : (before.entry.amountCents ?? 0));
    const notice = removalNotice({
      how,
      title: `${before.game.teamA} vs ${before.game.teamB}`,
      code: before.entry.code,
      refundedCents,
      cashToReturnCents: money.cashState === 'in-hand' ? money.cashCents : 0,
      pledgedCents,
      awaitingPayment: before.entry.status === 'held',
    });
    const key = `entry-${how}:${before.entry.id}`;
    if (before.entry.phone && deps.outbox) {
      await deps.outbox.enqueue(
        { key, to: before.entry.phone, body: notice.text, consent: before.entry.smsConsent },
        tx,
      );
    }
    const email = [before.accountEmail, before.entry.email].find((e) => e?.includes('@'));
    // A refund of a test payment says so first, as its receipt did.
    const test = refundedCents > 0 && before.testPayment === true;
    if (email && deps.mail) {
      await deps.mail.enqueue(
        {
          key,
          to: email,
          subject: `${test ? '[TEST MODE] ' : ''}${notice.subject}`,
          text: test ? `${testRefundNotice}\n\n${notice.text}` : notice.text,
        },
        tx,
      );
    }
  }

  type Outcome =
    | { kind: 'done'; entry: AdminEntry }
    | { kind: 'gone' }
    | { kind: 'already-refunded' }
    | { kind: 'not-refundable'; message: string }
    | { kind: 'paid-meanwhile' }
    | { kind: 'locked' }
    | { kind: 'locked-after-refund' };

  /**
   * Takes the entry off its board `how`, after its refund (`before`: the entry as it was before the refund;
   * `refunded`: this call refunded it). One transaction under the board's claim lock.
   */
  function takeOff(actor: Actor, before: EntryRow, how: 'deleted' | 'refunded', refunded: boolean): Promise<Outcome> {
    const paidBefore = moneyOf(before).checkoutPaidCents;
    return db.transaction(async (tx): Promise<Outcome> => {
      const now = clock.now();
      const boardsTx = deps.boardsIn(tx);
      // The board's claim lock: the change never interleaves with a claim, on any server instance.
      await boardsTx.lockClaims(before.entry.boardId);
      const row = await repo.entryById(before.entry.id, tx);
      if (!row) return { kind: 'gone' };
      if (how === 'refunded' && row.entry.removedHow === 'refunded') return { kind: 'already-refunded' };
      const current = toEntry(row, now);
      // Paid after this request looked (a checkout that completed meanwhile): refunded first, then again.
      if (how === 'deleted' && current.checkoutPaidCents > 0) return { kind: 'paid-meanwhile' };
      if (how === 'refunded' && row.paymentStatus !== 'refunded') {
        return { kind: 'not-refundable', message: notRefundableMessage(current) };
      }
      if (!current.deletable) {
        if (!refunded) return { kind: 'locked' };
        // Refunded, but the board locked meanwhile: the entry stays as drawn, and its refund is on record.
        await repo.audit(tx, {
          at: now,
          actor,
          action: 'entry.refund',
          target: current.boardSlug,
          before: auditedMoney(toEntry(before, now)),
          after: { ...auditedMoney(current), note: 'The board locked before the entry could be taken off.' },
        });
        return { kind: 'locked-after-refund' };
      }
      const freed = await boardsTx.removeEntry({ id: row.entry.id, boardId: row.entry.boardId }, how);
      if (freed === null) return how === 'refunded' ? { kind: 'already-refunded' } : { kind: 'gone' };
      const afterRow = await repo.anyEntryById(row.entry.id, tx);
      if (!afterRow) throw new Error(`entry ${row.entry.id} vanished in its own transaction`);
      const after = toEntry(afterRow, now);
      // The payment this action refunded (by this request or one beside it): it was paid when this one looked.
      const refundedCents = row.paymentStatus === 'refunded' ? paidBefore : 0;
      await repo.audit(tx, {
        at: now,
        actor,
        action: how === 'deleted' ? 'entry.delete' : 'entry.refund',
        target: current.boardSlug,
        before: auditedMoney(toEntry(before, now)),
        after: { ...auditedMoney(after), refundedCents, freedCells: freed },
      });
      await tell(tx, how, row, refundedCents);
      return { kind: 'done', entry: after };
    });
  }

  /** Throws the refusal of an outcome that is not done; answers the entry once it is. */
  function settle(outcome: Outcome, paid: number): AdminEntry | 'again' {
    switch (outcome.kind) {
      case 'done':
        return outcome.entry;
      case 'paid-meanwhile':
        return 'again';
      case 'gone':
        throw notFound();
      case 'already-refunded':
        throw new AppError(409, adminErrorCodes.alreadyRefunded, 'This entry was refunded already.');
      case 'not-refundable':
        throw new AppError(409, adminErrorCodes.notRefundable, outcome.message);
      case 'locked':
        throw new AppError(409, adminErrorCodes.entryLocked, lockedMessage);
      case 'locked-after-refund':
        throw new AppError(
          409,
          adminErrorCodes.entryLocked,
          `The board locked while the ${formatCents(paid)} was being refunded: the refund went through and the entry stays on the board as drawn.`,
        );
    }
  }

  return {
    /**
     * Deletes an entry before its board locks: its checkout payment is refunded in full, its collected cash is
     * marked to return, its cells are free again at once, and the fan is told. The row stays (removed, not
     * listed) so its money keeps its story. A replay finds no entry (404) and refunds nothing.
     */
    async deleteEntry(actor: Actor, id: string): Promise<void> {
      for (let attempt = 1; ; attempt++) {
        const found = await listedOr404(id);
        if (!toEntry(found, clock.now()).deletable) throw new AppError(409, adminErrorCodes.entryLocked, lockedMessage);
        const refunded = await refundIfPaid(found);
        const settled = settle(await takeOff(actor, found, 'deleted', refunded), moneyOf(found).checkoutPaidCents);
        if (settled !== 'again') return;
        if (attempt >= ATTEMPTS) {
          throw new AppError(409, adminErrorCodes.paymentArriving, 'A payment for this entry is arriving: try again.');
        }
      }
    },

    /**
     * 'Refund': refunds the entry's checkout payment in full and keeps it listed as Refunded, its cells freed
     * like an unpaid hold's (any collected cash is marked to return). 409 for an entry with no checkout payment
     * in hand, one refunded already, and on a board that is locked, settled, cancelled or voided.
     */
    async refundEntry(actor: Actor, id: string): Promise<AdminEntry> {
      const found = await listedOr404(id);
      const entry = toEntry(found, clock.now());
      if (entry.removed === 'refunded' || entry.paymentState === 'refunded') {
        throw new AppError(409, adminErrorCodes.alreadyRefunded, 'This entry was refunded already.');
      }
      if (!entry.deletable) throw new AppError(409, adminErrorCodes.entryLocked, lockedMessage);
      if (entry.checkoutPaidCents === 0) {
        throw new AppError(409, adminErrorCodes.notRefundable, notRefundableMessage(entry));
      }
      const refunded = await refundIfPaid(found);
      const settled = settle(await takeOff(actor, found, 'refunded', refunded), entry.checkoutPaidCents);
      if (settled === 'again') throw new Error('a refund is never tried again');
      return settled;
    },

    /**
     * 'Returned': the entry's cash to return was handed back to the entrant (deleted entries too), audited.
     * 409 when nothing is to return; of two at once, one records it.
     */
    async markCashReturned(actor: Actor, id: string): Promise<AdminEntry> {
      return db.transaction(async (tx) => {
        const now = clock.now();
        const row = /^[0-9a-f-]{36}$/i.test(id) ? await repo.anyEntryById(id, tx) : undefined;
        if (!row) throw notFound();
        const entry = toEntry(row, now);
        const refuse = (returned: boolean) =>
          new AppError(
            409,
            adminErrorCodes.nothingToReturn,
            returned ? 'This entry’s cash was marked returned already.' : 'This entry has no collected cash to return.',
          );
        if (entry.cashState !== 'to-return') throw refuse(entry.cashState === 'returned');
        // Conditional in the database: of two at once, one records it and is audited.
        if (!(await deps.boardsIn(tx).markCashReturned(row.entry.id, now))) throw refuse(true);
        const after = toEntry({ ...row, entry: { ...row.entry, cashReturnedAt: now } }, now);
        await repo.audit(tx, {
          at: now,
          actor,
          action: 'entry.cash-returned',
          target: entry.boardSlug,
          before: auditedMoney(entry),
          after: auditedMoney(after),
        });
        return after;
      });
    },
  };
}
