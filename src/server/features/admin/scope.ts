import { and, eq, type SQL, sql } from 'drizzle-orm';
import { boards } from '../../db/schema';

/**
 * What marks a demo board, from markers that already exist (no column of its own): its game's first board is a
 * board of the seeded demo (that game and board slug, db/seed/boards.ts) or a demo round's (`demo-<league>-<n>`,
 * features/demo). Every board of such a game is a demo board, the ones opened when the first filled too.
 */
export interface DemoBoardMarkers {
  seeded: readonly { game: string; board: string }[];
  /** A PostgreSQL regular expression every demo round's board slug matches. */
  roundSlugPattern: string;
}

/** Which boards a reader takes in: one board, one organization's, and with or without the demo boards. */
export interface BoardScope {
  board?: string | undefined;
  organization?: string | undefined;
  /** The organization running the boards (`boards.organization_id`). */
  organizationId?: string | undefined;
  excludeDemo?: boolean | undefined;
}

/** Whether the `boards` row of the query is a demo board (SQL, true or false). */
export function isDemoBoardSql(markers: DemoBoardMarkers): SQL<boolean> {
  const seeded =
    markers.seeded.length > 0
      ? sql`(demo_game.slug, demo_first.slug) in (${sql.join(
          markers.seeded.map((m) => sql`(${m.game}, ${m.board})`),
          sql`, `,
        )})`
      : sql`false`;
  return sql<boolean>`exists (select 1 from ${boards} demo_first join games demo_game on demo_game.id = demo_first.game_id
    where demo_first.game_id = ${boards.gameId} and demo_first.sequence = 1
      and (${seeded} or demo_first.slug ~ ${markers.roundSlugPattern}))`;
}

/** The condition on the query's `boards` row that keeps it in `scope` (undefined: every board). */
export function boardScopeSql(scope: BoardScope, markers: DemoBoardMarkers): SQL | undefined {
  return and(
    scope.board ? eq(boards.slug, scope.board) : undefined,
    scope.organization ? eq(boards.organization, scope.organization) : undefined,
    scope.organizationId ? eq(boards.organizationId, scope.organizationId) : undefined,
    scope.excludeDemo ? sql`not ${isDemoBoardSql(markers)}` : undefined,
  );
}

/** No board is a demo board (an app built without the demo's markers). */
export const noDemoMarkers: DemoBoardMarkers = { seeded: [], roundSlugPattern: '^$' };
