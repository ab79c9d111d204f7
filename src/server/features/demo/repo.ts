import { and, count, eq, inArray, isNull, like, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { boards, entries, games } from '../../db/schema';
import { demoSlugPattern } from './service';

export interface DemoBoardRow {
  slug: string;
  startsAt: Date;
  lockedAt: Date | null;
  settledAt: Date | null;
  cancelledAt: Date | null;
  /** Entries holding cells (a released hold does not count). */
  entries: number;
}

/** Reads the demo rounds' boards. The demo writes nothing itself: boards and entries go through the boards feature. */
export function createDemoRepo(db: Db) {
  return {
    async boards(slugs: readonly string[]): Promise<DemoBoardRow[]> {
      if (slugs.length === 0) return [];
      const taken = db
        .select({ boardId: entries.boardId, n: count().as('n') })
        .from(entries)
        .where(sql`${entries.status} <> 'released'`)
        .groupBy(entries.boardId)
        .as('taken');
      const rows = await db
        .select({
          slug: boards.slug,
          startsAt: games.startsAt,
          lockedAt: boards.lockedAt,
          settledAt: boards.settledAt,
          cancelledAt: boards.cancelledAt,
          entries: taken.n,
        })
        .from(boards)
        .innerJoin(games, eq(boards.gameId, games.id))
        .leftJoin(taken, eq(taken.boardId, boards.id))
        .where(and(inArray(boards.slug, [...slugs])));
      return rows.map((r) => ({ ...r, entries: Number(r.entries ?? 0) }));
    },

    /** Demo round boards (`demo-<league>-<round>`) not settled, cancelled or voided whose game started before `before`. */
    async unsettledBefore(before: Date): Promise<string[]> {
      const rows = await db
        .select({ slug: boards.slug })
        .from(boards)
        .innerJoin(games, eq(boards.gameId, games.id))
        .where(
          and(
            like(boards.slug, 'demo-%'),
            sql`${boards.slug} ~ ${demoSlugPattern}`,
            isNull(boards.settledAt),
            isNull(boards.cancelledAt),
            isNull(boards.voidedAt),
            lt(games.startsAt, before),
          ),
        );
      return rows.map((r) => r.slug);
    },
  };
}
export type DemoRepo = ReturnType<typeof createDemoRepo>;
