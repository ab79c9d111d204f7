import { z } from 'zod';
import { demoFilterSchema, ledgerProblemSchema, ledgerTotalsSchema } from './ledger';

/**
 * The admin KPI page's figures (docs/product.md#admin-screens): every board's money read from its ledger
 * (ledger.ts), the totals, the entries per team and over time, and the donations kept apart. Money is integer cents.
 */

/**
 * The per-board columns the KPI totals sum (every one of them: totals.X is the sum of perBoard[].X). What counts
 * as an entry is written once, in the admin repo (features/admin/repo.ts); the money columns are the board's
 * ledger (shared/domain/ledger.ts) read through the one function the CSVs read too:
 * - `entries`, `freeEntries`, `paidEntries`, `amountCents`, `collectedCents`, `outstandingCents`: confirmed
 *   entries (not a hold) of boards that were not cancelled; `amountCents` is support plus donation pledges,
 *   `collectedCents` the part in hand (paid through checkout or collected), `outstandingCents` the rest.
 * - `raisedCents`: money in hand of the entries that stand (the ledger's kept, plus the prizes and fees it pays):
 *   the same sum as `collectedCents` whenever the ledger is whole.
 * - `prizesCents`: prizes won on the board that are paid or still owed (unclaimed or claimed); a prize given
 *   back or expired stays with the organization.
 * - `keptCents`: what the organization keeps, the ledger's kept: `raisedCents - prizesCents` (negative when it
 *   owes more prizes than it has raised).
 * - `heldEntries`: entries holding cells while their checkout is open (not yet entries: not counted above).
 * - `cancelledEntries`: confirmed entries of a cancelled board (not counted above).
 * - `refundedCents`: money given back, payments refunded through the provider and cash handed back;
 *   `toReturnCents`: money in hand owed back (a cancelled board's, or cash marked to return).
 */
const kpiBoardColumns = {
  entries: z.number().int(),
  /** Of `entries`: made through a sweepstakes board's free method of entry. */
  freeEntries: z.number().int(),
  /** Of `entries`: carrying a money amount (paid at checkout or pledged), never free entries. */
  paidEntries: z.number().int(),
  amountCents: z.number().int(),
  /** Of `amountCents`: paid through checkout or collected by an organizer. */
  collectedCents: z.number().int(),
  /** Of `amountCents`: pledges not yet collected. */
  outstandingCents: z.number().int(),
  /** Money in hand: paid through checkout plus pledges collected (the same sum as `collectedCents`). */
  raisedCents: z.number().int(),
  /** Prizes won on the board, paid or still owed. */
  prizesCents: z.number().int(),
  /** What the organization keeps (the ledger's kept): `raisedCents - prizesCents`. */
  keptCents: z.number().int(),
  /** Entries holding cells while their checkout is open (not counted in `entries`). */
  heldEntries: z.number().int(),
  /** Entries of a cancelled board (not counted in `entries`). */
  cancelledEntries: z.number().int(),
  /** Given back: refunded through the payment provider, or collected cash handed back. */
  refundedCents: z.number().int(),
  /** Still in hand, owed back: a cancelled board's money, or cash marked to return. */
  toReturnCents: z.number().int(),
};
export type KpiBoardColumn = keyof typeof kpiBoardColumns;
/** The numeric columns of the per-board table, each summed by the totals. */
export const kpiBoardColumnNames = Object.keys(kpiBoardColumns) as KpiBoardColumn[];

