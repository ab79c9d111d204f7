import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { feedRefreshMs, type ScoreEvent, type ScoreFeed, scoreboardPaths } from '../../../shared/domain/scores';
import type { Clock } from '../clock';
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

/** A day as the feed's `?dates=` names it: YYYYMMDD in UTC. */
export function feedDay(at: Date): string {
  return at.toISOString().slice(0, 10).replaceAll('-', '');
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
 * whole days so that day is today on the injected clock, so an offline demo shows "recent games and
 * today's schedule" as they were recorded.
 */
export function createFixtureScoresSource(opts: { dir: string; clock: Clock }): ScoresSource {
  const source: ScoresSource = {
    kind: 'fixtures',
    // The recordings are one day each, replayed as today: other days have no games.
    async scoreboardOn(feed, day) {
      return day === feedDay(opts.clock.now()) ? source.scoreboard(feed) : { events: [] };
    },
    async scoreboard(feed) {
      const json = JSON.parse(await readFile(path.join(opts.dir, `${feed}.json`), 'utf8')) as {
        day?: { date?: string };
        events?: { date?: string }[];
      };
      const recorded = json.day?.date ? Date.parse(`${json.day.date}T00:00:00Z`) : Number.NaN;
      if (!Number.isFinite(recorded) || !Array.isArray(json.events)) return json;
      const now = opts.clock.now();
      const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
      const shift = today - recorded;
      for (const event of json.events) {
        const t = event.date ? Date.parse(event.date) : Number.NaN;
        if (Number.isFinite(t)) event.date = new Date(t + shift).toISOString();
      }
      return json;
    },
  };
  return source;
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
