import type { PeriodResult, PrizePeriod } from './boards';

/**
 * Period detection from a live scores feed (docs/product.md#periods-and-winners). Pure: it reads one
 * snapshot of one game, as the server's feed parser normalised it, and says which of a board's periods
 * are complete and the cumulative score (home = team A, the columns; away = team B, the rows) at the end
 * of each. A period is scored only once the feed shows it over (a later period started, the feed says the
 * period ended, or the game is final), never from a period still being played. A snapshot whose per-period
 * scores do not add up to its reported score scores nothing.
 */

export type FeedSport = 'basketball' | 'football' | 'hockey' | 'baseball';

/** The feed's own state of a game: pre (not started), in (under way), post (over, or called off). */
export type FeedState = 'pre' | 'in' | 'post';

export interface FeedTeam {
  name: string;
  abbreviation: string;
  /** The reported score, or null when the feed gives none. */
  score: number | null;
  /** Points, goals or runs in each period, in order (index 0 is the 1st period or inning). */
  linescores: number[];
  /** Total hits so far (baseball), or null when the feed gives none. */
  hits: number | null;
}

/** One game of a scoreboard snapshot, league-agnostic. */
export interface FeedGame {
  eventId: string;
  /** ISO start time, or null when the feed's date is missing or unreadable. */
  startsAt: string | null;
  status: {
    state: FeedState;
    completed: boolean;
    /** The feed's status name, e.g. STATUS_FINAL, STATUS_POSTPONED, STATUS_END_PERIOD. */
    name: string;
    /** The current period or inning (0 before the start). */
    period: number;
    /** Human detail, e.g. 'Final/OT', 'Top 7th', 'End 5th'. */
    detail: string;
  };
  home: FeedTeam;
  away: FeedTeam;
}

/** What the game is, as far as scoring goes. */
export type FeedOutcome = 'scheduled' | 'in-progress' | 'final' | 'delayed' | 'suspended' | 'postponed' | 'cancelled';

export type PeriodState =
  | { key: string; state: 'complete'; home: number; away: number }
  /** Not over yet, or not shown over by the feed yet. */
  | { key: string; state: 'pending'; reason: string }
  /** This snapshot can never give the period's score (the board keeps the one it recorded earlier, if any). */
  | { key: string; state: 'unavailable'; reason: string }
  /** Not a period of this sport. */
  | { key: string; state: 'unknown'; reason: string };

export type FeedScoring =
  | { kind: 'scored'; outcome: FeedOutcome; periods: PeriodState[] }
  /** The snapshot contradicts itself or lacks what scoring needs: nothing is scored from it. */
  | { kind: 'inconsistent'; outcome: FeedOutcome; reason: string };

/** Prize keys each sport understands; the final (and the 9th inning) include overtime and extra innings. */
export const feedPeriodKeys: Record<FeedSport, readonly string[]> = {
  basketball: ['q1', 'q2', 'q3', 'final'],
  football: ['q1', 'q2', 'q3', 'final'],
  hockey: ['p1', 'p2', 'final'],
  baseball: ['inning5-runs', 'inning5-hits', 'inning9-runs', 'inning9-hits'],
};

/** How the games of each league the feed reads are scored. */
export const leagueSports = {
  nba: 'basketball',
  wnba: 'basketball',
  nfl: 'football',
  nhl: 'hockey',
  mlb: 'baseball',
} as const satisfies Record<string, FeedSport>;

/**
 * Why a board with these prize periods cannot be scored from the feed's games of `sport` (a period the sport
 * does not have would never be scored, so the board would never settle), or null when every one can.
 */
export function feedPrizeKeysProblem(sport: FeedSport, prizeKeys: readonly string[]): string | null {
  const known = feedPeriodKeys[sport];
  const unknown = prizeKeys.filter((k) => !known.includes(k));
  if (unknown.length === 0) return null;
  return `A ${sport} game from the scores feed is scored by ${known.join(', ')}; this board has ${unknown.join(', ')}.`;
}

