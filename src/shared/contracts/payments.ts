import { z } from 'zod';
import { donationMaxCents, donationMinCents, paymentMessages, tipLimits } from '../domain/payments';
import { errorCodes } from './error-codes';
import { orgSlugSchema } from './orgs';
import { optionalPhoneNumber, singleLine } from './text';

const text = (max: number, label?: string) => singleLine(label).max(max);

/** The game a donation supports, as the screen that started it knew it (gameData). */
export const gameDataSchema = z
  .object({
    id: text(100).optional(),
    title: text(120, 'Game title').min(1, 'The game needs a title'),
    teams: z.tuple([text(60), text(60)]).optional(),
    date: text(40).optional(),
    time: text(40).optional(),
    league: text(40).optional(),
    organization: text(100).optional(),
    gameCode: text(100).optional(),
    ticketNumber: text(20).optional(),
    supportAmountCents: z.number().int().nonnegative().optional(),
  })
  .strict();
export type GameData = z.infer<typeof gameDataSchema>;

/** A donation checkout request: amount, type, gameData, donor name and email (→ url and session id). */
export const donationCheckoutSchema = z.object({
  kind: z.enum(['wnba', 'baseball', 'game']),
  type: z.enum(['one-time', 'recurring']),
  amountCents: z
    .number()
    .int('Amounts are in whole cents')
    .min(donationMinCents, paymentMessages.donationAmount)
    .max(donationMaxCents, 'Enter an amount of at most $10,000.'),
  gameData: gameDataSchema,
  donorName: text(100, 'Name').min(1, paymentMessages.donorName),
  donorEmail: singleLine('Email').max(254, paymentMessages.donorEmail).pipe(z.email(paymentMessages.donorEmail)),
  /** Optional; a valid US number, stored in E.164 (domain/phone). */
  donorPhone: optionalPhoneNumber(),
  message: text(500, 'Message').optional(),
  /**
   * The organization the gift is made to (its public page's slug, `/o/<slug>`): the receipt, and a monthly gift's
   * every renewal, name it. Unknown or suspended: 400 naming this field.
   */
  organization: orgSlugSchema.optional(),
});
export type DonationCheckoutInput = z.infer<typeof donationCheckoutSchema>;

export const tipCheckoutSchema = z.object({
  streamer: text(60, 'Streamer').min(1, 'Choose a streamer to tip'),
  amountCents: z
    .number()
    .int('Amounts are in whole cents')
    .min(tipLimits.minCents, paymentMessages.tipAmount)
    .max(tipLimits.maxCents, paymentMessages.tipAmount),
  message: text(tipLimits.messageMax, 'Message').optional(),
});
export type TipCheckoutInput = z.infer<typeof tipCheckoutSchema>;

export const localPaySchema = z.object({
  number: singleLine('Card number').max(30),
  expiry: singleLine('Expiry').max(10),
  cvc: singleLine('CVC').max(6),
  name: text(100, 'Name on card').optional(),
  /** Where the receipt goes, as a real checkout asks (blank: no receipt by email). */
  email: z
    .union([z.literal(''), z.email('Enter a valid email address').max(254)])
    .optional()
    .transform((v) => v || undefined),
});

export const affiliateClickSchema = z.object({
  site: z.enum(['twitch', 'youtube', 'tiktok', 'instagram']),
  handle: singleLine('Handle').regex(
    /^[A-Za-z0-9_.-]{1,40}$/,
    'Handles use letters, digits, dots, dashes and underscores',
  ),
});

export const paymentErrorCodes = {
  badSignature: 'BAD_SIGNATURE',
  badEvent: 'BAD_EVENT',
  notFound: errorCodes.notFound,
  cardDeclined: 'CARD_DECLINED',
  checkoutClosed: 'CHECKOUT_CLOSED',
  providerFailed: 'PAYMENT_PROVIDER_FAILED',
  /** A manage link that does not exist, was used already, or is past its time (one code: no oracle). */
  linkInvalid: 'LINK_INVALID',
  /** No donor session (or signed-in account) for a monthly-gift route. */
  donorSessionRequired: 'DONOR_SESSION_REQUIRED',
  /** The gift is cancelled: nothing about it can change any more. */
  giftCancelled: 'GIFT_CANCELLED',
  /** Too many requests for a manage link from this address or for this email. */
  rateLimited: 'RATE_LIMITED',
  /** The test clock: a past-due gift waits for a new card (the renewal job skips it too). */
  giftPastDue: 'GIFT_PAST_DUE',
  /** The test clock: the gift renewed within this same second (renewals are keyed by their second). */
  renewedJustNow: 'RENEWED_JUST_NOW',
} as const;

