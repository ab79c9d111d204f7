import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nbaFinalsPage } from '../../src/server/db/seed/pages/nba-finals';
import { nbaFinalsPageSchema } from '../../src/shared/contracts/pages/nba-finals';
import {
  bestOfSevenProblem,
  cleanPortalForm,
  gameWinner,
  PORTAL_FIELD_MAX,
  parseGameParam,
  prettifyTeamSlug,
  type ScoredGame,
  seriesScore,
  teamPlayerSlug,
} from '../../src/shared/domain/finals';

describe('teamPlayerSlug (spec: team name lower-cased, spaces to hyphens)', () => {
  it('builds the portal slug of both Finals teams', () => {
    expect(teamPlayerSlug('Oklahoma City Thunder')).toBe('oklahoma-city-thunder');
    expect(teamPlayerSlug('Indiana Pacers')).toBe('indiana-pacers');
  });

  it('ignores surrounding and repeated white space', () => {
    expect(teamPlayerSlug('  Indiana   Pacers ')).toBe('indiana-pacers');
    expect(teamPlayerSlug('')).toBe('');
  });

  it('never leaves spaces or capitals and round-trips with prettifyTeamSlug for title-cased names', () => {
    const word = fc.stringMatching(/^[A-Z][a-z]{0,9}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), (words) => {
        const name = words.join(' ');
        const slug = teamPlayerSlug(name);
        expect(slug).not.toMatch(/[\sA-Z]/);
        expect(prettifyTeamSlug(slug)).toBe(name);
      }),
    );
  });
});

describe('prettifyTeamSlug', () => {
  it('title-cases words and turns hyphens into spaces', () => {
    expect(prettifyTeamSlug('indiana-pacers')).toBe('Indiana Pacers');
    expect(prettifyTeamSlug('oklahoma-city-thunder')).toBe('Oklahoma City Thunder');
    expect(prettifyTeamSlug('-knicks--vs-pacers-')).toBe('Knicks Vs Pacers');
    expect(prettifyTeamSlug('')).toBe('');
  });
});

describe('parseGameParam', () => {
  it('reads no game number as game 1 and plain whole numbers as themselves', () => {
    expect(parseGameParam(undefined)).toBe(1);
    expect(parseGameParam('3')).toBe(3);
    expect(parseGameParam('12')).toBe(12);
  });

  it('refuses anything that is not a plain whole number', () => {
    for (const bad of ['', '0', '-1', '3.5', '03', ' 3', '3 ', '1e1', 'abc', 'three', '+2', '1000', 'Infinity']) {
      expect(parseGameParam(bad), bad).toBeNull();
    }
  });

  it('accepts exactly the decimal spellings of 1..999', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 999 }), (n) => parseGameParam(String(n)) === n));
    fc.assert(
      fc.property(fc.string(), (s) => {
        const n = parseGameParam(s);
        return n === null || String(n) === s;
      }),
    );
  });
});

const game = (number: number, a: [string, number], b: [string, number]): ScoredGame => ({
  number,
  score: [
    { team: a[0], points: a[1] },
    { team: b[0], points: b[1] },
  ],
});

