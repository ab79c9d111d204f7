import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addFeedDays, feedDay } from '../../src/server/platform/scores';
import {
  type FeedGameResult,
  MalformedScoreboardError,
  parseFeedGames,
  parseScoreboard,
} from '../../src/server/platform/scores/espn';
import { type FeedGame, feedOutcome, feedPeriods } from '../../src/shared/domain/feed-periods';

/** Scoreboards recorded from the public feed (tests/support/recorded/README.md names their sources). */
const recordedDoc = (name: string): { events: Record<string, unknown>[] } =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, '../support/recorded/espn', `${name}.json`), 'utf8'));

const games = (name: string): FeedGame[] =>
  parseFeedGames(recordedDoc(name)).map((r) => {
    if (!r.ok) throw new Error(`unusable: ${r.problem}`);
    return r.game;
  });

const final = { state: 'post', completed: true, name: 'STATUS_FINAL' } as const;

describe('parseFeedGames on recorded scoreboards', () => {
  it('MLB: a final (home team did not bat in the 9th) and a game in the top of the 7th, with hits', () => {
    const [nyy, chc] = games('mlb-final-and-live');
    expect(nyy).toEqual({
      eventId: '401697308',
      startsAt: '2025-09-27T17:05:00.000Z',
      status: { ...final, period: 9, detail: 'Final' },
      home: { name: 'New York Yankees', abbreviation: 'NYY', score: 6, linescores: [1, 2, 0, 0, 3, 0, 0, 0], hits: 7 },
      away: {
        name: 'Baltimore Orioles',
        abbreviation: 'BAL',
        score: 1,
        linescores: [0, 0, 0, 0, 0, 0, 0, 1, 0],
        hits: 3,
      },
    });
    expect(chc).toEqual({
      eventId: '401697317',
      startsAt: '2025-09-27T18:20:00.000Z',
      status: { state: 'in', completed: false, name: 'STATUS_IN_PROGRESS', period: 7, detail: 'Top 7th' },
      home: { name: 'Chicago Cubs', abbreviation: 'CHC', score: 4, linescores: [1, 0, 0, 0, 2, 1], hits: 7 },
      away: { name: 'St. Louis Cardinals', abbreviation: 'STL', score: 1, linescores: [0, 0, 0, 1, 0, 0, 0], hits: 4 },
    });
  });

  it('MLB: the feed gives runs per inning and hits only as a running total (no hits per inning)', () => {
    const event = recordedDoc('mlb-final-and-live').events[0] as {
      competitions: { competitors: { linescores: object[]; hits: number }[] }[];
    };
    for (const competitor of event.competitions[0]?.competitors ?? []) {
      expect(typeof competitor.hits).toBe('number');
      for (const entry of competitor.linescores)
        expect(Object.keys(entry).sort()).toEqual(['displayValue', 'period', 'value']);
    }
  });

  it('MLB: a rain delay in the top of the 1st, before any linescore', () => {
    expect(games('mlb-rain-delay')).toEqual([
      {
        eventId: '401697309',
        startsAt: '2025-09-27T20:05:00.000Z',
        status: { state: 'in', completed: false, name: 'STATUS_RAIN_DELAY', period: 1, detail: 'Rain Delay, Top 1st' },
        home: { name: 'Washington Nationals', abbreviation: 'WSH', score: 0, linescores: [], hits: 0 },
        away: { name: 'Chicago White Sox', abbreviation: 'CHW', score: 0, linescores: [], hits: 0 },
      },
    ]);
  });

  it('NBA: linescores given as bare values, status only on the competition', () => {
    expect(games('nba-final')).toEqual([
      {
        eventId: '401585285',
        startsAt: '2024-01-30T00:00:00.000Z',
        status: { ...final, period: 4, detail: 'Final' },
        home: { name: 'Charlotte Hornets', abbreviation: 'CHA', score: 92, linescores: [25, 18, 24, 25], hits: null },
        away: { name: 'New York Knicks', abbreviation: 'NY', score: 113, linescores: [26, 20, 44, 23], hits: null },
      },
    ]);
  });

  it('NHL: a regulation final and a scheduled game with no linescores yet', () => {
    expect(games('nhl-final')[0]).toMatchObject({
      eventId: '401559489',
      status: { ...final, period: 3 },
      home: { abbreviation: 'WSH', score: 4, linescores: [0, 3, 1] },
      away: { abbreviation: 'CBJ', score: 3, linescores: [0, 1, 2] },
    });
    expect(games('nhl-scheduled')).toEqual([
      {
        eventId: '401801790',
        startsAt: '2025-09-20T23:00:00.000Z',
        status: { state: 'pre', completed: false, name: 'STATUS_SCHEDULED', period: 0, detail: '9/20 - 7:00 PM EDT' },
        home: { name: 'Dallas Stars', abbreviation: 'DAL', score: 0, linescores: [], hits: null },
        away: { name: 'St. Louis Blues', abbreviation: 'STL', score: 0, linescores: [], hits: null },
      },
    ]);
  });

  it('MLB 2016 (older form): a scheduled game with `"hits": null` and season totals in its statistics list', () => {
    const doc = recordedDoc('mlb-2016-older-day');
    const scheduled = doc.events[4] as { competitions: { competitors: { hits: unknown; statistics: object[] }[] }[] };
    // What the feed sends before the first pitch: no hits figure, and the season's 401 hits in the list.
    expect(scheduled.competitions[0]?.competitors[0]).toMatchObject({
      hits: null,
      statistics: expect.arrayContaining([{ name: 'hits', displayValue: '401', abbreviation: 'H' }]),
    });
    expect(games('mlb-2016-older-day')[4]).toEqual({
      eventId: '360518129',
      startsAt: '2016-05-19T01:40:00.000Z',
      status: { state: 'pre', completed: false, name: 'STATUS_SCHEDULED', period: 0, detail: '5/18 - 9:40 PM EDT' },
      home: { name: 'Arizona Diamondbacks', abbreviation: 'ARI', score: 0, linescores: [], hits: null },
      away: { name: 'New York Yankees', abbreviation: 'NYY', score: 0, linescores: [], hits: null },
    });
  });

  it('MLB 2016 (older form): games under way read their hits from both places, which agree', () => {
    expect(games('mlb-2016-older-day').map((g) => [g.eventId, g.home.hits, g.away.hits])).toEqual([
      ['360518122', 8, 6],
      ['360518121', 1, 3],
      ['360518101', 5, 3],
      ['360518123', 3, 6],
      ['360518129', null, null],
    ]);
  });

  it('the ticker reads events without a short name and writes it as the feed does, away @ home', () => {
    expect(parseScoreboard(recordedDoc('mlb-2016-older-day')).map((e) => [e.id, e.shortName, e.state])).toEqual([
      ['360518122', 'MIA @ PHI', 'post'],
      ['360518121', 'WSH @ NYM', 'in'],
      ['360518101', 'SEA @ BAL', 'in'],
      ['360518123', 'ATL @ PIT', 'in'],
      ['360518129', 'NYY @ ARI', 'pre'],
    ]);
    // A feed that gives the short name keeps it.
    expect(parseScoreboard(recordedDoc('mlb-final-and-live')).map((e) => e.shortName)).toEqual([
      'BAL @ NYY',
      'STL @ CHC',
    ]);
  });

  it('leaves the ticker parser as it was on the same documents', () => {
    expect(parseScoreboard(recordedDoc('mlb-final-and-live')).map((e) => [e.id, e.state, e.detail])).toEqual([
      ['401697308', 'post', 'Final'],
      ['401697317', 'in', 'Top 7th'],
    ]);
  });
});

