import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { f1SeasonPage } from '../../src/server/db/seed/pages/f1-season';
import { f1SeasonPageSchema } from '../../src/shared/contracts/pages/f1-season';
import {
  completedRoundCount,
  f1SeasonDrivers,
  f1SeasonRounds,
  f1TopStandings,
  favouritesFirst,
  formatImpliedChance,
  formatOdds,
  impliedProbability,
  isAmericanOdds,
  nextRace,
  parseF1Theme,
  seasonLeader,
  tallyPodiums,
  visibleStandings,
} from '../../src/shared/domain/f1';

/** The element at `i`, failing the test when there is none. */
function at<T>(list: readonly T[], i: number): T {
  const item = list[i];
  if (item === undefined) throw new Error(`no element ${i}`);
  return item;
}

const americanOdds = fc.oneof(fc.integer({ min: 100, max: 100_000 }), fc.integer({ min: -100_000, max: -100 }));

describe('F1 season rules', () => {
  it('reads a saved theme, defaulting to dark for anything unexpected', () => {
    expect(parseF1Theme('light')).toBe('light');
    expect(parseF1Theme('dark')).toBe('dark');
    for (const v of [undefined, null, 'LIGHT', 1, {}, '']) expect(parseF1Theme(v)).toBe('dark');
  });

  it('leader is the top of the standings, whatever order they come in', () => {
    const standings = [
      { position: 3, name: 'C' },
      { position: 1, name: 'A' },
      { position: 2, name: 'B' },
    ];
    expect(seasonLeader(standings)?.name).toBe('A');
    expect(seasonLeader([])).toBeUndefined();
  });

  it('next race is the earliest round not completed, none once the season is over', () => {
    const rounds = [
      { round: 3, completed: false },
      { round: 1, completed: true },
      { round: 2, completed: false },
    ];
    expect(nextRace(rounds)?.round).toBe(2);
    expect(nextRace(rounds.map((r) => ({ ...r, completed: true })))).toBeUndefined();
    expect(completedRoundCount(rounds)).toBe(1);
  });

  it('shows the top 10 in position order, or everyone on request', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray([...Array(f1SeasonDrivers).keys()].map((i) => ({ position: i + 1 }))), (s) => {
        const top = visibleStandings(s, false);
        expect(top).toHaveLength(Math.min(f1TopStandings, s.length));
        expect(visibleStandings(s, true)).toHaveLength(s.length);
        const positions = top.map((d) => d.position);
        expect(positions).toEqual([...positions].sort((a, b) => a - b));
      }),
    );
  });

  it('formats American odds with their sign', () => {
    expect(formatOdds(250)).toBe('+250');
    expect(formatOdds(100)).toBe('+100');
    expect(formatOdds(-150)).toBe('-150');
    fc.assert(
      fc.property(americanOdds, (o) => {
        expect(Number(formatOdds(o))).toBe(o);
      }),
    );
  });

  it('accepts only whole odds of at least +100 or at most -100', () => {
    for (const o of [100, -100, 250, -1000]) expect(isAmericanOdds(o)).toBe(true);
    for (const o of [0, 99, -99, 50, 150.5, Number.NaN]) expect(isAmericanOdds(o)).toBe(false);
  });

  it('turns odds into an implied chance: shorter prices mean a higher chance', () => {
    expect(impliedProbability(300)).toBeCloseTo(0.25);
    expect(impliedProbability(-200)).toBeCloseTo(2 / 3);
    expect(impliedProbability(100)).toBeCloseTo(0.5);
    expect(impliedProbability(-100)).toBeCloseTo(0.5);
    expect(formatImpliedChance(300)).toBe('25%');
    expect(formatImpliedChance(-200)).toBe('67%');
    fc.assert(
      fc.property(americanOdds, americanOdds, (a, b) => {
        const pa = impliedProbability(a);
        expect(pa).toBeGreaterThan(0);
        expect(pa).toBeLessThan(1);
        // Favourites (negative) beat underdogs; among underdogs the smaller number, among favourites the larger magnitude.
        const aShorter = a < 0 ? b > 0 || a < b : b > 0 && a < b;
        if (aShorter) expect(pa).toBeGreaterThan(impliedProbability(b));
      }),
    );
  });

  it('lists a round’s odds favourite first, ties by name, without changing the input', () => {
    const odds = Object.freeze([
      { driver: 'Verstappen', odds: 400 },
      { driver: 'Piastri', odds: 175 },
      { driver: 'Norris', odds: -110 },
      { driver: 'Leclerc', odds: 400 },
    ]);
    expect(favouritesFirst(odds).map((o) => o.driver)).toEqual(['Norris', 'Piastri', 'Leclerc', 'Verstappen']);
    expect(at(odds, 0).driver).toBe('Verstappen');
  });

  it('counts wins and podiums from completed rounds only', () => {
    const tally = tallyPodiums([
      { completed: true, podium: ['A', 'B', 'C'] },
      { completed: true, podium: ['B', 'A', 'D'] },
      { completed: false },
    ]);
    expect(tally.get('A')).toEqual({ wins: 1, podiums: 2 });
    expect(tally.get('B')).toEqual({ wins: 1, podiums: 2 });
    expect(tally.get('D')).toEqual({ wins: 0, podiums: 1 });
    expect(tally.has('E')).toBe(false);
  });
});

