import type { AdminBoardDetail } from '../../../shared/contracts/admin';
import { boardErrorCodes } from '../../../shared/contracts/boards';
import { AppError } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import { decodeCursor, encodeCursor, gameOf, summary, toEntry } from './present';
import type { AdminRepo } from './repo';

/** The admin lists: entries a page at a time, boards with their games, one board with its results. */
export function createAdminListings(deps: { repo: AdminRepo; clock: Clock }) {
  const { repo, clock } = deps;
  return {
    async entries(filter: { board?: string; cursor?: string; limit: number }) {
      const now = clock.now();
      const rows = await repo.entriesPage({
        boardSlug: filter.board || undefined,
        cursor: decodeCursor(filter.cursor),
        limit: filter.limit + 1,
      });
      const page = rows.slice(0, filter.limit);
      const last = page.at(-1);
      return {
        entries: page.map((r) => toEntry(r, now)),
        nextCursor:
          rows.length > filter.limit && last ? encodeCursor({ at: last.entry.createdAt, id: last.entry.id }) : null,
      };
    },

    async boards() {
      const now = clock.now();
      const [rows, gameRows] = await Promise.all([repo.boardList(), repo.gameList()]);
      return {
        boards: rows.map((r) => summary(r.board, r.game, r.entryCount, now)),
        games: gameRows.map(gameOf),
      };
    },

    async board(slug: string): Promise<AdminBoardDetail> {
      const [found] = await repo.boardList({ slug });
      if (!found) throw new AppError(404, boardErrorCodes.notFound, 'We could not find that game board.');
      const winners = await repo.winners(found.board.id);
      const results = found.board.prizeTable.flatMap((p) => {
        const w = winners.find((x) => x.result.period === p.key);
        if (!w) return [];
        return [
          {
            period: p.key,
            label: p.label,
            teamAScore: w.result.teamAScore,
            teamBScore: w.result.teamBScore,
            cell: w.result.cell,
            prizeCents: w.result.prizeCents,
            winner:
              w.result.entryId && w.code && w.nickname && w.ticketNumber
                ? { code: w.code, nickname: w.nickname, phone: w.phone, ticketNumber: w.ticketNumber }
                : null,
          },
        ];
      });
      return {
        board: summary(found.board, found.game, found.entryCount, clock.now()),
        prizeTable: found.board.prizeTable,
        results,
      };
    },
  };
}