describe('parseFeedGames on broken events', () => {
  interface RawCompetitor {
    homeAway: string;
    team: Record<string, unknown>;
    score?: unknown;
    hits?: unknown;
    linescores: unknown[];
  }
  interface RawEvent {
    id: string;
    date?: string;
    status?: unknown;
    competitions: { status?: unknown; competitors: RawCompetitor[] }[];
  }
  const base = () => recordedDoc('mlb-final-and-live').events[1] as unknown as RawEvent;
  const competition = (e: RawEvent) => e.competitions[0] as RawEvent['competitions'][number];
  const side = (e: RawEvent, i: 0 | 1) => competition(e).competitors[i] as RawCompetitor;
  const problemOf = (event: unknown): FeedGameResult => parseFeedGames({ events: [event] })[0] as FeedGameResult;

  it('throws on a document that is not a scoreboard', () => {
    expect(() => parseFeedGames({ games: [] })).toThrow(MalformedScoreboardError);
    expect(() => parseFeedGames(null)).toThrow(MalformedScoreboardError);
  });

  it('reports what scoring needs and is missing, with the event id, instead of guessing', () => {
    const noStatus = base();
    delete noStatus.status;
    delete competition(noStatus).status;
    expect(problemOf(noStatus)).toEqual({
      ok: false,
      eventId: '401697317',
      problem: 'The event has no readable status.',
    });

    const eventStatusBroken = base();
    eventStatusBroken.status = { type: { state: 'later' } };
    expect(problemOf(eventStatusBroken)).toMatchObject({ ok: true, game: { status: { detail: 'Top 7th' } } });

    const twoHomes = base();
    side(twoHomes, 1).homeAway = 'home';
    expect(problemOf(twoHomes)).toMatchObject({
      ok: false,
      problem: 'The event does not have one home and one away team.',
    });

    const badRun = base();
    side(badRun, 0).linescores[2] = { displayValue: '-', period: 3 };
    expect(problemOf(badRun)).toMatchObject({ ok: false, problem: expect.stringContaining('period 3') });

    const gap = base();
    side(gap, 1).linescores.splice(3, 1);
    expect(problemOf(gap)).toMatchObject({ ok: false, problem: expect.stringContaining('not numbered') });

    const unnumbered = base();
    side(unnumbered, 1).linescores.push({ value: 2 });
    expect(problemOf(unnumbered)).toMatchObject({ ok: false, problem: expect.stringContaining('not numbered') });

    const hitsDisagree = base();
    side(hitsDisagree, 0).hits = 8;
    expect(problemOf(hitsDisagree)).toMatchObject({ ok: false, problem: "The home team's hits read 8 and 7." });

    const hitsNull = base();
    side(hitsNull, 0).hits = null;
    expect(problemOf(hitsNull)).toMatchObject({ ok: true, game: { home: { hits: 7 } } });

    const noName = base();
    side(noName, 1).team = {};
    expect(problemOf(noName)).toMatchObject({ ok: false, problem: 'The away team has no name.' });

    expect(problemOf({ id: 'x' })).toEqual({
      ok: false,
      eventId: 'x',
      problem: 'The event lacks an id or its competitors.',
    });
    expect(problemOf('junk')).toMatchObject({ ok: false, eventId: null });
  });

  it('keeps the usable events of a scoreboard beside the unusable ones', () => {
    const doc = recordedDoc('mlb-final-and-live');
    doc.events.splice(1, 0, { id: 'broken' });
    expect(parseFeedGames(doc).map((r) => (r.ok ? r.game.eventId : `!${r.eventId}`))).toEqual([
      '401697308',
      '!broken',
      '401697317',
    ]);
  });

  it('never reads season totals as a game’s hits while the period is still 0, even once the game is called off', () => {
    // The recorded scheduled game, its status turned into a postponement before the first pitch.
    const scheduled = recordedDoc('mlb-2016-older-day').events[4] as unknown as RawEvent;
    const postponed = { period: 0, type: { state: 'post', completed: false, name: 'STATUS_POSTPONED' } };
    scheduled.status = postponed;
    competition(scheduled).status = postponed;
    side(scheduled, 0).hits = 0;
    const result = problemOf(scheduled);
    expect(result).toMatchObject({ ok: true, game: { home: { hits: 0 }, away: { hits: null } } });
  });

  it('orders period scores by their period number, not by their place in the list', () => {
    const shuffled = base();
    side(shuffled, 0).linescores.reverse();
    const result = problemOf(shuffled);
    expect(result.ok && result.game.home.linescores).toEqual([1, 0, 0, 0, 2, 1]);
  });

  it('reads an empty score as none and a missing date as no start time', () => {
    const event = base();
    side(event, 0).score = '';
    delete event.date;
    const result = problemOf(event);
    expect(result.ok && result.game.home.score).toBeNull();
    expect(result.ok && result.game.startsAt).toBeNull();
  });
});

