import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFeedGames } from '../../src/server/platform/scores/espn';
import { nbaFinalsPrizes } from '../../src/shared/domain/boards';
import { type FeedGame, type FeedScoring, feedPeriods, periodResults } from '../../src/shared/domain/feed-periods';

/**
 * The whole NFL scoreboard of 2022 week 11 as the public feed gave it on Sunday 20 November during the early
 * games (tests/support/recorded/README.md names the source): eight games under way, five scheduled, and
 * Thursday's Titans at Packers final. No game of the recording went to overtime (Raiders at Broncos, which did,
 * is still scheduled in it).
 */
const doc = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../support/recorded/espn/nfl-2022-week11.json'), 'utf8'),
);
const games = parseFeedGames(doc).map((r) => {
  if (!r.ok) throw new Error(`unusable: ${r.problem}`);
  return r.game;
});
const game = (id: string): FeedGame => {
  const found = games.find((g) => g.eventId === id);
  if (!found) throw new Error(`no event ${id}`);
  return found;
};

const quarterKeys = nbaFinalsPrizes.map((p) => p.key);
const compact = (s: FeedScoring) =>
  s.kind === 'scored'
    ? s.periods.map((p) => (p.state === 'complete' ? [p.key, p.home, p.away] : [p.key, p.state]))
    : s.reason;

describe('recorded NFL scoreboard, 2022 week 11', () => {
  it('reads every event of the week, the scheduled ones and the final included', () => {
    expect(games.map((g) => [g.eventId, g.status.name, g.status.period, g.status.detail])).toEqual([
      ['401437845', 'STATUS_IN_PROGRESS', 2, '11:50 - 2nd'],
      ['401437847', 'STATUS_IN_PROGRESS', 2, '8:17 - 2nd'],
      ['401437849', 'STATUS_IN_PROGRESS', 2, '6:22 - 2nd'],
      ['401437850', 'STATUS_IN_PROGRESS', 1, '0:35 - 1st'],
      ['401437851', 'STATUS_IN_PROGRESS', 2, '12:11 - 2nd'],
      ['401437852', 'STATUS_IN_PROGRESS', 2, '8:27 - 2nd'],
      ['401437846', 'STATUS_IN_PROGRESS', 2, '12:35 - 2nd'],
      ['401437848', 'STATUS_IN_PROGRESS', 2, '11:44 - 2nd'],
      ['401437853', 'STATUS_SCHEDULED', 1, '11/20 - 4:05 PM EST'],
      ['401437855', 'STATUS_SCHEDULED', 1, '11/20 - 4:25 PM EST'],
      ['401437856', 'STATUS_SCHEDULED', 1, '11/20 - 4:25 PM EST'],
      ['401437854', 'STATUS_SCHEDULED', 0, '11/20 - 8:20 PM EST'],
      ['401437844', 'STATUS_FINAL', 4, 'Final'],
      ['401435642', 'STATUS_SCHEDULED', 0, '11/21 - 8:15 PM EST'],
    ]);
  });

  it('TEN 27 at GB 17 (Thursday 17 November 2022), final in four quarters: every quarter and the final', () => {
    // GB 6 0 11 0, TEN 7 7 6 7 -> 6-7, 6-14, 17-20, 17-27 (team A is the home team, GB).
    const gb = game('401437844');
    expect(gb).toMatchObject({
      home: { name: 'Green Bay Packers', score: 17, linescores: [6, 0, 11, 0] },
      away: { name: 'Tennessee Titans', score: 27, linescores: [7, 7, 6, 7] },
      status: { state: 'post', completed: true, period: 4, detail: 'Final' },
    });
    const scoring = feedPeriods(gb, 'football', quarterKeys);
    expect(scoring).toMatchObject({ kind: 'scored', outcome: 'final' });
    expect(compact(scoring)).toEqual([
      ['q1', 6, 7],
      ['q2', 6, 14],
      ['q3', 17, 20],
      ['final', 17, 27],
    ]);
    expect(periodResults(scoring)).toEqual([
      { key: 'q1', teamAScore: 6, teamBScore: 7 },
      { key: 'q2', teamAScore: 6, teamBScore: 14 },
      { key: 'q3', teamAScore: 17, teamBScore: 20 },
      { key: 'final', teamAScore: 17, teamBScore: 27 },
    ]);
  });

  it('games in the 2nd quarter score the 1st only; a game still in the 1st scores nothing', () => {
    // CLE 10 at BUF 3, 8:17 left in the 2nd: BUF 3 0, CLE 7 3 -> the 1st ended 3-7.
    expect(compact(feedPeriods(game('401437847'), 'football', quarterKeys))).toEqual([
      ['q1', 3, 7],
      ['q2', 'pending'],
      ['q3', 'pending'],
      ['final', 'pending'],
    ]);
    // LAR 7 at NO 10, 12:11 left in the 2nd: NO 3 7, LAR 7 0 -> the 1st ended 3-7.
    expect(compact(feedPeriods(game('401437851'), 'football', quarterKeys))[0]).toEqual(['q1', 3, 7]);
    // NYJ 0 at NE 0 with 0:35 left in the 1st.
    const ne = feedPeriods(game('401437850'), 'football', quarterKeys);
    expect(ne).toMatchObject({ kind: 'scored', outcome: 'in-progress' });
    expect(periodResults(ne)).toEqual([]);
  });

  it('scheduled games score nothing, whether the feed gives a 0 for the 1st quarter already or no linescores', () => {
    // LV at DEN before kick-off: period 1, score "0" and one linescore of 0 for each team.
    const den = game('401437853');
    expect(den).toMatchObject({
      status: { state: 'pre', period: 1 },
      home: { score: 0, linescores: [0] },
      away: { score: 0, linescores: [0] },
    });
    // KC at LAC: period 0, score "0" and no linescores at all.
    const lac = game('401437854');
    expect(lac).toMatchObject({ status: { state: 'pre', period: 0 }, home: { linescores: [] } });
    for (const g of [den, lac]) {
      const scoring = feedPeriods(g, 'football', quarterKeys);
      expect(scoring).toMatchObject({ kind: 'scored', outcome: 'scheduled' });
      expect(periodResults(scoring)).toEqual([]);
    }
  });
});

