/** Money rules of donations, tips and the checkout (docs/product.md#donations). Amounts are integer cents. */
import { formatCents } from './money';

export const donationMinCents = 100;
export const donationMaxCents = 1_000_000;
/** Baseball quick donations. */
export const baseballQuickDonationsCents = [100, 500, 1000, 2000, 2500, 5000, 10000];

export const tipLimits = { minCents: 100, maxCents: 50_000, messageMax: 200 } as const;
/** Quick tips. */
export const tipQuickCents = [200, 500, 1000, 2500];

/**
 * Platform fee tiers: 18% up to $10, 15% above $10 up to $50, 12% above $50. The fee is rounded
 * half up to a whole cent; the streamer receives the rest.
 */
export const tipFeeTiers = [
  { upToCents: 1000, basisPoints: 1800, label: '$1-$10' },
  { upToCents: 5000, basisPoints: 1500, label: '$10.01-$50' },
  { upToCents: Number.POSITIVE_INFINITY, basisPoints: 1200, label: 'over $50' },
] as const;

export function tipFee(amountCents: number): { feeCents: number; netCents: number; basisPoints: number } {
  if (!Number.isInteger(amountCents) || amountCents < 0) throw new RangeError('tip amounts are whole cents');
  const tier = tipFeeTiers.find((t) => amountCents <= t.upToCents) ?? tipFeeTiers[2];
  const feeCents = Math.floor((amountCents * tier.basisPoints + 5000) / 10_000);
  return { feeCents, netCents: amountCents - feeCents, basisPoints: tier.basisPoints };
}

/**
 * The fee tiers in words, from `tipFeeTiers` itself: 'Platform fee: 18% on tips up to $10, 15% from $10.01
 * to $50, 12% above $50.' The tip form shows it until an amount is chosen, then `tipFee` of that amount.
 */
export function tipFeeSummary(): string {
  const parts = tipFeeTiers.map((tier, i) => {
    const percent = `${tier.basisPoints / 100}%`;
    const below = tipFeeTiers[i - 1]?.upToCents;
    if (below === undefined) return `${percent} on tips up to ${formatCents(tier.upToCents)}`;
    if (!Number.isFinite(tier.upToCents)) return `${percent} above ${formatCents(below)}`;
    return `${percent} from ${formatCents(below + 1)} to ${formatCents(tier.upToCents)}`;
  });
  return `Platform fee: ${parts.join(', ')}.`;
}

export const paymentMessages = {
  missingDonor: 'Missing Information: Please fill in your name and email',
  donorName: 'Please enter your name',
  donorEmail: 'Please enter a valid email address',
  donationAmount: 'Enter an amount of at least $1.',
  paymentError: 'Failed to initiate payment. Please try again.',
  tipAmountTitle: 'Invalid Amount',
  tipAmount: 'Please enter an amount between $1 and $500.',
  tipFailed: 'There was an error processing your tip. Please try again.',
  /** A gift to an organization no page has. */
  unknownOrganization: 'We could not find that organization.',
  /** A gift to an organization the platform suspended. */
  suspendedOrganization: 'This organization is not taking gifts right now.',
} as const;

export function tipAmountProblem(amountCents: number | null): string | null {
  if (amountCents === null || !Number.isInteger(amountCents)) return paymentMessages.tipAmount;
  if (amountCents < tipLimits.minCents || amountCents > tipLimits.maxCents) return paymentMessages.tipAmount;
  return null;
}

/** The local test checkout's cards (the provider's test numbers): one pays, one is declined. */
export const testCards = {
  pays: '4242424242424242',
  declined: '4000000000000002',
  /** Like Stripe's 4000000000000341: the checkout pays and the card is kept, every later charge declines. */
  declinesOnRenewal: '4000000000000341',
} as const;

export const cardMessages = {
  declined: 'Your card was declined.',
  incomplete: 'Your card number is incomplete.',
  invalid: 'Your card number is invalid.',
  expiry: "Your card's expiration date is incomplete.",
  expired: "Your card's expiration year is in the past.",
  cvc: "Your card's security code is incomplete.",
  closed: 'This checkout is no longer open.',
} as const;

/** Luhn check of a card number's digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * What the local test checkout says about a card, like the provider would: null means it pays.
 * `now` decides whether the expiry (MM/YY) is in the past.
 */
export function testCardProblem(card: { number: string; expiry: string; cvc: string }, now: Date): string | null {
  const digits = card.number.replace(/[\s-]/g, '');
  if (digits.length < 16) return cardMessages.incomplete;
  if (!luhnValid(digits)) return cardMessages.invalid;
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
  if (!m) return cardMessages.expiry;
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return cardMessages.expiry;
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    return cardMessages.expired;
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return cardMessages.cvc;
  if (digits === testCards.pays || digits === testCards.declinesOnRenewal) return null;
  return cardMessages.declined;
}

/** What a receipt of a test payment says first, in its subject and its first line: no money moved. */
export const testModeNotice = 'TEST MODE: no money moved. This receipt is for a test payment.';
