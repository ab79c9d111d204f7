import { z } from 'zod';
import { claimMethods, payoutMethods, prizeStates, publicPrizeResponseSchema } from './prize-responses';
import { multiLine, singleLine } from './text';

/**
 * Prizes, their claims and the payout ledger (docs/product.md#prizes-and-claims). A prize is made when a period
 * is scored with a winning entry; the winner claims it through a signed, single-use, expiring link and chooses
 * one of the methods the board's organizer offers, or gives it back to the cause. Money is integer cents.
 */
export { payoutMethods, prizeStates };
export const prizeStateSchema = z.enum(prizeStates);
export type PrizeState = z.infer<typeof prizeStateSchema>;

/** pickup at the venue, check by mail, a payment handle the winner types. */
export const payoutMethodSchema = z.enum(payoutMethods);
export type PayoutMethod = z.infer<typeof payoutMethodSchema>;

/** What a claim may choose: a payout method, or giving the prize back to the cause. */
export const claimMethodSchema = z.enum(claimMethods);
export type ClaimMethod = z.infer<typeof claimMethodSchema>;

export const CLAIM_WINDOW_DAYS_DEFAULT = 30;
export const CLAIM_WINDOW_DAYS_MAX = 365;
/**
 * Claim codes one client address may ask for one prize in CLAIM_CODE_WINDOW_HOURS: a stranger holding a claim
 * link is stopped here, before the prize's own cap (CLAIM_CODES_PER_PRIZE).
 */
export const CLAIM_CODES_PER_ADDRESS = 5;
/**
 * Claim codes texted to one prize's winner in CLAIM_CODE_WINDOW_HOURS from all addresses before its texts are
 * spaced to one every CLAIM_CODE_SPACING_MINUTES (no text pumping, and the winner can always get a code).
 */
export const CLAIM_CODES_PER_PRIZE = 10;
export const CLAIM_CODE_SPACING_MINUTES = 30;
export const CLAIM_CODE_WINDOW_HOURS = 24;
/** Tries one texted code takes (right or wrong): the next is refused, and a new code must be asked for. */
export const CLAIM_TRIES_PER_CODE = 5;
/** Wrong codes from one client address that lock that address (not the prize), and for how long. */
export const CLAIM_WRONG_CODES_MAX = 5;
export const CLAIM_CODE_LOCK_MINUTES = 15;
export const CLAIM_HANDLE_MAX = 200;
/**
 * Digits of the organizer's claim code of a prize ('Show claim code'): read out or printed for a winner who has
 * no phone, and typed on the claim page in place of a texted code. Longer than a texted code (6 digits), so the
 * two never mix and guessing it is far harder; it takes CLAIM_TRIES_PER_CODE tries per
 * CLAIM_CODE_SPACING_MINUTES from all addresses together (docs/decisions/0024-cash-winners.md).
 */
export const ORGANIZER_CODE_DIGITS = 8;
/** What a prize paid in cash at the venue records as its payment's reference. */
export const VENUE_CASH_REFERENCE = 'Cash at the venue';

export const prizeErrorCodes = {
  /** The link's signature does not verify, or names no prize. */
  invalid: 'PRIZE_CLAIM_INVALID',
  /** The link (or the prize's claim window) has expired. */
  expired: 'PRIZE_CLAIM_EXPIRED',
  /** The prize was already claimed, paid or given back. */
  used: 'PRIZE_CLAIM_USED',
  /** The texted code does not match. */
  codeWrong: 'PRIZE_CLAIM_CODE_WRONG',
  /** The texted code has taken its tries (CLAIM_TRIES_PER_CODE): a new code must be asked for. */
  codeUsedUp: 'PRIZE_CLAIM_CODE_USED_UP',
  /** Too many codes asked for, or too many wrong codes: try again later (Retry-After). */
  rateLimited: 'PRIZE_CLAIM_RATE_LIMITED',
  /** The chosen method is not one the board offers. */
  methodNotOffered: 'PRIZE_METHOD_NOT_OFFERED',
  /** Mark paid on a prize that is not claimed. */
  notClaimed: 'PRIZE_NOT_CLAIMED',
  prizeNotFound: 'PRIZE_NOT_FOUND',
  /** Mark paid on a prize a correction flagged: the organizer marks it reviewed first. */
  needsReview: 'PRIZE_NEEDS_REVIEW',
  /** 'Show claim code' on a prize that can no longer be claimed (claimed, paid, given back or expired). */
  notClaimable: 'PRIZE_NOT_CLAIMABLE',
  /** 'Paid in cash' on a prize that is paid, given back or expired. */
  notPayable: 'PRIZE_NOT_PAYABLE',
} as const;

/**
 * A prize as the organizer sees it: the winner's view (contracts/prize-responses, in its order) and what only the
 * organizer reads.
 */
