import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFeedGames } from '../../src/server/platform/scores/espn';
import { baseballPrizes } from '../../src/shared/domain/baseball';
import { awards, drawAxes, nbaFinalsPrizes, type PeriodResult } from '../../src/shared/domain/boards';
import {
  type FeedGame,
  type FeedScoring,
  feedOutcome,
  feedPeriodKeys,
  feedPeriods,
  feedPrizeKeysProblem,
  hockeyPrizes,
  leagueSports,
  periodResults,
} from '../../src/shared/domain/feed-periods';

/** Games recorded from the public feed (tests/support/recorded/README.md names their sources). */
function recorded(name: string): FeedGame[] {
  const doc = JSON.parse(
    readFileSync(path.join(import.meta.dirname, '../support/recorded/espn', `${name}.json`), 'utf8'),
  );
  return parseFeedGames(doc).map((r) => {
    if (!r.ok) throw new Error(`unusable: ${r.problem}`);
    return r.game;
  });
}

const quarterKeys = nbaFinalsPrizes.map((p) => p.key);
const hockeyKeys = hockeyPrizes.map((p) => p.key);
const baseballKeys = baseballPrizes.map((p) => p.key);

/** The period states in a compact form: [key, home, away] when complete, [key, state] otherwise. */
const compact = (s: FeedScoring) =>
  s.kind === 'scored'
    ? s.periods.map((p) => (p.state === 'complete' ? [p.key, p.home, p.away] : [p.key, p.state]))
    : s.reason;

/** A copy of a game with some fields changed (constructed cases say what they change). */
function edit(game: FeedGame, change: (g: FeedGame) => void): FeedGame {
  const copy = structuredClone(game);
  change(copy);
  return copy;
}

describe('recorded games', () => {
  const [nyy, chc] = recorded('mlb-final-and-live');
  const [cha] = recorded('nba-final');
  const [wsh] = recorded('nhl-final');
  const [dal] = recorded('nhl-scheduled');
  const [wshRain] = recorded('mlb-rain-delay');

  it('NBA final NY 113 at CHA 92: each quarter is the running total of the linescores', () => {
    // CHA 25 18 24 25, NY 26 20 44 23 -> 25-26, 43-46, 67-90, 92-113.
    const scoring = feedPeriods(cha as FeedGame, 'basketball', quarterKeys);
    expect(scoring).toMatchObject({ kind: 'scored', outcome: 'final' });
    expect(compact(scoring)).toEqual([
      ['q1', 25, 26],
      ['q2', 43, 46],
      ['q3', 67, 90],
      ['final', 92, 113],
    ]);
  });

  it('NHL final CBJ 3 at WSH 4: periods 1 and 2 and the final', () => {
    // WSH 0 3 1, CBJ 0 1 2 -> 0-0, 3-1, 4-3.
    expect(compact(feedPeriods(wsh as FeedGame, 'hockey', hockeyKeys))).toEqual([
      ['p1', 0, 0],
      ['p2', 3, 1],
      ['final', 4, 3],
    ]);
  });

  it('NHL scheduled game: nothing is scored before the start', () => {
    const scoring = feedPeriods(dal as FeedGame, 'hockey', hockeyKeys);
    expect(scoring).toMatchObject({ kind: 'scored', outcome: 'scheduled' });
    expect(compact(scoring)).toEqual([
      ['p1', 'pending'],
      ['p2', 'pending'],
      ['final', 'pending'],
    ]);
  });

  it('MLB final BAL 1 at NYY 6, home team not batting in the 9th: the 9th is the final', () => {
    // NYY 1 2 0 0 3 | 0 0 0 (no bottom 9th), 7 hits; BAL 0 0 0 0 0 | 0 0 1 0, 3 hits.
    // The snapshot is past the 6th, so its running hits cannot be the 5th-inning hits.
    expect(compact(feedPeriods(nyy as FeedGame, 'baseball', baseballKeys))).toEqual([
      ['inning5-runs', 6, 0],
      ['inning5-hits', 'unavailable'],
      ['inning9-runs', 6, 1],
      ['inning9-hits', 7, 3],
    ]);
  });

  it('MLB in the top of the 7th, STL 1 at CHC 4: the 5th by runs, nothing else yet', () => {
    // CHC 1 0 0 0 2 | 1, STL 0 0 0 1 0 | 0 0 -> 3-1 after five; 7 and 4 hits include the 6th and 7th.
    const scoring = feedPeriods(chc as FeedGame, 'baseball', baseballKeys);
    expect(scoring).toMatchObject({ kind: 'scored', outcome: 'in-progress' });
    expect(compact(scoring)).toEqual([
      ['inning5-runs', 3, 1],
      ['inning5-hits', 'unavailable'],
      ['inning9-runs', 'pending'],
      ['inning9-hits', 'pending'],
    ]);
  });

  it('MLB rain delay in the top of the 1st, CHW at WSH: delayed, nothing over yet', () => {
    const scoring = feedPeriods(wshRain as FeedGame, 'baseball', baseballKeys);
    expect(scoring).toMatchObject({ kind: 'scored', outcome: 'delayed' });
    expect(compact(scoring)).toEqual([
      ['inning5-runs', 'pending'],
      ['inning5-hits', 'pending'],
      ['inning9-runs', 'pending'],
      ['inning9-hits', 'pending'],
    ]);
  });

  it('results for the award rule: complete periods only, team A home, team B away', () => {
    expect(periodResults(feedPeriods(chc as FeedGame, 'baseball', baseballKeys))).toEqual([
      { key: 'inning5-runs', teamAScore: 3, teamBScore: 1 },
    ]);
  });
});

