import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { boardCells, boardResults, boards, entries, games, organization } from '../../../db/schema';

/** SQL of what fans and organizers read beyond the shared reads: boards by slug, a sheet's digest, an entry. */
export function createViewsRepo(db: Db) {
  return {
    /** The id of each board with one of these slugs (a slug no board has is left out). */
    async boardIdsBySlug(slugs: readonly string[]): Promise<Map<string, string>> {
      if (slugs.length === 0) return new Map();
      const rows = await db
        .select({ id: boards.id, slug: boards.slug })
        .from(boards)
        .where(inArray(boards.slug, [...slugs]));
      return new Map(rows.map((r) => [r.slug, r.id]));
    },

    /**
     * In one statement, what a board's printable sheet shows beyond its own and its game's row: a digest of its
     * cells (code and hold), its scored periods (scores, cell, winner) and its entry count; and its last recorded
     * change, the latest of its own times (made, opened, locked, settled, cancelled), its entries' (made, a
     * hold's release) and its periods' (recorded, confirmed, corrected). The sheet prints that time as "as of",
     * so a printout says how current it is, not when it was rendered; the digest tells a cached sheet is current
     * without reading the whole board.
     */
    async sheetDigest(boardId: string): Promise<{ digest: string; changedAt: Date }> {
      const [row] = await db
        .select({
          digest: sql<string>`md5(concat_ws('|',
            (select string_agg(c.cell || ':' || e.code || ':' || e.status, ',' order by c.cell)
               from ${boardCells} c join ${entries} e on e.id = c.entry_id where c.board_id = ${boardId}),
            (select string_agg(concat_ws(':', r.period, r.team_a_score, r.team_b_score, r.cell, r.entry_id), ','
                 order by r.period, r.kind)
               from ${boardResults} r where r.board_id = ${boardId}),
            (select count(*) from ${entries} e where e.board_id = ${boardId} and e.status <> 'released')
          ))`,
          ms: sql<number>`extract(epoch from greatest(
            ${boards.createdAt}, ${boards.openedAt}, ${boards.lockedAt}, ${boards.settledAt}, ${boards.cancelledAt},
            (select max(greatest(e.created_at, case when e.status = 'released' then e.held_until end))
               from ${entries} e where e.board_id = ${boardId}),
            (select max(greatest(r.recorded_at, r.confirmed_at, r.corrected_at))
               from ${boardResults} r where r.board_id = ${boardId})
          )) * 1000`.mapWith(Number),
        })
        .from(boards)
        .where(eq(boards.id, boardId));
      return { digest: row?.digest ?? '', changedAt: new Date(Math.round(row?.ms ?? 0)) };
    },

    /** The name and public page slug of the organization running a board (every board has one). */
    async runBy(organizationId: string): Promise<{ slug: string; name: string }> {
      const [row] = await db
        .select({ slug: organization.slug, name: organization.name })
        .from(organization)
        .where(eq(organization.id, organizationId));
      if (!row) throw new Error(`board organization ${organizationId} is missing`);
      return row;
    },

    async entryWithGame(ticketNumber: string) {
      const [row] = await db
        .select({ entry: entries, board: boards, game: games })
        .from(entries)
        .innerJoin(boards, eq(entries.boardId, boards.id))
        .innerJoin(games, eq(boards.gameId, games.id))
        .where(eq(entries.ticketNumber, ticketNumber));
      return row;
    },
  };
}
export type ViewsRepo = ReturnType<typeof createViewsRepo>;
