import { monthName } from './en-us';
/** Soccer: 16 teams in 4 groups of 4 (A-D), 3 venues, 19 days (10-28 July 2025). */
export const soccerGroups = ['A', 'B', 'C', 'D'] as const;
export type SoccerGroup = (typeof soccerGroups)[number];
export const soccerTeamCount = 16;
export const soccerTeamsPerGroup = 4;
export const soccerVenueCount = 3;
export const soccerTournamentDays = 19;
/** A group of 4 plays a single round robin: every pair once, 6 matches. */
export const soccerMatchesPerGroup = 6;

interface RankedTeam {
  name: string;
  group: SoccerGroup;
  /** World ranking: 1 is the best. */
  ranking: number;
}

function byRanking(a: RankedTeam, b: RankedTeam): number {
  return a.ranking - b.ranking || a.name.localeCompare(b.name);
}

/** The teams of each group A-D, best-ranked first. Every team lands in exactly its own group. */
export function groupTeams<T extends RankedTeam>(teams: readonly T[]): Record<SoccerGroup, T[]> {
  const groups = { A: [], B: [], C: [], D: [] } as Record<SoccerGroup, T[]>;
  for (const team of teams) groups[team.group].push(team);
  for (const g of soccerGroups) groups[g].sort(byRanking);
  return groups;
}

/** Every pairing of the given teams once (a single round robin): n·(n-1)/2 pairs. */
export function roundRobinPairs(teams: readonly string[]): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  teams.forEach((home, i) => {
    for (const away of teams.slice(i + 1)) pairs.push([home, away]);
  });
  return pairs;
}

const pairKey = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

/** True when the matches pair every two of `teams` exactly once and involve no one else. */
export function isCompleteRoundRobin(
  teams: readonly string[],
  matches: readonly { home: string; away: string }[],
): boolean {
  const expected = new Set(roundRobinPairs(teams).map(([a, b]) => pairKey(a, b)));
  if (expected.size !== roundRobinPairs(teams).length || matches.length !== expected.size) return false;
  const seen = new Set<string>();
  for (const m of matches) {
    const key = pairKey(m.home, m.away);
    if (m.home === m.away || !expected.has(key) || seen.has(key)) return false;
    seen.add(key);
  }
  return true;
}

export interface MatchResult {
  home: string;
  away: string;
  homeGoals: number;
  awayGoals: number;
}

export interface StandingRow<T> {
  team: T;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  goalDifference: number;
  points: number;
}

/**
 * A group table: 3 points a win, 1 a draw; ordered by points, goal difference, goals scored, then world
 * ranking (so before any match is played the table lists the teams by ranking), then name. Results
 * naming a team outside `teams` are ignored.
 */
export function groupStandings<T extends Omit<RankedTeam, 'group'>>(
  teams: readonly T[],
  results: readonly MatchResult[],
): StandingRow<T>[] {
  const rows = new Map<string, StandingRow<T>>(
    teams.map((team) => [
      team.name,
      { team, played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0, goalDifference: 0, points: 0 },
    ]),
  );
  for (const r of results) {
    const home = rows.get(r.home);
    const away = rows.get(r.away);
    if (!home || !away || home === away) continue;
    for (const [row, scored, conceded] of [
      [home, r.homeGoals, r.awayGoals],
      [away, r.awayGoals, r.homeGoals],
    ] as const) {
      row.played += 1;
      row.goalsFor += scored;
      row.goalsAgainst += conceded;
      row.goalDifference = row.goalsFor - row.goalsAgainst;
      if (scored > conceded) row.won += 1;
      else if (scored === conceded) row.drawn += 1;
      else row.lost += 1;
      row.points = row.won * 3 + row.drawn;
    }
  }
  return [...rows.values()].sort(
    (a, b) =>
      b.points - a.points ||
      b.goalDifference - a.goalDifference ||
      b.goalsFor - a.goalsFor ||
      a.team.ranking - b.team.ranking ||
      a.team.name.localeCompare(b.team.name),
  );
}

const dayMs = 86_400_000;
const utcDay = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`);

/** Days a tournament spans, counting both the first and the last day (10-28 July is 19 days). */
export function tournamentDayCount(startIsoDate: string, endIsoDate: string): number {
  return Math.round((utcDay(endIsoDate) - utcDay(startIsoDate)) / dayMs) + 1;
}

/** '10–28 July 2025' within one month, '30 June – 2 July 2025' across months, both years across years. */
export function formatTournamentDates(startIsoDate: string, endIsoDate: string): string {
  const start = new Date(utcDay(startIsoDate));
  const end = new Date(utcDay(endIsoDate));
  const dayMonth = (d: Date) => `${d.getUTCDate()} ${monthName(d.getUTCMonth())}`;
  const last = `${dayMonth(end)} ${end.getUTCFullYear()}`;
  if (start.getUTCFullYear() !== end.getUTCFullYear()) return `${dayMonth(start)} ${start.getUTCFullYear()} – ${last}`;
  if (start.getUTCMonth() !== end.getUTCMonth()) return `${dayMonth(start)} – ${last}`;
  return `${start.getUTCDate()}–${last}`;
}