describe('feedDay: the feed files games under the US Eastern day', () => {
  it('puts a late-evening Eastern game at 00:30Z on the previous day', () => {
    // 7:30 pm EST on 29 January.
    expect(feedDay(new Date('2024-01-30T00:30:00Z'))).toBe('20240129');
    // 7:30 pm EDT on 27 September.
    expect(feedDay(new Date('2025-09-27T23:30:00Z'))).toBe('20250927');
    expect(feedDay(new Date('2025-09-28T03:59:59Z'))).toBe('20250927');
    expect(feedDay(new Date('2025-09-28T04:00:00Z'))).toBe('20250928');
  });

  it('follows daylight saving time starting in March (midnight moves from 05:00Z to 04:00Z)', () => {
    // 8 March 2026: clocks go from 2:00 EST to 3:00 EDT.
    expect(feedDay(new Date('2026-03-08T04:59:59Z'))).toBe('20260307');
    expect(feedDay(new Date('2026-03-08T05:00:00Z'))).toBe('20260308');
    expect(feedDay(new Date('2026-03-09T03:59:59Z'))).toBe('20260308');
    expect(feedDay(new Date('2026-03-09T04:00:00Z'))).toBe('20260309');
  });

  it('follows daylight saving time ending in November (midnight moves from 04:00Z to 05:00Z)', () => {
    // 1 November 2026: clocks go from 2:00 EDT back to 1:00 EST.
    expect(feedDay(new Date('2026-11-01T03:59:59Z'))).toBe('20261031');
    expect(feedDay(new Date('2026-11-01T04:00:00Z'))).toBe('20261101');
    expect(feedDay(new Date('2026-11-02T04:59:59Z'))).toBe('20261101');
    expect(feedDay(new Date('2026-11-02T05:00:00Z'))).toBe('20261102');
  });

  it('counts days ahead by the calendar, not by 24 hours, over a clock change', () => {
    // 00:30 EDT on 1 November plus 24 hours is still 1 November (23:30 EST).
    expect(feedDay(new Date(Date.parse('2026-11-01T04:30:00Z') + 86_400_000))).toBe('20261101');
    expect(addFeedDays('20261101', 1)).toBe('20261102');
    expect(addFeedDays('20261231', 1)).toBe('20270101');
    expect(addFeedDays('20260307', 2)).toBe('20260309');
  });
});

