import { formatCents } from './money';

/**
 * What taking an entry off its board does to its money and who hears of it (docs/product.md#admin-screens):
 * deleting refunds a checkout payment in full through the provider and marks collected cash to return;
 * 'Refund' refunds the checkout payment and keeps the entry listed, its cells free. The organizer's dialogs
 * and the fan's email and text are worded here, from the same figures.
 */

/** An entry's money as the admin list shows it (contracts/admin AdminEntry). */
export interface EntryMoneyView {
  paymentState: string;
  totalCents: number;
  checkoutPaidCents: number;
  cashCents: number;
  cashState: 'none' | 'in-hand' | 'to-return' | 'returned';
  reachBy: { email: boolean; text: boolean };
}

/** 'by email', 'by text', 'by email and text', or null when the fan left neither. */
export function toldBy(reach: { email: boolean; text: boolean }): string | null {
  if (reach.email && reach.text) return 'by email and text';
  if (reach.email) return 'by email';
  if (reach.text) return 'by text';
  return null;
}

/** The sentence about telling the fan, for a dialog. */
function tellSentence(reach: { email: boolean; text: boolean }): string {
  const by = toldBy(reach);
  return by ? `The fan is told ${by}.` : 'The fan left no email and no consent to texts: tell them yourself.';
}

/** What the delete dialog says will happen to the entry's money (and who is told). */
export function deleteConsequence(e: EntryMoneyView): string {
  const parts: string[] = [];
  const by = toldBy(e.reachBy);
  if (e.checkoutPaidCents > 0) {
    parts.push(
      by
        ? `This entry paid ${formatCents(e.checkoutPaidCents)} through checkout: it will be refunded in full and the fan told ${by}.`
        : `This entry paid ${formatCents(e.checkoutPaidCents)} through checkout: it will be refunded in full.`,
    );
  }
  if (e.cashState === 'in-hand' && e.cashCents > 0) {
    parts.push(`${formatCents(e.cashCents)} of collected cash will be marked to return.`);
  } else if (e.cashState === 'to-return') {
    parts.push(`${formatCents(e.cashCents)} of collected cash is marked to return already.`);
  }
  if (parts.length === 0) {
    if (e.paymentState === 'awaiting-payment') {
      parts.push('Its checkout is still open: a payment that arrives after the delete is refunded in full.');
    } else if (e.paymentState === 'pledged') {
      parts.push(`Its ${formatCents(e.totalCents)} pledge was never collected: nobody owes anything.`);
    } else {
      parts.push('This entry has no money on it.');
    }
  }
  // The checkout sentence names who is told; otherwise say it apart.
  if (!(e.checkoutPaidCents > 0 && by)) parts.push(tellSentence(e.reachBy));
  return parts.join(' ');
}

/** What the 'Refund' dialog says will happen. */
export function refundConsequence(e: EntryMoneyView & { cells: readonly number[] }): string {
  const cells = e.cells.length === 1 ? 'its cell is free again' : 'its cells are free again';
  const cash =
    e.cashState === 'in-hand' && e.cashCents > 0
      ? ` ${formatCents(e.cashCents)} of collected cash will be marked to return.`
      : '';
  return (
    `${formatCents(e.checkoutPaidCents)} paid through checkout will be refunded in full and ${cells}; the entry ` +
    `stays listed as Refunded.${cash} ${tellSentence(e.reachBy)}`
  );
}

/** Said first in the email about a refund of a test payment, as every test receipt says it. */
export const testRefundNotice = 'TEST MODE: no money moved. This refund is of a test payment.';

/** What the fan is told when an organizer deletes or refunds their entry (email and text alike). */
export function removalNotice(input: {
  how: 'deleted' | 'refunded';
  title: string;
  code: string;
  /** Refunded in full through checkout by this change. */
  refundedCents: number;
  /** Collected cash now to be given back. */
  cashToReturnCents: number;
  /** A pledge never collected (cancelled with the entry). */
  pledgedCents: number;
  /** The entry's checkout was still open. */
  awaitingPayment: boolean;
}): { subject: string; text: string } {
  const what = input.how === 'deleted' ? 'deleted' : 'refunded';
  const parts = [`FanGrid: ${input.title}, your code ${input.code}: the organizer ${what} your entry.`];
  if (input.refundedCents > 0) {
    parts.push(`Your ${formatCents(input.refundedCents)} is refunded in full to the card you paid with.`);
  }
  if (input.cashToReturnCents > 0) {
    parts.push(`The ${formatCents(input.cashToReturnCents)} you paid in cash will be given back to you.`);
  }
  if (input.refundedCents === 0 && input.cashToReturnCents === 0) {
    if (input.awaitingPayment) parts.push('If your payment still goes through, it is refunded in full.');
    else if (input.pledgedCents > 0)
      parts.push(`Your ${formatCents(input.pledgedCents)} pledge is cancelled: you owe nothing.`);
  }
  if (input.how === 'refunded') parts.push('Your squares are free again.');
  return { subject: `${input.title}: your entry was ${what}`, text: parts.join(' ') };
}
