import type { AdminBoardDetail } from '../../../shared/contracts/admin';
import { boardErrorCodes, type LiveScore } from '../../../shared/contracts/boards';
import type { BoardMode } from '../../../shared/domain/legal';
import { AppError } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import { decodeCursor, encodeCursor, gameOf, summary, toEntry } from './present';
import type { AdminRepo } from './repo';

/** The admin lists: entries a page at a time, boards with their games, one board with its results. */
export function createAdminListings(deps: {
  repo: AdminRepo;
  clock: Clock;
  /** The states each mode excludes (configuration), published with each board's legal settings. */
  excludedStates?: Record<BoardMode, readonly string[]>;
  /** A feed game's live score (the feed feature), as the public board shows it. */
  liveGame?: (feedId: string) => Promise<LiveScore | null>;
}) {
  const { repo, clock } = deps;
  return {
    /** Listed entries; with `cash: 'to-return'`, the entries whose collected cash is to return (deleted ones too). */
    async entries(filter: { board?: string; cursor?: string; limit: number; cash?: 'to-return' }) {
      const now = clock.now();
      const rows = await repo.entriesPage({
        cashToReturn: filter.cash === 'to-return',
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

    /** Whether an entry with this id is in reach, listed or not (the organizer API: of its organization). */
    async hasEntry(id: string): Promise<boolean> {
      return /^[0-9a-f-]{36}$/i.test(id) && (await repo.anyEntryById(id)) !== undefined;
    },

    async boards() {
      const now = clock.now();
      const [rows, gameRows] = await Promise.all([repo.boardList(), repo.gameList()]);
      return {
        boards: rows.map((r) => summary(r.board, r.game, r.entryCount, now, deps.excludedStates)),
        games: gameRows.map(gameOf),
      };
    },

    async board(slug: string): Promise<AdminBoardDetail> {
      const [found] = await repo.boardList({ slug });
      if (!found) throw new AppError(404, boardErrorCodes.notFound, 'We could not find that game board.');
      const { board, game } = found;
      // The same rule as the public board: a feed game's live score, unless the organizer scores by hand.
      const [winners, live] = await Promise.all([
        repo.winners(board.id),
        game.feedId && deps.liveGame && !board.manualScoring ? deps.liveGame(game.feedId) : null,
      ]);
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
            source: w.result.source,
            confirmedAt: w.result.confirmedAt?.toISOString() ?? null,
            correctedAt: w.result.correctedAt?.toISOString() ?? null,
            winner:
              w.result.entryId && w.code && w.nickname && w.ticketNumber
                ? { code: w.code, nickname: w.nickname, phone: w.phone, ticketNumber: w.ticketNumber }
                : null,
          },
        ];
      });
      return {
        board: summary(found.board, found.game, found.entryCount, clock.now(), deps.excludedStates),
        prizeTable: found.board.prizeTable,
        results,
        live,
      };
    },
  };
}
