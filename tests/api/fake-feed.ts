import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { addFeedDays, feedDay } from '../../src/server/platform/scores';
import type { PrizePeriod } from '../../src/shared/domain/boards';
import { Client } from '../support/http';

/** A recorded scoreboard of tests/support/recorded/espn, parsed. */
export const recordedScoreboard = (name: string) =>
  JSON.parse(readFileSync(path.resolve('tests/support/recorded/espn', `${name}.json`), 'utf8'));

/**
 * A local stand-in for the public scores service: answers one league's scoreboard path (with or without
 * `?dates=`) with the document `body` gives for the requested URL at the time of the request (HTTP 500 when
 * it gives null), 404 for anything else, and keeps every requested URL.
 */
export async function startFakeFeed(scoreboardPath: string, body: (url: string) => string | null) {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const url = req.url ?? '';
    requests.push(url);
    if (url.split('?')[0] !== scoreboardPath) return res.writeHead(404).end();
    const doc = body(url);
    if (doc === null) return res.writeHead(500, { 'content-type': 'text/plain' }).end('upstream broke');
    res.writeHead(200, { 'content-type': 'application/json' }).end(doc);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * Counts the live reads of one league-day (`path?dates=YYYYMMDD`) a lifecycle poll makes. The live poll and the
 * hourly schedule read (today and the next `scheduleDays` days) ask for the same URL when the day is one of
 * those, and the schedule job runs once on a tick that crosses a whole hour of `clock` since the last one.
 */
export function liveReadCounter(feed: { requests: string[] }, url: string, clock: { now(): Date }, scheduleDays = 0) {
  const count = () => feed.requests.filter((u) => u === url).length;
  let lastAt: number | undefined;
  return {
    /** Runs `move` (it moves the clocks on and runs what came due) and answers the live reads it made. */
    async during(move: () => Promise<void>): Promise<number> {
      const from = lastAt ?? clock.now().getTime();
      const before = count();
      await move();
      const to = clock.now().getTime();
      lastAt = to;
      const hourCrossed = Math.floor(to / 3_600_000) > Math.floor(from / 3_600_000);
      const today = feedDay(new Date(to));
      const scheduled = Array.from({ length: scheduleDays + 1 }, (_, d) => addFeedDays(today, d));
      const scheduleRuns = hourCrossed && scheduled.some((day) => url.endsWith(`?dates=${day}`)) ? 1 : 0;
      return count() - before - scheduleRuns;
    },
  };
}

/** An organizer's client, through both admin gate steps. */
export async function signedInAdmin(app: FastifyInstance, address: string): Promise<Client> {
  const admin = new Client(app, address);
  await admin.post('/api/admin-gate/passcode', { passcode: 'fangrid1' });
  await admin.post('/api/admin-gate/phrase', { phrase: 'game day' });
  return admin;
}

/** A free board on a game of the feed's schedule. */
export const feedBoardInput = (
  slug: string,
  feedGame: { league: string; eventId: string },
  prizeTable: PrizePeriod[],
  organization: string,
) => ({
  slug,
  feedGame,
  format: '1v99',
  entryRule: { kind: 'no-amount' },
  prizeTable,
  organization,
  mode: 'sweepstakes',
  paymentRequired: false,
});

export type NhlStage = 'scheduled' | 'postponed' | 'cancelled';
/** Where the postponed game moves: the same time the next day. */
export const nhlNewTime = '2025-09-21T23:00Z';

/** The status type the feed gives a postponed game, as the real feed writes it (state post, not completed). */
export const postponedStatusType = {
  id: '6',
  name: 'STATUS_POSTPONED',
  state: 'post',
  completed: false,
  description: 'Postponed',
  detail: 'Postponed',
  shortDetail: 'Postponed',
};
/** The status type the feed gives a cancelled game, as the real feed writes it (state post, not completed). */
export const cancelledStatusType = {
  id: '5',
  name: 'STATUS_CANCELED',
  state: 'post',
  completed: false,
  description: 'Canceled',
  detail: 'Canceled',
  shortDetail: 'Canceled',
};

/**
 * The recorded NHL schedule of 2025-09-20 (Blues at Stars, 23:00Z, tests/support/recorded/espn/nhl-scheduled.json)
 * at a stage. Changed for the tests: 'postponed' gives the game the feed's postponed status (period 0) and
 * moves it to `nhlNewTime`; 'cancelled' gives it the feed's cancelled status (at that new time).
 */
export function nhlPostponedThenCancelled(stage: NhlStage): string {
  const doc = structuredClone(recordedScoreboard('nhl-scheduled'));
  const event = doc.events[0];
  if (stage !== 'scheduled') {
    event.date = nhlNewTime;
    event.competitions[0].date = nhlNewTime;
    const type = stage === 'postponed' ? postponedStatusType : cancelledStatusType;
    const status = { period: 0, type: { ...type } };
    event.status = status;
    event.competitions[0].status = status;
  }
  return JSON.stringify(doc);
}
