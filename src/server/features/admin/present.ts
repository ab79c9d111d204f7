import {
  type AdminBoardSummary,
  type AdminEntry,
  adminErrorCodes,
  type PaymentState,
} from '../../../shared/contracts/admin';
import { boardFormats, boardStatus } from '../../../shared/domain/boards';
import { type BoardMode, defaultExcludedStates, publishedLegal } from '../../../shared/domain/legal';
import type { boards, entries, games } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { AdminRepo, Cursor } from './repo';

/** How admin shows its rows: entries, boards and games as the admin contract has them, and page cursors. */

export type EntryRow = Awaited<ReturnType<AdminRepo['entriesPage']>>[number];
type BoardRow = typeof boards.$inferSelect;
type GameRow = typeof games.$inferSelect;

export function encodeCursor(c: Cursor): string {
  return Buffer.from(`${c.at.toISOString()}_${c.id}`).toString('base64url');
}
export function decodeCursor(raw: string | undefined): Cursor | undefined {
  if (!raw) return undefined;
  const [at, id] = Buffer.from(raw, 'base64url').toString().split('_');
  const date = new Date(at ?? '');
  if (!id || Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) {
    throw new AppError(
      400,
      adminErrorCodes.badCursor,
      'That page link is not valid any more; start from the first page.',
    );
  }
  return { at: date, id };
}

/**
 * Where an entry's money stands (see the contract's `paymentState`). Collected cash owed back is 'to-return',
 * then 'returned' once handed back; otherwise a refunded checkout payment is 'refunded'. On a cancelled board nothing is left to pay or collect: a hold, a pledge not collected and an
 * entry without an amount are 'cancelled', while money still in hand stays 'paid' or 'collected' until it
 * is given back. Otherwise: a hold awaits its payment, no amount is 'none', a marked pledge is 'collected',
 * a checkout payment with no gift pledged beside it is 'paid', and the rest is 'pledged'.
 */
export function paymentStateOf(row: {
  entry: Pick<
    typeof entries.$inferSelect,
    'status' | 'amountCents' | 'donationCommitmentCents' | 'pledgeCollectedAt' | 'paymentId'
  > &
    Partial<Pick<typeof entries.$inferSelect, 'cashToReturnAt' | 'cashReturnedAt'>>;
  board: { paymentRequired: boolean; cancelledAt?: Date | null };
  /** The status of the entry's checkout payment, when it has one. */
  paymentStatus?: string | null;
}): PaymentState {
  const { entry } = row;
  // Cash owed back comes first: beside a refunded checkout payment it is what is still to do.
  if (entry.pledgeCollectedAt && entry.cashReturnedAt) return 'returned';
  if (entry.pledgeCollectedAt && entry.cashToReturnAt) return 'to-return';
  if (entry.paymentId && row.paymentStatus === 'refunded') return 'refunded';
  const state = ((): PaymentState => {
    if (entry.status === 'held') return 'awaiting-payment';
    if ((entry.amountCents ?? 0) + (entry.donationCommitmentCents ?? 0) === 0) return 'none';
    if (entry.pledgeCollectedAt) return 'collected';
    if (row.board.paymentRequired && entry.paymentId && !entry.donationCommitmentCents) return 'paid';
    return 'pledged';
  })();
  if (!row.board.cancelledAt) return state;
  // A checkout payment beside a gift pledged is money in hand all the same, to be refunded.
  if (state === 'pledged' && entry.paymentId && row.paymentStatus === 'paid') return 'paid';
  return state === 'awaiting-payment' || state === 'pledged' || state === 'none' ? 'cancelled' : state;
}

export const teamOf = (game: { teamA: string; teamB: string }) => `${game.teamA} vs ${game.teamB}`;

export function statusOf(
  board: Pick<BoardRow, 'openedAt' | 'lockedAt' | 'settledAt' | 'cancelledAt' | 'voidedAt'>,
  game: { startsAt: Date; opensAt: Date | null },
  now: Date,
) {
  return boardStatus({ ...board, startsAt: game.startsAt, opensAt: game.opensAt, now });
}

/**
 * An entry's money in hand: its checkout payment while paid, and the pledge cash marked collected (the
 * amount outside checkout plus the gift) with where that cash stands.
 */
export function moneyOf(row: Pick<EntryRow, 'entry' | 'paymentStatus'>) {
  const { entry } = row;
  const checkoutPaidCents = entry.paymentId && row.paymentStatus === 'paid' ? (entry.amountCents ?? 0) : 0;
  const cashCents = entry.pledgeCollectedAt
    ? (entry.donationCommitmentCents ?? 0) + (entry.paymentId ? 0 : (entry.amountCents ?? 0))
    : 0;
  const cashState: AdminEntry['cashState'] = !entry.pledgeCollectedAt
    ? 'none'
    : entry.cashReturnedAt
      ? 'returned'
      : entry.cashToReturnAt
        ? 'to-return'
        : 'in-hand';
  return { checkoutPaidCents, cashCents, cashState };
}

/** How the fan can be told: an email (their account's, else the entry's) and texts they consented to. */
export const reachOf = (row: Pick<EntryRow, 'entry' | 'accountEmail'>) => ({
  email: Boolean(row.accountEmail?.includes('@') || row.entry.email?.includes('@')),
  text: Boolean(row.entry.phone && row.entry.smsConsent),
});

export function toEntry(row: EntryRow, now: Date): AdminEntry {
  const { entry, board, game } = row;
  const status = statusOf(board, game, now);
  return {
    id: entry.id,
    createdAt: entry.createdAt.toISOString(),
    boardSlug: board.slug,
    team: teamOf(game),
    teamSupport: entry.teamSupport,
    organization: entry.organization,
    referralCode: entry.referralCode,
    gameCode: entry.gameCode,
    amountCents: entry.amountCents,
    donationCommitmentCents: entry.donationCommitmentCents,
    totalCents: (entry.amountCents ?? 0) + (entry.donationCommitmentCents ?? 0),
    phone: entry.phone,
    nickname: entry.nickname,
    code: entry.code,
    ticketNumber: entry.ticketNumber,
    cells: row.cells,
    paymentState: paymentStateOf(row),
    deletable: entry.removedHow !== 'deleted' && (status === 'scheduled' || status === 'open'),
    ...moneyOf(row),
    removed: entry.removedHow,
    reachBy: reachOf(row),
    freeEntry: entry.freeEntry,
    state: entry.state,
  };
}

/** A game as the admin screens list it. */
export function gameOf(game: GameRow): AdminBoardSummary['game'] {
  return {
    id: game.id,
    slug: game.slug,
    league: game.league,
    teamA: game.teamA,
    teamB: game.teamB,
    startsAt: game.startsAt.toISOString(),
    venue: game.venue,
  };
}

export function summary(
  board: BoardRow,
  game: GameRow,
  entryCount: number,
  now: Date,
  excludedStates: Record<BoardMode, readonly string[]> = defaultExcludedStates,
): AdminBoardSummary {
  return {
    slug: board.slug,
    game: gameOf(game),
    sequence: board.sequence,
    format: board.format,
    status: statusOf(board, game, now),
    paymentRequired: board.paymentRequired,
    entryCount,
    capacity: boardFormats[board.format].entries,
    organization: board.organization,
    mode: board.mode,
    legal: publishedLegal(board, excludedStates),
    scoring: game.feedId && !board.manualScoring ? 'feed' : 'manual',
    feedGame: game.feedId !== null,
    feedProblem: board.feedProblem,
    claimWindowDays: board.claimWindowDays,
    payoutMethods: board.payoutMethods,
  };
}
