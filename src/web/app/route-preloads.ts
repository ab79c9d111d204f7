import { adminGatePaths } from '../../shared/contracts/api-paths/admin';
import { boardPaths } from '../../shared/contracts/api-paths/boards';
import { contentPaths } from '../../shared/contracts/api-paths/content';
import { publicOrgPaths } from '../../shared/contracts/api-paths/public-orgs';
import { partnerIds } from '../../shared/domain/partners';
import { boardScreens } from '../features/boards/board-screens';
import {
  adminScreens,
  baseballMatchups,
  gamingCategoryPaths,
  gamingTournamentPaths,
  orgConsoleScreens,
  partnerFormPaths,
  paths,
  upcomingScreens,
} from './paths';

/**
 * The compiled check (src/web/checks/) that a document's lazy contract loads beside it: the documents the route
 * table asks for early (the FAQ, the sports hub, the content pages) are checked by a module of their own, which
 * the screen's HTML names with its chunks so that the answer is not held waiting for it (decision 0028). The
 * home document's check is on the first load already.
 */
export function lazyCheckOf(documentUrl: string): string | undefined {
  if (documentUrl === contentPaths.faq) return 'checks/faq-content.ts';
  if (documentUrl === contentPaths.sportsHub) return 'checks/sports-hub-content.ts';
  const page = documentUrl.startsWith(contentPaths.page('')) ? documentUrl.slice(contentPaths.page('').length) : '';
  return page ? `checks/pages/${page}.ts` : undefined;
}

