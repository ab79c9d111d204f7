import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { baseballPrizes } from '../../../shared/domain/baseball';
import {
  cancelNotices,
  entryRules,
  nbaFinalsPrizes,
  OPEN_BEFORE_START_MS,
  seedCommitment,
} from '../../../shared/domain/boards';
import { defaultDemoStartAfterMs } from '../../config';
import type { Clock } from '../../platform/clock';
import type { Db } from '../client';
import { boards, entries, games } from '../schema';
import { baseballPage } from './pages/baseball';

/**
 * The demo's charitable raffle: a fictional organization, its legal name and a licence number marked as the
 * demo's (not a real EIN), so the raffle's rules page reads as a real one would.
 */
const demoRaffle = {
  mode: 'charitable-raffle' as const,
  legalName: 'FanGrid Community Fund (demo)',
  registration: 'DEMO-RAFFLE-0001',
  beneficiary: 'FanGrid Community Fund youth sports programs',
};

/** The FAQ: games 6 and 7 add a total rebounds draw of 55. */
const finalsWithRebounds = [...nbaFinalsPrizes, { key: 'rebounds', label: 'Total rebounds draw', prizeCents: 5500 }];

/**
 * Demo game boards so a newcomer can try every flow (and every legal mode: free-to-play finals games 5 and 7,
 * the charitable raffle knicks-vs-pacers, sweepstakes for the rest, the paid lakers-warriors one included):
 * their games start `startAfterMs` (45 minutes unless DEMO_START_MINUTES says otherwise) after the server starts,
 * and their boards are open from now on. Re-running (each start of the server) moves the demo games forward
 * again and opens their boards again, keeping their entries.
 */
export async function seedDemoBoards(
  db: Db,
  clock: Clock,
  newSeed: () => string,
  startAfterMs = defaultDemoStartAfterMs,
): Promise<void> {
  const { startsAt, opensAt } = demoGameTimes(clock.now(), startAfterMs);
  const demo = demoBoards();
  await db.transaction(async (tx) => {
    for (const { game, board } of demo) {
      const [row] = await tx
        .insert(games)
        .values({ ...game, startsAt, opensAt })
        .onConflictDoUpdate({ target: games.slug, set: { startsAt, opensAt } })
        .returning({ id: games.id });
      if (!row) continue;
      const seed = newSeed();
      await tx
        .insert(boards)
        .values({
          gameId: row.id,
          sequence: 1,
          organization: 'FanGrid Community Fund',
          ...board,
          seed,
          seedHash: seedCommitment(seed),
        })
        .onConflictDoNothing();
      // A demo board that filled, locked or was cancelled on an earlier run opens again for the new demo game;
      // its mode and legal settings follow the demo's (a demo board created before modes existed becomes what
      // it shows).
      const legal = 'legalName' in board ? demoRaffle : { legalName: null, registration: null, beneficiary: null };
      await tx
        .update(boards)
        .set({ lockedAt: null, cancelledAt: null, notice: null, mode: board.mode, ...legal })
        .where(eq(boards.slug, board.slug));
    }
  });
}

/**
 * A demo game's times: it starts `startAfterMs` from `now`, and its boards are open at `now`. A board opens an
 * hour before its game; a demo game further off than that keeps its boards open from now (`opensAt`) instead.
 */
export function demoGameTimes(now: Date, startAfterMs: number): { startsAt: Date; opensAt: Date | null } {
  return {
    startsAt: new Date(now.getTime() + startAfterMs),
    opensAt: startAfterMs > OPEN_BEFORE_START_MS ? now : null,
  };
}

/** How often the running server looks for demo boards to open again. */
export const DEMO_RENEW_EVERY_MS = 60_000;

/**
 * The demo never goes stale while the server runs: a demo board that nobody entered is cancelled when its game
 * starts (as any empty board is), and then its game moves on to start `startAfterMs` from now and the
 * board opens again, so the product's board screens always have a board to join. A demo board that fans
 * entered plays out (locked, scored by an organizer) until the next start of the server. Answers how many
 * boards it opened again.
 */
