import {
  type AdminBoardSummary,
  type AdminEntry,
  adminErrorCodes,
  type PaymentState,
} from '../../../shared/contracts/admin';
import { boardFormats, boardStatus } from '../../../shared/domain/boards';
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

/** Where an entry's money stands (see the contract's `paymentState`). */
export function paymentStateOf(row: {
  entry: Pick<
    typeof entries.$inferSelect,
    'status' | 'amountCents' | 'donationCommitmentCents' | 'pledgeCollectedAt' | 'paymentId'
  >;
  board: { paymentRequired: boolean };
}): PaymentState {
  const { entry } = row;
  if (entry.status === 'held') return 'awaiting-payment';
  if ((entry.amountCents ?? 0) + (entry.donationCommitmentCents ?? 0) === 0) return 'none';
  if (entry.pledgeCollectedAt) return 'collected';
  if (row.board.paymentRequired && entry.paymentId && !entry.donationCommitmentCents) return 'paid';
  return 'pledged';
}

export const teamOf = (game: { teamA: string; teamB: string }) => `${game.teamA} vs ${game.teamB}`;

export function statusOf(board: Pick<BoardRow, 'lockedAt' | 'settledAt' | 'cancelledAt'>, startsAt: Date, now: Date) {
  return boardStatus({ ...board, startsAt, now });
}

export function toEntry(row: EntryRow, now: Date): AdminEntry {
  const { entry, board, game } = row;
  const status = statusOf(board, game.startsAt, now);
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
    deletable: status === 'scheduled' || status === 'open',
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

export function summary(board: BoardRow, game: GameRow, entryCount: number, now: Date): AdminBoardSummary {
  return {
    slug: board.slug,
    game: gameOf(game),
    sequence: board.sequence,
    format: board.format,
    status: statusOf(board, game.startsAt, now),
    paymentRequired: board.paymentRequired,
    entryCount,
    capacity: boardFormats[board.format].entries,
    organization: board.organization,
  };
}
