import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { type AwardKind, awardKinds } from '../../../shared/contracts/awards';
import type { PayoutMethod } from '../../../shared/contracts/prizes';
import type { EntryRule, PrizePeriod } from '../../../shared/domain/boards';
import { type BoardMode, boardModes } from '../../../shared/domain/legal';
import { demoOrganization } from '../demo-organization';
import { organization as organizations } from './auth';
import { at, createdAt, id, madeBy } from './columns';
import { payments } from './payments';

/** A real game in the schedule; several boards can be run on it. Team A is the columns, team B the rows. */
export const games = pgTable('games', {
  id: id(),
  slug: text('slug').notNull().unique(),
  league: text('league').notNull(),
  teamA: text('team_a').notNull(),
  teamB: text('team_b').notNull(),
  startsAt: at('starts_at').notNull(),
  venue: text('venue').notNull(),
  /** The game's id in the scores feed, when known. */
  feedId: text('feed_id'),
  /**
   * Set when the game was postponed while its boards were open: they stay open from then on, instead of
   * closing until an hour before the new start.
   */
  opensAt: at('opens_at'),
});

export const boards = pgTable(
  'boards',
  {
    id: id(),
    slug: text('slug').notNull().unique(),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id),
    /** 1, 2, … for the boards of one game; the next one opens when the previous fills. */
    sequence: integer('sequence').notNull(),
    format: text('format', { enum: ['1v99', '1v49'] }).notNull(),
    entryRule: jsonb('entry_rule').$type<EntryRule>().notNull(),
    prizeTable: jsonb('prize_table').$type<PrizePeriod[]>().notNull(),
    organization: text('organization').notNull(),
    /** The organization running the board (the FanGrid Demo organization until boards are made inside one). */
    organizationId: text('organization_id')
      .notNull()
      .default(demoOrganization.id)
      .references(() => organizations.id),
    /** A paid board: an entry holds its cells while its checkout is open and counts once paid. */
    paymentRequired: boolean('payment_required').notNull().default(false),
    /** The draw seed (hex), secret until lock; its SHA-256 is public from the start. */
    seed: text('seed').notNull(),
    seedHash: text('seed_hash').notNull(),
    /** When an organizer opened the board before its usual time ('Open now'); null: it opens as usual. */
    openedAt: at('opened_at'),
    lockedAt: at('locked_at'),
    settledAt: at('settled_at'),
    cancelledAt: at('cancelled_at'),
    /**
     * Voided once part of its game was played (domain/boards `voidRules`): the prizes of its scored periods
     * stand, nothing more is awarded, the unscored periods' prize money stays with the cause, and no entry is
     * refunded. Set by an organizer with a reason, or by the feed (a scored game cancelled, or suspended and
     * not resumed within the void window).
     */
    voidedAt: at('voided_at'),
    voidReason: text('void_reason'),
    createdAt: createdAt().defaultNow(),
    /**
     * What happens at lock to a board that has not filled: 'play-on' plays with the empty cells (their prizes
     * roll over), 'cancel-below' cancels it (refunding paid entries) with fewer than `minEntries` entries.
     */
    unfilledPolicy: text('unfilled_policy', { enum: ['play-on', 'cancel-below'] })
      .notNull()
      .default('play-on'),
    minEntries: integer('min_entries'),
    /** What entrants are told about a change to the game (postponed, cancelled…), shown on the board. */
    notice: text('notice'),
    /** Why the latest read of the scores feed could not be used (null once a read is usable again). */
    feedProblem: text('feed_problem'),
    /** An organizer switched this feed game's board to manual scoring: the feed leaves it alone. */
    manualScoring: boolean('manual_scoring').notNull().default(false),
    /** Days a winner has to claim a prize from the moment its period is scored. */
    claimWindowDays: integer('claim_window_days').notNull().default(30),
    /** How winners may receive prizes (contracts/prizes payoutMethods), at least one. */
    payoutMethods: jsonb('payout_methods').$type<PayoutMethod[]>().notNull().default(sql`'["pickup"]'::jsonb`),
    /**
     * The legal mode (domain/legal): 'charitable-raffle', 'sweepstakes' or 'free-to-play'. A board written
     * without one is a sweepstakes, the mode whose rules (a free entry beside any paid one) fit every entry rule.
     */
    mode: text('mode', { enum: boardModes }).$type<BoardMode>().notNull().default('sweepstakes'),
    /** The organizer's legal name and registration (EIN NN-NNNNNNN or a state licence number): a raffle's. */
    legalName: text('legal_name'),
    registration: text('registration'),
    /** Who the proceeds benefit (the organization when null). */
    beneficiary: text('beneficiary'),
    minimumAge: integer('minimum_age').notNull().default(18),
    /** Sweepstakes: free entries one phone number may make, and all the board's free entries (null: no cap). */
    freeEntriesPerPerson: integer('free_entries_per_person').notNull().default(1),
    freeEntriesPerBoard: integer('free_entries_per_board'),
  },
  (t) => [
    uniqueIndex('boards_game_sequence_idx').on(t.gameId, t.sequence),
    index('boards_organization_idx').on(t.organizationId),
    check('boards_minimum_age_range', sql`${t.minimumAge} between 18 and 21`),
    check('boards_free_entries_per_person_range', sql`${t.freeEntriesPerPerson} between 1 and 10`),
    check(
      'boards_free_entries_per_board_range',
      sql`${t.freeEntriesPerBoard} is null or ${t.freeEntriesPerBoard} between 1 and 100`,
    ),
  ],
);

