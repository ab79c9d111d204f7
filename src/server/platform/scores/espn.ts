import { z } from 'zod';
import type { FeedGame, FeedTeam } from '../../../shared/domain/feed-periods';
import type { GameState, ScoreEvent } from '../../../shared/domain/scores';

/**
 * The part of the public scoreboard format FanGrid reads (External scores game). Lenient on
 * purpose: unknown fields are ignored and an event missing what we need is skipped, not fatal.
 */
const competitorSchema = z.object({
  homeAway: z.enum(['home', 'away']),
  team: z.object({ abbreviation: z.string().optional(), displayName: z.string().optional() }),
  score: z.union([z.string(), z.number()]).optional(),
});

const eventSchema = z.object({
  id: z.string().min(1),
  date: z.string().refine((d) => Number.isFinite(Date.parse(d)), 'not a date'),
  // Older scoreboards carry no short name; the ticker then writes it as the feed does ('NY @ CHA').
  shortName: z.string().optional(),
  season: z.object({ type: z.number().int().optional() }).optional(),
  week: z.object({ text: z.string().optional() }).optional(),
  status: z.object({
    type: z.object({
      state: z.string(),
      name: z.string(),
      shortDetail: z.string().optional(),
      detail: z.string().optional(),
    }),
  }),
  competitions: z.array(z.object({ competitors: z.array(competitorSchema).min(2) })).min(1),
});

/** A scoreboard document: anything without an `events` array is malformed. */
const scoreboardSchema = z.object({ events: z.array(z.unknown()) });

export class MalformedScoreboardError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedScoreboardError';
  }
}

const states = new Set<GameState>(['pre', 'in', 'post']);

/** Normalises a scoreboard into events; throws MalformedScoreboardError when it is not a scoreboard. */
export function parseScoreboard(json: unknown): ScoreEvent[] {
  const board = scoreboardSchema.safeParse(json);
  if (!board.success) throw new MalformedScoreboardError('The scoreboard has no events list.');
  const events: ScoreEvent[] = [];
  for (const raw of board.data.events) {
    const parsed = eventSchema.safeParse(raw);
    if (!parsed.success) continue;
    const e = parsed.data;
    const competitors = e.competitions[0]?.competitors ?? [];
    const [first, second] = competitors.map((c) => {
      const name = c.team.displayName ?? c.team.abbreviation ?? 'TBD';
      return {
        name,
        abbreviation: c.team.abbreviation ?? name,
        score: c.score === undefined || c.score === '' ? null : String(c.score),
        homeAway: c.homeAway,
      };
    });
    if (!first || !second) continue;
    const state = states.has(e.status.type.state as GameState) ? (e.status.type.state as GameState) : 'pre';
    const [away, home] = second.homeAway === 'away' ? [second, first] : [first, second];
    events.push({
      id: e.id,
      date: new Date(e.date).toISOString(),
      shortName: e.shortName ?? `${away.abbreviation} @ ${home.abbreviation}`,
      state,
      statusName: e.status.type.name,
      detail: e.status.type.shortDetail ?? e.status.type.detail ?? e.status.type.name,
      seasonType: e.season?.type ?? null,
      weekText: e.week?.text ?? null,
      competitors: [first, second],
    });
  }
  return events;
}

/**
 * The feed as board scoring reads it: per-period linescores, hits, and the full status. Lenient like the
 * ticker's schema (unknown fields are ignored), but an event missing what scoring needs is reported as
 * unusable with the reason, never guessed.
 */
const feedNumber = z.union([z.number(), z.string()]);
const feedStatusSchema = z.object({
  period: z.number().optional(),
  type: z.object({
    state: z.enum(['pre', 'in', 'post']),
    name: z.string().min(1),
    completed: z.boolean().optional(),
    shortDetail: z.string().optional(),
    detail: z.string().optional(),
    description: z.string().optional(),
  }),
});
const feedCompetitorSchema = z.object({
  homeAway: z.enum(['home', 'away']),
  team: z.object({ abbreviation: z.string().optional(), displayName: z.string().optional() }),
  score: feedNumber.nullable().optional(),
  linescores: z
    .array(
      z.object({ value: feedNumber.optional(), displayValue: z.string().optional(), period: z.number().optional() }),
    )
    .optional(),
  // Scheduled games of older scoreboards write `"hits": null`: no figure yet.
  hits: feedNumber.nullable().optional(),
  statistics: z.array(z.object({ name: z.string(), displayValue: z.string().optional() })).optional(),
});
const feedEventSchema = z.object({
  id: z.string().min(1),
  date: z.string().optional(),
  status: z.unknown().optional(),
  competitions: z
    .array(z.object({ status: z.unknown().optional(), competitors: z.array(feedCompetitorSchema) }))
    .min(1),
});

export type FeedGameResult = { ok: true; game: FeedGame } | { ok: false; eventId: string | null; problem: string };

class UnusableEvent extends Error {}

