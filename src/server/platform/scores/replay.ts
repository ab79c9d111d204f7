/**
 * Replays a recorded final scoreboard of a real game as the game in progress: a pure function of the
 * recording, the replayed start and now, so every instance and every test reads the same document at the
 * same moment. The game is compressed to `timeline.gameMs`: its periods (overtime included) share the time
 * evenly, each followed by a `timeline.breakMs` pause in which the feed shows the period over; after the last
 * period the recording itself is shown, as the final.
 *
 * What each read shows, like the public feed at that moment:
 * - before the start: `pre`, period 0, score 0 and no linescores;
 * - while period n is played: `in`, period n, the linescores of periods 1..n; the finished periods carry their
 *   recorded points, the one being played shows none yet (the recording does not say when within a period
 *   they came, and the demo shows no points the real game did not have at that moment's end), and the score
 *   is their sum;
 * - in the pause after period n: `in`, STATUS_END_PERIOD (basketball and football's 2nd: STATUS_HALFTIME),
 *   detail 'End of <n>', the linescores of periods 1..n exactly as recorded;
 * - from the end of the last period: the recording as it is (`post`, completed).
 * Game totals the recording keeps beside the score (statistics such as rebounds, hits, the winner flag) are
 * shown only with the final: the recording has them for the whole game only.
 */

export type ReplayLeague = 'nba' | 'wnba' | 'nfl' | 'nhl';

export interface ReplayTimeline {
  /** From the start to the final, in milliseconds. */
  gameMs: number;
  /** The pause after each period but the last, in which the feed shows that period over. */
  breakMs: number;
}

/** The demo's compressed game: seven minutes from tip-off (or puck drop) to the final, 20-second breaks. */
export const demoTimeline: ReplayTimeline = { gameMs: 7 * 60_000, breakMs: 20_000 };

/** Regulation periods, what a period is called, and its length on the game clock. */
const leagueRules: Record<ReplayLeague, { regulation: number; clockMinutes: number; halftime: boolean }> = {
  nba: { regulation: 4, clockMinutes: 12, halftime: true },
  wnba: { regulation: 4, clockMinutes: 10, halftime: true },
  nfl: { regulation: 4, clockMinutes: 15, halftime: true },
  nhl: { regulation: 3, clockMinutes: 20, halftime: false },
};

export type ReplayPhase =
  | { kind: 'pre' }
  /** Period `period` (1-based) is being played; `fraction` of it is gone, from 0 up to (not including) 1. */
  | { kind: 'in'; period: number; fraction: number }
  /** The pause after period `period`. */
  | { kind: 'end'; period: number }
  | { kind: 'final' };

/** How long each period is played on the compressed timeline (whole milliseconds, at least 1). */
export function replayPeriodMs(periods: number, timeline: ReplayTimeline): number {
  return Math.max(1, Math.floor((timeline.gameMs - (periods - 1) * timeline.breakMs) / periods));
}

/** Where a replayed game of `periods` periods stands at `now`. */
export function replayPhase(periods: number, timeline: ReplayTimeline, startsAt: Date, now: Date): ReplayPhase {
  const elapsed = now.getTime() - startsAt.getTime();
  if (elapsed < 0) return { kind: 'pre' };
  const periodMs = replayPeriodMs(periods, timeline);
  const slot = periodMs + timeline.breakMs;
  const index = Math.floor(elapsed / slot);
  if (index >= periods) return { kind: 'final' };
  const into = elapsed - index * slot;
  if (into < periodMs) return { kind: 'in', period: index + 1, fraction: into / periodMs };
  return index + 1 >= periods ? { kind: 'final' } : { kind: 'end', period: index + 1 };
}

/** When the replayed game is final (the end of its last period). */
export function replayFinalAt(periods: number, timeline: ReplayTimeline, startsAt: Date): Date {
  const periodMs = replayPeriodMs(periods, timeline);
  return new Date(startsAt.getTime() + periods * periodMs + (periods - 1) * timeline.breakMs);
}

export class ReplayRecordingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReplayRecordingError';
  }
}

type Json = Record<string, unknown>;
type Line = Json & { value?: unknown; displayValue?: unknown };

