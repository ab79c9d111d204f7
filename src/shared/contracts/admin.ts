import { z } from 'zod';
import {
  boardLimitMessages,
  capacityProblems,
  prizeProblem,
  prizeTotalProblem,
  sameTeam,
} from '../domain/board-limits';
import { boardStatuses, CELL_COUNT, NICKNAME_MAX } from '../domain/boards';
import {
  boardModeProblems,
  FREE_ENTRIES_PER_PERSON_MAX,
  isUsState,
  MINIMUM_AGE_MAX,
  MINIMUM_AGE_MIN,
  registrationProblem,
} from '../domain/legal';
import { emailPattern } from './accounts';
import { adminPaths } from './api-paths/admin';
import {
  ageTickMessage,
  boardLegalSchema,
  boardModeSchema,
  checkedEntryRuleSchema,
  liveScoreSchema,
  prizePeriodSchema,
  scoredPeriodSchema,
  unfilledPolicies,
} from './boards';
import { demoFilterSchema, ledgerProblemSchema, ledgerTotalsSchema } from './ledger';
import { CLAIM_WINDOW_DAYS_MAX, payoutMethodSchema, payoutMethods } from './prizes';
import { multiLine, optionalPhoneNumber, singleLine } from './text';

/**
 * Admin API (docs/product.md#admin-screens): KPIs, entries, login attempts, board operations and the audit log. Every route
 * sits under /api/admin, behind the server-side gate (admin-gate). Money is integer cents.
 */

export const adminMessages = {
  entryRequired: 'Team name and nickname are required',
  entryAdded: 'Entry added successfully',
  entryDeleted: 'Entry deleted successfully',
  entryRefunded: 'Entry refunded',
  cashReturned: 'Cash marked returned',
  noCashToReturn: 'No cash to return',
  noEntries: 'No entries found',
  loadingAttempts: 'Loading login attempts...',
  noAttempts: 'No login attempts found',
} as const;

export const adminErrorCodes = {
  entryNotFound: 'ENTRY_NOT_FOUND',
  entryLocked: 'ENTRY_LOCKED',
  noPledge: 'NO_PLEDGE',
  boardClosed: 'BOARD_CLOSED',
  slugTaken: 'SLUG_TAKEN',
  gameNotFound: 'GAME_NOT_FOUND',
  /** The named feed game is not in the stored schedule (read from the scores feed). */
  feedGameNotFound: 'FEED_GAME_NOT_FOUND',
  /** An entries page cursor that was not made by the server (or names a row that is gone). */
  badCursor: 'BAD_CURSOR',
  /** The period has no score yet, so there is nothing to confirm. */
  noResult: 'NO_RESULT',
  /** Feed scoring was asked for a board whose game is not a game of the scores feed. */
  noFeedGame: 'NO_FEED_GAME',
  /** A board on a feed game whose prize periods the game's sport does not have. */
  feedPeriodsUnknown: 'FEED_PERIODS_UNKNOWN',
  /** 'Undo collected' on an entry whose pledge is not marked collected. */
  notCollected: 'NOT_COLLECTED',
  /** 'Open now' on a board that is not scheduled (already open, locked, settled or cancelled). */
  notScheduled: 'BOARD_NOT_SCHEDULED',
  /** The payment provider refused a refund (502): nothing changed. */
  refundFailed: 'REFUND_FAILED',
  /** 'Refund' on an entry with no checkout payment in hand (never paid through checkout, or pledged). */
  notRefundable: 'NOT_REFUNDABLE',
  /** 'Refund' on an entry whose checkout payment was already refunded. */
  alreadyRefunded: 'ALREADY_REFUNDED',
  /** A delete kept meeting a payment arriving for the entry (each refunded); trying again settles it. */
  paymentArriving: 'PAYMENT_ARRIVING',
  /** 'Returned' on an entry with no collected cash to return (none, or handed back already). */
  nothingToReturn: 'NOTHING_TO_RETURN',
  /** An entries CSV import with a line the board refuses: nothing was added (`fields` names each line). */
  importRefused: 'IMPORT_REFUSED',
} as const;

