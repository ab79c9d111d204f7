import { and, asc, eq, gt, isNull, lte, or, type SQL } from 'drizzle-orm';
import { OPEN_BOARDS_MAX, type OpenBoards } from '../../../shared/contracts/boards';
import { entryPriceShort, OPEN_BEFORE_START_MS } from '../../../shared/domain/boards';
import type { Db } from '../../db/client';
import { boards, games } from '../../db/schema';
import type { Clock } from '../../platform/clock';

/**
 * Whether a board of the query, not ended and its game not started, is taking entries at `now` (opened an hour
 * before the start, when the game was postponed after opening, or by an organizer's 'Open now'); one that is
 * not is upcoming.
 */
export function takingEntriesSql(now: Date): SQL {
  const openFrom = new Date(now.getTime() + OPEN_BEFORE_START_MS);
  return or(lte(games.startsAt, openFrom), lte(games.opensAt, now), lte(boards.openedAt, now)) as SQL;
}

/** How long one reading of the list answers every request (per instance), so a busy home page costs one query. */
export const OPEN_BOARDS_REUSE_MS = 5_000;

/**
 * The boards taking entries now (status 'open', domain/boards `boardStatus`): not cancelled, voided, settled or
 * locked (a full board is locked), its game not started, and opened (an hour before the start, when the game
 * was postponed after opening, or by an organizer's 'Open now'). Soonest game first, then by slug; at most
 * `OPEN_BOARDS_MAX`, with `more` when others were left off. One reading (or one read in flight) answers for
 * `OPEN_BOARDS_REUSE_MS` of the clock.
 */
export function createOpenBoards(deps: { db: Db; clock: Clock; demoLive?: () => Promise<string | null> }) {
  const { db, clock } = deps;
  let last: { at: number; list: Promise<OpenBoards> } | undefined;
  return function openBoards(): Promise<OpenBoards> {
    const at = clock.now().getTime();
    if (last && at >= last.at && at - last.at < OPEN_BOARDS_REUSE_MS) return last.list;
    const list = read(new Date(at));
    last = { at, list };
    // A failed read is not kept: the next request tries again.
    list.catch(() => {
      if (last?.list === list) last = undefined;
    });
    return list;
  };

  async function read(now: Date): Promise<OpenBoards> {
    const [rows, demoLive] = await Promise.all([
      db
        .select({
          slug: boards.slug,
          league: games.league,
          teamA: games.teamA,
          teamB: games.teamB,
          startsAt: games.startsAt,
          organization: boards.organization,
          entryRule: boards.entryRule,
          paymentRequired: boards.paymentRequired,
        })
        .from(boards)
        .innerJoin(games, eq(boards.gameId, games.id))
        .where(
          and(
            isNull(boards.cancelledAt),
            isNull(boards.voidedAt),
            isNull(boards.settledAt),
            isNull(boards.lockedAt),
            gt(games.startsAt, now),
            takingEntriesSql(now),
          ),
        )
        .orderBy(asc(games.startsAt), asc(boards.slug))
        .limit(OPEN_BOARDS_MAX + 1),
      deps.demoLive ? deps.demoLive() : null,
    ]);
    return {
      boards: rows.slice(0, OPEN_BOARDS_MAX).map((r) => ({
        slug: r.slug,
        league: r.league,
        teamA: r.teamA,
        teamB: r.teamB,
        startsAt: r.startsAt.toISOString(),
        organization: r.organization,
        price: entryPriceShort(r.entryRule),
        paymentRequired: r.paymentRequired,
      })),
      more: rows.length > OPEN_BOARDS_MAX,
      demoLivePath: demoLive ? `/boards/${encodeURIComponent(demoLive)}` : null,
    };
  }
}
export type OpenBoardsReader = ReturnType<typeof createOpenBoards>;