/** A count the feed writes as a number or a numeric string: a whole number of at least 0, or unusable. */
function count(value: string | number, what: string): number {
  const n = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isInteger(n) || n < 0) throw new UnusableEvent(`${what} is not a whole number of at least 0.`);
  return n;
}

/**
 * One team of a game. `begun` says whether play has started: before that, the statistics list holds the
 * team's season figures (a scheduled game reads 'hits 401'), so hits are read from it only once the game
 * has begun.
 */
function feedTeam(c: z.infer<typeof feedCompetitorSchema>, begun: boolean): FeedTeam {
  const name = c.team.displayName ?? c.team.abbreviation;
  if (!name) throw new UnusableEvent(`The ${c.homeAway} team has no name.`);
  // Current feeds number each entry with its period: order by it, and the periods must run 1, 2, 3...
  // without gaps. Older feeds give bare values in order.
  const numbered = (c.linescores ?? []).filter((l) => l.period !== undefined).length;
  const lines = [...(c.linescores ?? [])].sort((a, b) => (a.period ?? 0) - (b.period ?? 0));
  if (numbered > 0 && (numbered !== lines.length || lines.some((l, i) => l.period !== i + 1))) {
    throw new UnusableEvent(`The ${c.homeAway} team's period scores are not numbered 1, 2, 3...`);
  }
  const linescores = lines.map((l, i) => {
    const value = l.value ?? l.displayValue;
    if (value === undefined) throw new UnusableEvent(`The ${c.homeAway} team has no score for period ${i + 1}.`);
    return count(value, `The ${c.homeAway} team's score for period ${i + 1}`);
  });
  const statHits = begun ? c.statistics?.find((s) => s.name === 'hits')?.displayValue : undefined;
  const hits = c.hits !== undefined && c.hits !== null ? count(c.hits, `The ${c.homeAway} team's hits`) : null;
  const fromStats = statHits !== undefined ? count(statHits, `The ${c.homeAway} team's hits`) : null;
  if (hits !== null && fromStats !== null && hits !== fromStats) {
    throw new UnusableEvent(`The ${c.homeAway} team's hits read ${hits} and ${fromStats}.`);
  }
  const score =
    c.score === undefined || c.score === null || c.score === ''
      ? null
      : count(c.score, `The ${c.homeAway} team's score`);
  return { name, abbreviation: c.team.abbreviation ?? name, score, linescores, hits: hits ?? fromStats };
}

function feedGame(raw: unknown): FeedGame {
  const parsed = feedEventSchema.safeParse(raw);
  if (!parsed.success) throw new UnusableEvent('The event lacks an id or its competitors.');
  const e = parsed.data;
  const competition = e.competitions[0] as (typeof e.competitions)[number];
  // The event and its competition both carry the status; either will do.
  const fromEvent = feedStatusSchema.safeParse(e.status);
  const status = fromEvent.success ? fromEvent : feedStatusSchema.safeParse(competition.status);
  if (!status.success) throw new UnusableEvent('The event has no readable status.');
  const homes = competition.competitors.filter((c) => c.homeAway === 'home');
  const aways = competition.competitors.filter((c) => c.homeAway === 'away');
  if (homes.length !== 1 || aways.length !== 1)
    throw new UnusableEvent('The event does not have one home and one away team.');
  const { type, period } = status.data;
  if (period !== undefined && (!Number.isInteger(period) || period < 0)) {
    throw new UnusableEvent('The event’s period is not a whole number.');
  }
  const starts = e.date === undefined ? Number.NaN : Date.parse(e.date);
  // Not begun: scheduled, or called off before the first pitch or tip-off (the feed's period is still 0).
  const begun = type.state !== 'pre' && period !== 0;
  return {
    eventId: e.id,
    startsAt: Number.isFinite(starts) ? new Date(starts).toISOString() : null,
    status: {
      state: type.state,
      completed: type.completed ?? false,
      name: type.name,
      period: period ?? 0,
      detail: type.shortDetail ?? type.detail ?? type.description ?? type.name,
    },
    home: feedTeam(homes[0] as (typeof homes)[number], begun),
    away: feedTeam(aways[0] as (typeof aways)[number], begun),
  };
}

/**
 * Every event of a scoreboard as a game board scoring can read, or as unusable with the reason (a missing
 * status, team or score, a period score that is not a count, hits that contradict themselves). Throws
 * MalformedScoreboardError when the document is not a scoreboard at all.
 */
export function parseFeedGames(json: unknown): FeedGameResult[] {
  const board = scoreboardSchema.safeParse(json);
  if (!board.success) throw new MalformedScoreboardError('The scoreboard has no events list.');
  return board.data.events.map((raw): FeedGameResult => {
    try {
      return { ok: true, game: feedGame(raw) };
    } catch (error) {
      if (!(error instanceof UnusableEvent)) throw error;
      const id = (raw as { id?: unknown } | null)?.id;
      return { ok: false, eventId: typeof id === 'string' ? id : null, problem: error.message };
    }
  });
}