export const adminKpisSchema = z.object({
  totals: z.object({
    ...kpiBoardColumns,
    /** Boards with at least one counted entry (the per-board rows whose `entries` is above 0). */
    boards: z.number().int(),
    /** Prizes won and not yet paid (unclaimed or claimed). */
    prizesOwedCents: z.number().int(),
    prizesPaidCents: z.number().int(),
    prizesGivenBackCents: z.number().int(),
    /** Prizes a re-scoring flagged after they were claimed, not yet marked reviewed. */
    prizesNeedingReview: z.number().int(),
    /**
     * The ledger of the boards taken in: the per-board ledgers summed, with any payment whose board cannot be
     * told. collected = refunded + toReturn + fees + prizesPaid + prizesOwed + kept.
     */
    ledger: ledgerTotalsSchema,
  }),
  /** Which boards the figures take in (the query's `demo`). */
  demo: demoFilterSchema,
  /**
   * What the ledger's one assertion found broken (empty when every dollar has one state): the page warns of it,
   * and the server logs each as an error.
   */
  ledgerProblems: z.array(ledgerProblemSchema),
  /**
   * Donations and tips, kept apart from the boards' ledger (they are not board money): one-time donations
   * completed, monthly gifts' paid charges (first payments included), and tips completed with their fees.
   */
  donations: z.object({
    oneTimeCount: z.number().int(),
    oneTimeCents: z.number().int(),
    monthlyCharges: z.number().int(),
    monthlyCents: z.number().int(),
    tipsCount: z.number().int(),
    tipsCents: z.number().int(),
    tipFeesCents: z.number().int(),
  }),
  /** Every board with an entry (held or cancelled ones included), a prize or a ledger row; newest game first. */
  perBoard: z.array(
    z.object({
      slug: z.string(),
      team: z.string(),
      status: z.string(),
      organization: z.string(),
      /** A board of the seeded demo or of a demo round (what `demo=exclude` leaves out). */
      demo: z.boolean(),
      ...kpiBoardColumns,
      /** The board's ledger, which its money columns are read from. */
      ledger: ledgerTotalsSchema,
    }),
  ),
  /** The counted entries grouped by the team the fan supports ('Not specified' when none). */
  perTeam: z.array(z.object({ team: z.string(), entries: z.number().int(), amountCents: z.number().int() })),
  /** One point per UTC day from the first entry to today (at most the last 60 days). */
  overTime: z.array(z.object({ day: z.string(), entries: z.number().int(), amountCents: z.number().int() })),
  /** Monthly gifts: what renews, and this UTC month's renewals paid and failed. */
  monthly: z.object({
    /** Distinct donor emails with an active gift (past due and cancelled ones excluded). */
    activeDonors: z.number().int(),
    /** What the active gifts charge each month (gifts cancelling at their period's end excluded). */
    recurringCents: z.number().int(),
    /** Paid renewals this month (a gift's first payment is not a renewal). */
    renewalsThisMonth: z.number().int(),
    renewalsThisMonthCents: z.number().int(),
    /** Renewal charges that failed this month (one per invoice). */
    failuresThisMonth: z.number().int(),
  }),
});
export type AdminKpis = z.infer<typeof adminKpisSchema>;

/** One donation in the admin donations list, with its monthly gift's state when it is one. */
export const adminDonationSchema = z.object({
  reference: z.string(),
  kind: z.enum(['wnba', 'baseball', 'game']),
  type: z.enum(['one-time', 'recurring']),
  organization: z.string(),
  amountCents: z.number().int(),
  donorName: z.string(),
  donorEmail: z.string(),
  /** The first payment's status. */
  status: z.enum(['pending', 'completed', 'failed', 'expired']),
  createdAt: z.string(),
  /** A monthly gift's state (null: one-time, or a monthly checkout never paid). */
  gift: z
    .object({
      state: z.enum(['active', 'past_due', 'cancelled']),
      amountCents: z.number().int(),
      cancelAtPeriodEnd: z.boolean(),
      nextChargeAt: z.string().nullable(),
      /** Paid charges, the first included. */
      paidCharges: z.number().int(),
      paidCents: z.number().int(),
    })
    .nullable(),
});
export const adminDonationsQuerySchema = z.object({
  state: z.enum(['active', 'past_due', 'cancelled']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export const adminDonationsSchema = z.object({ donations: z.array(adminDonationSchema) });
export type AdminDonation = z.infer<typeof adminDonationSchema>;