/** CSV columns, in order. */
export const gameEntriesCsvColumns = [
  'Timestamp',
  'Team',
  'Team Support',
  'Organization',
  'Referral Code',
  'Game Code',
  // A board entry is never a donation: this is what the entry itself cost (the spec's column, renamed).
  'Entry Amount',
  'Phone',
  'Nickname',
  'Generated Code',
  // After the spec's columns: a gift pledged on /game-info after entering. It is a donation to the
  // organization, apart from the entry (it buys no cells and no chance), so it never adds into Entry Amount.
  'Donation Commitment',
  // Then what reconciles the file with the KPI page: the board's address (its slug), the entry's state
  // (entryStateOf: where its money stands), the fan's US state beside it (the two-letter code as entered, 'Not
  // specified' where the board did not ask) and its wins ('1st quarter $25; Final $100', empty when it won nothing).
  'Board',
  'State',
  'US State',
  'Wins',
] as const;
/** The columns of the login attempts screen, in its order and spelling; the status as recorded. */
export const loginAttemptsCsvColumns = ['Timestamp', 'Name', 'Email', 'Phone', 'Status', 'User ID', 'IP'] as const;

/** Login attempt statuses and how the table names them; any other status is shown raw. */
export const loginStatusLabels: Record<string, string> = {
  attempted: 'Attempted',
  signup_pending: 'Signup Pending',
  signup_confirmed: 'Signup Confirmed',
  success: 'Success',
};

/**
 * Where an entry's money stands: 'paid' through the board's checkout, 'awaiting-payment' while a paid
 * board holds its cells, 'pledged' (a support amount or donation commitment not yet collected),
 * 'collected' (a pledge an admin marked paid), 'none' (no amount), 'refunded' (its checkout payment was
 * refunded) or 'cancelled' (its board was cancelled, so nothing is left to pay or collect: a pledge not
 * collected, a hold, or an entry without an amount). On a cancelled board a payment not yet refunded stays
 * 'paid' until it is refunded. Collected cash owed back to the entrant (its board cancelled, or the entry
 * deleted or refunded) is 'to-return' until an organizer records handing it back: 'returned'.
 */
export const paymentStateSchema = z.enum([
  'paid',
  'awaiting-payment',
  'pledged',
  'collected',
  'none',
  'cancelled',
  'refunded',
  'to-return',
  'returned',
]);
export type PaymentState = z.infer<typeof paymentStateSchema>;

/** An entry's state as the entries CSV names it: held, paid, pledged, collected, cancelled, refunded or free. */
export const entryStates = [
  'held',
  'paid',
  'pledged',
  'collected',
  'cancelled',
  'refunded',
  'free',
  'to-return',
  'returned',
] as const;
export type EntryState = (typeof entryStates)[number];

/** The CSV's state of an entry: its payment state, with a hold called 'held' and no amount called 'free'. */
export function entryStateOf(paymentState: PaymentState): EntryState {
  if (paymentState === 'awaiting-payment') return 'held';
  if (paymentState === 'none') return 'free';
  return paymentState;
}