describe('F1 season content', () => {
  it('passes its contract: 24 rounds, 21 drivers', () => {
    const page = f1SeasonPageSchema.parse(f1SeasonPage);
    expect(page.rounds).toHaveLength(f1SeasonRounds);
    expect(page.drivers).toHaveLength(f1SeasonDrivers);
  });

  it('agrees with itself: wins and podiums match the podiums listed, constructor points sum their drivers', () => {
    const tally = tallyPodiums(f1SeasonPage.rounds);
    for (const d of f1SeasonPage.drivers) {
      expect({ driver: d.name, ...(tally.get(d.name) ?? { wins: 0, podiums: 0 }) }).toEqual({
        driver: d.name,
        wins: d.wins,
        podiums: d.podiums,
      });
    }
    for (const c of f1SeasonPage.constructors) {
      const sum = f1SeasonPage.drivers.filter((d) => d.team === c.name).reduce((s, d) => s + d.points, 0);
      expect({ constructor: c.name, points: sum }).toEqual({ constructor: c.name, points: c.points });
    }
    // The sports hub lists the British Grand Prix as next.
    expect(nextRace(f1SeasonPage.rounds)?.race).toBe('British Grand Prix');
  });

  it('refuses documents that break the spec’s counts or contradict themselves', () => {
    const bad = (edit: (p: typeof f1SeasonPage) => unknown) =>
      f1SeasonPageSchema.safeParse(edit(structuredClone(f1SeasonPage))).success;
    expect(bad((p) => ({ ...p, rounds: p.rounds.slice(1) }))).toBe(false);
    expect(bad((p) => ({ ...p, drivers: p.drivers.slice(0, 20) }))).toBe(false);
    expect(
      bad((p) => {
        const r = at(p.rounds, 0);
        if (r.completed) r.winner = 'Max Verstappen';
        return p;
      }),
    ).toBe(false);
    expect(
      bad((p) => {
        const r = at(p.rounds, 11);
        if (!r.completed) at(r.odds, 0).odds = 50;
        return p;
      }),
    ).toBe(false);
    expect(
      bad((p) => {
        const r = at(p.rounds, 20);
        if (!r.completed) at(r.odds, 0).driver = 'Ayrton Senna';
        return p;
      }),
    ).toBe(false);
    // A completed round after an upcoming one.
    expect(
      bad((p) => ({
        ...p,
        rounds: p.rounds.map((r) =>
          r.round === 13 ? { ...r, completed: true, winner: 'Lando Norris', podium: ['Lando Norris', 'A', 'B'] } : r,
        ),
      })),
    ).toBe(false);
    expect(
      bad((p) => {
        at(p.drivers, 5).points = 500;
        return p;
      }),
    ).toBe(false);
  });
});
