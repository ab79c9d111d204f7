import { z } from 'zod';
import {
  boardLimitMessages,
  capacityProblems,
  prizeProblem,
  prizeTotalProblem,
  sameTeam,
} from '../domain/board-limits';
import { boardStatuses, CELL_COUNT } from '../domain/boards';
import {
  boardModeProblems,
  FREE_ENTRIES_PER_PERSON_MAX,
  MINIMUM_AGE_MAX,
  MINIMUM_AGE_MIN,
  registrationProblem,
} from '../domain/legal';
import { adminPaths } from './api-paths/admin';
import { boardLegalResponseSchema, liveScoreResponseSchema, scoredPeriodResponseSchema } from './board-responses';
import { boardModeSchema, checkedEntryRuleSchema, prizePeriodSchema, unfilledPolicies } from './boards';
import { CLAIM_WINDOW_DAYS_MAX, payoutMethodSchema, payoutMethods } from './prizes';
import { singleLine } from './text';

/**
 * The admin API's boards (docs/product.md#admin-screens): the organizer's view of each board, creating one (on a
 * game, a new game or a game of the scores feed), and switching its scoring. Money is integer cents.
 */

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
  legal: boardLegalResponseSchema,
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

/** A new board's fields but its organization (the organizer API takes that from its path). */
const newBoardFields = z.object({
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
});

/** The rules a new board's fields meet together, on either body. */
const newBoardRules = <T extends z.ZodType<z.infer<typeof newBoardFields>>>(fields: T) =>
  fields
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

/** Create a board: on an existing game (`gameId`), a new one (`game`) or a game of the feed (`feedGame`). */
export const createBoardSchema = newBoardRules(
  newBoardFields.extend({
    organization: singleLine('Organization').min(1, 'Organization is required').max(100),
  }),
);
export type CreateBoardInput = z.infer<typeof createBoardSchema>;

/** POST /api/orgs/:org/boards: the same board, whose organization is the one in the path. */
export const createOrgBoardSchema = newBoardRules(newBoardFields);
export type CreateOrgBoardInput = z.infer<typeof createOrgBoardSchema>;

/** Admin: switch a board between feed and manual scoring ('feed' only for a game of the scores feed). */
export const boardScoringSchema = z.object({
  scoring: z.enum(['manual', 'feed'], { error: 'Scoring must be manual or feed' }),
});

/** The admin's view of a board: the public view's facts plus who holds each winning cell. */
export const adminBoardDetailSchema = z.object({
  board: adminBoardSummarySchema,
  prizeTable: z.array(prizePeriodSchema),
  results: z.array(
    z.object({
      ...scoredPeriodResponseSchema.shape,
      winner: z
        .object({ code: z.string(), nickname: z.string(), phone: z.string().nullable(), ticketNumber: z.string() })
        .nullable(),
    }),
  ),
  /** The game's live score as the public board shows it, or null when not feed-scored or not started. */
  live: z.nullable(liveScoreResponseSchema),
});
export type AdminBoardDetail = z.infer<typeof adminBoardDetailSchema>;
