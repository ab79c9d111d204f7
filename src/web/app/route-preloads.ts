import { contentPaths } from '../../shared/contracts/api-paths/content';
import { paths } from './paths';

/**
 * What the server names in a screen's HTML for the browser to fetch at once (decision 0014): the
 * screen's code chunk (with the chunks it imports) and the documents its route loader asks for. Without
 * them the browser learns of both only after the entry script has run, one round trip after another.
 *
 * `page` is the lazy module of the screen's route in router.tsx (relative to src/web); the build fails
 * when it is not a chunk of its own. `data` must be the very URLs the route's loader fetches.
 */
export const routePreloads: ReadonlyArray<{ paths: readonly string[]; page: string; data: readonly string[] }> = [
  { paths: [paths.root, paths.home], page: 'features/home/pages/home-page.tsx', data: [contentPaths.home] },
  { paths: [paths.sports], page: 'features/sports/pages/sports-hub-page.tsx', data: [contentPaths.sportsHub] },
  { paths: [paths.faq], page: 'features/faq/pages/faq-page.tsx', data: [contentPaths.faq] },
  {
    paths: [paths.nbaFinals],
    page: 'features/nba-finals/pages/nba-finals-page.tsx',
    data: [contentPaths.page('nba-finals')],
  },
  {
    paths: [paths.gaming],
    page: 'features/gaming/pages/gaming-hub-page.tsx',
    data: [contentPaths.page('gaming'), contentPaths.page('gaming-catalog')],
  },
  { paths: [paths.f1Season], page: 'features/f1/pages/f1-season-page.tsx', data: [contentPaths.page('f1-season')] },
  {
    paths: [paths.soccerTournament],
    page: 'features/soccer/pages/soccer-tournament-page.tsx',
    data: [contentPaths.page('soccer-tournament')],
  },
  { paths: [paths.wnbaGames], page: 'features/wnba/pages/wnba-games-page.tsx', data: [contentPaths.page('wnba')] },
  {
    paths: [paths.baseballGames],
    page: 'features/baseball/pages/baseball-page.tsx',
    data: [contentPaths.page('baseball')],
  },
];