export const adminEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  boardSlug: z.string(),
  /** The Team column: the game, e.g. 'Knicks vs Pacers'. */
  team: z.string(),
  teamSupport: z.string().nullable(),
  organization: z.string().nullable(),
  referralCode: z.string().nullable(),
  gameCode: z.string().nullable(),
  amountCents: z.number().int().nullable(),
  donationCommitmentCents: z.number().int().nullable(),
  /** Entry amount plus the gift pledged on it: the money the entry's row stands for in the KPI totals. */
  totalCents: z.number().int(),
  phone: z.string().nullable(),
  nickname: z.string(),
  code: z.string(),
  ticketNumber: z.string(),
  cells: z.array(z.number().int()),
  paymentState: paymentStateSchema,
  /** False once the board is locked, settled or cancelled (its entries stay as drawn), and for a deleted entry. */
  deletable: z.boolean(),
  /**
   * Money paid through checkout and still in hand (its payment paid, not refunded): deleting the entry or
   * 'Refund' refunds it in full through the provider.
   */
  checkoutPaidCents: z.number().int(),
  /** Pledge cash an organizer marked collected (the amount outside checkout, and the gift pledged). */
  cashCents: z.number().int(),
  /** Where that cash stands: none, in hand, to return to the entrant (the entry deleted, its board cancelled), returned. */
  cashState: z.enum(['none', 'in-hand', 'to-return', 'returned']),
  /** Taken off its board by an organizer: 'deleted' (listed only while cash is to return) or 'refunded' (kept). */
  removed: z.enum(['deleted', 'refunded']).nullable(),
  /** How the fan is told of a delete or refund: an email (account, typed, or the checkout's) and texts they consented to. */
  reachBy: z.object({ email: z.boolean(), text: z.boolean() }),
  /** Made through a sweepstakes board's free method of entry (no amount, no checkout). */
  freeEntry: z.boolean(),
  /** The fan's US state as entered (two-letter code), or null where the board did not ask. */
  state: z.string().nullable(),
});
export type AdminEntry = z.infer<typeof adminEntrySchema>;

export const adminEntriesQuerySchema = z.object({
  board: singleLine('Board').max(100).optional(),
  /** Opaque cursor from `nextCursor`. */
  cursor: singleLine('Cursor').max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  /** 'to-return': only entries whose collected cash is to be returned, deleted ones included. */
  cash: z.enum(['to-return']).optional(),
});
export const adminEntriesSchema = z.object({
  entries: z.array(adminEntrySchema),
  nextCursor: z.string().nullable(),
});

const optionalText = (label: string) => singleLine(label).max(100, `${label} can be at most 100 characters`).optional();

/** What an organizer's entry is told when its text consent has no phone number to text. */
export const consentNeedsPhoneMessage = 'Text consent needs the entrant’s phone number';

/**
 * Entry add (docs/product.md#admin-screens): a board ("team") and a nickname are required; the entrant's
 * eligibility is the board's as for a fan's own entry (the age tick always, the state where the board's mode
 * asks, an excluded state refused, with the same messages); phone, email and text consent let the entry be
 * told if it wins. Everything else is optional.
 */
export const adminAddEntrySchema = z
  .object({
    boardSlug: singleLine('Team').max(100).default(''),
    nickname: singleLine('Nickname')
      .max(NICKNAME_MAX, `Nickname can be at most ${NICKNAME_MAX} characters`)
      .default(''),
    /** Optional here (the old app wrote 'Not provided'); when given, kept in the same one form as a fan's own entry. */
    phone: optionalPhoneNumber(),
    /** Where the entry's win (and its claim link) is emailed; '' or nothing: none. */
    email: singleLine('Email')
      .max(320, 'Please enter a valid email address')
      .refine((v) => v === '' || emailPattern.test(v), 'Please enter a valid email address')
      .optional(),
    /** The entrant's US state (two letters, DC included); '' or nothing: none. The board's mode may require it. */
    state: z
      .string({ error: 'Choose the entrant’s state' })
      .trim()
      .transform((v) => v.toUpperCase())
      .refine((v) => v === '' || isUsState(v), 'Choose a US state (two letters, e.g. NY, DC)')
      .optional(),
    /** The entrant is at least the board's minimum age (`legal.minimumAge`): required, as on a fan's entry. */
    ageConfirmed: z.boolean({ error: ageTickMessage }).optional(),
    /** The entrant agreed to be texted (SMS_CONSENT_TEXT, stored with the wording and when); needs a phone. */
    smsConsent: z.boolean({ error: 'Text consent is yes or no' }).optional(),
    amountCents: z.number().int('Amounts are in whole cents').min(0).max(1_000_000).nullable().optional(),
    teamSupport: optionalText('Team support'),
    organization: optionalText('Organization'),
    referralCode: optionalText('Referral code'),
    gameCode: optionalText('Game code'),
    /** Made by the form per submission: a replayed request (double click, retry) returns the same entry. */
    idempotencyKey: singleLine('The request key').min(8).max(100).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.smsConsent === true && !v.phone) {
      ctx.addIssue({ code: 'custom', path: ['smsConsent'], message: consentNeedsPhoneMessage });
    }
  });
