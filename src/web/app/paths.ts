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
  donationSuccess: '/donation-success',
  enteredPage: '/entered-page',
  baseballDonation: '/baseball-donation',
  paymentSuccess: '/payment-success',
  wnbaSuccess: '/wnba-success',
  checkout: '/checkout',
  tips: '/tips',
  actionGames: '/action-games',
  strategyGames: '/strategy-games',
  rpgGames: '/rpg-games',
  simulationGames: '/simulation-games',
  csgoTournament: '/csgo-tournament',
  lolChampionship: '/lol-championship',
  dota2International: '/dota2-international',
} as const;

/** The partner detail form answers at all three of these (the last with the old `partnerId` parameter). */
export const partnerFormPaths = ['/partner-details/:slug', '/partners/:slug', '/partner/:partnerId'];

/** The gaming hub's category and tournament pages (docs/product.md#gaming-hub); each path is its slug in 'gaming-catalog'. */
export const gamingCategoryPaths = [paths.actionGames, paths.strategyGames, paths.rpgGames, paths.simulationGames];
export const gamingTournamentPaths = [paths.csgoTournament, paths.lolChampionship, paths.dota2International];

/** Game board screens built on the live board; more join as their flows land. */
export interface BoardScreen {
  slug: string;
  title: string;
  backTo: string;
  backLabel: string;
  rowLabel: string;
  submitLabel: string;
  successTitle: string;
  /** Sent with every entry (the Knicks flow uses game code EGB). */
  gameCode?: string;
  /** When set, the screen offers the support buttons leading to /game-info for this team. */
  supportTeam?: string;
  teamSlug?: string;
}

/** Baseball per-game routes: each fixture's board (the fixture id upper-cased is its game code). */
const baseballGames = [
  ['dodgers-giants', 'Dodgers vs Giants', 'Giants'],
  ['yankees-red-sox', 'Yankees vs Red Sox', 'Red Sox'],
  ['astros-rangers', 'Astros vs Rangers', 'Rangers'],
  ['phillies-braves', 'Phillies vs Braves', 'Braves'],
  ['cubs-brewers', 'Cubs vs Brewers', 'Brewers'],
  ['mariners-diamondbacks', 'Mariners vs Diamondbacks', 'D-backs'],
] as const;
export const boardScreens: ReadonlyArray<BoardScreen & { path: string }> = [
  {
    path: paths.gameBoard,
    slug: 'thunder-timberwolves',
    title: 'Thunder vs Timberwolves',
    backTo: paths.sports,
    backLabel: 'Back to Sports',
    rowLabel: 'Wolves',
    submitLabel: 'Submit Entry',
    successTitle: 'Game Entry Created!',
  },
  {
    path: paths.eastGameBoard,
    slug: 'knicks-vs-pacers',
    title: 'Knicks vs Pacers',
    backTo: paths.sports,
    backLabel: 'Back to Sports',
    rowLabel: 'Pacers',
    submitLabel: 'Submit Entry',
    successTitle: 'Game Board Entry Submitted!',
    // Knicks flow: game code EGB; support buttons lead to /game-info; a floating Fan Page button.
    gameCode: 'EGB',
    supportTeam: 'Knicks',
    teamSlug: 'knicks-vs-pacers',
  },
  ...([5, 6, 7] as const).flatMap((game) =>
    [`/finals-game-${game}`, `/finals-game-${game}-board`].map((path) => ({
      path,
      slug: `finals-game-${game}`,
      title: `NBA Finals Game ${game}: Thunder vs Pacers`,
      backTo: paths.nbaFinals,
      backLabel: 'Back to NBA Finals',
      rowLabel: 'Pacers',
      // Game 5 'Join Thunder Victory Celebration', game 7 'Submit Entry'.
      submitLabel: game === 5 ? 'Join Thunder Victory Celebration' : 'Submit Entry',
      successTitle: 'Game Board Entry Submitted!',
      ...(game === 6 ? { gameCode: 'FG6', supportTeam: 'Thunder', teamSlug: 'finals-game-6' } : {}),
    })),
  ),
  ...baseballGames.map(([id, title, rowLabel]) => ({
    path: `/${id}-game`,
    slug: id,
    title,
    backTo: paths.baseballGames,
    backLabel: 'Back to Baseball',
    rowLabel,
    submitLabel: 'Submit Entry',
    successTitle: 'Game Board Entry Submitted!',
    gameCode: id.toUpperCase(),
  })),
];

/**
 * The screen of a game's next board (`<first board's slug>-<sequence>`, opened when the one before it filled):
 * the first board's screen (title, Back destination, labels) for the next board's slug, or undefined.
 */
export function nextBoardScreen(slug: string): BoardScreen | undefined {
  const first = /^(.+)-(\d+)$/.exec(slug);
  if (!first || Number(first[2]) < 2) return undefined;
  const screen = boardScreens.find((s) => s.slug === first[1]);
  if (!screen) return undefined;
  const { path: _path, ...rest } = screen;
  return { ...rest, slug };
}

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
