import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFeedGames } from '../../src/server/platform/scores/espn';
import { nbaFinalsPrizes } from '../../src/shared/domain/boards';
import { type FeedGame, type FeedScoring, feedPeriods, periodResults } from '../../src/shared/domain/feed-periods';

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
const compact = (s: FeedScoring) =>
  s.kind === 'scored'
    ? s.periods.map((p) => (p.state === 'complete' ? [p.key, p.home, p.away] : [p.key, p.state]))
    : s.reason;

describe('recorded NFL game in play', () => {
  const [atl] = recorded('nfl-in-progress');

  it('CHI 7 at ATL 7, 11:50 left in the 2nd: the 1st quarter counts, the 2nd is still being played', () => {
    expect(atl).toMatchObject({
      eventId: '401437845',
      home: { name: 'Atlanta Falcons', score: 7, linescores: [7, 0] },
      away: { name: 'Chicago Bears', score: 7, linescores: [7, 0] },
      status: { state: 'in', period: 2 },
    });
    const scoring = feedPeriods(atl as FeedGame, 'football', quarterKeys);
    expect(scoring).toMatchObject({ kind: 'scored', outcome: 'in-progress' });
    expect(compact(scoring)).toEqual([
      ['q1', 7, 7],
      ['q2', 'pending'],
      ['q3', 'pending'],
      ['final', 'pending'],
    ]);
    // Team A is the home team (the columns), team B the away team (the rows).
    expect(periodResults(scoring)).toEqual([{ key: 'q1', teamAScore: 7, teamBScore: 7 }]);
  });
});

describe('recorded MLB day of 2016 (older scoreboard: bare linescore values, hits null before the start)', () => {
  const baseballKeys = ['inning5-runs', 'inning5-hits', 'inning9-runs', 'inning9-hits'];
  const games = recorded('mlb-2016-older-day');
  const game = (id: string) => {
    const found = games.find((g) => g.eventId === id);
    if (!found) throw new Error(`no event ${id}`);
    return found;
  };

  it('reads every event of the day, the scheduled one included', () => {
    expect(games.map((g) => [g.eventId, g.status.name, g.status.detail])).toEqual([
      ['360518122', 'STATUS_FINAL', 'Final'],
      ['360518121', 'STATUS_IN_PROGRESS', 'End 4th'],
      ['360518101', 'STATUS_IN_PROGRESS', 'Top 5th'],
      ['360518123', 'STATUS_IN_PROGRESS', 'Bot 5th'],
      ['360518129', 'STATUS_SCHEDULED', '5/18 - 9:40 PM EDT'],
    ]);
  });

  it('MIA 2 at PHI 4, final without a bottom of the 9th: runs after the 5th from the first five innings, the 9th from the final', () => {
    const phi = game('360518122');
    expect(phi).toMatchObject({
      home: { abbreviation: 'PHI', score: 4, linescores: [0, 0, 3, 0, 0, 0, 0, 1], hits: 8 },
      away: { abbreviation: 'MIA', score: 2, linescores: [2, 0, 0, 0, 0, 0, 0, 0, 0], hits: 6 },
    });
    const scoring = feedPeriods(phi, 'baseball', baseballKeys);
    expect(scoring).toMatchObject({ kind: 'scored', outcome: 'final' });
    expect(compact(scoring)).toEqual([
      ['inning5-runs', 3, 2],
      // Hits after the 5th needed a read between the 5th and the 6th; a final gives only the game's total.
      ['inning5-hits', 'unavailable'],
      ['inning9-runs', 4, 2],
      ['inning9-hits', 8, 6],
    ]);
  });

  it('WSH 1 at NYM 1 at the end of the 4th: no prize of a baseball board is over yet', () => {
    const nym = game('360518121');
    expect(nym).toMatchObject({ status: { state: 'in', period: 4 }, home: { hits: 1 }, away: { hits: 3 } });
    const scoring = feedPeriods(nym, 'baseball', baseballKeys);
    expect(scoring).toMatchObject({ kind: 'scored', outcome: 'in-progress' });
    expect(compact(scoring)).toEqual(baseballKeys.map((key) => [key, 'pending']));
    expect(periodResults(scoring)).toEqual([]);
  });

  it('the 5th still being played scores nothing, in the top (home team has 4 innings) or the bottom (both have 5)', () => {
    const bal = game('360518101');
    expect([bal.home.linescores, bal.away.linescores]).toEqual([
      [0, 2, 0, 1],
      [0, 0, 1, 1, 0],
    ]);
    const pit = game('360518123');
    expect([pit.home.linescores, pit.away.linescores]).toEqual([
      [0, 0, 0, 0, 0],
      [0, 0, 1, 0, 0],
    ]);
    for (const g of [bal, pit]) {
      const scoring = feedPeriods(g, 'baseball', baseballKeys);
      expect(scoring).toMatchObject({ kind: 'scored', outcome: 'in-progress' });
      expect(scoring.kind === 'scored' && scoring.periods[0]).toMatchObject({
        key: 'inning5-runs',
        state: 'pending',
        reason: 'The 5th inning is not over yet.',
      });
      expect(periodResults(scoring)).toEqual([]);
    }
  });

  it('NYY at ARI, scheduled: season figures in the statistics list are not read as the game’s hits', () => {
    const ari = game('360518129');
    expect(ari).toMatchObject({
      status: { state: 'pre', period: 0 },
      home: { abbreviation: 'ARI', score: 0, linescores: [], hits: null },
      away: { abbreviation: 'NYY', score: 0, linescores: [], hits: null },
    });
    const scoring = feedPeriods(ari, 'baseball', baseballKeys);
    expect(scoring).toMatchObject({ kind: 'scored', outcome: 'scheduled' });
    expect(compact(scoring)).toEqual(baseballKeys.map((key) => [key, 'pending']));
  });
});

describe('recorded WNBA game', () => {
  const [nyl] = recorded('wnba-final');

  it('CON 94 at NY 86, preseason final: numbered quarters read as cumulative scores, the final as reported', () => {
    expect(nyl).toMatchObject({
      eventId: '401765028',
      status: { state: 'post', completed: true, name: 'STATUS_FINAL', period: 4 },
      home: { name: 'New York Liberty', score: 86, linescores: [27, 23, 18, 18], hits: null },
      away: { name: 'Connecticut Sun', score: 94, linescores: [25, 28, 31, 10], hits: null },
    });
    const scoring = feedPeriods(nyl as FeedGame, 'basketball', quarterKeys);
    expect(scoring).toMatchObject({ kind: 'scored', outcome: 'final' });
    expect(periodResults(scoring)).toEqual([
      { key: 'q1', teamAScore: 27, teamBScore: 25 },
      { key: 'q2', teamAScore: 50, teamBScore: 53 },
      { key: 'q3', teamAScore: 68, teamBScore: 84 },
      { key: 'final', teamAScore: 86, teamBScore: 94 },
    ]);
  });
});
