import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { feedRefreshMs, type ScoreEvent, type ScoreFeed, scoreboardPaths } from '../../../shared/domain/scores';
import type { Clock } from '../clock';
import type { DemoReplays } from './demo';
import { parseScoreboard } from './espn';

/**
 * The scores platform (docs/product.md#scores-and-the-ticker): where scoreboards come from. `live` reads the public scoreboard API
 * over HTTP; `fixtures` replays the recorded scoreboards shipped in ./fixtures (tests, offline demos).
 * Either way the browser never calls the scores service itself.
 */
export interface ScoresSource {
  readonly kind: 'live' | 'fixtures';
  /** The raw scoreboard document of a feed; throws when it cannot be fetched. */
  scoreboard(feed: ScoreFeed): Promise<unknown>;
  /** The raw scoreboard of one day (`YYYYMMDD`, the feed's `?dates=`); throws when it cannot be fetched. */
  scoreboardOn(feed: ScoreFeed, day: string): Promise<unknown>;
}

const easternDate = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * A day as the feed's `?dates=` names it: YYYYMMDD on the US Eastern calendar (daylight saving included),
 * the day the feed files a game under (a 7:30 pm ET game at 00:30Z belongs to the evening's day).
 */
export function feedDay(at: Date): string {
  const part = (type: string) => easternDate.formatToParts(at).find((p) => p.type === type)?.value ?? '';
  return `${part('year')}${part('month')}${part('day')}`;
}

/** The feed day `days` calendar days after `day` (both YYYYMMDD), whatever the clock changes in between. */
export function addFeedDays(day: string, days: number): string {
  const at = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(4, 6)) - 1, Number(day.slice(6, 8)) + days));
  return at.toISOString().slice(0, 10).replaceAll('-', '');
}

/** Whole days from feed day `from` to feed day `to`. */
function feedDaysBetween(from: string, to: string): number {
  const utc = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(4, 6)) - 1, Number(d.slice(6, 8)));
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

export function createHttpScoresSource(opts: {
  baseUrl: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}): ScoresSource {
  const doFetch = opts.fetch ?? fetch;
  const base = opts.baseUrl.replace(/\/+$/, '');
  async function get(pathAndQuery: string, feed: ScoreFeed) {
    const res = await doFetch(`${base}${pathAndQuery}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(`scores feed ${feed} answered HTTP ${res.status}`);
    }
    return res.json();
  }
  return {
    kind: 'live',
    scoreboardOn: (feed, day) => get(`${scoreboardPaths[feed]}?dates=${encodeURIComponent(day)}`, feed),
    scoreboard: (feed) => get(scoreboardPaths[feed], feed),
  };
}

/**
 * Replays the recorded scoreboards. Each recording names its day (`day.date`); event dates are moved by
 * whole days so that day is today (the feed's day, US Eastern) on the injected clock, so an offline demo
 * shows "recent games and today's schedule" as they were recorded. With `demo`, a league's scoreboard also
 * lists the demo's recurring games (demo.ts), replayed as they stand at that moment.
 */
export function createFixtureScoresSource(opts: { dir: string; clock: Clock; demo?: DemoReplays }): ScoresSource {
  type Doc = { day?: { date?: string }; events?: { date?: string }[] };
  async function recordings(feed: ScoreFeed, now: Date): Promise<Doc> {
    const json = JSON.parse(await readFile(path.join(opts.dir, `${feed}.json`), 'utf8')) as Doc;
    const recorded = json.day?.date?.replaceAll('-', '') ?? '';
    if (/^\d{8}$/.test(recorded) && Array.isArray(json.events)) {
      const shift = feedDaysBetween(recorded, feedDay(now)) * 86_400_000;
      for (const event of json.events) {
        const t = event.date ? Date.parse(event.date) : Number.NaN;
        if (Number.isFinite(t)) event.date = new Date(t + shift).toISOString();
      }
    }
    return json;
  }
  /** The demo's games the feed lists now (already on today's clock), all or those of one feed day. */
  async function demoEvents(feed: ScoreFeed, now: Date, day?: string): Promise<{ date?: string }[]> {
    if (!opts.demo) return [];
    const events = (await opts.demo.events(feed, now)) as { date?: string }[];
    return day === undefined ? events : events.filter((e) => e.date && feedDay(new Date(e.date)) === day);
  }
  return {
    kind: 'fixtures',
    // The recordings are replayed as today's scoreboard; a demo game is on the day of its start.
    async scoreboardOn(feed, day) {
      const now = opts.clock.now();
      const json: Doc = day === feedDay(now) ? await recordings(feed, now) : { events: [] };
      if (Array.isArray(json.events)) json.events.push(...(await demoEvents(feed, now, day)));
      return json;
    },
    async scoreboard(feed) {
      const now = opts.clock.now();
      const json = await recordings(feed, now);
      if (Array.isArray(json.events)) json.events.push(...(await demoEvents(feed, now)));
      return json;
    },
  };
}

/** `source`, telling `onFailure` about each fetch that throws (the error still reaches the caller). */
export function countingFailures(source: ScoresSource, onFailure: (feed: ScoreFeed) => void): ScoresSource {
  const told = <T>(feed: ScoreFeed, fetched: Promise<T>) =>
    fetched.catch((err: unknown) => {
      onFailure(feed);
      throw err;
    });
  return {
    kind: source.kind,
    scoreboard: (feed) => told(feed, source.scoreboard(feed)),
    scoreboardOn: (feed, day) => told(feed, source.scoreboardOn(feed, day)),
  };
}

export interface FeedResult {
  ok: boolean;
  events: ScoreEvent[];
}

export interface ScoresFeed {
  readonly kind: ScoresSource['kind'];
  read(feed: ScoreFeed): Promise<FeedResult>;
}

/**
 * One cached reader per feed, shared by every visitor of this server: a scoreboard is fetched at most
 * once per refresh period (5 min, NFL 10 min), and concurrent readers share the one request in flight.
 * A failed feed (network, timeout, HTTP error, malformed JSON) reads as empty with `ok: false`, and is
 * retried after `failureTtlMs` rather than on every visit. The cache holds copies of a public feed,
 * not shared truth, so each instance keeps its own.
 */
export function createScoresFeed(opts: {
  source: ScoresSource;
  clock: Clock;
  onError?: (feed: ScoreFeed, err: unknown) => void;
  ttlMs?: Partial<Record<ScoreFeed, number>>;
  failureTtlMs?: number;
}): ScoresFeed {
  const cache = new Map<ScoreFeed, { expiresAt: number; result: Promise<FeedResult> }>();
  const failureTtl = opts.failureTtlMs ?? 30_000;

  async function load(feed: ScoreFeed): Promise<FeedResult> {
    try {
      return { ok: true, events: parseScoreboard(await opts.source.scoreboard(feed)) };
    } catch (err) {
      opts.onError?.(feed, err);
      return { ok: false, events: [] };
    }
  }

  return {
    kind: opts.source.kind,
    read(feed) {
      const now = opts.clock.now().getTime();
      const hit = cache.get(feed);
      if (hit && hit.expiresAt > now) return hit.result;
      const ttl = opts.ttlMs?.[feed] ?? feedRefreshMs[feed];
      const result = load(feed);
      const entry = { expiresAt: now + ttl, result };
      cache.set(feed, entry);
      void result.then((r) => {
        if (!r.ok && cache.get(feed) === entry) entry.expiresAt = now + failureTtl;
      });
      return result;
    },
  };
}
