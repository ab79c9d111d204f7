import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scoresFixturesDir } from '../../src/server/paths';
import { fixedClock } from '../../src/server/platform/clock';
import { createFixtureScoresSource } from '../../src/server/platform/scores';
import { createDemoReplays, demoRound, demoRoundMs, demoRoundsStarting } from '../../src/server/platform/scores/demo';
import { parseFeedGames } from '../../src/server/platform/scores/espn';
import {
  demoTimeline,
  type ReplayLeague,
  ReplayRecordingError,
  replayFinalAt,
  replayPhase,
  replayScoreboard,
} from '../../src/server/platform/scores/replay';
import { nbaFinalsPrizes } from '../../src/shared/domain/boards';
import {
  type FeedGame,
  type FeedSport,
  feedPeriods,
  hockeyPrizes,
  periodResults,
} from '../../src/shared/domain/feed-periods';

const replaysDir = path.join(scoresFixturesDir, '../replays');
const load = (file: string) => JSON.parse(readFileSync(path.join(replaysDir, file), 'utf8')) as unknown;
const nba = load('nba-knicks-hornets-2024-01-29.json');
const nhl = load('nhl-blue-jackets-capitals-2023-11-18.json');

const startsAt = new Date('2026-11-25T01:00:00Z');
const at = (ms: number) => new Date(startsAt.getTime() + ms);

function read(recording: unknown, league: ReplayLeague, now: Date, eventId = 'demo-1'): FeedGame {
  const [result] = parseFeedGames(replayScoreboard(recording, { league, startsAt, eventId }, now));
  if (!result?.ok) throw new Error(`unusable read: ${result?.problem}`);
  return result.game;
}