/**
 * What the server names in a screen's HTML for the browser to fetch at once (decision 0014): the
 * screen's code chunk (with the chunks it imports), the documents its route loader asks for and their
 * checks (lazyCheckOf). Without
 * them the browser learns of both only after the entry script has run, one round trip after another.
 *
 * `page` is the lazy module of the screen's route in router.tsx (relative to src/web); the build fails
 * when it is not a chunk of its own. `data` must be the very URLs the route's loader fetches; a screen whose
 * data depends on more than its path (the visitor's entries, a payment in the query) lists none and needs no
 * loader: its code alone arrives with the HTML. A path may have a parameter (`/boards/:slug`): the server
 * names that screen's documents with the request's value in place of the same `:name` in `data`.
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
  {
    paths: baseballMatchups.map((matchup) => `/${matchup}`),
    page: 'features/baseball/pages/matchup-page.tsx',
    data: [contentPaths.page('baseball')],
  },
  {
    paths: [paths.finalsPlayer, `${paths.finalsPlayer}/:game`],
    page: 'features/nba-finals/pages/finals-preview-page.tsx',
    data: [contentPaths.page('nba-finals')],
  },
  {
    paths: [paths.gamePlayer, `${paths.gamePlayer}/:teamSlug`],
    page: 'features/nba-finals/pages/game-player-page.tsx',
    data: [],
  },
  {
    paths: [paths.womensBasketball],
    page: 'features/wnba/pages/womens-basketball-page.tsx',
    data: [contentPaths.page('womens-basketball')],
  },
  {
    paths: gamingCategoryPaths,
    page: 'features/gaming/pages/gaming-category-page.tsx',
    data: [contentPaths.page('gaming-catalog')],
  },
  {
    paths: gamingTournamentPaths,
    page: 'features/gaming/pages/gaming-tournament-page.tsx',
    data: [contentPaths.page('gaming-catalog')],
  },
  // A board's own link (its QR code and printable sheet point there): the server fills in the slug.
  { paths: [`${paths.boards}/:slug`], page: 'features/boards/pages/board-page.tsx', data: [boardPaths.board.pattern] },
  // An organization's page and its gift form, each with the organization (the server fills in the slug).
  {
    paths: [`${paths.orgPage}/:org`],
    page: 'features/org-pages/pages/org-page.tsx',
    data: [publicOrgPaths.org.pattern],
  },
  {
    paths: [`${paths.orgPage}/:org/donate`],
    page: 'features/org-pages/pages/org-donate-page.tsx',
    data: [publicOrgPaths.org.pattern],
  },
  // Each named board screen and its board (what the route's loader asks for).
  ...boardScreens.map((screen) => ({
    paths: [screen.path],
    page: 'features/boards/pages/board-page.tsx',
    data: [boardPaths.board(screen.slug)],
  })),
  { paths: [paths.entered, paths.enteredPage], page: 'features/boards/pages/entered-page.tsx', data: [] },
  { paths: [paths.fanPage], page: 'features/fan-central/pages/fan-central-page.tsx', data: [] },
  { paths: [paths.login], page: 'features/accounts/pages/login-page.tsx', data: [] },
  { paths: [paths.account], page: 'features/accounts/pages/account-page.tsx', data: [] },
  { paths: [paths.partners], page: 'features/partners/pages/partners-page.tsx', data: [] },
  // The organizations' screens: what they show depends on who is signed in, so they name no documents.
  { paths: [paths.orgs], page: 'features/orgs/pages/orgs-page.tsx', data: [] },
  { paths: [`${paths.orgs}/new`], page: 'features/orgs/pages/new-org-page.tsx', data: [] },
  { paths: [`${paths.orgs}/:org`], page: 'features/orgs/pages/org-page.tsx', data: [] },
  {
    paths: orgConsoleScreens.map((screen) => `${paths.orgs}/:org/${screen}`),
    page: 'features/orgs/pages/org-console-page.tsx',
    data: [],
  },
  { paths: [`${paths.invitations}/:id`], page: 'features/orgs/pages/invitation-page.tsx', data: [] },
  {
    // Each form path of each partner (a path the route table matches with a parameter).
    paths: partnerFormPaths.flatMap((form) => partnerIds.map((id) => form.replace(/:\w+$/, id))),
    page: 'features/partners/pages/partner-form-page.tsx',
    data: [],
  },
  { paths: [`${paths.boards}/:slug/rules`], page: 'features/boards/pages/rules-page.tsx', data: [] },
  { paths: [paths.gameInfo], page: 'features/boards/pages/game-info-page.tsx', data: [] },
  { paths: [`${paths.claim}/:token`], page: 'features/prizes/pages/claim-page.tsx', data: [] },
  { paths: [paths.devMail], page: 'features/dev-mail/pages/dev-mail-page.tsx', data: [] },
  { paths: [paths.baseballDonation], page: 'features/payments/pages/baseball-donation-page.tsx', data: [] },
  { paths: [paths.wnbaDonation], page: 'features/payments/pages/wnba-donation-page.tsx', data: [] },
  { paths: [`${paths.checkout}/:sessionId`], page: 'features/payments/pages/checkout-page.tsx', data: [] },
  {
    paths: [paths.monthlyGifts, `${paths.monthlyGifts}/sign-in`],
    page: 'features/payments/pages/monthly-gifts-page.tsx',
    data: [],
  },
  { paths: [`${paths.monthlyGifts}/:id/card`], page: 'features/payments/pages/monthly-card-page.tsx', data: [] },
  { paths: [`${paths.tips}/:reference`], page: 'features/payments/pages/tip-result-page.tsx', data: [] },
  {
    paths: upcomingScreens.map((s) => s.path),
    page: 'features/errors/pages/upcoming-page.tsx',
    data: [],
  },
  { paths: [paths.paymentSuccess], page: 'features/payments/pages/payment-success-page.tsx', data: [] },
  { paths: [paths.wnbaSuccess], page: 'features/payments/pages/wnba-success-page.tsx', data: [] },
  { paths: [paths.donationSuccess], page: 'features/boards/pages/donation-success-page.tsx', data: [] },
  // Each admin screen, its own page module, with the gate's state.
  ...adminScreens.map((s) => ({
    paths: [s.path],
    page: `features/admin/pages/admin-${s.screen}-page.tsx`,
    data: [adminGatePaths.status],
  })),
];