/** The board a row belongs to. */
const boardId = () =>
  uuid('board_id')
    .notNull()
    .references(() => boards.id);

export const entries = pgTable(
  'entries',
  {
    id: id(),
    boardId: boardId(),
    userId: madeBy(),
    /** Null only for entries an organizer added without one (the old app wrote 'Not provided'). */
    phone: text('phone'),
    nickname: text('nickname').notNull(),
    code: text('code').notNull(),
    amountCents: integer('amount_cents'),
    teamSupport: text('team_support'),
    organization: text('organization'),
    referralCode: text('referral_code'),
    gameCode: text('game_code'),
    ticketNumber: text('ticket_number').notNull().unique(),
    /** The 'donation commitment': pledged on /game-info after entering, in cents. */
    donationCommitmentCents: integer('donation_commitment_cents'),
    /** The client's key for this submission: a replayed request returns the same entry. */
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
    /**
     * 'confirmed' holds its cells for good; on a paid board an entry is 'held' until its payment arrives
     * (or `heldUntil` passes) and 'released' (cells freed) when the hold ends unpaid.
     */
    status: text('status', { enum: ['confirmed', 'held', 'released'] })
      .notNull()
      .default('confirmed'),
    heldUntil: at('held_until'),
    /** On a board without checkout, amounts are pledges: an organizer marks them collected. */
    pledgeCollectedAt: at('pledge_collected_at'),
    /**
     * Collected cash that is owed back to the entrant (its board was cancelled, or the entry was deleted or
     * refunded), and when an organizer recorded handing it back ('Returned'). A pledge moves collected →
     * to return → returned and never back.
     */
    cashToReturnAt: at('cash_to_return_at'),
    cashReturnedAt: at('cash_returned_at'),
    /**
     * When an organizer took the entry off its board, and how: 'deleted' (the entry is gone from every list)
     * or 'refunded' (refunded and kept, listed as unpaid). Its cells are freed either way (status 'released'),
     * and the row stays so its money keeps its story in the ledger.
     */
    removedAt: at('removed_at'),
    removedHow: text('removed_how', { enum: ['deleted', 'refunded'] }),
    /**
     * An email for the entrant beside their account's: typed by an organizer, or the one the payer gave the
     * entry's checkout (kept when the entry has none). A cancel or a void tells the entrant by it.
     */
    email: text('email'),
    /** Added by an organizer on /admin-entries rather than by the fan. */
    addedByAdmin: boolean('added_by_admin').notNull().default(false),
    paymentId: uuid('payment_id').references(() => payments.id),
    /** The fan ticked 'Text me about this board': only then is this entry's phone texted. */
    smsConsent: boolean('sms_consent').notNull().default(false),
    /** The consent wording the fan saw and ticked (domain/sms), and when; null without consent. */
    smsConsentText: text('sms_consent_text'),
    smsConsentedAt: at('sms_consented_at'),
    /** Made through a sweepstakes board's free method of entry (no amount, no checkout). */
    freeEntry: boolean('free_entry').notNull().default(false),
    /** The fan's US state (two-letter code) as entered, where the board asked for it. */
    state: text('state'),
    /** When the fan ticked 'I am at least the minimum age' and 'I accept the official rules' (null: before the rule). */
    ageConfirmedAt: at('age_confirmed_at'),
    rulesAcceptedAt: at('rules_accepted_at'),
  },
  (t) => [
    index('entries_held_idx').on(t.status, t.heldUntil),
    uniqueIndex('entries_board_code_idx').on(t.boardId, t.code),
    uniqueIndex('entries_board_idempotency_idx').on(t.boardId, t.idempotencyKey),
    index('entries_user_idx').on(t.userId),
    index('entries_created_idx').on(t.createdAt, t.id),
  ],
);

