/**
 * Rules of the scores feed (docs/product.md#scores-and-the-ticker): which events the ticker, the NFL preseason panel and the MLB
 * panel keep, and how a game's state reads. Pure: every rule takes `now` and the parsed events.
 */

/** The feeds FanGrid reads; the ticker reads the first four in parallel. */
export const scoreFeeds = ['wnba', 'nba', 'mlb', 'nhl', 'nfl'] as const;
export type ScoreFeed = (typeof scoreFeeds)[number];
export const tickerFeeds = ['wnba', 'nba', 'mlb', 'nhl'] as const satisfies readonly ScoreFeed[];

/** The scoreboard path of each feed under the configurable base URL. */
export const scoreboardPaths: Record<ScoreFeed, string> = {
  wnba: '/apis/site/v2/sports/basketball/wnba/scoreboard',
  nba: '/apis/site/v2/sports/basketball/nba/scoreboard',
  mlb: '/apis/site/v2/sports/baseball/mlb/scoreboard',
  nhl: '/apis/site/v2/sports/hockey/nhl/scoreboard',
  nfl: '/apis/site/v2/sports/football/nfl/scoreboard',
};

/** Ticker and MLB every 5 minutes, NFL every 10 minutes. The server caches each feed as long. */
export const feedRefreshMs: Record<ScoreFeed, number> = {
  wnba: 5 * 60_000,
  nba: 5 * 60_000,
  mlb: 5 * 60_000,
  nhl: 5 * 60_000,
  nfl: 10 * 60_000,
};
export const tickerWindowMs = 2 * 24 * 60 * 60_000;
export const nflPanelMax = 12;

export type GameState = 'pre' | 'in' | 'post';

/** External scores game, normalised: one event of a scoreboard. */
export interface ScoreEvent {
  id: string;
  date: string;
  shortName: string;
  state: GameState;
  /** The feed's status name, e.g. STATUS_FINAL, and its short human detail, e.g. 'Final/OT', 'Top 7th'. */
  statusName: string;
  detail: string;
  seasonType: number | null;
  weekText: string | null;
  competitors: [ScoreCompetitor, ScoreCompetitor];
}
export interface ScoreCompetitor {
  /** The team's display name ('Oklahoma City Thunder'), or its abbreviation when the feed has no name. */
  name: string;
  /** The short form the ticker shows ('OKC'), or the name when the feed has no abbreviation. */
  abbreviation: string;
  score: string | null;
  homeAway: 'home' | 'away';
}

/** Post is Final, in is Live, anything else Upcoming. */
export function gameStateLabel(state: string): 'Final' | 'Live' | 'Upcoming' {
  if (state === 'post') return 'Final';
  if (state === 'in') return 'Live';
  return 'Upcoming';
}

/**
 * The status text shown beside a game's label: the feed's detail without the words the label already
 * says, so a finished game reads "Final" (not "Final Final") and an overtime one "Final OT". A detail
 * that only repeats the label is empty; separators left at the start ('/', '-', ':') are dropped too.
 */
export function detailBesideLabel(label: string, detail: string): string {
  const text = detail.trim();
  if (text.slice(0, label.length).toLowerCase() !== label.toLowerCase()) return text;
  const rest = text.slice(label.length);
  // "Finals" or "Livestream" are other words, not the label repeated.
  if (rest !== '' && /^[a-z0-9]/i.test(rest)) return text;
  return rest.replace(/^[\s/:\-–—·,]+/, '').trim();
}

/** How far ahead "today's schedule" reaches: a day, so a US evening game (past midnight UTC) still counts. */
export const tickerScheduleAheadMs = 24 * 60 * 60_000;

/**
 * Ticker window: events dated in the last 2 days, and today's schedule (the ticker reads
 * "recent games and today's schedule"): from now − 48 h to now + 24 h, without depending on a time zone.
 * Sorted by date.
 */
export function tickerEvents(events: readonly ScoreEvent[], now: Date): ScoreEvent[] {
  const from = now.getTime() - tickerWindowMs;
  const to = now.getTime() + tickerScheduleAheadMs;
  return events
    .filter((e) => {
      const t = Date.parse(e.date);
      return Number.isFinite(t) && t >= from && t <= to;
    })
    .sort(byDate);
}

/** MLB panel: events dated on or after 16 June of the event's own year, sorted by date. */
export function mlbFromMidJune(events: readonly ScoreEvent[]): ScoreEvent[] {
  return events
    .filter((e) => {
      const d = new Date(e.date);
      if (Number.isNaN(d.getTime())) return false;
      return d.getTime() >= Date.UTC(d.getUTCFullYear(), 5, 16);
    })
    .sort(byDate);
}

export interface PreseasonRow {
  id: string;
  name: string;
  date: string;
  teams: [string, string];
  week: string;
  status: string;
}

/**
 * NFL panel: the fixed games first, then the feed's preseason events (season type 1) sorted by
 * date, capped at 12 in all. A fixed game the feed also lists (same teams, same day) is not shown twice.
 */
export function nflPreseasonRows(fixed: readonly PreseasonRow[], events: readonly ScoreEvent[]): PreseasonRow[] {
  const fromFeed = events
    .filter((e) => e.seasonType === 1)
    .sort(byDate)
    .map(
      (e): PreseasonRow => ({
        id: e.id,
        name: e.shortName,
        date: e.date,
        teams: [awayOf(e).name, homeOf(e).name],
        week: e.weekText ?? 'Preseason',
        status: e.detail,
      }),
    )
    .filter((row) => !fixed.some((f) => sameGame(f, row)));
  return [...fixed, ...fromFeed].slice(0, nflPanelMax);
}

/**
 * The same game: within a day and a half (a fixed game's date is local, the feed's is UTC) and each fixed
 * team named within a feed team ('Chargers' in 'Los Angeles Chargers').
 */
function sameGame(fixed: PreseasonRow, feed: PreseasonRow): boolean {
  if (Math.abs(Date.parse(fixed.date) - Date.parse(feed.date)) > 36 * 60 * 60_000) return false;
  const names = feed.teams.map((t) => t.toLowerCase());
  return fixed.teams.every((team) => names.some((n) => n.includes(team.toLowerCase())));
}

export const awayOf = (e: ScoreEvent) => e.competitors.find((c) => c.homeAway === 'away') ?? e.competitors[0];
export const homeOf = (e: ScoreEvent) => e.competitors.find((c) => c.homeAway === 'home') ?? e.competitors[1];

function byDate(a: { date: string }, b: { date: string }) {
  return Date.parse(a.date) - Date.parse(b.date);
}
