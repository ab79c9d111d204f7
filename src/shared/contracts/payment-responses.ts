import * as z from 'zod/mini';
import type { CheckoutStarted, DonationView, LocalSession, TipView } from './payments';

/**
 * The payment answers the browser acts on (where to pay, and whether a payment is pending, paid or
 * failed), parsed with zod/mini so the payment screens stay small. The server declares the same shapes
 * with zod in payments.ts; the checks at the end of this file keep the two in step.
 */

/** A checkout just opened: the fan is sent to its url. */
export const checkoutStartedResponseSchema = z.object({
  url: z.string(),
  sessionId: z.string(),
  reference: z.string(),
});

const status = z.enum(['pending', 'completed', 'failed', 'expired']);
const optionalText = z.optional(z.string());

/** A donation's success page: its status picks pending, completed or failed. */
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
  testMode: z.boolean(),
});

/** A tip's success page, the same way. */
export const tipViewResponseSchema = z.object({
  reference: z.string(),
  streamer: z.string(),
  amountCents: z.int(),
  feeCents: z.int(),
  netCents: z.int(),
  message: z.nullable(z.string()),
  status,
  testMode: z.boolean(),
});

/** The local test checkout: a card form while pending, else 'already paid' or 'no longer open'. */
export const localSessionResponseSchema = z.object({
  sessionId: z.string(),
  description: z.string(),
  amountCents: z.int(),
  mode: z.enum(['payment', 'subscription']),
  status: z.enum(['pending', 'paid', 'failed', 'expired', 'refunded']),
  expiresAt: z.string(),
  cancelUrl: z.string(),
  testMode: z.boolean(),
  asksEmail: z.boolean(),
});

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Agrees<T extends true> = T;
/** Fails to compile when a schema here and the server's drift apart. */
export type PaymentResponsesAgree = [
  Agrees<Same<z.infer<typeof checkoutStartedResponseSchema>, CheckoutStarted>>,
  Agrees<Same<z.infer<typeof donationViewResponseSchema>, DonationView>>,
  Agrees<Same<z.infer<typeof tipViewResponseSchema>, TipView>>,
  Agrees<Same<z.infer<typeof localSessionResponseSchema>, LocalSession>>,
];