const pub = publicPrizeResponseSchema.shape;
export const prizeSchema = z.object({
  id: pub.id,
  boardSlug: pub.boardSlug,
  boardTitle: pub.boardTitle,
  period: pub.period,
  periodLabel: pub.periodLabel,
  prizeCents: pub.prizeCents,
  state: pub.state,
  method: pub.method,
  /** The payment handle or mailing address the winner typed (admin only). */
  handle: z.string().nullable(),
  code: pub.code,
  winnerNickname: pub.winnerNickname,
  claimedAt: pub.claimedAt,
  paidAt: pub.paidAt,
  paidReference: pub.paidReference,
  /** Who received a prize paid in cash at the venue, as the organizer typed it (admin only). */
  receivedBy: z.string().nullable(),
  expiresAt: pub.expiresAt,
  createdAt: pub.createdAt,
  /** Why the organizer should check this prize before paying (a re-scoring after it was claimed), or null. */
  reviewNote: z.string().nullable(),
  /** A re-scoring moved the win after the prize was claimed, paid or given back, and no one has reviewed it. */
  needsReview: z.boolean(),
  /** At or above the federal reporting threshold (isTaxReportable): collect the winner's tax details first. */
  taxReportable: z.boolean(),
});
export type Prize = z.infer<typeof prizeSchema>;

export const claimTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

export const claimMessages = {
  codeFormat: 'The code is the 6 digits we texted you',
  organizerCodeFormat: `The organizer’s claim code has ${ORGANIZER_CODE_DIGITS} digits`,
  handleRequired: 'Tell us where to send the prize',
  handleTooLong: `At most ${CLAIM_HANDLE_MAX} characters`,
  handleOneLine: 'A payment handle is one line',
} as const;

/** POST /api/claims/:token */
export const claimBodySchema = z
  .object({
    /** The 6-digit code texted to the entry's phone, or the organizer's 8-digit claim code. */
    code: z
      .string()
      .trim()
      .regex(/^(\d{6}|\d{8})$/, claimMessages.codeFormat)
      .optional(),
    method: claimMethodSchema,
    /** A mailing address for 'check' (newlines allowed) or a payment handle for 'handle' (one line). */
    handle: multiLine('Payout details').max(CLAIM_HANDLE_MAX, claimMessages.handleTooLong).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.method !== 'check' && body.method !== 'handle') return;
    if (!body.handle) {
      ctx.addIssue({ code: 'custom', path: ['handle'], message: claimMessages.handleRequired });
    } else if (body.method === 'handle' && /[\r\n]/.test(body.handle)) {
      ctx.addIssue({ code: 'custom', path: ['handle'], message: claimMessages.handleOneLine });
    }
  });
export type ClaimBody = z.input<typeof claimBodySchema>;

/**
 * GET /api/admin/payouts and GET /api/admin/payouts.csv: one query, so the CSV holds exactly the prizes the list
 * shows (one board, or all; a state; a flag).
 */
export const payoutsQuerySchema = z.object({
  board: singleLine('Board').max(100).optional(),
  state: prizeStateSchema.optional(),
  /** 'true': only prizes a re-scoring flagged for review. */
  needsReview: z.enum(['true']).optional(),
  /** 'true': only prizes at or above the tax reporting threshold. */
  taxReportable: z.enum(['true']).optional(),
});
export type PayoutsQuery = z.infer<typeof payoutsQuerySchema>;

export const payoutTotalsSchema = z.object({
  owedCents: z.number().int(),
  paidCents: z.number().int(),
  givenBackCents: z.number().int(),
  expiredCents: z.number().int(),
  /** Prizes flagged by a re-scoring and not yet marked reviewed. */
  needsReviewCount: z.number().int(),
  /** Prizes at or above the tax reporting threshold. */
  taxReportableCount: z.number().int(),
});
export const payoutsSchema = z.object({ prizes: z.array(prizeSchema), totals: payoutTotalsSchema });
export type Payouts = z.infer<typeof payoutsSchema>;

/** POST /api/admin/payouts/:id/paid */
export const markPaidBodySchema = z.object({
  reference: singleLine('Reference').min(1, 'A reference is required').max(100, 'At most 100 characters'),
});
export type MarkPaidBody = z.input<typeof markPaidBodySchema>;
/** Any id is accepted in the path: one that names no prize answers 404. */
export const prizeIdParamsSchema = z.object({ id: singleLine('Prize').min(1).max(100) });
export const markPaidResultSchema = z.object({ prize: prizeSchema });
/** POST /api/admin/payouts/:id/reviewed: the organizer checked a flagged prize (no body). */
export const markReviewedResultSchema = z.object({ prize: prizeSchema });

/** POST /api/admin/payouts/:id/claim-code: the organizer's code of an unclaimed prize, to read out or print. */
export const claimCodeSchema = z.object({
  prize: prizeSchema,
  /** ORGANIZER_CODE_DIGITS digits; the same each time it is shown, until the prize is re-pointed. */
  code: z.string(),
  claimUrl: z.string(),
  /** The claim link as a QR code (an SVG document). */
  qrSvg: z.string(),
});
export type ClaimCode = z.infer<typeof claimCodeSchema>;

/** POST /api/admin/payouts/:id/paid-in-cash: who received the prize at the venue. */
export const paidInCashBodySchema = z.object({
  receivedBy: singleLine('Received by').min(1, 'Who received the prize is required').max(100, 'At most 100 characters'),
});
export type PaidInCashBody = z.input<typeof paidInCashBodySchema>;

export const payoutsCsvColumns = [
  'Board',
  'Period',
  'Code',
  'Nickname',
  'Prize',
  'State',
  'Method',
  'Claimed At',
  'Paid At',
  'Reference',
  'Needs Review',
  'Tax Reportable',
  'Payout Details',
  'Received By',
] as const;