describe('when a period counts (constructed from the recorded games)', () => {
  const [cha] = recorded('nba-final') as [FeedGame];
  const [nyy, chc] = recorded('mlb-final-and-live') as [FeedGame, FeedGame];
  const [wsh] = recorded('nhl-final') as [FeedGame];

  /** The NBA game during the 3rd quarter: its first three linescores, the 3rd still running. */
  const inThird = edit(cha, (g) => {
    g.status = { state: 'in', completed: false, name: 'STATUS_IN_PROGRESS', period: 3, detail: '5:12 - 3rd' };
    g.home.linescores = [25, 18, 10];
    g.away.linescores = [26, 20, 30];
    g.home.score = 53;
    g.away.score = 76;
  });

  it('never scores a period still being played', () => {
    expect(compact(feedPeriods(inThird, 'basketball', quarterKeys))).toEqual([
      ['q1', 25, 26],
      ['q2', 43, 46],
      ['q3', 'pending'],
      ['final', 'pending'],
    ]);
  });

  it('scores a period the feed says ended, and the 2nd quarter at halftime', () => {
    const endOfThird = edit(inThird, (g) => {
      g.status = { ...g.status, name: 'STATUS_END_PERIOD', detail: 'End of 3rd Quarter' };
    });
    expect(compact(feedPeriods(endOfThird, 'basketball', quarterKeys))[2]).toEqual(['q3', 53, 76]);
    const halftime = edit(cha, (g) => {
      g.status = { state: 'in', completed: false, name: 'STATUS_HALFTIME', period: 2, detail: 'Halftime' };
      g.home.linescores = [25, 18];
      g.away.linescores = [26, 20];
      g.home.score = 43;
      g.away.score = 46;
    });
    expect(compact(feedPeriods(halftime, 'football', quarterKeys))).toEqual([
      ['q1', 25, 26],
      ['q2', 43, 46],
      ['q3', 'pending'],
      ['final', 'pending'],
    ]);
  });

  it('overtime counts in the final only; the quarters stay at the end of regulation', () => {
    const overtime = edit(cha, (g) => {
      g.status = { ...g.status, period: 5, detail: 'Final/OT' };
      g.home.linescores = [25, 18, 24, 25, 12];
      g.away.linescores = [26, 20, 22, 24, 10];
      g.home.score = 104;
      g.away.score = 102;
    });
    expect(compact(feedPeriods(overtime, 'basketball', quarterKeys))).toEqual([
      ['q1', 25, 26],
      ['q2', 43, 46],
      ['q3', 67, 68],
      ['final', 104, 102],
    ]);
  });

  it('hockey: overtime counts in the final as the feed scores it', () => {
    const overtime = edit(wsh, (g) => {
      g.status = { ...g.status, period: 4, detail: 'Final/OT' };
      g.home.linescores = [0, 3, 0, 1];
      g.home.score = 4;
    });
    expect(compact(feedPeriods(overtime, 'hockey', hockeyKeys))).toEqual([
      ['p1', 0, 0],
      ['p2', 3, 1],
      ['final', 4, 3],
    ]);
  });

  it('baseball: extra innings count in the 9th', () => {
    const extras = edit(nyy, (g) => {
      g.status = { ...g.status, period: 11, detail: 'Final/11' };
      g.home.linescores = [1, 2, 0, 0, 3, 0, 0, 0, 0, 0, 1];
      g.away.linescores = [0, 0, 0, 0, 0, 0, 0, 6, 0, 0, 0];
      g.home.score = 7;
      g.away.score = 6;
      g.home.hits = 9;
      g.away.hits = 8;
    });
    expect(compact(feedPeriods(extras, 'baseball', baseballKeys))).toEqual([
      ['inning5-runs', 6, 0],
      ['inning5-hits', 'unavailable'],
      ['inning9-runs', 7, 6],
      ['inning9-hits', 9, 8],
    ]);
  });

  it('baseball: a game ended early but official counts its final as the 9th', () => {
    const rainShortened = edit(chc, (g) => {
      g.status = { state: 'post', completed: true, name: 'STATUS_FINAL', period: 7, detail: 'Final/7' };
    });
    expect(compact(feedPeriods(rainShortened, 'baseball', baseballKeys))).toEqual([
      ['inning5-runs', 3, 1],
      ['inning5-hits', 'unavailable'],
      ['inning9-runs', 4, 1],
      ['inning9-hits', 7, 4],
    ]);
    const calledInTheFifth = edit(chc, (g) => {
      g.status = { state: 'post', completed: true, name: 'STATUS_FINAL', period: 5, detail: 'Final/5' };
      // Called after the top of the 5th with the home team ahead: no bottom of the 5th.
      g.home.linescores = [1, 0, 0, 1];
      g.away.linescores = [0, 0, 0, 1, 0];
      g.home.score = 2;
      g.home.hits = 5;
      g.away.hits = 3;
    });
    expect(compact(feedPeriods(calledInTheFifth, 'baseball', baseballKeys))).toEqual([
      ['inning5-runs', 2, 1],
      ['inning5-hits', 5, 3],
      ['inning9-runs', 2, 1],
      ['inning9-hits', 5, 3],
    ]);
  });

  it('baseball: hits at the end of the 5th come from a snapshot between the 5th and the 6th', () => {
    const endOfFifth = edit(chc, (g) => {
      g.status = { ...g.status, period: 5, detail: 'End 5th' };
      g.home.linescores = [1, 0, 0, 0, 2];
      g.away.linescores = [0, 0, 0, 1, 0];
      g.home.score = 3;
      g.home.hits = 5;
      g.away.hits = 3;
    });
    expect(compact(feedPeriods(endOfFifth, 'baseball', baseballKeys)).slice(0, 2)).toEqual([
      ['inning5-runs', 3, 1],
      ['inning5-hits', 5, 3],
    ]);
    const bottomOfFifth = edit(endOfFifth, (g) => {
      g.status = { ...g.status, detail: 'Bot 5th' };
    });
    expect(compact(feedPeriods(bottomOfFifth, 'baseball', baseballKeys)).slice(0, 2)).toEqual([
      ['inning5-runs', 'pending'],
      ['inning5-hits', 'pending'],
    ]);
  });

  it('postponed and cancelled games score nothing; suspended and delayed keep what is over', () => {
    const postponed = edit(chc, (g) => {
      g.status = { state: 'post', completed: false, name: 'STATUS_POSTPONED', period: 0, detail: 'Postponed' };
    });
    expect(feedPeriods(postponed, 'baseball', baseballKeys)).toMatchObject({ kind: 'scored', outcome: 'postponed' });
    expect(periodResults(feedPeriods(postponed, 'baseball', baseballKeys))).toEqual([]);
    const cancelled = edit(postponed, (g) => {
      g.status.name = 'STATUS_CANCELED';
    });
    expect(feedPeriods(cancelled, 'baseball', baseballKeys)).toMatchObject({ outcome: 'cancelled' });

    const suspended = edit(chc, (g) => {
      g.status = { state: 'post', completed: false, name: 'STATUS_SUSPENDED', period: 7, detail: 'Suspended' };
    });
    const s = feedPeriods(suspended, 'baseball', baseballKeys);
    expect(s).toMatchObject({ kind: 'scored', outcome: 'suspended' });
    expect(compact(s)).toEqual([
      ['inning5-runs', 3, 1],
      ['inning5-hits', 'unavailable'],
      ['inning9-runs', 'pending'],
      ['inning9-hits', 'pending'],
    ]);
    const delayed = edit(chc, (g) => {
      g.status = { ...g.status, name: 'STATUS_RAIN_DELAY', detail: 'Rain Delay' };
    });
    expect(feedPeriods(delayed, 'baseball', baseballKeys)).toMatchObject({ kind: 'scored', outcome: 'delayed' });
    expect(feedOutcome({ ...delayed.status, name: 'STATUS_DELAYED' })).toBe('delayed');
  });

  it('linescores that do not add up to the score are inconsistent: nothing is scored', () => {
    const wrong = edit(cha, (g) => {
      g.home.score = 93;
    });
    expect(feedPeriods(wrong, 'basketball', quarterKeys)).toEqual({
      kind: 'inconsistent',
      outcome: 'final',
      reason: "The home team's period scores add up to 92, but its score is 93.",
    });
    const tooManyPeriods = edit(inThird, (g) => {
      g.status.period = 2;
    });
    expect(feedPeriods(tooManyPeriods, 'basketball', quarterKeys)).toMatchObject({ kind: 'inconsistent' });
    const noScore = edit(inThird, (g) => {
      g.away.score = null;
    });
    expect(feedPeriods(noScore, 'basketball', quarterKeys)).toMatchObject({
      kind: 'inconsistent',
      reason: 'The away team has no score.',
    });
    expect(periodResults(feedPeriods(wrong, 'basketball', quarterKeys))).toEqual([]);
  });

  it('a key the sport does not have is reported, not guessed', () => {
    expect(compact(feedPeriods(wsh, 'hockey', ['q1', 'p1']))).toEqual([
      ['q1', 'unknown'],
      ['p1', 0, 0],
    ]);
  });
});

