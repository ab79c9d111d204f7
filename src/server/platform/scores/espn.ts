import { z } from 'zod';
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
  shortName: z.string(),
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
    events.push({
      id: e.id,
      date: new Date(e.date).toISOString(),
      shortName: e.shortName,
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
