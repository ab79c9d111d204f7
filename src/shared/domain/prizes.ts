import type { ClaimMethod, PayoutMethod, PrizeState } from '../contracts/prizes';

/** How each payout method (and giving back) is said to winners and organizers. */
export const claimChoiceLabels: Record<ClaimMethod, string> = {
  pickup: 'Pick up at the venue',
  check: 'Check by mail',
  handle: 'Payment handle',
  'give-back': 'Give it back to the cause',
};

/** Each prize state as fans and organizers read it. */
export const prizeStateLabels: Record<PrizeState, string> = {
  unclaimed: 'Unclaimed',
  claimed: 'Claimed',
  paid: 'Paid',
  'given-back': 'Given back',
  expired: 'Expired',
};

const methodPhrases: Record<PayoutMethod, string> = {
  pickup: 'pickup at the venue',
  check: 'a check by mail',
  handle: 'a payment to the winner’s handle',
};

/** A board's payout methods as one phrase: 'pickup at the venue, a check by mail or a payment to …'. */
export function payoutMethodsInWords(methods: readonly PayoutMethod[]): string {
  const phrases = methods.map((m) => methodPhrases[m]);
  if (phrases.length <= 1) return phrases[0] ?? '';
  return `${phrases.slice(0, -1).join(', ')} or ${phrases.at(-1)}`;
}

/** The claim window in words: '30 days'. */
export const claimWindowInWords = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/** A board's claim rules as its 'Prizes and rules' say them: the claim window and how prizes are paid. */
export function claimRulesText(days: number, methods: readonly PayoutMethod[]): string {
  const how = methods.length > 0 ? ` Prizes are paid out as ${payoutMethodsInWords(methods)}.` : '';
  return `A winner has ${claimWindowInWords(days)} after the period is scored to claim a prize through the link they are sent; an unclaimed prize then expires.${how} A winner may also give the prize back to the cause.`;
}

/** Gambling winnings at or above this many cents may need reporting to the IRS (Form W-2G). */
export const TAX_REPORT_MIN_CENTS = 60_000;
/** …and only when the prize is at least this many times what the winning entry paid. */
export const TAX_REPORT_MIN_MULTIPLE = 300;

/**
 * A prize the organizer may have to report: at least $600 and at least 300 times the winning entry's amount
 * (a free entry's amount is 0, so any prize of $600 or more qualifies). Cents in, no rounding.
 */
export function isTaxReportable(prizeCents: number, entryAmountCents: number | null): boolean {
  const paid = Math.max(0, entryAmountCents ?? 0);
  return prizeCents >= TAX_REPORT_MIN_CENTS && prizeCents >= TAX_REPORT_MIN_MULTIPLE * paid;
}

export const taxReportableExplanation = "May need IRS Form W-2G: collect the winner's tax details before paying";
