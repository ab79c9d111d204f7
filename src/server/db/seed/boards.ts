import { eq } from 'drizzle-orm';
import { baseballPrizes } from '../../../shared/domain/baseball';
import { entryRules, nbaFinalsPrizes, seedCommitment } from '../../../shared/domain/boards';
import type { Clock } from '../../platform/clock';
import type { Db } from '../client';
import { boards, games } from '../schema';
import { baseballPage } from './pages/baseball';

/** The FAQ: games 6 and 7 add a total rebounds draw of 55. */
const finalsWithRebounds = [...nbaFinalsPrizes, { key: 'rebounds', label: 'Total rebounds draw', prizeCents: 5500 }];

/**
 * Demo game boards so a newcomer can try every flow: their games start 45 minutes after the server
 * starts, so the boards are open (they open 1 hour before the start). Re-running moves the demo games
 * forward again and leaves existing boards and entries alone.
 */
export async function seedDemoBoards(db: Db, clock: Clock, newSeed: () => string): Promise<void> {
  const startsAt = new Date(clock.now().getTime() + 45 * 60_000);
  const demo = [
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
      },
    },
    {
      game: { slug: 'knicks-pacers', league: 'NBA', teamA: 'Knicks', teamB: 'Pacers', venue: 'Madison Square Garden' },
      board: {
        slug: 'knicks-vs-pacers',
        format: '1v49' as const,
        entryRule: entryRules.presets,
        prizeTable: nbaFinalsPrizes,
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
      },
    })),
  ];
  await db.transaction(async (tx) => {
    for (const { game, board } of demo) {
      const [row] = await tx
        .insert(games)
        .values({ ...game, startsAt })
        .onConflictDoUpdate({ target: games.slug, set: { startsAt } })
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
      // A demo board that filled or locked on an earlier run opens again for the new demo game.
      await tx.update(boards).set({ lockedAt: null }).where(eq(boards.slug, board.slug));
    }
  });
}
