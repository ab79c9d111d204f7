import * as z from 'zod/mini';

/**
 * The payment answers (where to pay, and whether a payment is pending, paid or failed), declared once with
 * zod/mini: the server's routes answer with these schemas and the payment screens parse with them, so those
 * screens stay small.
 */

/** A checkout just opened: the fan is sent to its url. */
export const checkoutStartedResponseSchema = z.object({
  url: z.string(),
  sessionId: z.string(),
  /** The donation's or tip's public reference. */
  reference: z.string(),
});
export type CheckoutStarted = z.infer<typeof checkoutStartedResponseSchema>;

/** `POST /api/affiliate-clicks`: where the stream opens, with FanGrid's referral parameter. */
export const affiliateRedirectSchema = z.object({ url: z.string() });

/** A tip's checkout also says the fee taken from the tip. */
export const tipCheckoutStartedResponseSchema = z.extend(checkoutStartedResponseSchema, { feeCents: z.int() });

const status = z.enum(['pending', 'completed', 'failed', 'expired']);
const optionalText = z.optional(z.string());
/** Paid through a checkout that moves no real money (the local test checkout, Stripe test mode). */
const testMode = z.boolean();

/** A donation as its success page shows it (no email or phone): its status picks pending, completed or failed. */
export const donationViewResponseSchema = z.object({
  reference: z.string(),
  kind: z.enum(['wnba', 'baseball', 'game']),
  type: z.enum(['one-time', 'recurring']),
  amountCents: z.int(),
  donorName: z.string(),
  message: z.nullable(z.string()),
  gameData: z.strictObject({
    id: optionalText,
    title: z.string(),
    teams: z.optional(z.tuple([z.string(), z.string()])),
    date: optionalText,
    time: optionalText,
    league: optionalText,
    organization: optionalText,
    gameCode: optionalText,
    ticketNumber: optionalText,
    supportAmountCents: z.optional(z.int()),
  }),
  status,
  createdAt: z.string(),
  completedAt: z.nullable(z.string()),
  testMode,
});
export type DonationView = z.infer<typeof donationViewResponseSchema>;

/** A tip's success page, the same way. */
export const tipViewResponseSchema = z.object({
  reference: z.string(),
  streamer: z.string(),
  amountCents: z.int(),
  feeCents: z.int(),
  netCents: z.int(),
  message: z.nullable(z.string()),
  status,
  testMode,
});
export type TipView = z.infer<typeof tipViewResponseSchema>;

/** How far a checkout got. */
const checkoutStatus = z.enum(['pending', 'paid', 'failed', 'expired', 'refunded']);

/**
 * One checkout as the screen it returns to shows it (a paid board entry's board): what it paid for, how far
 * it got (its status picks the message), and whether it was a test. No personal data.
 */
export const paymentViewResponseSchema = z.object({
  sessionId: z.string(),
  purpose: z.enum(['donation', 'tip', 'entry']),
  description: z.string(),
  amountCents: z.int(),
  status: checkoutStatus,
  testMode: z.boolean(),
  /** A board entry's checkout: the entry it pays for (its code, ticket and cells), for its confirmation. */
  entry: z.optional(z.object({ code: z.string(), ticketNumber: z.string(), cells: z.array(z.int()) })),
});
export type PaymentView = z.infer<typeof paymentViewResponseSchema>;

/** The local test checkout: a card form while pending, else 'already paid' or 'no longer open'. */
export const localSessionResponseSchema = z.object({
  sessionId: z.string(),
  description: z.string(),
  amountCents: z.int(),
  mode: z.enum(['payment', 'subscription']),
  status: checkoutStatus,
  expiresAt: z.string(),
  cancelUrl: z.string(),
  /** Always true: the local checkout takes test cards only. */
  testMode: z.boolean(),
  /**
   * The checkout asks for the payer's email for the receipt: a board entry's (a donation or tip already has
   * its donor's email, where its receipt goes).
   */
  asksEmail: z.boolean(),
});
export type LocalSession = z.infer<typeof localSessionResponseSchema>;

/** The local test checkout paid or cancelled: where the browser goes next. */
export const localPaidResponseSchema = z.object({ redirectUrl: z.string() });