describe('postponed and cancelled, as the feed says them', () => {
  // The recorded scheduled NHL game with the status the feed gives a postponed (or cancelled) game:
  // state post, not completed, period 0.
  const withStatus = (type: Record<string, unknown>) => {
    const doc = structuredClone(recordedDoc('nhl-scheduled'));
    const event = doc.events[0] as { status?: unknown; competitions: { status?: unknown }[] };
    const status = { period: 0, type };
    event.status = status;
    if (event.competitions[0]) event.competitions[0].status = status;
    const [read] = parseFeedGames(doc);
    if (!read?.ok) throw new Error('usable');
    return read.game;
  };
  const postponed = {
    id: '6',
    name: 'STATUS_POSTPONED',
    state: 'post',
    completed: false,
    description: 'Postponed',
    detail: 'Postponed',
    shortDetail: 'Postponed',
  };

  it('reads STATUS_POSTPONED (state post, not completed) as postponed, never final, and scores nothing', () => {
    const game = withStatus(postponed);
    expect(game.status).toMatchObject({ state: 'post', completed: false, period: 0, detail: 'Postponed' });
    expect(feedOutcome(game.status)).toBe('postponed');
    const scoring = feedPeriods(game, 'hockey', ['p1', 'p2', 'final']);
    expect(scoring.outcome).toBe('postponed');
    expect(scoring.kind === 'scored' && scoring.periods.map((p) => p.state)).toEqual(['pending', 'pending', 'pending']);
  });

  it('reads STATUS_CANCELED (state post) as cancelled', () => {
    const game = withStatus({
      id: '5',
      name: 'STATUS_CANCELED',
      state: 'post',
      completed: false,
      description: 'Canceled',
      detail: 'Canceled',
      shortDetail: 'Canceled',
    });
    expect(feedOutcome(game.status)).toBe('cancelled');
    expect(feedPeriods(game, 'hockey', ['p1', 'p2', 'final']).outcome).toBe('cancelled');
  });
});
