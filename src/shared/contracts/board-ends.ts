import { z } from 'zod';
import { boardEndMessages, VOID_REASON_MAX, VOID_REASON_MIN } from '../domain/board-ends';
import { boardStatuses } from '../domain/boards';
import { multiLine } from './text';

/** Why a board cannot be cancelled or voided now (409, with boardEndMessages' words). */
export const boardEndErrorCodes = {
  /** Cancel once a period is scored: void instead. */
  scored: 'BOARD_SCORED',
  /** A settled board is neither cancelled nor voided. */
  settled: 'BOARD_SETTLED',
  /** A voided board cannot be cancelled. */
  voided: 'BOARD_VOIDED',
  /** A cancelled board cannot be voided. */
  cancelled: 'BOARD_CANCELLED',
  /** Void before any period is scored: cancel instead. */
  notScored: 'BOARD_NOT_SCORED',
} as const;

/** POST /api/admin/boards/:slug/void: why, as the entrants are told it (required). */
export const voidBoardSchema = z.object({
  reason: multiLine('Reason', { error: boardEndMessages.reason })
    .min(VOID_REASON_MIN, boardEndMessages.reason)
    .max(VOID_REASON_MAX, boardEndMessages.reason),
});
export type VoidBoardInput = z.infer<typeof voidBoardSchema>;

const money = z.object({ count: z.number().int(), cents: z.number().int() });

/** How the board's entrants can be told (each entry once): by email, by text (with consent), either, neither. */
const toldSchema = z.object({
  entries: z.number().int(),
  byEmail: z.number().int(),
  byText: z.number().int(),
  /** Entries told one way or the other. */
  reached: z.number().int(),
  /** Entries that left no way to reach them (no email, no phone with text consent). */
  unreachable: z.number().int(),
});

/**
 * What cancelling, locking or voiding a board would do to its money and its people now, as the server
 * counts it (the admin's confirmation dialogs show these figures, never their own sums).
 */
export const boardEndPreviewSchema = z.object({
  slug: z.string(),
  status: z.enum(boardStatuses),
  /** At least one period is scored: the board can no longer be cancelled, only voided. */
  scored: z.boolean(),
  told: toldSchema,
  cancel: z.object({
    allowed: z.boolean(),
    /** Why not (the 409's message), or null. */
    refusal: z.string().nullable(),
    /** Paid entries refunded in full through checkout. */
    refunds: money,
    /** Collected cash marked to return to its entrants. */
    cashToReturn: money,
    /** Entries on which nothing is owed (free, or a pledge not collected). */
    nothingOwed: z.number().int(),
  }),
  lock: z.object({
    allowed: z.boolean(),
    /** What the board's unfilled policy does at a lock now ('play', or cancelled: nobody entered / under its minimum). */
    outcome: z.enum(['play', 'cancel-empty', 'cancel-below']),
    /** The entries the policy counts (seated, and holds waiting for their checkout). */
    entries: z.number().int(),
    minEntries: z.number().int().nullable(),
    /** Entries texted their digits at lock (a phone with text consent). */
    digitsTexted: z.number().int(),
  }),
  void: z.object({
    allowed: z.boolean(),
    refusal: z.string().nullable(),
    /** Prizes of the scored periods, which stand: paid, owed (unclaimed or claimed), given back or expired. */
    prizes: z.array(
      z.object({
        period: z.string(),
        label: z.string(),
        prizeCents: z.number().int(),
        state: z.enum(['paid', 'owed', 'given-back', 'expired']),
        code: z.string(),
        nickname: z.string(),
      }),
    ),
    paidCents: z.number().int(),
    owedCents: z.number().int(),
    /** Periods not scored: their prize money goes to the cause. */
    unscored: z.array(z.object({ period: z.string(), label: z.string(), prizeCents: z.number().int() })),
    toCauseCents: z.number().int(),
    /** Who the board benefits (the organization unless the board names a beneficiary). */
    cause: z.string(),
  }),
});
export type BoardEndPreview = z.infer<typeof boardEndPreviewSchema>;

/** Where a board stands for its end: cancelled, voided, settled, and whether a period is scored. */
export interface BoardEndState {
  cancelled: boolean;
  voided: boolean;
  settled: boolean;
  scored: boolean;
}
type Refusal = { code: string; message: string };

/**
 * Why the board cannot be cancelled now, or null when it can (a board cancelled already is cancelled again as
 * a no-op): a voided or settled board, or one with a scored period (void it instead).
 */
export function cancelRefusal(s: BoardEndState): Refusal | null {
  if (s.cancelled) return null;
  if (s.voided) return { code: boardEndErrorCodes.voided, message: boardEndMessages.cancelVoided };
  if (s.settled) return { code: boardEndErrorCodes.settled, message: boardEndMessages.settled };
  if (s.scored) return { code: boardEndErrorCodes.scored, message: boardEndMessages.cancelScored };
  return null;
}

/**
 * Why the board cannot be voided now, or null when it can (a board voided already is voided again as a no-op):
 * a cancelled or settled board, or one with no scored period (cancel it instead).
 */
export function voidRefusal(s: BoardEndState): Refusal | null {
  if (s.voided) return null;
  if (s.cancelled) return { code: boardEndErrorCodes.cancelled, message: boardEndMessages.voidCancelled };
  if (s.settled) return { code: boardEndErrorCodes.settled, message: boardEndMessages.settled };
  if (!s.scored) return { code: boardEndErrorCodes.notScored, message: boardEndMessages.voidUnscored };
  return null;
}