export type AdminAddEntryInput = z.input<typeof adminAddEntrySchema>;

/** The most entries one CSV import may add (the board's free room bounds it too). */
export const ENTRY_IMPORT_MAX = 200;
/** The longest CSV text one import takes (characters). */
export const ENTRY_IMPORT_MAX_CHARS = 200_000;

/**
 * The columns of an entries CSV import, in the template's order: the header row names them (any case; spaces,
 * dashes and underscores ignored), in any order; only Nickname and Age Confirmed must be there. Each maps to a
 * field of the single add (adminAddEntrySchema) and is checked the same way.
 */
export const entryImportColumns = [
  { name: 'Nickname', field: 'nickname', example: 'Jordan', meaning: 'Required. At most 7 characters.' },
  { name: 'Phone', field: 'phone', example: '202-555-0191', meaning: 'A US number; needed for text consent.' },
  { name: 'Email', field: 'email', example: 'jordan@example.com', meaning: 'Where a win’s claim link is emailed.' },
  { name: 'State', field: 'state', example: 'OH', meaning: 'Two letters; required where the board’s rules ask.' },
  {
    name: 'Amount',
    field: 'amountCents',
    example: '10',
    meaning: 'Dollars (10 or 12.50) that fit the board’s amount rule; empty on a board without amounts.',
  },
  {
    name: 'Text Consent',
    field: 'smsConsent',
    example: 'yes',
    meaning: 'yes or no (empty is no): the entrant agreed to the text consent wording.',
  },
  {
    name: 'Age Confirmed',
    field: 'ageConfirmed',
    example: 'yes',
    meaning: 'Required, yes: the entrant is at least the board’s minimum age.',
  },
  { name: 'Team Support', field: 'teamSupport', example: 'Knicks', meaning: 'Optional.' },
  { name: 'Organization', field: 'organization', example: '', meaning: 'Optional; the board’s when empty.' },
  { name: 'Referral Code', field: 'referralCode', example: '', meaning: 'Optional.' },
  { name: 'Game Code', field: 'gameCode', example: '', meaning: 'Optional.' },
] as const;
export type EntryImportColumn = (typeof entryImportColumns)[number];

/** POST /api/admin/entries/import: the board, and the CSV text (header row first) as the file holds it. */
export const adminImportEntriesSchema = z.object({
  boardSlug: singleLine('Team').max(100).default(''),
  // Multi-line text like any other field: control characters, lone surrogates and the like are refused.
  csv: multiLine('The CSV file', { error: 'Upload or paste the CSV file' }).max(
    ENTRY_IMPORT_MAX_CHARS,
    `The file is too long: at most ${ENTRY_IMPORT_MAX} entries at once`,
  ),
});
export type AdminImportEntriesInput = z.input<typeof adminImportEntriesSchema>;

/**
 * What an import did, all or nothing: every line's entry in the file's order, how many this request added
 * (each audited as a single add is) and how many an earlier import of the same lines had already added.
 */
export const adminImportResultSchema = z.object({
  added: z.number().int(),
  alreadyAdded: z.number().int(),
  entries: z.array(z.object({ line: z.number().int(), replayed: z.boolean(), entry: adminEntrySchema })),
});
export type AdminImportResult = z.infer<typeof adminImportResultSchema>;

/** How a refused import names each problem in `error.fields`: 'Line 3, State'. */
export const importProblemKey = (line: number, column: string) => `Line ${line}, ${column}`;

const entryIdSchema = z
  .string({ error: 'Each entry is named by its id' })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Each entry is named by its id (a UUID)');

/** The most entries one 'Mark collected' request may name. */
export const MARK_COLLECTED_MAX = 200;

/** 'Mark collected' for many entries at once: 1 to 200 entry ids (an id named twice counts once). */
export const adminMarkCollectedSchema = z.object({
  ids: z
    .array(entryIdSchema, { error: 'Name the entries to mark collected' })
    .min(1, 'Choose at least one entry')
    .max(MARK_COLLECTED_MAX, `Mark at most ${MARK_COLLECTED_MAX} entries at once`),
});
export type AdminMarkCollectedInput = z.infer<typeof adminMarkCollectedSchema>;

