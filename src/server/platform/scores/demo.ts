import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { demoTimeline, type ReplayLeague, replayFinalAt, replayPeriods, replayScoreboard } from './replay';

/**
 * The demo's recurring games: every 5 minutes on a grid every instance agrees on (the multiples of 5 minutes
 * since the epoch), a recorded real game is replayed as a new game in progress, alternating between the
 * recordings in ./replays. Round `n` starts at n × 5 min and is final 7 minutes later (replay.ts), so from the
 * first round on one game is always being played while the next one waits for its start.
 */
export const demoRoundMs = 5 * 60_000;

export interface DemoRecording {
  league: ReplayLeague;
  /** A file of ./replays: a real final scoreboard with linescores (replays/README.md names its source). */
  file: string;
}

export const demoRecordings: readonly DemoRecording[] = [
  { league: 'nba', file: 'nba-knicks-hornets-2024-01-29.json' },
  { league: 'nhl', file: 'nhl-blue-jackets-capitals-2023-11-18.json' },
];

export interface DemoRound {
  /** Rounds since the epoch: round n starts at n × demoRoundMs. */
  index: number;
  league: ReplayLeague;
  /** The replayed game's event id in the feed (`demo-<index>`). */
  eventId: string;
  startsAt: Date;
  recording: DemoRecording;
}

export function demoRound(index: number): DemoRound {
  const recording = demoRecordings[index % demoRecordings.length] as DemoRecording;
  return {
    index,
    league: recording.league,
    eventId: `demo-${index}`,
    startsAt: new Date(index * demoRoundMs),
    recording,
  };
}

/** The rounds whose game starts in [from, to], earliest first. */
export function demoRoundsStarting(from: Date, to: Date): DemoRound[] {
  const first = Math.ceil(from.getTime() / demoRoundMs);
  const last = Math.floor(to.getTime() / demoRoundMs);
  const rounds: DemoRound[] = [];
  for (let i = Math.max(0, first); i <= last; i++) rounds.push(demoRound(i));
  return rounds;
}

/** A demo round's event is in the feed from this long before its start... */
export const demoListedBeforeMs = 15 * 60_000;
/** ...until this long after its final (long enough for the lifecycle's reads to see the final). */
export const demoListedAfterMs = 10 * 60_000;

export function createDemoReplays(dir: string) {
  const recordings = new Map<string, Promise<unknown>>();
  const load = (file: string) => {
    let json = recordings.get(file);
    if (!json) {
      json = readFile(path.join(dir, file), 'utf8').then((text) => JSON.parse(text) as unknown);
      recordings.set(file, json);
      // A failed read is tried again next time.
      json.catch(() => recordings.delete(file));
    }
    return json;
  };
  return {
    /** The replayed events of a league's demo rounds the feed lists at `now`. */
    async events(league: string, now: Date): Promise<unknown[]> {
      const from = new Date(now.getTime() - demoTimeline.gameMs - demoListedAfterMs);
      const to = new Date(now.getTime() + demoListedBeforeMs);
      const events: unknown[] = [];
      for (const round of demoRoundsStarting(from, to)) {
        if (round.league !== league) continue;
        const recording = await load(round.recording.file);
        const finalAt = replayFinalAt(replayPeriods(recording), demoTimeline, round.startsAt);
        if (now.getTime() > finalAt.getTime() + demoListedAfterMs) continue;
        const doc = replayScoreboard(
          recording,
          { league: round.league, startsAt: round.startsAt, eventId: round.eventId },
          now,
        );
        events.push(...doc.events);
      }
      return events;
    },
  };
}
export type DemoReplays = ReturnType<typeof createDemoReplays>;
