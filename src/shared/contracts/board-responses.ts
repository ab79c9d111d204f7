import * as z from 'zod/mini';
import { myEntryPrizeResponseSchema } from './prize-responses';

/**
 * The answers the board screens act on, declared once with zod/mini: the server's routes answer with these
 * schemas and the board screens parse with them, so those screens stay small.
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
    /** Paid boards: the checkout that confirms the entry, and when its cells are released if unpaid. */
    checkoutUrl: z.optional(z.string()),
    heldUntil: z.optional(z.string()),
  }),
});
export type EntryCreated = z.infer<typeof entryCreatedResponseSchema>['entry'];

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
export type EntrySummary = z.infer<typeof entrySummaryResponseSchema>;

/** A free entry's code is on its way (202): until when it works, and what to tell the fan. */
export const freeEntryCodeSentResponseSchema = z.object({ expiresAt: z.string(), message: z.string() });
export type FreeEntryCodeSent = z.infer<typeof freeEntryCodeSentResponseSchema>;

/** The official rules as structured sections (GET /api/boards/:slug/rules; domain/legal buildOfficialRules). */
export const officialRulesResponseSchema = z.object({
  title: z.string(),
  sections: z.array(z.object({ id: z.string(), title: z.string(), paragraphs: z.array(z.string()) })),
});
export type OfficialRules = z.infer<typeof officialRulesResponseSchema>;
/** The rules route's answer: the sections as JSON, or the same rules as plain text when text/plain is asked. */
export const officialRulesOrTextResponseSchema = z.union([officialRulesResponseSchema, z.string()]);

/**
 * An entry's status on My entries, from the game clock and the real results (never random). 'Deleted' and
 * 'Refunded': an organizer took it off its board ('Refunded' too for a late payment given back). On a paid
 * board, 'Awaiting payment' while its checkout is open and 'Not paid' once the checkout was cancelled or
 * expired unpaid (its cells were freed, nothing was charged): never Pending or In Progress without money.
 */
export const entryStatuses = [
  'Pending',
  'In Progress',
  'Won',
  'Lost',
  'Cancelled',
  'Deleted',
  'Refunded',
  'Awaiting payment',
  'Not paid',
] as const;

/** One of the viewer's entries on My entries (and Fan Central's entered games). */
export const myEntryResponseSchema = z.object({
  ticketNumber: z.string(),
  code: z.string(),
  boardSlug: z.string(),
  cells: z.array(z.int()),
  /** The board's drawn digits (team A's per column, team B's per row) once the board shows them, else null. */
  axes: z.nullable(z.object({ columns: z.array(z.int()), rows: z.array(z.int()) })),
  amountCents: z.nullable(z.int()),
  donationCommitmentCents: z.nullable(z.int()),
  enteredAt: z.string(),
  game: z.object({ league: z.string(), teamA: z.string(), teamB: z.string(), startsAt: z.string() }),
  status: z.enum(entryStatuses),
  /** Prizes this entry won, per period. */
  wins: z.array(z.object({ period: z.string(), label: z.string(), prizeCents: z.int() })),
  /** Where each prize of this entry stands, per period. */
  prizes: z.array(myEntryPrizeResponseSchema),
});
export type MyEntryView = z.infer<typeof myEntryResponseSchema>;
export const myEntriesResponseSchema = z.object({ entries: z.array(myEntryResponseSchema) });
