import { z } from 'zod';
import { donationMaxCents, donationMinCents, paymentMessages, tipLimits } from '../domain/payments';
import { errorCodes } from './error-codes';
import { singleLine } from './text';

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
  donorName: text(100, 'Name').min(1, paymentMessages.missingDonor),
  donorEmail: singleLine('Email').max(254).pipe(z.email(paymentMessages.missingDonor)),
  donorPhone: text(20, 'Phone').optional(),
  message: text(500, 'Message').optional(),
});
export type DonationCheckoutInput = z.infer<typeof donationCheckoutSchema>;

export const checkoutStartedSchema = z.object({
  url: z.string(),
  sessionId: z.string(),
  /** The donation's or tip's public reference. */
  reference: z.string(),
});
export type CheckoutStarted = z.infer<typeof checkoutStartedSchema>;

const status = z.enum(['pending', 'completed', 'failed', 'expired']);

/** A donation as its success page shows it: no email or phone. */
export const donationViewSchema = z.object({
  reference: z.string(),
  kind: z.enum(['wnba', 'baseball', 'game']),
  type: z.enum(['one-time', 'recurring']),
  amountCents: z.number().int(),
  donorName: z.string(),
  message: z.string().nullable(),
  gameData: gameDataSchema,
  status,
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** Paid through a checkout that moves no real money (the local test checkout, Stripe test mode). */
  testMode: z.boolean(),
});
export type DonationView = z.infer<typeof donationViewSchema>;

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

export const tipViewSchema = z.object({
  reference: z.string(),
  streamer: z.string(),
  amountCents: z.number().int(),
  feeCents: z.number().int(),
  netCents: z.number().int(),
  message: z.string().nullable(),
  status,
  /** Paid through a checkout that moves no real money (the local test checkout, Stripe test mode). */
  testMode: z.boolean(),
});
export type TipView = z.infer<typeof tipViewSchema>;

/** The local test checkout's page data. */
export const localSessionSchema = z.object({
  sessionId: z.string(),
  description: z.string(),
  amountCents: z.number().int(),
  mode: z.enum(['payment', 'subscription']),
  status: z.enum(['pending', 'paid', 'failed', 'expired', 'refunded']),
  expiresAt: z.string(),
  cancelUrl: z.string(),
  /** Always true: the local checkout takes test cards only. */
  testMode: z.boolean(),
});
export type LocalSession = z.infer<typeof localSessionSchema>;

export const localPaySchema = z.object({
  number: singleLine('Card number').max(30),
  expiry: singleLine('Expiry').max(10),
  cvc: singleLine('CVC').max(6),
  name: text(100, 'Name on card').optional(),
});

export const localPaidSchema = z.object({ redirectUrl: z.string() });

/**
 * One checkout as the screen it returns to shows it (a paid board entry's board): what it paid for, how
 * far it got, and whether it was a test. No personal data.
 */
export const paymentViewSchema = z.object({
  sessionId: z.string(),
  purpose: z.enum(['donation', 'tip', 'entry']),
  description: z.string(),
  amountCents: z.number().int(),
  status: z.enum(['pending', 'paid', 'failed', 'expired', 'refunded']),
  testMode: z.boolean(),
  /** A board entry's checkout: the entry it pays for (its code, ticket and cells), for its confirmation. */
  entry: z.object({ code: z.string(), ticketNumber: z.string(), cells: z.array(z.number().int()) }).optional(),
});
export type PaymentView = z.infer<typeof paymentViewSchema>;

export const affiliateClickSchema = z.object({
  site: z.enum(['twitch', 'youtube', 'tiktok', 'instagram']),
  handle: singleLine('Handle').regex(
    /^[A-Za-z0-9_.-]{1,40}$/,
    'Handles use letters, digits, dots, dashes and underscores',
  ),
});
export const affiliateRedirectSchema = z.object({ url: z.string() });

export const paymentErrorCodes = {
  badSignature: 'BAD_SIGNATURE',
  badEvent: 'BAD_EVENT',
  notFound: errorCodes.notFound,
  cardDeclined: 'CARD_DECLINED',
  checkoutClosed: 'CHECKOUT_CLOSED',
  providerFailed: 'PAYMENT_PROVIDER_FAILED',
} as const;
