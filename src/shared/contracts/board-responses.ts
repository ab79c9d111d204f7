import * as z from 'zod/mini';
import { boardStatuses } from '../domain/boards';
import { boardModes } from '../domain/legal';
import { awardSchema } from './awards';
import { myEntryPrizeResponseSchema, payoutMethods } from './prize-responses';

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

/**
 * The legal settings a board publishes (its rules page and its entry forms read them). `stateRequired`: the
 * entry must name the fan's state; `excludedStates`: states whose entries are refused (configuration).
 * `freeEntriesPerPerson`/`freeEntriesPerBoard` apply to the free entries of a sweepstakes board.
 */
export const boardLegalResponseSchema = z.object({
  legalName: z.nullable(z.string()),
  registration: z.nullable(z.string()),
  beneficiary: z.nullable(z.string()),
  minimumAge: z.int(),
  freeEntriesPerPerson: z.int(),
  freeEntriesPerBoard: z.nullable(z.int()),
  /** Whether the mode takes money, offers a free entry, needs a registration (domain/legal modeRules). */
  moneyAllowed: z.boolean(),
  freeEntryOffered: z.boolean(),
  stateRequired: z.boolean(),
  excludedStates: z.array(z.string()),
});

/** A board's entry rule, one object per kind (contracts/boards wraps them for the organizer's checked rule). */
export const entryRuleKinds = {
  wholeRange: z.object({
    kind: z.literal('whole-range'),
    minCents: z.number(),
    maxCents: z.number(),
    defaultCents: z.number(),
    quickPicksCents: z.array(z.number()),
  }),
  presetsOrCustom: z.object({
    kind: z.literal('presets-or-custom'),
    presetsCents: z.array(z.number()),
    minCents: z.number(),
  }),
  noAmount: z.object({ kind: z.literal('no-amount') }),
};
const entryRule = z.discriminatedUnion('kind', [
  entryRuleKinds.wholeRange,
  entryRuleKinds.presetsOrCustom,
  entryRuleKinds.noAmount,
]);

/** A scored period of a board: its score, the winning cell and the prize it carried. */
export const scoredPeriodResponseSchema = z.object({
  period: z.string(),
  label: z.string(),
  teamAScore: z.int(),
  teamBScore: z.int(),
  cell: z.int(),
  prizeCents: z.int(),
  /** Who gave the score: the live scores feed, or an organizer (whose score wins for that period). */
  source: z.enum(['feed', 'organizer']),
  /** When an organizer confirmed the feed's score (ISO), or null; the feed no longer changes a confirmed score. */
  confirmedAt: z.nullable(z.string()),
  /** When the score was changed after it was first recorded (a feed stat correction or an override), or null. */
  correctedAt: z.nullable(z.string()),
});

/** What a board does at lock when it has not filled (docs/product.md#unfilled-boards). */
export const unfilledPolicies = ['play-on', 'cancel-below'] as const;
export type UnfilledPolicy = (typeof unfilledPolicies)[number];

/** A feed game's live score: team A (home) and team B (away), and the feed's status text ('End of 1st'). */
export const liveScoreResponseSchema = z.object({ teamAScore: z.int(), teamBScore: z.int(), status: z.string() });
export type LiveScore = z.infer<typeof liveScoreResponseSchema>;

/** GET /api/boards/:slug: the public board (the board page reads it, and an organizer's score answers it). */
export const boardViewResponseSchema = z.object({
  slug: z.string(),
  game: z.object({ league: z.string(), teamA: z.string(), teamB: z.string(), startsAt: z.string(), venue: z.string() }),
  format: z.enum(['1v99', '1v49']),
  status: z.enum(boardStatuses),
  /** Why the board takes no entries (null while open): 'full' and 'locked' (by an organizer) are both locked. */
  closure: z.nullable(z.enum(['scheduled', 'full', 'locked', 'closed', 'cancelled'])),
  entryRule,
  prizeTable: z.array(z.object({ key: z.string(), label: z.string(), prizeCents: z.number() })),
  /** Who the board supports, as its organizer wrote it ('supports …'). */
  organization: z.string(),
  /** The organization that runs the board: its name and the slug of its public page (`/o/<slug>`). */
  runBy: z.object({ slug: z.string(), name: z.string() }),
  /** A paid board holds an entry's cells for `holdMinutes` while its checkout is open. */
  paymentRequired: z.boolean(),
  holdMinutes: z.int(),
  capacity: z.int(),
  entryCount: z.int(),
  /**
   * Codes only: no phone, nickname or ticket number reaches the public board. `held` (paid boards) marks a
   * cell held while its entry pays at checkout; a paid or free entry's cells have no `held`.
   */
  cells: z.array(z.object({ cell: z.int(), code: z.string(), held: z.optional(z.literal(true)) })),
  seedHash: z.string(),
  /** Revealed once the board locks, with the digits it draws. */
  seed: z.nullable(z.string()),
  axes: z.object({ columns: z.array(z.number()), rows: z.array(z.number()), drawn: z.boolean() }),
  nextBoardSlug: z.nullable(z.string()),
  /**
   * Scored periods in prize-table order; `code` is null when the winning cell was empty (prize rolled on).
   * `awards` lists the period's awards (contracts/awards), the 'main' one first: its cell, code and prize are
   * the period's own `cell`, `code` and `prizeCents`.
   */
  results: z.array(
    z.extend(scoredPeriodResponseSchema, { code: z.nullable(z.string()), awards: z.array(awardSchema) }),
  ),
  /** 'feed': the board locks, scores and settles from the live scores feed; 'manual': an organizer scores it. */
  scoring: z.enum(['feed', 'manual']),
  /** The game as the feed last read it (team A home, team B away), or null when not feed-scored or not started. */
  live: z.nullable(liveScoreResponseSchema),
  /**
   * What entrants were told about a change to the game or the board ('Game postponed: now starts …', a
   * cancellation and its refunds), or null.
   */
  notice: z.nullable(z.string()),
  /** Why a voided board was voided (its organizer's reason, or the feed's), or null. */
  voidReason: z.optional(z.nullable(z.string())),
  /**
   * The unfilled-board policy published with the board: 'play-on' (empty cells roll their prize over) or
   * 'cancel-below' (cancelled and refunded at lock with fewer than `minEntries` entries; null with play-on).
   */
  unfilled: z.object({ policy: z.enum(unfilledPolicies), minEntries: z.nullable(z.int()) }),
  /** Days a winner has to claim a prize after its period is scored (shown in the rules). */
  claimWindowDays: z.int(),
  /** How winners may receive prizes (shown in the rules). */
  payoutMethods: z.array(z.enum(payoutMethods)),
  /** The board's legal mode: 'charitable-raffle', 'sweepstakes' or 'free-to-play' (domain/legal). */
  mode: z.enum(boardModes),
  legal: boardLegalResponseSchema,
});
export type BoardView = z.infer<typeof boardViewResponseSchema>;
