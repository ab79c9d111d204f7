import { baseballBoardIds, paths } from '../../app/paths';

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

/** Each baseball fixture's board: its title and row label (the fixture id upper-cased is its game code). */
const baseballGames: Record<(typeof baseballBoardIds)[number], readonly [title: string, rowLabel: string]> = {
  'dodgers-giants': ['Dodgers vs Giants', 'Giants'],
  'yankees-red-sox': ['Yankees vs Red Sox', 'Red Sox'],
  'astros-rangers': ['Astros vs Rangers', 'Rangers'],
  'phillies-braves': ['Phillies vs Braves', 'Braves'],
  'cubs-brewers': ['Cubs vs Brewers', 'Brewers'],
  'mariners-diamondbacks': ['Mariners vs Diamondbacks', 'D-backs'],
};

/** Every game board screen, one per path of `boardScreenPaths` (the route table), in the same order. */
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
    // Knicks flow: game code EGB; support buttons lead to /game-info; a Fan Page link beside Back.
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
  ...baseballBoardIds.map((id) => ({
    path: `/${id}-game`,
    slug: id,
    title: baseballGames[id][0],
    backTo: paths.baseballGames,
    backLabel: 'Back to Baseball',
    rowLabel: baseballGames[id][1],
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

/**
 * The board a board screen shows: a named screen's (/east-game-board), else the board of `/boards/:slug` (a
 * game's next board keeps its first board's screen, and its own slug).
 */
export const boardSlugAt = (path: string, slug = ''): string =>
  boardScreenAt(path)?.slug ?? nextBoardScreen(slug)?.slug ?? slug;

/** The screen at a path of the route table, if it is a game board screen's. */
export const boardScreenAt = (path: string): BoardScreen | undefined => {
  const screen = boardScreens.find((s) => s.path === path);
  if (!screen) return undefined;
  const { path: _path, ...rest } = screen;
  return rest;
};