export async function renewEmptyDemoBoards(db: Db, clock: Clock, startAfterMs: number): Promise<number> {
  const now = clock.now();
  const { startsAt, opensAt } = demoGameTimes(now, startAfterMs);
  const slugs = demoBoards().map((d) => d.board.slug);
  return db.transaction(async (tx) => {
    const stale = await tx
      .select({ boardId: boards.id, gameId: boards.gameId })
      .from(boards)
      .innerJoin(games, eq(boards.gameId, games.id))
      .where(
        and(
          inArray(boards.slug, slugs),
          eq(boards.notice, cancelNotices.empty),
          lte(games.startsAt, now),
          sql`not exists (select 1 from ${entries} where ${entries.boardId} = ${boards.id})`,
        ),
      );
    for (const { boardId, gameId } of stale) {
      await tx.update(games).set({ startsAt, opensAt }).where(eq(games.id, gameId));
      await tx.update(boards).set({ lockedAt: null, cancelledAt: null, notice: null }).where(eq(boards.id, boardId));
    }
    return stale.length;
  });
}

/**
 * The seeded demo's boards by their game and first board's slugs: what marks a board (of any sequence on such a
 * game) as a demo board, so the KPIs can leave demo boards out.
 */
export const seededDemoBoards = (): { game: string; board: string }[] =>
  demoBoards().map((d) => ({ game: d.game.slug, board: d.board.slug }));

/** The demo's board screens: each game and its first board. */
function demoBoards() {
  return [
    {
      game: {
        slug: 'thunder-timberwolves',
        league: 'NBA',
        teamA: 'Thunder',
        teamB: 'Timberwolves',
        venue: 'Paycom Center',
      },
      board: {
        slug: 'thunder-timberwolves',
        format: '1v99' as const,
        entryRule: entryRules.thunder,
        prizeTable: nbaFinalsPrizes,
        mode: 'sweepstakes' as const,
      },
    },
    {
      game: {
        slug: 'nba-finals-2025-game-5',
        league: 'NBA Finals',
        teamA: 'Thunder',
        teamB: 'Pacers',
        venue: 'Paycom Center',
      },
      board: {
        slug: 'finals-game-5',
        format: '1v99' as const,
        entryRule: entryRules.noAmount,
        prizeTable: nbaFinalsPrizes,
        mode: 'free-to-play' as const,
      },
    },
    {
      game: {
        slug: 'nba-finals-2025-game-6',
        league: 'NBA Finals',
        teamA: 'Thunder',
        teamB: 'Pacers',
        venue: 'Gainbridge Fieldhouse',
      },
      board: {
        slug: 'finals-game-6',
        format: '1v99' as const,
        entryRule: entryRules.presets,
        prizeTable: finalsWithRebounds,
        mode: 'sweepstakes' as const,
      },
    },
    {
      game: {
        slug: 'nba-finals-2025-game-7',
        league: 'NBA Finals',
        teamA: 'Thunder',
        teamB: 'Pacers',
        venue: 'Paycom Center',
      },
      board: {
        slug: 'finals-game-7',
        format: '1v99' as const,
        entryRule: entryRules.noAmount,
        prizeTable: finalsWithRebounds,
        mode: 'free-to-play' as const,
      },
    },
    {
      game: { slug: 'knicks-pacers', league: 'NBA', teamA: 'Knicks', teamB: 'Pacers', venue: 'Madison Square Garden' },
      board: {
        slug: 'knicks-vs-pacers',
        format: '1v49' as const,
        entryRule: entryRules.presets,
        prizeTable: nbaFinalsPrizes,
        ...demoRaffle,
      },
    },
    // A paid board (docs/product.md#payment-holds): each entry pays its support amount through the checkout, and holds its
    // cells for 15 minutes while the checkout is open.
    {
      game: { slug: 'lakers-warriors', league: 'NBA', teamA: 'Lakers', teamB: 'Warriors', venue: 'Crypto.com Arena' },
      board: {
        slug: 'lakers-warriors',
        format: '1v99' as const,
        entryRule: entryRules.presets,
        prizeTable: nbaFinalsPrizes,
        paymentRequired: true,
        // A paid sweepstakes: its free entry sits beside the checkout, with the same odds.
        mode: 'sweepstakes' as const,
      },
    },
    // Baseball: each of the six fixtures has its board (presets $1/$5/$10/$20 or custom; scored
    // at the 5th and 9th innings by runs and total hits). The fixtures' page content names the board.
    ...baseballPage.fixtures.map((f) => ({
      game: { slug: `mlb-${f.id}`, league: 'MLB', teamA: f.teams[0], teamB: f.teams[1], venue: f.venue },
      board: {
        slug: f.boardSlug,
        format: '1v99' as const,
        entryRule: entryRules.presets,
        prizeTable: baseballPrizes,
        organization: baseballPage.organization,
        mode: 'sweepstakes' as const,
      },
    })),
  ];
}
