import * as z from 'zod/mini';

/**
 * The prize answers a winner's screens read (the claim page, My entries' prizes), declared once with zod/mini:
 * the server's routes answer with these schemas and the screens parse with them, so those screens stay small.
 */
export const prizeStates = ['unclaimed', 'claimed', 'paid', 'given-back', 'expired'] as const;
/** pickup at the venue, check by mail, a payment handle the winner types. */
export const payoutMethods = ['pickup', 'check', 'handle'] as const;
/** What a claim may choose: a payout method, or giving the prize back to the cause. */
export const claimMethods = [...payoutMethods, 'give-back'] as const;

const prizeState = z.enum(prizeStates);

/** A prize as the winner sees it: without the handle they typed or the organizer's flags (contracts/prizes). */
export const publicPrizeResponseSchema = z.object({
  id: z.string(),
  boardSlug: z.string(),
  boardTitle: z.string(),
  period: z.string(),
  periodLabel: z.string(),
  prizeCents: z.int(),
  state: prizeState,
  method: z.nullable(z.enum(claimMethods)),
  /** The winning entry's 3-char code. */
  code: z.string(),
  winnerNickname: z.string(),
  claimedAt: z.nullable(z.string()),
  paidAt: z.nullable(z.string()),
  paidReference: z.nullable(z.string()),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type PublicPrize = z.infer<typeof publicPrizeResponseSchema>;

/** GET /api/claims/:token */
export const claimViewResponseSchema = z.object({
  claim: z.object({
    boardSlug: z.string(),
    boardTitle: z.string(),
    period: z.string(),
    periodLabel: z.string(),
    prizeCents: z.int(),
    code: z.string(),
    state: prizeState,
    methods: z.array(z.enum(payoutMethods)),
    expiresAt: z.string(),
    /** The entry's phone with all but its last four digits hidden, e.g. '•••• ••• 0142'. */
    phoneHint: z.string(),
    /** The entry has a phone to text a code to; without one, the organizer's claim code proves the entry. */
    textable: z.boolean(),
    /** The signed-in account owns the winning entry: no texted code is needed. */
    signedInOwner: z.boolean(),
  }),
});
export type ClaimView = z.infer<typeof claimViewResponseSchema>;

/** POST /api/claims/:token/code (202): the code is on its way; the answer says nothing more. */
export const claimCodeSentResponseSchema = z.object({});

/** POST /api/claims/:token */
export const claimResultResponseSchema = z.object({ prize: publicPrizeResponseSchema });

/** A prize on My entries: `claimUrl` only while unclaimed and not expired, for the entry's owner. */
export const myEntryPrizeResponseSchema = z.object({
  period: z.string(),
  periodLabel: z.string(),
  prizeCents: z.int(),
  state: prizeState,
  claimUrl: z.nullable(z.string()),
});
export type MyEntryPrize = z.infer<typeof myEntryPrizeResponseSchema>;
