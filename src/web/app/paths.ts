/** Every screen's path in one place (docs/product.md#home-and-navigation). Screens not built yet are listed in `upcomingScreens`. */
export const paths = {
  root: '/',
  home: '/home',
  sports: '/sports',
  faq: '/faq',
  gaming: '/gaming',
  fanPage: '/fan-page',
  partners: '/partners',
  login: '/login',
  /** Account settings: two-factor authentication. */
  account: '/account',
  eastGameBoard: '/east-game-board',
  gameBoard: '/game-board',
  nbaFinals: '/nba-finals',
  /** Finals game preview; `/finals-player/:game`, no number means game 1. */
  finalsPlayer: '/finals-player',
  /** Game player portal; `/game-player/:teamSlug`. */
  gamePlayer: '/game-player',
  wnbaGames: '/wnba-games',
  wnbaDonation: '/wnba-donation',
  womensBasketball: '/womens-basketball',
  baseballGames: '/baseball-games',
  soccerTournament: '/soccer-tournament',
  f1Season: '/f1-season',
  devMail: '/dev/mail',
  entered: '/entered',
  /** Any board by slug, e.g. the next board of a game whose first board filled. */
  boards: '/boards',
  gameInfo: '/game-info',
  /** An organization's public page: `/o/:org` (its slug), and its gift form at `/o/:org/donate`. */
  orgPage: '/o',
  donationSuccess: '/donation-success',
  enteredPage: '/entered-page',
  /** A winner's prize claim: `/claim/:token`, the link they were texted or emailed. */
  claim: '/claim',
  baseballDonation: '/baseball-donation',
  paymentSuccess: '/payment-success',
  wnbaSuccess: '/wnba-success',
  checkout: '/checkout',
  /** The donor's monthly gifts; `/sign-in#token=…` is the emailed link, `/:id/card` the local card form. */
  monthlyGifts: '/donations/monthly',
  tips: '/tips',
  /**
   * The signed-in person's organizations; `/orgs/new`, `/orgs/:org` (its slug), and its organizer screens
   * `/orgs/:org/boards`, `/orgs/:org/boards/:slug` and `/orgs/:org/entries`.
   */
  orgs: '/orgs',
  /** An emailed invitation to an organization: `/invitations/:id`, the link the email carries. */
  invitations: '/invitations',
  actionGames: '/action-games',
  strategyGames: '/strategy-games',
  rpgGames: '/rpg-games',
  simulationGames: '/simulation-games',
  csgoTournament: '/csgo-tournament',
  lolChampionship: '/lol-championship',
  dota2International: '/dota2-international',
} as const;

/** The organizer screens of an organization, each at `/orgs/:org/<screen>`. */
export const orgConsoleScreens = ['boards', 'boards/:slug', 'entries'] as const;

/** The partner detail form answers at all three of these (the last with the old `partnerId` parameter). */
export const partnerFormPaths = ['/partner-details/:slug', '/partners/:slug', '/partner/:partnerId'];

/** The gaming hub's category and tournament pages (docs/product.md#gaming-hub); each path is its slug in 'gaming-catalog'. */
export const gamingCategoryPaths = [paths.actionGames, paths.strategyGames, paths.rpgGames, paths.simulationGames];
export const gamingTournamentPaths = [paths.csgoTournament, paths.lolChampionship, paths.dota2International];

/** Baseball fixtures with a board screen at `/<id>-game`. */
export const baseballBoardIds = [
  'dodgers-giants',
  'yankees-red-sox',
  'astros-rangers',
  'phillies-braves',
  'cubs-brewers',
  'mariners-diamondbacks',
] as const;

/**
 * The paths of the game board screens. Their titles, labels and Back destinations live with the boards
 * feature (features/boards/board-screens.ts), so the first load carries only the route table.
 */
export const boardScreenPaths: readonly string[] = [
  paths.gameBoard,
  paths.eastGameBoard,
  ...[5, 6, 7].flatMap((game) => [`/finals-game-${game}`, `/finals-game-${game}-board`]),
  ...baseballBoardIds.map((id) => `/${id}-game`),
];

/** Baseball matchup pages. */
export const baseballMatchups = [
  'dodgers-giants',
  'dodgers-padres',
  'mariners-diamondbacks',
  'reds-guardians',
] as const;

export type AdminScreen = 'kpi' | 'logins' | 'entries' | 'boards';

/**
 * The admin screens, each behind the server-checked gate: the three of docs/product.md#admin-screens and the organizers'
 * board operations. `nav` is the short name in the admin menu.
 */
export const adminScreens: ReadonlyArray<{ screen: AdminScreen; path: string; title: string; nav: string }> = [
  { screen: 'kpi', path: '/admin-kpi', title: 'Admin KPIs', nav: 'KPIs' },
  { screen: 'logins', path: '/admin-logins', title: 'Login attempts', nav: 'Login attempts' },
  { screen: 'entries', path: '/admin-entries', title: 'Entry manager', nav: 'Entries' },
  { screen: 'boards', path: '/admin-boards', title: 'Board operations', nav: 'Boards' },
];

/**
 * Screens that later work delivers. Each gets an honest "on its way" page rather than a 404, so
 * links from the hub land where docs/product.md says.
 */
export const upcomingScreens: ReadonlyArray<{ path: string; title: string }> = [];