/** Which entry holds each cell (0–99, row * 10 + column). The primary key makes a double hold impossible. */
export const boardCells = pgTable(
  'board_cells',
  {
    boardId: boardId(),
    cell: integer('cell').notNull(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.boardId, t.cell] }),
    index('board_cells_entry_idx').on(t.entryId),
    check('board_cells_cell_range', sql`${t.cell} between 0 and 99`),
  ],
);

/**
 * An award of a scored period of a board: the statistics entered, the award's kind, its winning cell, the
 * cell's holder and its prize. A period has one row per kind it awards ('main' is the score's own cell, and
 * the only kind scoring writes so far); every row of a period carries the same score.
 */
export const boardResults = pgTable(
  'board_results',
  {
    boardId: boardId(),
    period: text('period').notNull(),
    kind: text('kind', { enum: awardKinds }).$type<AwardKind>().notNull().default('main'),
    teamAScore: integer('team_a_score').notNull(),
    teamBScore: integer('team_b_score').notNull(),
    cell: integer('cell').notNull(),
    entryId: uuid('entry_id').references(() => entries.id, { onDelete: 'set null' }),
    prizeCents: integer('prize_cents').notNull(),
    recordedAt: at('recorded_at').notNull(),
    /** Who gave the score: the scores feed, or an organizer (whose score wins over later feed data). */
    source: text('source', { enum: ['feed', 'organizer'] })
      .notNull()
      .default('organizer'),
    /** When an organizer confirmed the feed's score (the feed no longer changes it). */
    confirmedAt: at('confirmed_at'),
    /** When the score was last changed after it was first recorded (a stat correction or an override). */
    correctedAt: at('corrected_at'),
  },
  (t) => [primaryKey({ columns: [t.boardId, t.period, t.kind] })],
);

/** Every change to a scored period (first entry and corrections), with the values before and after. */
export const boardResultLog = pgTable('board_result_log', {
  id: id(),
  boardId: boardId(),
  period: text('period').notNull(),
  before: jsonb('before').$type<{ teamAScore: number; teamBScore: number } | null>(),
  after: jsonb('after').$type<{ teamAScore: number; teamBScore: number }>().notNull(),
  at: at('at').notNull(),
  /** Who made the change: the scores feed or an organizer. */
  source: text('source', { enum: ['feed', 'organizer'] })
    .notNull()
    .default('organizer'),
});

/**
 * The one-time code that confirms a sweepstakes board's free entry (features/boards free-entry-codes.ts): one
 * row per board and phone number, replaced by each new code. Only a hash of the code is kept; `attempts`
 * counts wrong tries of the current code (it is dead at the limit); `consumedAt` is set by the one entry that
 * used it, atomically, so a replayed code enters nothing twice on any instance.
 */
export const freeEntryCodes = pgTable(
  'free_entry_codes',
  {
    id: id(),
    boardId: uuid('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    /** The number in its one stored form (domain/phone). */
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: at('consumed_at'),
    /** The entry the code confirmed (null until then). */
    entryId: uuid('entry_id').references(() => entries.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('free_entry_codes_board_phone_idx').on(t.boardId, t.phone)],
);
