/**
 * NBA Finals rules ("NBA Finals", "Finals player", "Game player portal"): team slugs for the
 * player portal, the preview's game number from the route, the best-of-seven series tally and the
 * portal form's clean-up. Pure functions: no clock, no I/O.
 */

/** Finals player: the portal slug is the team name lower-cased, spaces to hyphens. */
export function teamPlayerSlug(teamName: string): string {
  return teamName.trim().toLowerCase().split(/\s+/).filter(Boolean).join('-');
}

/** A team name title-cased from its hyphenated slug ('indiana-pacers' -> 'Indiana Pacers'). */
export function prettifyTeamSlug(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The preview shown at /finals-player with no game number (the portal's Back goes to game 1). */
export const DEFAULT_PREVIEW_GAME = 1;

/**
 * The preview's game number from the route parameter: absent means game 1; otherwise only a plain
 * whole number from 1 to 999 written without sign, decimals, spaces or leading zeros. Anything else is
 * `null` (the page then says there is no preview for that game). Whether a preview exists for the
 * number is the page document's business.
 */
export function parseGameParam(param: string | undefined): number | null {
  if (param === undefined) return DEFAULT_PREVIEW_GAME;
  return /^[1-9]\d{0,2}$/.test(param) ? Number(param) : null;
}

export interface ScoredGame {
  number: number;
  score: ReadonlyArray<{ team: string; points: number }>;
}

/** The team that scored more points, or null for a tie (a basketball game has no ties). */
export function gameWinner(game: ScoredGame): string | null {
  const [a, b] = game.score;
  if (!a || !b || a.points === b.points) return null;
  return a.points > b.points ? a.team : b.team;
}

/** Wins per team over the games given. */
export function seriesTally(games: readonly ScoredGame[]): Map<string, number> {
  const wins = new Map<string, number>();
  for (const game of games) {
    for (const { team } of game.score) if (!wins.has(team)) wins.set(team, 0);
    const winner = gameWinner(game);
    if (winner) wins.set(winner, (wins.get(winner) ?? 0) + 1);
  }
  return wins;
}

export const WINS_TO_TAKE_SERIES = 4;

/**
 * Why a list of games is not a finished best-of-seven series won by `champion` over `runnerUp`, or
 * null when it is: games numbered 1..n in order, each between the two teams and without a tie, the
 * champion reaching 4 wins in the last game and the runner-up staying below 4.
 */
export function bestOfSevenProblem(games: readonly ScoredGame[], champion: string, runnerUp: string): string | null {
  if (champion === runnerUp) return 'The champion and the runner-up must be different teams';
  const wins = new Map([
    [champion, 0],
    [runnerUp, 0],
  ]);
  for (const [i, game] of games.entries()) {
    if (game.number !== i + 1) return `Game ${i + 1} is missing or out of order`;
    const teams = game.score.map((s) => s.team);
    if (teams.length !== 2 || !teams.includes(champion) || !teams.includes(runnerUp)) {
      return `Game ${game.number} must be between the two Finals teams`;
    }
    const winner = gameWinner(game);
    if (!winner) return `Game ${game.number} cannot end in a tie`;
    if ((wins.get(champion) ?? 0) >= WINS_TO_TAKE_SERIES || (wins.get(runnerUp) ?? 0) >= WINS_TO_TAKE_SERIES) {
      return `Game ${game.number} comes after the series was already decided`;
    }
    wins.set(winner, (wins.get(winner) ?? 0) + 1);
  }
  if (wins.get(champion) !== WINS_TO_TAKE_SERIES) return 'The champion must finish with 4 wins';
  return null;
}

/** A series result as the banner prints it, e.g. '4-3'. */
export function seriesScore(games: readonly ScoredGame[], champion: string, runnerUp: string): string {
  const wins = seriesTally(games);
  return `${wins.get(champion) ?? 0}-${wins.get(runnerUp) ?? 0}`;
}

/** The game player portal's fields (game info form data); all optional text. */
export interface PortalFormData {
  teamSupport: string;
  organization: string;
  referralCode: string;
  gameCode: string;
}

export const PORTAL_FIELD_MAX = 100;

/** Trims every portal field and keeps at most 100 characters of each (the inputs also stop at 100). */
export function cleanPortalForm(raw: PortalFormData): PortalFormData {
  const clean = (value: string) => value.trim().slice(0, PORTAL_FIELD_MAX).trim();
  return {
    teamSupport: clean(raw.teamSupport),
    organization: clean(raw.organization),
    referralCode: clean(raw.referralCode),
    gameCode: clean(raw.gameCode),
  };
}
