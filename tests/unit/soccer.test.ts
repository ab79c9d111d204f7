import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { soccerTournamentPage } from '../../src/server/db/seed/pages/soccer-tournament';
import { soccerTournamentPageSchema } from '../../src/shared/contracts/pages/soccer-tournament';
import {
  formatTournamentDates,
  groupStandings,
  groupTeams,
  isCompleteRoundRobin,
  type MatchResult,
  roundRobinPairs,
  soccerGroups,
  soccerMatchesPerGroup,
  soccerTournamentDays,
  tournamentDayCount,
} from '../../src/shared/domain/soccer';

/** The element at `i`, failing the test when there is none. */
function at<T>(list: readonly T[], i: number): T {
  const item = list[i];
  if (item === undefined) throw new Error(`no element ${i}`);
  return item;
}

const team = fc.record({
  name: fc.string({ minLength: 1, maxLength: 12 }),
  group: fc.constantFrom(...soccerGroups),
  ranking: fc.integer({ min: 1, max: 211 }),
});
const teams = fc.uniqueArray(team, { selector: (t) => t.name, maxLength: 24 });

describe('soccer grouping', () => {
  it('puts every team in exactly one group: its own', () => {
    fc.assert(
      fc.property(teams, (ts) => {
        const groups = groupTeams(ts);
        expect(Object.keys(groups)).toEqual([...soccerGroups]);
        for (const t of ts) {
          const holding = soccerGroups.filter((g) => groups[g].includes(t));
          expect(holding).toEqual([t.group]);
        }
        expect(soccerGroups.reduce((n, g) => n + groups[g].length, 0)).toBe(ts.length);
      }),
    );
  });

  it('lists a group best-ranked first', () => {
    fc.assert(
      fc.property(teams, (ts) => {
        for (const g of Object.values(groupTeams(ts))) {
          const ranks = g.map((t) => t.ranking);
          expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
        }
      }),
    );
  });
});

describe('round robin', () => {
  it('pairs n teams n·(n-1)/2 times, each pair once', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1 }), { maxLength: 8 }), (names) => {
        const pairs = roundRobinPairs(names);
        expect(pairs).toHaveLength((names.length * (names.length - 1)) / 2);
        expect(
          isCompleteRoundRobin(
            names,
            pairs.map(([home, away]) => ({ home, away })),
          ),
        ).toBe(true);
      }),
    );
    expect(roundRobinPairs(['A', 'B', 'C', 'D'])).toHaveLength(soccerMatchesPerGroup);
  });

  it('spots a repeated, missing, self or outside pairing', () => {
    const four = ['A', 'B', 'C', 'D'];
    const ok = roundRobinPairs(four).map(([home, away]) => ({ home, away }));
    expect(isCompleteRoundRobin(four, ok)).toBe(true);
    expect(isCompleteRoundRobin(four, ok.slice(1))).toBe(false);
    expect(isCompleteRoundRobin(four, [...ok.slice(1), { home: at(ok, 1).away, away: at(ok, 1).home }])).toBe(false);
    expect(isCompleteRoundRobin(four, [...ok.slice(1), { home: 'A', away: 'A' }])).toBe(false);
    expect(isCompleteRoundRobin(four, [...ok.slice(1), { home: 'A', away: 'E' }])).toBe(false);
  });
});

