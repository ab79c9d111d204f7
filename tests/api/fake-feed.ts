import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { PrizePeriod } from '../../src/shared/domain/boards';
import { Client } from '../support/http';

/** A recorded scoreboard of tests/support/recorded/espn, parsed. */
export const recordedScoreboard = (name: string) =>
  JSON.parse(readFileSync(path.resolve('tests/support/recorded/espn', `${name}.json`), 'utf8'));

/**
 * A local stand-in for the public scores service: answers one league's scoreboard path (with or without
 * `?dates=`) with the document `body` gives at the time of the request (HTTP 500 when it gives null), 404 for
 * anything else, and keeps every requested URL.
 */
export async function startFakeFeed(scoreboardPath: string, body: () => string | null) {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const url = req.url ?? '';
    requests.push(url);
    if (url.split('?')[0] !== scoreboardPath) return res.writeHead(404).end();
    const doc = body();
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
  paymentRequired: false,
});