/**
 * What a many-entry 'Mark collected' did: the entries it marked (as they are now, each audited), and every
 * other id with why it changed nothing: 'collected' (already), 'not-pledged' (nothing to collect: paid
 * through checkout, awaiting its payment, no amount, refunded, or its board cancelled) or 'not-found'.
 */
export const adminMarkCollectedResultSchema = z.object({
  changed: z.array(adminEntrySchema),
  unchanged: z.array(
    z.object({
      id: z.string(),
      reason: z.enum(['collected', 'not-pledged', 'not-found']),
      message: z.string(),
    }),
  ),
});
export type AdminMarkCollectedResult = z.infer<typeof adminMarkCollectedResultSchema>;

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

export const loginAttemptSchema = z.object({
  id: z.string(),
  timestamp: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.string(),
  userId: z.string().nullable(),
  ip: z.string().nullable(),
});
export const loginAttemptsSchema = z.object({
  attempts: z.array(loginAttemptSchema),
  /** All attempts on record; the list holds the newest `attempts.length` (the CSV has them all). */
  total: z.number().int(),
});
export type LoginAttemptRow = z.infer<typeof loginAttemptSchema>;

export const adminGameSchema = z.object({
  id: z.string(),
  slug: z.string(),
  league: z.string(),
  teamA: z.string(),
  teamB: z.string(),
  startsAt: z.string(),
  venue: z.string(),
});

export const adminBoardSummarySchema = z.object({
  slug: z.string(),
  game: adminGameSchema,
  sequence: z.number().int(),
  format: z.enum(['1v99', '1v49']),
  status: z.enum(boardStatuses),
  paymentRequired: z.boolean(),
  entryCount: z.number().int(),
  capacity: z.number().int(),
  organization: z.string(),
  /** The board's legal mode and the legal settings it publishes (the public board view's `mode` and `legal`). */
  mode: boardModeSchema,
  legal: boardLegalSchema,
  /** 'feed': scored from the live scores feed; 'manual': an organizer scores it. */
  scoring: z.enum(['feed', 'manual']),
  /** Whether the board's game is a game of the scores feed (only such a board can be scored by the feed). */
  feedGame: z.boolean(),
  /** Why the latest read of the scores feed could not be used (nothing was scored from it), or null. */
  feedProblem: z.string().nullable(),
  /** Days a winner has to claim a prize after its period is scored. */
  claimWindowDays: z.number().int(),
  /** How winners may receive prizes on this board. */
  payoutMethods: z.array(payoutMethodSchema),
});
export type AdminBoardSummary = z.infer<typeof adminBoardSummarySchema>;

export const adminBoardsSchema = z.object({
  boards: z.array(adminBoardSummarySchema),
  games: z.array(adminGameSchema),
});

const slugSchema = singleLine('Slug')
  .min(3, 'Use at least 3 characters')
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Lower-case letters, digits and single dashes only');

export const newGameSchema = z
  .object({
    league: singleLine('League').min(1, 'League is required').max(40),
    teamA: singleLine('Team A').min(1, 'Team A is required').max(60),
    teamB: singleLine('Team B').min(1, 'Team B is required').max(60),
    startsAt: z.iso.datetime({ offset: true, message: 'Enter the start date and time' }),
    venue: singleLine('Venue').min(1, 'Venue is required').max(100),
  })
  .refine((g) => !sameTeam(g.teamA, g.teamB), { message: boardLimitMessages.sameTeams, path: ['teamB'] });