describe('group standings', () => {
  const group = [
    { name: 'Argentina', ranking: 1 },
    { name: 'Portugal', ranking: 6 },
    { name: 'Italy', ranking: 12 },
    { name: 'United States', ranking: 15 },
  ];

  it('orders by ranking before a ball is kicked', () => {
    const rows = groupStandings([...group].reverse(), []);
    expect(rows.map((r) => r.team.name)).toEqual(['Argentina', 'Portugal', 'Italy', 'United States']);
    expect(rows.every((r) => r.played === 0 && r.points === 0)).toBe(true);
  });

  it('orders by points, then goal difference, then goals scored', () => {
    const rows = groupStandings(group, [
      { home: 'Argentina', away: 'United States', homeGoals: 0, awayGoals: 1 },
      { home: 'Portugal', away: 'Italy', homeGoals: 2, awayGoals: 2 },
      { home: 'Argentina', away: 'Italy', homeGoals: 3, awayGoals: 0 },
      { home: 'United States', away: 'Portugal', homeGoals: 1, awayGoals: 1 },
    ]);
    expect(rows.map((r) => [r.team.name, r.points, r.goalDifference])).toEqual([
      ['United States', 4, 1],
      ['Argentina', 3, 2],
      ['Portugal', 2, 0],
      ['Italy', 1, -3],
    ]);
    expect(rows[0]).toMatchObject({ played: 2, won: 1, drawn: 1, lost: 0, goalsFor: 2, goalsAgainst: 1 });
  });

  it('keeps every team once, with points 3 a win and 1 a draw, and played summing to two per match', () => {
    const names = group.map((t) => t.name);
    const result = fc
      .tuple(fc.constantFrom(...names), fc.constantFrom(...names), fc.nat(6), fc.nat(6))
      .filter(([h, a]) => h !== a)
      .map(([home, away, homeGoals, awayGoals]): MatchResult => ({ home, away, homeGoals, awayGoals }));
    fc.assert(
      fc.property(fc.array(result, { maxLength: 12 }), (results) => {
        const rows = groupStandings(group, results);
        expect(rows.map((r) => r.team.name).sort()).toEqual([...names].sort());
        for (const r of rows) {
          expect(r.points).toBe(r.won * 3 + r.drawn);
          expect(r.played).toBe(r.won + r.drawn + r.lost);
          expect(r.goalDifference).toBe(r.goalsFor - r.goalsAgainst);
        }
        expect(rows.reduce((n, r) => n + r.played, 0)).toBe(results.length * 2);
        const points = rows.map((r) => r.points);
        expect(points).toEqual([...points].sort((a, b) => b - a));
      }),
    );
  });

  it('ignores results naming a team outside the group', () => {
    const rows = groupStandings(group, [{ home: 'Argentina', away: 'Brazil', homeGoals: 5, awayGoals: 0 }]);
    expect(rows.every((r) => r.played === 0)).toBe(true);
  });
});

describe('tournament dates', () => {
  it('counts both the first and last day: 10-28 July 2025 is 19 days', () => {
    expect(tournamentDayCount('2025-07-10', '2025-07-28')).toBe(soccerTournamentDays);
    expect(tournamentDayCount('2025-07-10', '2025-07-10')).toBe(1);
    expect(tournamentDayCount('2025-03-29', '2025-03-31')).toBe(3);
  });

  it('labels the span', () => {
    expect(formatTournamentDates('2025-07-10', '2025-07-28')).toBe('10–28 July 2025');
    expect(formatTournamentDates('2025-06-30', '2025-07-02')).toBe('30 June – 2 July 2025');
    expect(formatTournamentDates('2025-12-30', '2026-01-02')).toBe('30 December 2025 – 2 January 2026');
  });
});

describe('soccer tournament content', () => {
  it('passes its contract: 16 teams, 4 per group, 3 venues, 6 TBA matches per group, 19 days', () => {
    const page = soccerTournamentPageSchema.parse(soccerTournamentPage);
    const groups = groupTeams(page.teams);
    for (const g of soccerGroups) expect(groups[g]).toHaveLength(4);
    expect(page.venues).toHaveLength(3);
    expect(page.groups.every((g) => g.matches.length === 6 && g.matches.every((m) => m.kickoff === 'TBA'))).toBe(true);
  });

  it('refuses a document with a group of 5, a missing venue, a repeated pairing or the wrong dates', () => {
    const ok = (edit: (p: typeof soccerTournamentPage) => unknown) =>
      soccerTournamentPageSchema.safeParse(edit(structuredClone(soccerTournamentPage))).success;
    expect(
      ok((p) => {
        at(p.teams, 4).group = 'A';
        return p;
      }),
    ).toBe(false);
    expect(ok((p) => ({ ...p, venues: p.venues.slice(1) }))).toBe(false);
    expect(ok((p) => ({ ...p, teams: p.teams.slice(1) }))).toBe(false);
    expect(
      ok((p) => {
        at(p.groups, 0).matches[1] = { ...at(at(p.groups, 0).matches, 0) };
        return p;
      }),
    ).toBe(false);
    expect(ok((p) => ({ ...p, endDate: '2025-07-27' }))).toBe(false);
    expect(ok((p) => ({ ...p, knockout: [...p.knockout].reverse() }))).toBe(false);
    expect(ok((p) => p)).toBe(true);
  });
});