// 7 minutes, 20-second breaks: NBA quarters of 90 s (each slot 110 s), NHL periods of 126.666 s.
describe('the replay timeline', () => {
  it('runs pre, each quarter, its end, and the final on the compressed clock', () => {
    expect(replayPhase(4, demoTimeline, startsAt, at(-1))).toEqual({ kind: 'pre' });
    expect(replayPhase(4, demoTimeline, startsAt, at(0))).toEqual({ kind: 'in', period: 1, fraction: 0 });
    expect(replayPhase(4, demoTimeline, startsAt, at(45_000))).toEqual({ kind: 'in', period: 1, fraction: 0.5 });
    expect(replayPhase(4, demoTimeline, startsAt, at(90_000))).toEqual({ kind: 'end', period: 1 });
    expect(replayPhase(4, demoTimeline, startsAt, at(110_000))).toEqual({ kind: 'in', period: 2, fraction: 0 });
    expect(replayPhase(4, demoTimeline, startsAt, at(3 * 110_000 + 89_999)).kind).toBe('in');
    expect(replayPhase(4, demoTimeline, startsAt, at(3 * 110_000 + 90_000))).toEqual({ kind: 'final' });
    expect(replayFinalAt(4, demoTimeline, startsAt)).toEqual(at(7 * 60_000));
  });

  it('shows a pre-game read with no linescores and a zero score', () => {
    const game = read(nba, 'nba', at(-60_000));
    expect(game.status).toMatchObject({ state: 'pre', period: 0, completed: false, name: 'STATUS_SCHEDULED' });
    expect(game.startsAt).toBe(startsAt.toISOString());
    expect(game.eventId).toBe('demo-1');
    expect([game.home.score, game.away.score, game.home.linescores, game.away.linescores]).toEqual([0, 0, [], []]);
  });

  it('shows each finished quarter exactly as recorded and the one under way with no points yet', () => {
    const midFirst = read(nba, 'nba', at(45_000));
    expect(midFirst.status).toMatchObject({ state: 'in', period: 1, detail: '6:00 - 1st' });
    // Charlotte (home) scored 25 in the 1st, New York 26: the recording does not say when, so none shows yet.
    expect([midFirst.home.linescores, midFirst.away.linescores]).toEqual([[0], [0]]);
    const endFirst = read(nba, 'nba', at(100_000));
    expect(endFirst.status).toMatchObject({ name: 'STATUS_END_PERIOD', detail: 'End of 1st', period: 1 });
    expect([endFirst.home.score, endFirst.away.score]).toEqual([25, 26]);
    const half = read(nba, 'nba', at(110_000 + 95_000));
    expect(half.status).toMatchObject({ name: 'STATUS_HALFTIME', detail: 'Halftime', period: 2 });
    expect([half.home.linescores, half.away.linescores]).toEqual([
      [25, 18],
      [26, 20],
    ]);
    const final = read(nba, 'nba', at(7 * 60_000));
    expect(final.status).toMatchObject({ state: 'post', completed: true, name: 'STATUS_FINAL', period: 4 });
    expect([final.home.score, final.away.score]).toEqual([92, 113]);
  });

  it('scores the real game’s quarters at their ends, and the final when final', () => {
    const keys = nbaFinalsPrizes.map((p) => p.key);
    const scored = (ms: number) => periodResults(feedPeriods(read(nba, 'nba', at(ms)), 'basketball', keys));
    expect(scored(89_999)).toEqual([]);
    expect(scored(90_000)).toEqual([{ key: 'q1', teamAScore: 25, teamBScore: 26 }]);
    expect(scored(3 * 110_000 - 1)).toEqual([
      { key: 'q1', teamAScore: 25, teamBScore: 26 },
      { key: 'q2', teamAScore: 43, teamBScore: 46 },
      { key: 'q3', teamAScore: 67, teamBScore: 90 },
    ]);
    expect(scored(7 * 60_000).at(-1)).toEqual({ key: 'final', teamAScore: 92, teamBScore: 113 });
  });

  it('replays hockey by periods, without halftime', () => {
    const keys = hockeyPrizes.map((p) => p.key);
    const endSecond = read(nhl, 'nhl', at(2 * (126_666 + 20_000) - 10_000));
    expect(endSecond.status).toMatchObject({ name: 'STATUS_END_PERIOD', detail: 'End of 2nd', period: 2 });
    expect(periodResults(feedPeriods(endSecond, 'hockey', keys))).toEqual([
      { key: 'p1', teamAScore: 0, teamBScore: 0 },
      { key: 'p2', teamAScore: 3, teamBScore: 1 },
    ]);
    const final = read(nhl, 'nhl', at(7 * 60_000));
    expect(periodResults(feedPeriods(final, 'hockey', keys)).at(-1)).toEqual({
      key: 'final',
      teamAScore: 4,
      teamBScore: 3,
    });
  });

  it('refuses a recording that is not a usable final', () => {
    const live = structuredClone(nba) as { events: { competitions: { status: { type: object } }[] }[] };
    (live.events[0]?.competitions[0]?.status as { type: object }).type = { state: 'in', completed: false, name: 'x' };
    expect(() => replayScoreboard(live, { league: 'nba', startsAt }, startsAt)).toThrow(ReplayRecordingError);
    expect(() => replayScoreboard({ events: [] }, { league: 'nba', startsAt }, startsAt)).toThrow(ReplayRecordingError);
  });

  it('never changes the recording it replays', () => {
    const before = JSON.stringify(nba);
    replayScoreboard(nba, { league: 'nba', startsAt, eventId: 'demo-9' }, at(200_000));
    expect(JSON.stringify(nba)).toBe(before);
  });
});

describe('every replayed read', () => {
  const cases: [unknown, ReplayLeague, FeedSport, string[]][] = [
    [nba, 'nba', 'basketball', nbaFinalsPrizes.map((p) => p.key)],
    [nhl, 'nhl', 'hockey', hockeyPrizes.map((p) => p.key)],
  ];
  it('parses, agrees with itself, and never loses a score as time goes on', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...cases),
        fc.integer({ min: -120_000, max: 9 * 60_000 }),
        fc.integer({ min: 0, max: 120_000 }),
        ([recording, league, sport, keys], t, later) => {
          const first = read(recording, league, at(t));
          const second = read(recording, league, at(t + later));
          for (const game of [first, second]) {
            const scoring = feedPeriods(game, sport, keys);
            expect(scoring.kind).toBe('scored');
            expect(game.home.linescores.length).toBe(game.status.period);
          }
          expect(second.home.score as number).toBeGreaterThanOrEqual(first.home.score as number);
          expect(second.away.score as number).toBeGreaterThanOrEqual(first.away.score as number);
          // A period scored once keeps its score: the finished periods never change.
          const firstResults = periodResults(feedPeriods(first, sport, keys));
          const secondResults = periodResults(feedPeriods(second, sport, keys));
          expect(secondResults.slice(0, firstResults.length)).toEqual(firstResults);
        },
      ),
    );
  });
});

