import { z } from 'zod';
import { NICKNAME_MAX } from '../domain/boards';
import { checkedEntryRuleSchema, prizePeriodSchema, scoredPeriodSchema } from './boards';
import { optionalPhoneNumber, singleLine } from './text';

/**
 * Admin API (docs/product.md#admin-screens): KPIs, entries, login attempts, board operations and the audit log. Every route
 * sits under /api/admin, behind the server-side gate (admin-gate). Money is integer cents.
 */

export const adminMessages = {
  entryRequired: 'Team name and nickname are required',
  entryAdded: 'Entry added successfully',
  entryDeleted: 'Entry deleted successfully',
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
} as const;

/** CSV columns, in order. */
export const gameEntriesCsvColumns = [
  'Timestamp',
  'Team',
  'Team Support',
  'Organization',
  'Referral Code',
  'Game Code',
  'Donation Amount',
  'Phone',
  'Nickname',
  'Generated Code',
] as const;
export const loginAttemptsCsvColumns = ['Timestamp', 'Name', 'Email', 'Phone', 'Status', 'User ID'] as const;

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
 * 'collected' (a pledge an admin marked paid) or 'none' (no amount).
 */
export const paymentStateSchema = z.enum(['paid', 'awaiting-payment', 'pledged', 'collected', 'none']);
export type PaymentState = z.infer<typeof paymentStateSchema>;

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
  /** Support amount plus donation commitment: the CSV's Donation Amount. */
  totalCents: z.number().int(),
  phone: z.string().nullable(),
  nickname: z.string(),
  code: z.string(),
  ticketNumber: z.string(),
  cells: z.array(z.number().int()),
  paymentState: paymentStateSchema,
  /** False once the board is locked, settled or cancelled: its entries stay as drawn. */
  deletable: z.boolean(),
});
export type AdminEntry = z.infer<typeof adminEntrySchema>;

export const adminEntriesQuerySchema = z.object({
  board: singleLine('Board').max(100).optional(),
  /** Opaque cursor from `nextCursor`. */
  cursor: singleLine('Cursor').max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const adminEntriesSchema = z.object({
  entries: z.array(adminEntrySchema),
  nextCursor: z.string().nullable(),
});

const optionalText = (label: string) => singleLine(label).max(100, `${label} can be at most 100 characters`).optional();

/** Entry add (docs/product.md#admin-screens): a board ("team") and a nickname are required; everything else optional. */
export const adminAddEntrySchema = z.object({
  boardSlug: singleLine('Team').max(100).default(''),
  nickname: singleLine('Nickname').max(NICKNAME_MAX, `Nickname can be at most ${NICKNAME_MAX} characters`).default(''),
  /** Optional here (the old app wrote 'Not provided'); when given, kept in the same one form as a fan's own entry. */
  phone: optionalPhoneNumber(),
  amountCents: z.number().int('Amounts are in whole cents').min(0).max(1_000_000).nullable().optional(),
  teamSupport: optionalText('Team support'),
  organization: optionalText('Organization'),
  referralCode: optionalText('Referral code'),
  gameCode: optionalText('Game code'),
  /** Made by the form per submission: a replayed request (double click, retry) returns the same entry. */
  idempotencyKey: singleLine('The request key').min(8).max(100).optional(),
});
export type AdminAddEntryInput = z.input<typeof adminAddEntrySchema>;

export const adminKpisSchema = z.object({
  totals: z.object({
    entries: z.number().int(),
    amountCents: z.number().int(),
    /** Of `amountCents`: paid through checkout or collected by an organizer. */
    collectedCents: z.number().int(),
    /** Of `amountCents`: pledges not yet collected. */
    outstandingCents: z.number().int(),
    boards: z.number().int(),
  }),
  perBoard: z.array(
    z.object({
      slug: z.string(),
      team: z.string(),
      status: z.string(),
      entries: z.number().int(),
      amountCents: z.number().int(),
    }),
  ),
  /** Grouped by the team the fan supports ('Not specified' when none). */
  perTeam: z.array(z.object({ team: z.string(), entries: z.number().int(), amountCents: z.number().int() })),
  /** One point per UTC day from the first entry to today (at most the last 60 days). */
  overTime: z.array(z.object({ day: z.string(), entries: z.number().int(), amountCents: z.number().int() })),
});
export type AdminKpis = z.infer<typeof adminKpisSchema>;

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
  status: z.enum(['scheduled', 'open', 'locked', 'settled', 'cancelled']),
  paymentRequired: z.boolean(),
  entryCount: z.number().int(),
  capacity: z.number().int(),
  organization: z.string(),
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

export const newGameSchema = z.object({
  league: singleLine('League').min(1, 'League is required').max(40),
  teamA: singleLine('Team A').min(1, 'Team A is required').max(60),
  teamB: singleLine('Team B').min(1, 'Team B is required').max(60),
  startsAt: z.iso.datetime({ offset: true, message: 'Enter the start date and time' }),
  venue: singleLine('Venue').min(1, 'Venue is required').max(100),
});

/** The leagues whose schedule and scores come from the live feed. */
export const feedLeagues = ['nba', 'wnba', 'mlb', 'nfl', 'nhl'] as const;
export type FeedLeague = (typeof feedLeagues)[number];
const feedLeagueSchema = z.enum(feedLeagues, { error: `League must be one of ${feedLeagues.join(', ')}` });

/** Admin: the feed's games of one league, from the stored schedule. */
export const feedGamesPath = '/api/admin/feed-games';
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
      .array(prizePeriodSchema)
      .min(1, 'Add at least one prize period')
      .max(12)
      .refine((p) => new Set(p.map((x) => x.key)).size === p.length, 'Each period needs its own key'),
    organization: singleLine('Organization').min(1, 'Organization is required').max(100),
    paymentRequired: z.boolean(),
  })
  .refine((b) => [b.gameId, b.game, b.feedGame].filter(Boolean).length === 1, {
    message: 'Choose an existing game or describe a new one',
    path: ['gameId'],
  })
  .refine((b) => !b.paymentRequired || b.entryRule.kind !== 'no-amount', {
    message: 'A paid board needs an amount rule',
    path: ['paymentRequired'],
  });
export type CreateBoardInput = z.infer<typeof createBoardSchema>;

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
