import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scoresFixturesDir } from '../../src/server/paths';
import { fixedClock } from '../../src/server/platform/clock';
import { createFixtureScoresSource } from '../../src/server/platform/scores';
import { MalformedScoreboardError, parseScoreboard } from '../../src/server/platform/scores/espn';
import {
  detailBesideLabel,
  gameStateLabel,
  mlbFromMidJune,
  nflPanelMax,
  nflPreseasonRows,
  type PreseasonRow,
  type ScoreEvent,
  tickerEvents,
} from '../../src/shared/domain/scores';

const recorded = (feed: string) =>
  parseScoreboard(JSON.parse(readFileSync(path.join(scoresFixturesDir, `${feed}.json`), 'utf8')));
const now = new Date('2025-06-11T16:00:00Z');
const fixedNfl: PreseasonRow[] = [
  {
    id: 'nfl-hof-2025',
    name: 'Hall of Fame Game',
    date: '2025-07-31',
    teams: ['Chargers', 'Lions'],
    week: 'Hall of Fame Weekend',
    status: 'Scheduled',
  },
  {
    id: 'nfl-raiders-seahawks-2025',
    name: 'Preseason Week 1',
    date: '2025-08-07',
    teams: ['Raiders', 'Seahawks'],
    week: 'Preseason Week 1',
    status: 'Scheduled',
  },
];

describe('parseScoreboard', () => {
  it('normalises a recorded scoreboard: state, detail, season type, away and home teams', () => {
    const [g1] = recorded('nba');
    expect(g1).toMatchObject({
      id: '401766128',
      date: '2025-06-06T00:30:00.000Z',
      shortName: 'IND @ OKC',
      state: 'post',
      statusName: 'STATUS_FINAL',
      detail: 'Final',
      seasonType: 3,
    });
    expect(g1?.competitors.map((c) => [c.homeAway, c.abbreviation, c.name, c.score])).toEqual([
      ['home', 'OKC', 'Oklahoma City Thunder', '110'],
      ['away', 'IND', 'Indiana Pacers', '111'],
    ]);
  });

  it('refuses a document that is not a scoreboard, and skips single events it cannot read', () => {
    for (const bad of [null, 'text', 42, {}, { events: 'nope' }]) {
      expect(() => parseScoreboard(bad)).toThrow(MalformedScoreboardError);
    }
    const good = JSON.parse(readFileSync(path.join(scoresFixturesDir, 'nhl.json'), 'utf8'));
    good.events.push({ id: 'x' }, { ...good.events[0], id: 'no-date', date: 'soon' });
    expect(parseScoreboard(good).map((e) => e.id)).toEqual(['401771001', '401771003', '401771004']);
  });

  it('reads an empty score as null and an unknown state as pre', () => {
    const doc = JSON.parse(readFileSync(path.join(scoresFixturesDir, 'nba.json'), 'utf8'));
    doc.events[2].status.type.state = 'postponed';
    const g3 = parseScoreboard(doc)[2];
    expect(g3?.state).toBe('pre');
    expect(g3?.competitors.map((c) => c.score)).toEqual([null, null]);
  });
});

describe('ticker window (last 2 days and today’s schedule)', () => {
  it('keeps the recorded games of the last 48 hours and today, drops older and later ones', () => {
    expect(tickerEvents(recorded('nba'), now).map((e) => e.id)).toEqual(['401766130']);
    expect(tickerEvents(recorded('wnba'), now).map((e) => e.id)).toEqual([
      '401736210',
      '401736211',
      '401736212',
      '401736213',
    ]);
    expect(tickerEvents(recorded('mlb'), now).map((e) => e.id)).toEqual([
      '401695410',
      '401695411',
      '401695412',
      '401695413',
    ]);
    expect(tickerEvents(recorded('nhl'), now).map((e) => e.id)).toEqual(['401771003']);
  });

  it('labels post Final, in Live and anything else Upcoming', () => {
    expect(['post', 'in', 'pre', 'postponed', ''].map(gameStateLabel)).toEqual([
      'Final',
      'Live',
      'Upcoming',
      'Upcoming',
      'Upcoming',
    ]);
  });

  it('never repeats the label in the status beside it ("Final", not "Final Final")', () => {
    expect(detailBesideLabel('Final', 'Final')).toBe('');
    expect(detailBesideLabel('Final', ' final ')).toBe('');
    expect(detailBesideLabel('Final', 'Final/OT')).toBe('OT');
    expect(detailBesideLabel('Final', 'Final - 10 Innings')).toBe('10 Innings');
    expect(detailBesideLabel('Final', 'Finals Game 7')).toBe('Finals Game 7');
    expect(detailBesideLabel('Live', 'Top 7th')).toBe('Top 7th');
    expect(detailBesideLabel('Live', 'Halftime')).toBe('Halftime');
    expect(detailBesideLabel('Upcoming', 'Sat, June 14th at 8:30 PM EDT')).toBe('Sat, June 14th at 8:30 PM EDT');
  });

  it('only ever returns events inside the window, in date order (property)', () => {
    const all = ['nba', 'wnba', 'mlb', 'nhl'].flatMap(recorded);
    fc.assert(
      fc.property(fc.date({ min: new Date('2025-06-01'), max: new Date('2025-06-20'), noInvalidDate: true }), (at) => {
        const kept = tickerEvents(all, at);
        const end = at.getTime() + 86_400_000 + 1;
        for (const e of kept) {
          const t = Date.parse(e.date);
          expect(t).toBeGreaterThanOrEqual(at.getTime() - 2 * 86_400_000);
          expect(t).toBeLessThan(end);
        }
        expect(kept.map((e) => Date.parse(e.date))).toEqual(kept.map((e) => Date.parse(e.date)).sort((a, b) => a - b));
        // Nothing inside the window is dropped.
        const inside = all.filter(
          (e) => Date.parse(e.date) >= at.getTime() - 2 * 86_400_000 && Date.parse(e.date) < end,
        );
        expect(kept).toHaveLength(inside.length);
      }),
    );
  });
});

