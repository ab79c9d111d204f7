import { type WnbaPage, wnbaPageSchema } from '../../../../shared/contracts/pages/wnba';
import content from './wnba.json';

/**
 * WNBA: 2025 standings, the Finals slate, league leaders, All-Star weekend and the Commissioner's Cup.
 *
 * Standings: the final 2025 regular season (13 teams, 44 games each), best first; a team's rank is its place in
 * the list. Home wins across the league equal away losses (160) and home losses equal away wins (126).
 *
 * Games: the best-of-seven Finals, 2-2-1-1-1, teams as [visitor, home]: games 1-4 are open for a game board;
 * games 5-7 are played only if necessary and stay scheduled until then.
 */
export const wnbaPage: WnbaPage = wnbaPageSchema.parse({
  ...content,
  standings: content.standings.map((row, i) => ({ rank: i + 1, ...row })),
  games: content.games.map(({ game, ...slot }) => {
    const ifNecessary = game >= 5;
    return {
      id: `finals-2025-game-${game}`,
      ...slot,
      status: ifNecessary ? 'Scheduled' : 'Available for Game Board',
      round: `WNBA Finals · Game ${game}${ifNecessary ? ' (if necessary)' : ''}`,
    };
  }),
});