describe('property: the feed gives the same winners as an organizer typing the period totals', () => {
  const hexSeed = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));
  const holders = fc.uniqueArray(fc.integer({ min: 0, max: 99 }), { maxLength: 100 });
  const running = (lines: number[], n: number) => lines.slice(0, n).reduce((a, b) => a + b, 0);

  /** A final game of `sport` with these per-period scores. */
  const finalGame = (home: number[], away: number[], hits: [number, number] | null = null): FeedGame => ({
    eventId: 'p',
    startsAt: null,
    status: {
      state: 'post',
      completed: true,
      name: 'STATUS_FINAL',
      period: Math.max(home.length, away.length),
      detail: 'Final',
    },
    home: {
      name: 'H',
      abbreviation: 'H',
      score: running(home, home.length),
      linescores: home,
      hits: hits?.[0] ?? null,
    },
    away: {
      name: 'A',
      abbreviation: 'A',
      score: running(away, away.length),
      linescores: away,
      hits: hits?.[1] ?? null,
    },
  });

  it('basketball and football, overtime included', () => {
    const points = fc.integer({ min: 0, max: 45 });
    fc.assert(
      fc.property(
        hexSeed,
        holders,
        fc
          .integer({ min: 4, max: 7 })
          .chain((n) =>
            fc.tuple(
              fc.array(points, { minLength: n, maxLength: n }),
              fc.array(points, { minLength: n, maxLength: n }),
            ),
          ),
        fc.constantFrom('basketball' as const, 'football' as const),
        (seed, held, [home, away], sport) => {
          const axes = drawAxes(seed);
          const holderOf = (cell: number) => (held.includes(cell) ? `e${cell}` : null);
          const typed: PeriodResult[] = [1, 2, 3].map((n) => ({
            key: `q${n}`,
            teamAScore: running(home, n),
            teamBScore: running(away, n),
          }));
          typed.push({ key: 'final', teamAScore: running(home, home.length), teamBScore: running(away, away.length) });
          const fromFeed = periodResults(feedPeriods(finalGame(home, away), sport, quarterKeys));
          expect(awards(axes, nbaFinalsPrizes, fromFeed, holderOf)).toEqual(
            awards(axes, nbaFinalsPrizes, typed, holderOf),
          );
        },
      ),
    );
  });

  it('hockey and baseball by runs and hits', () => {
    const goals = fc.integer({ min: 0, max: 4 });
    fc.assert(
      fc.property(
        hexSeed,
        holders,
        fc
          .integer({ min: 3, max: 5 })
          .chain((n) =>
            fc.tuple(fc.array(goals, { minLength: n, maxLength: n }), fc.array(goals, { minLength: n, maxLength: n })),
          ),
        fc
          .integer({ min: 9, max: 12 })
          .chain((n) =>
            fc.tuple(fc.array(goals, { minLength: n, maxLength: n }), fc.array(goals, { minLength: n, maxLength: n })),
          ),
        fc.tuple(fc.nat(25), fc.nat(25)),
        (seed, held, [homeGoals, awayGoals], [homeRuns, awayRuns], hits) => {
          const axes = drawAxes(seed);
          const holderOf = (cell: number) => (held.includes(cell) ? `e${cell}` : null);
          const hockeyTyped: PeriodResult[] = [
            { key: 'p1', teamAScore: running(homeGoals, 1), teamBScore: running(awayGoals, 1) },
            { key: 'p2', teamAScore: running(homeGoals, 2), teamBScore: running(awayGoals, 2) },
            { key: 'final', teamAScore: running(homeGoals, 5), teamBScore: running(awayGoals, 5) },
          ];
          const hockey = periodResults(feedPeriods(finalGame(homeGoals, awayGoals), 'hockey', hockeyKeys));
          expect(awards(axes, hockeyPrizes, hockey, holderOf)).toEqual(
            awards(axes, hockeyPrizes, hockeyTyped, holderOf),
          );

          // A final past the 5th gives runs for the 5th and the 9th; hits only for the 9th (its running total).
          const baseballTyped: PeriodResult[] = [
            { key: 'inning5-runs', teamAScore: running(homeRuns, 5), teamBScore: running(awayRuns, 5) },
            { key: 'inning9-runs', teamAScore: running(homeRuns, 12), teamBScore: running(awayRuns, 12) },
            { key: 'inning9-hits', teamAScore: hits[0], teamBScore: hits[1] },
          ];
          const baseball = periodResults(feedPeriods(finalGame(homeRuns, awayRuns, hits), 'baseball', baseballKeys));
          expect(baseball).toEqual(baseballTyped);
        },
      ),
    );
  });

  it('a period, once complete in a snapshot, has the same score in every later snapshot', () => {
    const points = fc.integer({ min: 0, max: 40 });
    fc.assert(
      fc.property(
        fc
          .integer({ min: 4, max: 6 })
          .chain((n) =>
            fc.tuple(
              fc.array(points, { minLength: n, maxLength: n }),
              fc.array(points, { minLength: n, maxLength: n }),
            ),
          ),
        fc.array(fc.tuple(fc.nat(40), fc.nat(40)), { minLength: 6, maxLength: 6 }),
        ([home, away], partials) => {
          const finalResults = periodResults(feedPeriods(finalGame(home, away), 'basketball', quarterKeys));
          for (let period = 1; period <= home.length; period++) {
            // During `period`: earlier periods as recorded, the current one part-way through.
            const [ph, pa] = partials[period - 1] as [number, number];
            const h = [...home.slice(0, period - 1), Math.min(ph, home[period - 1] as number)];
            const a = [...away.slice(0, period - 1), Math.min(pa, away[period - 1] as number)];
            const live: FeedGame = {
              ...finalGame(h, a),
              status: { state: 'in', completed: false, name: 'STATUS_IN_PROGRESS', period, detail: '' },
            };
            const results = periodResults(feedPeriods(live, 'basketball', quarterKeys));
            expect(results.map((r) => r.key)).toEqual(quarterKeys.slice(0, Math.min(period - 1, 3)));
            for (const r of results) expect(finalResults).toContainEqual(r);
          }
        },
      ),
    );
  });
});

describe('prize periods a feed game can score', () => {
  it('accepts each sport’s own periods (in any subset) and names every period it does not have', () => {
    for (const [league, sport] of Object.entries(leagueSports)) {
      expect(feedPrizeKeysProblem(sport, feedPeriodKeys[sport]), league).toBeNull();
      expect(feedPrizeKeysProblem(sport, feedPeriodKeys[sport].slice(1)), league).toBeNull();
    }
    expect(feedPrizeKeysProblem('hockey', ['p1', 'q2', 'final', 'rebounds'])).toBe(
      'A hockey game from the scores feed is scored by p1, p2, final; this board has q2, rebounds.',
    );
    expect(
      feedPrizeKeysProblem(
        'baseball',
        baseballPrizes.map((p) => p.key),
      ),
    ).toBeNull();
    expect(
      feedPrizeKeysProblem(
        'basketball',
        baseballPrizes.map((p) => p.key),
      ),
    ).toMatch(/this board has inning5-runs/);
  });
});