describe('a stat correction after the final (built from the recorded TEN at GB final)', () => {
  const final = game('401437844');

  it('a point moved from the 2nd quarter into the 3rd re-scores the end of the 2nd only', () => {
    // A later read credits TEN's 2nd-quarter extra point to the 3rd: TEN 7 6 7 7 (still 27). Each read is scored
    // by itself, so the end of the 2nd now reads 6-13; the 1st, the 3rd (17-20) and the final (17-27) do not move.
    const corrected = structuredClone(final);
    corrected.away.linescores = [7, 6, 7, 7];
    const before = periodResults(feedPeriods(final, 'football', quarterKeys));
    const after = periodResults(feedPeriods(corrected, 'football', quarterKeys));
    expect(after).toEqual([
      { key: 'q1', teamAScore: 6, teamBScore: 7 },
      { key: 'q2', teamAScore: 6, teamBScore: 13 },
      { key: 'q3', teamAScore: 17, teamBScore: 20 },
      { key: 'final', teamAScore: 17, teamBScore: 27 },
    ]);
    // Only the 2nd quarter differs: it is the one period the feed would re-score (and audit as a correction).
    expect(after.filter((r, i) => JSON.stringify(r) !== JSON.stringify(before[i])).map((r) => r.key)).toEqual(['q2']);
  });

  it('a quarter moved by one point without the score moving is inconsistent: nothing is scored from that read', () => {
    const halfCorrected = structuredClone(final);
    halfCorrected.away.linescores = [7, 8, 6, 7];
    expect(feedPeriods(halfCorrected, 'football', quarterKeys)).toEqual({
      kind: 'inconsistent',
      outcome: 'final',
      reason: "The away team's period scores add up to 28, but its score is 27.",
    });
    expect(periodResults(feedPeriods(halfCorrected, 'football', quarterKeys))).toEqual([]);
  });
});