describe('Finals series rules', () => {
  it('names the winner of a game by points, and no winner for a tie', () => {
    expect(gameWinner(game(1, ['pacers', 111], ['thunder', 110]))).toBe('pacers');
    expect(gameWinner(game(1, ['pacers', 90], ['thunder', 110]))).toBe('thunder');
    expect(gameWinner(game(1, ['pacers', 100], ['thunder', 100]))).toBeNull();
  });

  it('accepts the seeded series as a 4-3 Pacers win', () => {
    const { games, series } = nbaFinalsPage;
    expect(bestOfSevenProblem(games, series.champion, series.runnerUp)).toBeNull();
    expect(seriesScore(games, 'pacers', 'thunder')).toBe('4-3');
    expect(games.map((g) => g.date)).toEqual([
      '2025-06-05',
      '2025-06-08',
      '2025-06-11',
      '2025-06-13',
      '2025-06-16',
      '2025-06-19',
      '2025-06-22',
    ]);
  });

  it('refuses series that are not a finished best-of-seven won by the champion', () => {
    const w = (n: number) => game(n, ['a', 100], ['b', 90]);
    const l = (n: number) => game(n, ['a', 90], ['b', 100]);
    expect(bestOfSevenProblem([w(1), w(2), w(3), w(4)], 'a', 'b')).toBeNull();
    expect(bestOfSevenProblem([w(1), w(2), w(3)], 'a', 'b')).toBe('The champion must finish with 4 wins');
    expect(bestOfSevenProblem([l(1), l(2), l(3), l(4)], 'a', 'b')).toBe('The champion must finish with 4 wins');
    expect(bestOfSevenProblem([w(1), w(2), w(3), w(4), l(5)], 'a', 'b')).toBe(
      'Game 5 comes after the series was already decided',
    );
    expect(bestOfSevenProblem([w(1), w(3)], 'a', 'b')).toBe('Game 2 is missing or out of order');
    expect(bestOfSevenProblem([game(1, ['a', 99], ['b', 99])], 'a', 'b')).toBe('Game 1 cannot end in a tie');
    expect(bestOfSevenProblem([game(1, ['a', 99], ['c', 90])], 'a', 'b')).toBe(
      'Game 1 must be between the two Finals teams',
    );
    expect(bestOfSevenProblem([], 'a', 'a')).toBe('The champion and the runner-up must be different teams');
  });

  it('accepts a series exactly when the champion gets 4 wins first, in the last game', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 9 }), (results) => {
        const games = results.map((aWins, i) =>
          aWins ? game(i + 1, ['a', 101], ['b', 99]) : game(i + 1, ['a', 99], ['b', 101]),
        );
        const aWins = results.filter(Boolean).length;
        const bWins = results.length - aWins;
        const expected = aWins === 4 && bWins < 4 && results.at(-1) === true;
        return (bestOfSevenProblem(games, 'a', 'b') === null) === expected;
      }),
    );
  });
});

describe('nbaFinalsPageSchema', () => {
  it('accepts the shipped document', () => {
    expect(nbaFinalsPageSchema.safeParse(nbaFinalsPage).success).toBe(true);
  });

  it('refuses a series that does not end with the champion winning', () => {
    const games = nbaFinalsPage.games.map((g) =>
      g.number === 7 ? { ...g, score: [g.score[1], { ...g.score[0], points: 0 }] as typeof g.score } : g,
    );
    const result = nbaFinalsPageSchema.safeParse({ ...nbaFinalsPage, games });
    expect(result.success).toBe(false);
  });

  it('needs seven games, boards on games 5-7 and previews on games 1-5 only', () => {
    expect(nbaFinalsPageSchema.safeParse({ ...nbaFinalsPage, games: nbaFinalsPage.games.slice(0, 6) }).success).toBe(
      false,
    );
    const noBoard = nbaFinalsPage.games.map((g) => (g.number === 6 ? { ...g, boardPath: undefined } : g));
    expect(nbaFinalsPageSchema.safeParse({ ...nbaFinalsPage, games: noBoard }).success).toBe(false);
    const extraPreview = nbaFinalsPage.games.map((g) => (g.number === 7 ? { ...g, preview: { storyline: 'x' } } : g));
    expect(nbaFinalsPageSchema.safeParse({ ...nbaFinalsPage, games: extraPreview }).success).toBe(false);
  });

  it('refuses stat lines for a team that is not in the Finals', () => {
    const playerStats = [...nbaFinalsPage.recap.playerStats, { ...nbaFinalsPage.recap.playerStats[0], team: 'knicks' }];
    const result = nbaFinalsPageSchema.safeParse({ ...nbaFinalsPage, recap: { ...nbaFinalsPage.recap, playerStats } });
    expect(result.success).toBe(false);
  });
});

describe('cleanPortalForm', () => {
  const empty = { teamSupport: '', organization: '', referralCode: '', gameCode: '' };

  it('trims every field', () => {
    expect(
      cleanPortalForm({ teamSupport: '  Go Pacers ', organization: '\tPTA\n', referralCode: ' ', gameCode: 'FG1' }),
    ).toEqual({ teamSupport: 'Go Pacers', organization: 'PTA', referralCode: '', gameCode: 'FG1' });
  });

  it('keeps at most 100 characters of a field, without trailing space', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const out = cleanPortalForm({ ...empty, organization: text }).organization;
        expect(out.length).toBeLessThanOrEqual(PORTAL_FIELD_MAX);
        expect(out).toBe(out.trim());
        expect(text.trim().startsWith(out)).toBe(true);
      }),
    );
  });
});
