import { z } from 'zod';
import { NICKNAME_MAX } from '../domain/boards';
import { isUsState } from '../domain/legal';
import { emailPattern } from './accounts';
import { ageTickMessage } from './boards';
import { multiLine, optionalPhoneNumber, singleLine } from './text';

/**
 * The admin API's entries (docs/product.md#admin-screens): the list and its CSV, an organizer's entry, an
 * entries CSV import, and 'Mark collected'. Money is integer cents.
 */

/** The entries CSV's columns (game_entries_{date}.csv), in order. */
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
