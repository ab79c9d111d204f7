import { formatCents } from './money';

/**
 * How a board ends early (docs/product.md#board-lifecycle). Before its first scored period a board can be
 * **cancelled**: paid entries are refunded through checkout, collected cash is marked to return, and nothing
 * is owed on the rest. Once a period is scored it can only be **voided**: the prizes of its scored periods
 * stand (paid or owed as they are), nothing more is awarded, the prize money of its unscored periods goes to
 * the cause, and no entry is refunded, because part of the game was played. A settled board is neither.
 */

/** A feed game suspended and not resumed within this many days ends its boards (voided once scored). */
export const SUSPENDED_GAME_DAYS = 7;
export const SUSPENDED_GAME_MS = SUSPENDED_GAME_DAYS * 24 * 60 * 60_000;

/** An organizer's reason for voiding a board: required, this long. */
export const VOID_REASON_MIN = 3;
export const VOID_REASON_MAX = 500;

/** Why a board cannot be cancelled or voided now (what the 409 says). */
export const boardEndMessages = {
  cancelScored:
    'A period of this board is scored, so it can no longer be cancelled: void it instead. Its scored prizes stand, the rest of the prize money goes to the cause, and entries are not refunded.',
  settled:
    'This board is settled: every period is scored and its prizes are paid or owed, so it can be neither cancelled nor voided.',
  cancelVoided: 'This board was voided, so it cannot be cancelled.',
  voidCancelled: 'This board was cancelled, so there is nothing left to void.',
  voidUnscored: 'No period of this board is scored yet: cancel it instead, which refunds its paid entries.',
  reason: `Say why the board is voided, in ${VOID_REASON_MIN} to ${VOID_REASON_MAX} characters.`,
} as const;

/** Why the feed (or the demo) voids a board once part of its game was played. */
export const voidReasons = {
  gameCancelled: 'The game was cancelled after play began.',
  suspended: `The game was suspended and not resumed within ${SUSPENDED_GAME_DAYS} days.`,
  demoUnlisted: 'The demo round ended before all its periods were scored.',
} as const;

/** What a suspended game's unscored boards say when it is not resumed in time (they are cancelled). */
export const suspendedCancelNotice = `Game suspended and not resumed within ${SUSPENDED_GAME_DAYS} days: this board is cancelled.`;

/** A reason as a sentence: trimmed, with a full stop unless it ends with one of its own. */
const sentence = (text: string) => {
  const t = text.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
};

/** What a voided board stands by: its scored prizes, the rest to the cause, no refunds. */
export const voidRuleText = (cause: string) =>
  `Prizes of scored periods stand; the prize money of the unscored periods goes to ${cause}. Entries are not refunded, because part of the game was played.`;

/** What a voided board's entrants are told, and what the board says (its `notice`). */
export const voidNotice = (reason: string, cause: string) => `Voided: ${sentence(reason)} ${voidRuleText(cause)}`;

/** What a voided board shows in place of its entry forms. */
export function voidedBoxText(board: { voidReason: string | null; cause: string }): { title: string; text: string } {
  const why = board.voidReason ? `${sentence(board.voidReason)} ` : '';
  return { title: 'This board was voided', text: `${why}${voidRuleText(board.cause)} It takes no more entries.` };
}

/**
 * The rules' words on a game cancelled or suspended (the rules page publishes them before anyone enters): a
 * suspended game is one not resumed within SUSPENDED_GAME_DAYS.
 */
export function endRulesText(money: boolean): string {
  return `Cancelled before any score: ${money ? 'refunded' : 'cancelled'}. Later, or suspended ${SUSPENDED_GAME_DAYS} days: voided; scored prizes stand, the rest to the cause${money ? ', no refunds' : ''}.`;
}

/** What an entry's money is when its board is cancelled, from its amounts and where they stand. */
export interface EntryMoneyOnCancel {
  /** Paid through checkout: refunded in full (already, or by the cancel). */
  checkoutCents: number;
  /** Whether that payment is refunded by now (false: the refund is still to be made). */
  refunded: boolean;
  /** Collected in cash (a pledge marked collected) and not yet handed back: to be returned. */
  cashCents: number;
  /** Pledged and never collected: nothing is owed either way. */
  uncollectedCents: number;
}

export function entryMoneyOnCancel(e: {
  amountCents: number | null;
  donationCommitmentCents: number | null;
  paymentId: string | null;
  /** The status of the entry's checkout payment (null: no checkout). */
  paymentStatus: string | null;
  pledgeCollectedAt: Date | string | null;
  cashReturnedAt: Date | string | null;
}): EntryMoneyOnCancel {
  const paidThrough = e.paymentId !== null && (e.paymentStatus === 'paid' || e.paymentStatus === 'refunded');
  // A pledge is the gift pledged beside the entry, and its amount too where no checkout paid it.
  const pledged = (e.donationCommitmentCents ?? 0) + (e.paymentId ? 0 : (e.amountCents ?? 0));
  return {
    checkoutCents: paidThrough ? (e.amountCents ?? 0) : 0,
    refunded: e.paymentStatus === 'refunded',
    cashCents: e.pledgeCollectedAt && !e.cashReturnedAt ? pledged : 0,
    uncollectedCents: e.pledgeCollectedAt ? 0 : pledged,
  };
}

/** What one entrant is told about their money when the board is cancelled: the truth for that entry. */
export function cancelMoneyLine(money: EntryMoneyOnCancel, organization: string): string {
  const lines: string[] = [];
  if (money.checkoutCents > 0) {
    lines.push(
      `Your ${formatCents(money.checkoutCents)} payment ${money.refunded ? 'is' : 'will be'} refunded in full through checkout.`,
    );
  }
  if (money.cashCents > 0) {
    lines.push(`The ${formatCents(money.cashCents)} you paid in cash will be returned to you by ${organization}.`);
  }
  if (lines.length > 0) return lines.join(' ');
  return money.uncollectedCents > 0
    ? `Nothing is owed: your ${formatCents(money.uncollectedCents)} pledge will not be collected.`
    : 'Nothing is owed: no money was taken for this entry.';
}

/** What a winner of a voided board is told about each prize that stands. */
export const voidPrizeLine = (wins: readonly { label: string; prizeCents: number }[]) =>
  wins.map((w) => `Your ${w.label} prize of ${formatCents(w.prizeCents)} stands.`).join(' ');