/** A monthly gift's state, kept true by the provider's events. */
export const giftStateSchema = z.enum(['active', 'past_due', 'cancelled']);
export type GiftState = z.infer<typeof giftStateSchema>;

/** POST monthly.link: asks for a single-use sign-in link by email (always answered the same way). */
export const donorLinkRequestSchema = z.object({
  email: singleLine('Email').max(254).pipe(z.email('Enter the email you gave with your gift')),
});
export const donorLinkSentSchema = z.object({ sent: z.literal(true) });

/** POST monthly.session: exchanges the link's token for a donor session (an HttpOnly cookie). */
export const donorSessionRequestSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'This link is not valid.'),
});
export const donorSessionSchema = z.object({ email: z.string(), expiresAt: z.string() });

/** One charge of a monthly gift: the first (the donation itself) and each renewal, paid or failed. */
export const giftChargeSchema = z.object({
  reference: z.string(),
  status: z.enum(['paid', 'failed']),
  amountCents: z.number().int(),
  at: z.string(),
});

export const monthlyGiftSchema = z.object({
  id: z.string(),
  /** The first donation's public reference. */
  reference: z.string(),
  organization: z.string(),
  state: giftStateSchema,
  amountCents: z.number().int(),
  /** When the next renewal charges (null once cancelled or cancelling at the period's end). */
  nextChargeAt: z.string().nullable(),
  /** The donor cancelled: the gift ends at `periodEndsAt` and no renewal follows. */
  cancelAtPeriodEnd: z.boolean(),
  periodEndsAt: z.string(),
  startedAt: z.string(),
  testMode: z.boolean(),
  /**
   * The local checkout's test clock can renew this gift now (POST monthly.renewNow): a local gift, on an
   * app that uses the local checkout outside production. False with Stripe and in production.
   */
  testClock: z.boolean(),
  /** Newest first. */
  history: z.array(giftChargeSchema),
});
export type MonthlyGift = z.infer<typeof monthlyGiftSchema>;
export const monthlyGiftsSchema = z.object({
  email: z.string(),
  /** Whether the viewer is a signed-in account (no donor session to sign out of). */
  viaAccount: z.boolean(),
  gifts: z.array(monthlyGiftSchema),
});

/** POST monthly.amount: the next renewals' amount, in the donation form's bounds. */
export const giftAmountSchema = z.object({
  amountCents: z
    .number()
    .int('Amounts are in whole cents')
    .min(donationMinCents, paymentMessages.donationAmount)
    .max(donationMaxCents, 'Enter an amount of at most $10,000.'),
});
/**
 * POST monthly.renewNow (the local checkout's test clock, development only): renews the period that ends at
 * `periodEndsAt`, the gift's as last read. A replay, once that period has renewed, renews nothing more.
 */
export const renewNowSchema = z.object({
  periodEndsAt: z.iso.datetime({ offset: true, message: "Send the gift's periodEndsAt as read" }),
});
/**
 * What the renewal did: `renewed` (paid, receipt mailed), `declined` (past due, card link mailed), `ended`
 * (a cancelling gift is now cancelled) or `unchanged` (that period had renewed already).
 */
export const renewedNowSchema = z.object({
  outcome: z.enum(['renewed', 'declined', 'ended', 'unchanged']),
  gift: monthlyGiftSchema,
});
export type RenewedNow = z.infer<typeof renewedNowSchema>;
/** POST monthly.card: where the donor updates the card (Stripe's billing portal, or FanGrid's local one). */
export const giftCardPortalSchema = z.object({ url: z.string(), local: z.boolean() });
export const statementQuerySchema = z.object({
  year: z.coerce.number().int('Enter a year like 2025').min(2000).max(2100),
});
