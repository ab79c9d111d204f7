import * as z from 'zod/mini';
import type { EntryCreated, EntrySummary, FreeEntryCodeSent } from './boards';
import type { PaymentView } from './payments';

/**
 * The answers the board screens act on, parsed in the browser with zod/mini so those screens stay small
 * (the server declares the same shapes with zod in boards.ts and payments.ts; the checks at the end of
 * this file keep the two in step).
 */

/** An entry just taken: a paid board sends the fan to its checkout, a free one shows the code. */
export const entryCreatedResponseSchema = z.object({
  entry: z.object({
    id: z.string(),
    boardSlug: z.string(),
    code: z.string(),
    ticketNumber: z.string(),
    cells: z.array(z.int()),
    amountCents: z.nullable(z.int()),
    checkoutUrl: z.optional(z.string()),
    heldUntil: z.optional(z.string()),
  }),
});

/** A paid entry's checkout, read back on the board it returns to: its status picks the message. */
export const paymentViewResponseSchema = z.object({
  sessionId: z.string(),
  purpose: z.enum(['donation', 'tip', 'entry']),
  description: z.string(),
  amountCents: z.int(),
  status: z.enum(['pending', 'paid', 'failed', 'expired', 'refunded']),
  testMode: z.boolean(),
  entry: z.optional(z.object({ code: z.string(), ticketNumber: z.string(), cells: z.array(z.int()) })),
});

/** An entry's summary (the donation success screen, and the answer to a donation pledge). */
export const entrySummaryResponseSchema = z.object({
  ticketNumber: z.string(),
  team: z.string(),
  donationCommitmentCents: z.nullable(z.int()),
  organization: z.string(),
  teamSupport: z.string(),
  gameCode: z.string(),
  referralCode: z.string(),
  entryDate: z.string(),
});

/** A free entry's code is on its way: until when it works, and what to tell the fan. */
export const freeEntryCodeSentResponseSchema = z.object({ expiresAt: z.string(), message: z.string() });

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Agrees<T extends true> = T;
/** Fails to compile when a schema here and the server's drift apart. */
export type BoardResponsesAgree = [
  Agrees<Same<z.infer<typeof entryCreatedResponseSchema>['entry'], EntryCreated>>,
  Agrees<Same<z.infer<typeof paymentViewResponseSchema>, PaymentView>>,
  Agrees<Same<z.infer<typeof entrySummaryResponseSchema>, EntrySummary>>,
  Agrees<Same<z.infer<typeof freeEntryCodeSentResponseSchema>, FreeEntryCodeSent>>,
];