/** Hockey boards: end of the 1st and 2nd periods, and the final including overtime and the shootout (whole dollars). */
export const hockeyPrizes: PrizePeriod[] = [
  { key: 'p1', label: '1st period', prizeCents: 5000 },
  { key: 'p2', label: '2nd period', prizeCents: 10000 },
  { key: 'final', label: 'Final score (including overtime and shootout)', prizeCents: 15000 },
];

const statusOutcomes: Record<string, FeedOutcome> = {
  STATUS_POSTPONED: 'postponed',
  STATUS_CANCELED: 'cancelled',
  STATUS_CANCELLED: 'cancelled',
  STATUS_SUSPENDED: 'suspended',
  STATUS_DELAYED: 'delayed',
  STATUS_RAIN_DELAY: 'delayed',
};

/**
 * The outcome of a game from its status: postponed, cancelled, suspended and delayed by the feed's status
 * name; otherwise final when the feed marks it completed and over, in progress while under way, and
 * scheduled before it starts.
 */
export function feedOutcome(status: FeedGame['status']): FeedOutcome {
  const named = statusOutcomes[status.name];
  if (named) return named;
  if (status.state === 'post' && status.completed) return 'final';
  if (status.state === 'pre') return 'scheduled';
  // 'post' without completed (and no known name) is not a result: treat it as still to be decided.
  return status.state === 'in' ? 'in-progress' : 'suspended';
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
/** Periods before the final are the 1st to the 3rd; the 5th inning reads as such. */
const ordinal = (n: number) => ['1st', '2nd', '3rd'][n - 1] ?? `${n}th`;

/** The feed shows period `n` over while the game goes on: a later period started, or it says the period ended. */
function periodOver(game: FeedGame, n: number): boolean {
  const { period, name, detail } = game.status;
  if (period > n) return true;
  if (period < n) return false;
  return name === 'STATUS_END_PERIOD' || name === 'STATUS_HALFTIME' || /^end\b/i.test(detail);
}

/** Why a snapshot cannot be scored at all, or null when its numbers agree with each other. */
function inconsistency(game: FeedGame): string | null {
  for (const side of ['home', 'away'] as const) {
    const team = game[side];
    if (team.linescores.some((v) => !Number.isInteger(v) || v < 0)) {
      return `The ${side} team's period scores are not whole numbers of at least 0.`;
    }
    if (team.score === null) {
      if (game.status.state !== 'pre' || team.linescores.length > 0) return `The ${side} team has no score.`;
      continue;
    }
    if (!Number.isInteger(team.score) || team.score < 0) return `The ${side} team's score is not a whole number.`;
    const total = sum(team.linescores);
    if (total !== team.score) {
      return `The ${side} team's period scores add up to ${total}, but its score is ${team.score}.`;
    }
    if (game.status.period > 0 && team.linescores.length > game.status.period) {
      return `The ${side} team has scores for ${team.linescores.length} periods, but the game is in period ${game.status.period}.`;
    }
    if (team.hits !== null && (!Number.isInteger(team.hits) || team.hits < 0)) {
      return `The ${side} team's hits are not a whole number.`;
    }
  }
  return null;
}

const complete = (key: string, home: number, away: number): PeriodState => ({ key, state: 'complete', home, away });
const pending = (key: string, reason: string): PeriodState => ({ key, state: 'pending', reason });

/** Cumulative score at the end of period `n` from the linescores, or null when a team lacks one of those periods. */
function cumulative(game: FeedGame, n: number, allowShorter: boolean): { home: number; away: number } | null {
  const { home, away } = game;
  if (!allowShorter && (home.linescores.length < n || away.linescores.length < n)) return null;
  return { home: sum(home.linescores.slice(0, n)), away: sum(away.linescores.slice(0, n)) };
}

/** Quarters (basketball, football) or periods (hockey): the cumulative score once the period is over; the final at the end. */
function timedPeriod(game: FeedGame, outcome: FeedOutcome, key: string, regulation: number): PeriodState {
  if (key === 'final') {
    if (outcome !== 'final') return pending(key, 'The game is not final yet.');
    return complete(key, game.home.score as number, game.away.score as number);
  }
  const match = /^[qp](\d)$/.exec(key);
  const n = Number(match?.[1]);
  if (!match || n < 1 || n >= regulation)
    return { key, state: 'unknown', reason: `'${key}' is not a period of this sport.` };
  if (outcome !== 'final' && !periodOver(game, n)) return pending(key, `The ${ordinal(n)} period is not over yet.`);
  const score = cumulative(game, n, false);
  if (!score) return pending(key, `The feed has no score for the ${ordinal(n)} period yet.`);
  return complete(key, score.home, score.away);
}

/**
 * Baseball. The 5th is over once the feed is in the 6th or later, says 'End 5th', or the game is final (a game
 * ended early counts what was played). Runs at the end of the 5th are the first five innings of linescores.
 * The feed gives hits only as a running total, so hits at the end of the 5th are read only from a snapshot in
 * which the 5th is over and no team has a linescore for a later inning yet (between innings, or a game that
 * ended in the 5th); once the 6th has begun the figure may include 6th-inning hits and is unavailable here.
 * The 9th is scored only when the game is final: its figures are the final totals, so they include extra
 * innings, count a game ended early but official, and do not need a bottom of the 9th the home team did not bat.
 */
function inning(game: FeedGame, outcome: FeedOutcome, key: string): PeriodState {
  const match = /^inning(5|9)-(runs|hits)$/.exec(key);
  if (!match) return { key, state: 'unknown', reason: `'${key}' is not a period of this sport.` };
  const n = Number(match[1]);
  const byHits = match[2] === 'hits';
  const { home, away } = game;
  if (n === 9) {
    if (outcome !== 'final') return pending(key, 'The game is not final yet.');
    if (!byHits) return complete(key, home.score as number, away.score as number);
    if (home.hits === null || away.hits === null) return pending(key, 'The feed gives no hits for this game.');
    return complete(key, home.hits, away.hits);
  }
  const final = outcome === 'final';
  if (!final && !periodOver(game, 5)) return pending(key, 'The 5th inning is not over yet.');
  if (!final && (away.linescores.length < 5 || home.linescores.length < 5)) {
    return pending(key, 'The feed has no score for the 5th inning yet.');
  }
  if (!byHits) {
    const runs = cumulative(game, 5, true) as { home: number; away: number };
    return complete(key, runs.home, runs.away);
  }
  if (home.linescores.length > 5 || away.linescores.length > 5) {
    return {
      key,
      state: 'unavailable',
      reason: 'The 6th inning has begun and the feed gives hits only as a running total.',
    };
  }
  if (home.hits === null || away.hits === null) return pending(key, 'The feed gives no hits for this game.');
  return complete(key, home.hits, away.hits);
}

/**
 * Which of the board's periods (`prizeKeys`, in the board's order) this snapshot completes, and the
 * cumulative score at the end of each. Postponed and cancelled games score nothing; delayed and suspended
 * games keep the periods already over, and their finals wait.
 */
export function feedPeriods(game: FeedGame, sport: FeedSport, prizeKeys: readonly string[]): FeedScoring {
  const outcome = feedOutcome(game.status);
  if (outcome === 'postponed' || outcome === 'cancelled') {
    return {
      kind: 'scored',
      outcome,
      periods: prizeKeys.map((key) => pending(key, `The game was ${outcome}.`)),
    };
  }
  const problem = inconsistency(game);
  if (problem) return { kind: 'inconsistent', outcome, reason: problem };
  if (outcome === 'scheduled') {
    return { kind: 'scored', outcome, periods: prizeKeys.map((key) => pending(key, 'The game has not started.')) };
  }
  const periods = prizeKeys.map((key) => {
    if (!feedPeriodKeys[sport].includes(key)) {
      return { key, state: 'unknown', reason: `'${key}' is not a period of this sport.` } as PeriodState;
    }
    if (sport === 'baseball') return inning(game, outcome, key);
    return timedPeriod(game, outcome, key, sport === 'hockey' ? 3 : 4);
  });
  return { kind: 'scored', outcome, periods };
}

/** The complete periods as the results the board's award rule takes (team A = home, team B = away). */
export function periodResults(scoring: FeedScoring): PeriodResult[] {
  if (scoring.kind !== 'scored') return [];
  return scoring.periods.flatMap((p) =>
    p.state === 'complete' ? [{ key: p.key, teamAScore: p.home, teamBScore: p.away }] : [],
  );
}