/** A prize period as an organizer sets it: a prize from $1 to $100,000 (domain/board-limits). */
const newPrizePeriodSchema = prizePeriodSchema.extend({
  prizeCents: z.number({ error: 'Enter each prize as a number of cents' }).superRefine((cents, ctx) => {
    const problem = prizeProblem(cents);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
});

/** The leagues whose schedule and scores come from the live feed. */
export const feedLeagues = ['nba', 'wnba', 'mlb', 'nfl', 'nhl'] as const;
export type FeedLeague = (typeof feedLeagues)[number];
const feedLeagueSchema = z.enum(feedLeagues, { error: `League must be one of ${feedLeagues.join(', ')}` });

/** Admin: the feed's games of one league, from the stored schedule. */
export const feedGamesPath = adminPaths.feedGames;
export const feedGamesQuerySchema = z.object({ league: feedLeagueSchema });
/** A game of the feed's schedule; team A is the home team (the columns), team B the away team (the rows). */
export const feedGameSchema = z.object({
  league: z.enum(feedLeagues),
  eventId: z.string(),
  teamA: z.string(),
  teamB: z.string(),
  startsAt: z.string(),
  /** scheduled, in-progress, final, delayed, suspended, postponed or cancelled. */
  status: z.string(),
});
export type FeedGameSummary = z.infer<typeof feedGameSchema>;
export const feedGamesSchema = z.object({ games: z.array(feedGameSchema) });

/** Create a board: on an existing game (`gameId`), a new one (`game`) or a game of the feed (`feedGame`). */
export const createBoardSchema = z
  .object({
    slug: slugSchema,
    gameId: z.string().uuid().optional(),
    game: newGameSchema.optional(),
    feedGame: z.object({ league: feedLeagueSchema, eventId: singleLine('Feed event').min(1).max(40) }).optional(),
    format: z.enum(['1v99', '1v49']),
    entryRule: checkedEntryRuleSchema,
    prizeTable: z
      .array(newPrizePeriodSchema)
      .min(1, 'Add at least one prize period')
      .max(12, 'Offer at most 12 prize periods')
      .refine((p) => new Set(p.map((x) => x.key)).size === p.length, 'Each period needs its own key')
      .superRefine((p, ctx) => {
        const problem = prizeTotalProblem(p);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    organization: singleLine('Organization').min(1, 'Organization is required').max(100),
    paymentRequired: z.boolean(),
    /** At lock, a board that has not filled plays on (when not given) or is cancelled below `minEntries`. */
    unfilledPolicy: z
      .enum(unfilledPolicies, { error: `Unfilled policy must be one of ${unfilledPolicies.join(', ')}` })
      .optional(),
    minEntries: z
      .number({ error: 'Minimum entries must be a whole number' })
      .int('Minimum entries must be a whole number')
      .min(1, 'Minimum entries must be at least 1')
      .max(CELL_COUNT, `A board holds at most ${CELL_COUNT} entries: the minimum can be at most ${CELL_COUNT}`)
      .optional(),
    /** Days a winner has to claim a prize from the moment its period is scored (CLAIM_WINDOW_DAYS_DEFAULT when not given). */
    claimWindowDays: z
      .number({ error: 'The claim window must be a whole number of days' })
      .int('The claim window must be a whole number of days')
      .min(1, 'The claim window must be at least 1 day')
      .max(CLAIM_WINDOW_DAYS_MAX, `The claim window must be at most ${CLAIM_WINDOW_DAYS_MAX} days`)
      .optional(),
    /** How winners may receive prizes: at least one of pickup, check and handle (pickup when not given). */
    payoutMethods: z
      .array(payoutMethodSchema)
      .min(1, 'Offer at least one payout method')
      .max(payoutMethods.length)
      .refine((m) => new Set(m).size === m.length, 'Each payout method once')
      .optional(),
    /** The board's legal mode (domain/legal boardModes); chosen at creation. */
    mode: boardModeSchema,
    /** The organizer's legal name: required for a charitable raffle. */
    legalName: singleLine('Legal name').min(1, 'Enter the legal name').max(150).optional(),
    /** EIN (NN-NNNNNNN) or state licence number: required for a charitable raffle. */
    registration: singleLine('Registration')
      .max(40)
      .superRefine((v, ctx) => {
        const problem = registrationProblem(v);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
    /** Who the proceeds benefit (the organization when not given). */
    beneficiary: singleLine('Beneficiary').min(1, 'Enter the beneficiary').max(150).optional(),
    /** Minimum entrant age, 18 to 21 (MINIMUM_AGE_DEFAULT, 18, when not given). */
    minimumAge: z
      .number({ error: 'The minimum age must be a whole number' })
      .int('The minimum age must be a whole number')
      .min(MINIMUM_AGE_MIN, `The minimum age is at least ${MINIMUM_AGE_MIN}`)
      .max(MINIMUM_AGE_MAX, `The minimum age is at most ${MINIMUM_AGE_MAX}`)
      .optional(),
    /** Sweepstakes: free entries one person (phone number) may make (1 when not given). */
    freeEntriesPerPerson: z
      .number({ error: 'Free entries per person must be a whole number' })
      .int('Free entries per person must be a whole number')
      .min(1, 'Allow at least 1 free entry per person')
      .max(FREE_ENTRIES_PER_PERSON_MAX, `Allow at most ${FREE_ENTRIES_PER_PERSON_MAX} free entries per person`)
      .optional(),
    /** Sweepstakes: an optional cap on the board's free entries in all (none when not given). */
    freeEntriesPerBoard: z
      .number({ error: 'Free entries per board must be a whole number' })
      .int('Free entries per board must be a whole number')
      .min(1, 'Allow at least 1 free entry on the board')
      .max(CELL_COUNT, `A board holds at most ${CELL_COUNT} entries`)
      .nullable()
      .optional(),
  })
  .superRefine((b, ctx) => {
    // The mode's rules (domain/legal): a charitable raffle names its organization; free-to-play takes no money.
    for (const [field, message] of Object.entries(boardModeProblems(b))) {
      ctx.addIssue({ code: 'custom', message, path: [field] });
    }
    // What the format holds (domain/board-limits): a minimum or a free-entry cap above it cannot be met.
    for (const [field, message] of Object.entries(capacityProblems(b))) {
      ctx.addIssue({ code: 'custom', message, path: [field] });
    }
  })
  .refine((b) => [b.gameId, b.game, b.feedGame].filter(Boolean).length === 1, {
    message: 'Choose an existing game or describe a new one',
    path: ['gameId'],
  })
  .refine((b) => !b.paymentRequired || b.entryRule.kind !== 'no-amount', {
    message: 'A paid board needs an amount rule',
    path: ['paymentRequired'],
  })
  .refine((b) => b.unfilledPolicy !== 'cancel-below' || b.minEntries !== undefined, {
    message: 'Set the minimum number of entries below which the board is cancelled',
    path: ['minEntries'],
  })
  .refine((b) => b.unfilledPolicy === 'cancel-below' || b.minEntries === undefined, {
    message: 'A minimum number of entries applies only to the cancel-below policy',
    path: ['minEntries'],
  });
export type CreateBoardInput = z.infer<typeof createBoardSchema>;

/** Admin: switch a board between feed and manual scoring ('feed' only for a game of the scores feed). */
export const boardScoringSchema = z.object({
  scoring: z.enum(['manual', 'feed'], { error: 'Scoring must be manual or feed' }),
});

/** The admin's view of a board: the public view's facts plus who holds each winning cell. */
export const adminBoardDetailSchema = z.object({
  board: adminBoardSummarySchema,
  prizeTable: z.array(prizePeriodSchema),
  results: z.array(
    scoredPeriodSchema.extend({
      winner: z
        .object({ code: z.string(), nickname: z.string(), phone: z.string().nullable(), ticketNumber: z.string() })
        .nullable(),
    }),
  ),
  /** The game's live score as the public board shows it, or null when not feed-scored or not started. */
  live: liveScoreSchema.nullable(),
});
export type AdminBoardDetail = z.infer<typeof adminBoardDetailSchema>;

export const auditEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  /** Who: the signed-in account (if any), the admin session and its IP. */
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;
export const auditLogSchema = z.object({ events: z.array(auditEventSchema) });

/** The export file names: `game_entries_{date}.csv`, `login_attempts_{date}.csv` (date YYYY-MM-DD). */
export const exportFileName = (kind: 'game_entries' | 'login_attempts', now: Date) =>
  `${kind}_${now.toISOString().slice(0, 10)}.csv`;