describe('NFL preseason panel', () => {
  it('shows the two fixed games, then the feed’s preseason games by date, 12 in all', () => {
    const rows = nflPreseasonRows(fixedNfl, recorded('nfl'));
    expect(rows).toHaveLength(nflPanelMax);
    expect(rows.slice(0, 2).map((r) => r.id)).toEqual(['nfl-hof-2025', 'nfl-raiders-seahawks-2025']);
    // The feed's own Hall of Fame game and Raiders at Seahawks are the fixed games: not shown twice.
    expect(rows.map((r) => r.id)).not.toContain('401773001');
    expect(rows.map((r) => r.id)).not.toContain('401773011');
    // Regular-season games (season type 2) never show.
    expect(rows.map((r) => r.id)).not.toContain('401772001');
    const feedDates = rows.slice(2).map((r) => Date.parse(r.date));
    expect(feedDates).toEqual([...feedDates].sort((a, b) => a - b));
    expect(rows[2]).toEqual({
      id: '401773010',
      name: 'NYG @ BUF',
      date: '2025-08-07T23:00:00.000Z',
      teams: ['New York Giants', 'Buffalo Bills'],
      week: 'Preseason Week 1',
      status: 'Scheduled',
    });
  });

  it('shows only the fixed games when the feed failed (counted as empty)', () => {
    expect(nflPreseasonRows(fixedNfl, [])).toEqual(fixedNfl);
  });

  it('never exceeds 12 rows and always starts with the fixed games (property)', () => {
    const feed = recorded('nfl');
    fc.assert(
      fc.property(fc.subarray(feed), fc.integer({ min: 0, max: 2 }), (events: ScoreEvent[], fixedCount) => {
        const rows = nflPreseasonRows(fixedNfl.slice(0, fixedCount), events);
        expect(rows.length).toBeLessThanOrEqual(nflPanelMax);
        expect(rows.slice(0, fixedCount)).toEqual(fixedNfl.slice(0, fixedCount));
      }),
    );
  });
});

describe('MLB panel (on or after 16 June of the event’s year)', () => {
  it('keeps the recorded games from 16 June on, by date', () => {
    expect(mlbFromMidJune(recorded('mlb')).map((e) => e.id)).toEqual(['401695450', '401695451', '401695460']);
  });

  it('uses each event’s own year', () => {
    const [e] = recorded('mlb');
    if (!e) throw new Error('fixture has events');
    const at = (date: string) => ({ ...e, date });
    expect(
      mlbFromMidJune([at('2024-06-15T23:59:59Z'), at('2024-06-16T00:00:00Z'), at('2026-01-02T00:00:00Z')]).map(
        (x) => x.date,
      ),
    ).toEqual(['2024-06-16T00:00:00Z']);
  });
});

describe('fixtures mode (offline demos)', () => {
  it('replays a recording as if recorded today, keeping each game’s time of day', async () => {
    const source = createFixtureScoresSource({ dir: scoresFixturesDir, clock: fixedClock('2026-11-21T10:00:00Z') });
    const events = parseScoreboard(await source.scoreboard('nba'));
    expect(events.map((e) => e.date)).toEqual([
      '2026-11-16T00:30:00.000Z',
      '2026-11-19T00:00:00.000Z',
      '2026-11-22T00:30:00.000Z',
    ]);
    expect(tickerEvents(events, new Date('2026-11-21T10:00:00Z')).map((e) => e.id)).toEqual(['401766130']);
  });

  it('leaves a recording without a day as it is (the NFL preseason schedule)', async () => {
    const source = createFixtureScoresSource({ dir: scoresFixturesDir, clock: fixedClock('2026-11-21T10:00:00Z') });
    expect(parseScoreboard(await source.scoreboard('nfl'))[0]?.date).toBe('2025-08-01T00:00:00.000Z');
  });
});