describe('the demo rounds', () => {
  it('start every 5 minutes on the epoch grid, alternating the recordings', () => {
    const rounds = demoRoundsStarting(new Date('2026-11-25T01:01:00Z'), new Date('2026-11-25T01:11:00Z'));
    expect(rounds.map((r) => r.startsAt.toISOString())).toEqual([
      '2026-11-25T01:05:00.000Z',
      '2026-11-25T01:10:00.000Z',
    ]);
    expect(rounds.map((r) => r.league).sort()).toEqual(['nba', 'nhl']);
    const round = demoRound(rounds[0]?.index as number);
    expect(round.eventId).toBe(`demo-${round.index}`);
    expect(round.startsAt.getTime() % demoRoundMs).toBe(0);
  });

  it('are listed on their league’s fixtures scoreboard around their game, as the game stands', async () => {
    const clock = fixedClock('2026-11-25T01:01:30Z');
    const source = createFixtureScoresSource({ dir: scoresFixturesDir, clock, demo: createDemoReplays(replaysDir) });
    const demoGames = async (league: 'nba' | 'nhl') =>
      parseFeedGames(await source.scoreboard(league)).flatMap((r) =>
        r.ok && r.game.eventId.startsWith('demo-') ? [r.game] : [],
      );
    const nbaNow = await demoGames('nba');
    const nhlNow = await demoGames('nhl');
    const all = [...nbaNow, ...nhlNow];
    // Listed from 15 minutes before the start until 10 minutes after the final.
    expect(all.map((g) => g.startsAt).sort()).toEqual(
      ['00:45', '00:50', '00:55', '01:00', '01:05', '01:10', '01:15'].map((t) => `2026-11-25T${t}:00.000Z`),
    );
    const playing = all.find((g) => g.startsAt === '2026-11-25T01:00:00.000Z');
    expect(playing?.status.state).toBe('in');
    expect(all.find((g) => g.startsAt === '2026-11-25T00:55:00.000Z')?.status.state).toBe('in');
    expect(all.find((g) => g.startsAt === '2026-11-25T00:50:00.000Z')?.status.state).toBe('post');
    expect(all.find((g) => g.startsAt === '2026-11-25T01:05:00.000Z')?.status.state).toBe('pre');
    // The recorded days are still there beside them.
    expect((await source.scoreboard('nba')) as { events: unknown[] }).toMatchObject({
      events: expect.arrayContaining([expect.objectContaining({ id: '401766130' })]),
    });
  });

  it('are filed under the US Eastern day of their start, across midnight Eastern', async () => {
    // 05:01:30Z is 00:01:30 Eastern on 25 November: the games started before 05:00Z belong to the 24th.
    const clock = fixedClock('2026-11-25T05:01:30Z');
    const source = createFixtureScoresSource({ dir: scoresFixturesDir, clock, demo: createDemoReplays(replaysDir) });
    const demoStarts = async (day: string) =>
      (
        await Promise.all(
          (['nba', 'nhl'] as const).map(async (league) =>
            parseFeedGames(await source.scoreboardOn(league, day)).flatMap((r) =>
              r.ok && r.game.eventId.startsWith('demo-') ? [r.game.startsAt] : [],
            ),
          ),
        )
      )
        .flat()
        .sort();
    expect(await demoStarts('20261124')).toEqual(['04:45', '04:50', '04:55'].map((t) => `2026-11-25T${t}:00.000Z`));
    expect(await demoStarts('20261125')).toEqual(
      ['05:00', '05:05', '05:10', '05:15'].map((t) => `2026-11-25T${t}:00.000Z`),
    );
    // The recordings are today's (Eastern) scoreboard only.
    const recordedOn = async (day: string) =>
      ((await source.scoreboardOn('nba', day)) as { events: { id: string }[] }).events.map((e) => e.id);
    expect(await recordedOn('20261125')).toContain('401766130');
    expect(await recordedOn('20261124')).not.toContain('401766130');
  });
});