const ordinal = (n: number) =>
  `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;

/** The period's name as the feed's short detail writes it: 1st..4th, then OT, 2OT... */
function periodName(period: number, regulation: number): string {
  if (period <= regulation) return ordinal(period);
  const ot = period - regulation;
  return ot === 1 ? 'OT' : `${ot}OT`;
}

const lineValue = (line: Line): number => {
  const raw = line.value ?? line.displayValue;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : Number.NaN;
  return n;
};

/** The one event of a recording, checked: a final with the same number of whole-number periods per team. */
function recordedEvent(recording: unknown): { event: Json; competition: Json; competitors: Json[]; periods: number } {
  const events = (recording as { events?: unknown })?.events;
  if (!Array.isArray(events) || events.length === 0) throw new ReplayRecordingError('The recording has no event.');
  const event = events[0] as Json;
  const competition = (event.competitions as Json[] | undefined)?.[0];
  const competitors = competition?.competitors as Json[] | undefined;
  if (!competition || !Array.isArray(competitors) || competitors.length !== 2) {
    throw new ReplayRecordingError('The recorded event does not have two competitors.');
  }
  const status = (competition.status ?? event.status) as { type?: { state?: string; completed?: boolean } } | undefined;
  if (status?.type?.state !== 'post' || status.type.completed !== true) {
    throw new ReplayRecordingError('The recording is not a final.');
  }
  const counts = competitors.map((c) => {
    const lines = c.linescores as Line[] | undefined;
    if (!Array.isArray(lines) || lines.length === 0) throw new ReplayRecordingError('A team has no linescores.');
    for (const line of lines) {
      const v = lineValue(line);
      if (!Number.isInteger(v) || v < 0) throw new ReplayRecordingError('A period score is not a whole number.');
    }
    const total = lines.reduce((sum, l) => sum + lineValue(l), 0);
    if (Number(c.score) !== total) throw new ReplayRecordingError('A team’s periods do not add up to its score.');
    return lines.length;
  });
  if (counts[0] !== counts[1]) throw new ReplayRecordingError('The teams have linescores for different periods.');
  return { event, competition, competitors, periods: counts[0] as number };
}

/** The number of periods (overtime included) a recording replays; throws ReplayRecordingError when unusable. */
export function replayPeriods(recording: unknown): number {
  return recordedEvent(recording).periods;
}

function withValue(line: Line, value: number): Line {
  const out: Line = { ...line, value };
  if ('displayValue' in line) out.displayValue = String(value);
  return out;
}

/** The game clock left in a period `fraction` gone, as the feed shows it (m:ss). */
function gameClock(clockMinutes: number, fraction: number): string {
  const left = Math.ceil(clockMinutes * 60 * (1 - fraction));
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
}

/**
 * The scoreboard document the feed gives at `now` for the recorded game replayed from `startsAt`, under
 * `eventId` (the recording's own id when not given). Throws ReplayRecordingError for a recording that is not
 * a usable final (no linescores, periods not adding up to the score, teams with different periods).
 */
export function replayScoreboard(
  recording: unknown,
  opts: { league: ReplayLeague; startsAt: Date; eventId?: string; timeline?: ReplayTimeline },
  now: Date,
): { events: Json[] } {
  const recorded = recordedEvent(structuredClone(recording));
  const { event, competition, competitors, periods } = recorded;
  const timeline = opts.timeline ?? demoTimeline;
  const rules = leagueRules[opts.league];
  const phase = replayPhase(periods, timeline, opts.startsAt, now);
  const startIso = opts.startsAt.toISOString();
  const id = opts.eventId ?? String(event.id);

  event.id = id;
  event.date = startIso;
  if ('uid' in event) event.uid = String(event.uid).replace(/e:[^~]*/, `e:${id}`);
  competition.id = id;
  if ('uid' in competition)
    competition.uid = String(competition.uid)
      .replace(/e:[^~]*/, `e:${id}`)
      .replace(/c:[^~]*/, `c:${id}`);
  competition.date = startIso;
  if ('startDate' in competition) competition.startDate = startIso;

  if (phase.kind !== 'final') {
    const played = phase.kind === 'pre' ? 0 : phase.period;
    for (const c of competitors) {
      const lines = (c.linescores as Line[]).slice(0, played);
      const shown = phase.kind === 'in' ? lines.map((l, i) => (i === played - 1 ? withValue(l, 0) : l)) : lines;
      c.linescores = shown;
      c.score = String(shown.reduce((sum, l) => sum + lineValue(l), 0));
      delete c.winner;
      delete c.statistics;
      delete c.hits;
      delete c.errors;
    }
    const state = phase.kind === 'pre' ? 'pre' : 'in';
    let name = 'STATUS_IN_PROGRESS';
    let detail: string;
    let shortDetail: string;
    if (phase.kind === 'pre') {
      name = 'STATUS_SCHEDULED';
      detail = `${startIso.slice(0, 16).replace('T', ' ')} UTC`;
      shortDetail = detail;
    } else if (phase.kind === 'in') {
      const clock = gameClock(rules.clockMinutes, phase.fraction);
      detail = `${clock} - ${periodName(phase.period, rules.regulation)}`;
      shortDetail = detail;
    } else if (rules.halftime && phase.period === 2) {
      name = 'STATUS_HALFTIME';
      detail = 'Halftime';
      shortDetail = detail;
    } else {
      name = 'STATUS_END_PERIOD';
      detail = `End of ${periodName(phase.period, rules.regulation)}`;
      shortDetail = detail;
    }
    const status = {
      clock: 0,
      displayClock: phase.kind === 'in' ? gameClock(rules.clockMinutes, phase.fraction) : '0:00',
      period: played,
      type: {
        name,
        state,
        completed: false,
        description: state === 'pre' ? 'Scheduled' : phase.kind === 'in' ? 'In Progress' : detail,
        detail,
        shortDetail,
      },
    };
    competition.status = status;
    if ('status' in event) event.status = structuredClone(status);
  }
  return { events: [event] };
}
