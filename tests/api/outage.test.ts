import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { type Database, openDatabase } from '../../src/server/db/client';
import { seedDemoContent } from '../../src/server/db/seed';
import { seedDemoBoards } from '../../src/server/db/seed/boards';
import { databaseUnavailableMessage, unavailableRetryAfterSeconds } from '../../src/server/http/errors';
import { fixedClock } from '../../src/server/platform/clock';
import { apiPaths } from '../../src/shared/contracts/paths';
import { signedInFan } from '../support/accounts';
import { type DbProxy, startDbProxy } from '../support/db-proxy';
import { fictionPhone } from '../support/fiction-phones.mjs';
import { Client, ORIGIN } from '../support/http';
import { eventually } from '../support/sse';
import { createTestDatabase, testDatabaseKind } from '../support/test-db';

/**
 * Issue 35 item 6: while the database cannot be reached, every route that needs it answers 503 UNAVAILABLE with
 * Retry-After (never 500), `/api/health/live` stays 200, and once the database is back an entry goes through.
 *
 * On PostgreSQL the app reaches its database through a TCP proxy the test cuts (every connection dropped, each
 * new one closed at once) and restores, so no other test file's database is touched. Each request during the cut
 * is known to have tried the database when the proxy saw a new connection meanwhile (the pool's connections
 * were cut, and the listener's reconnections are held by the test). On PGlite, which has no connection to cut,
 * the database is closed under the app instead: the walk runs the same, but the database cannot come back.
 */
const onPostgres = testDatabaseKind === 'postgres';
const board = 'thunder-timberwolves';
const clock = fixedClock('2025-06-11T16:00:00Z');

let direct: Database;
let database: Database;
let app: FastifyInstance;
let proxy: DbProxy | undefined;
const routes: Array<{ method: string; url: string }> = [];
/** The listener's reconnection waits, held while the database is cut and let go when it is back. */
const heldWaits: Array<() => void> = [];
let releaseWaits = false;
let fan: Client;
let admin: Client;
let entrySeq = 0;

function entryBody() {
  entrySeq += 1;
  return {
    phone: fictionPhone(entrySeq),
    nickname: `Outage${entrySeq}`,
    amountCents: 100,
    ageConfirmed: true,
    rulesAccepted: true,
    state: 'OH',
    idempotencyKey: `outage-entry-${entrySeq}`,
  };
}

async function currentDatabaseUrl(db: Database): Promise<string> {
  const res = (await db.db.execute('select current_database() as name')) as unknown as {
    rows: Array<{ name: string }>;
  };
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${res.rows[0]?.name}`;
  return url.toString();
}

beforeAll(async () => {
  direct = await createTestDatabase();
  await seedDemoContent(direct.db);
  await seedDemoBoards(direct.db, clock, () => 'ef'.repeat(32));
  if (onPostgres) {
    const url = new URL(await currentDatabaseUrl(direct));
    proxy = await startDbProxy({ host: url.hostname, port: Number(url.port || 5432) });
    database = await openDatabase({
      kind: 'postgres',
      url: proxy.urlFor(url.toString()),
      max: 4,
      listener: {
        random: () => 0,
        wait: (_ms, signal) =>
          releaseWaits
            ? Promise.resolve()
            : new Promise<void>((resolve) => {
                heldWaits.push(resolve);
                signal.addEventListener('abort', () => resolve(), { once: true });
              }),
      },
    });
  } else {
    database = direct;
  }
  app = await buildApp({
    database,
    clock,
    logger: false,
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
    },
  });
  await app.ready();
  fan = await signedInFan(database.db, new Client(app, '10.35.0.1'), {
    email: 'outage-fan@example.com',
    name: 'Outage Fan',
    phone: '+12125550105',
  });
  admin = new Client(app, '10.35.0.2');
  expect((await admin.post('/api/admin-gate/passcode', { passcode: 'fangrid1' })).statusCode).toBe(200);
  expect((await admin.post('/api/admin-gate/phrase', { phrase: 'game day' })).statusCode).toBe(200);
});

afterAll(async () => {
  releaseWaits = true;
  for (const release of heldWaits.splice(0)) release();
  await app?.close();
  if (database !== direct) await database?.close();
  await proxy?.close();
  await direct?.close();
});

/** Cuts the database off: the proxy drops every connection (PostgreSQL), or the database is closed (PGlite). */
async function cut() {
  if (proxy) proxy.cut();
  else await database.close();
}

const fill = (url: string) =>
  url.replace(/:(\w+)/g, (_m, name: string) => (name === 'slug' ? board : 'plain')).replace(/\*$/, 'plain');

function expectUnavailable(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(503);
  expect(res.headers['retry-after'], what).toBe(String(unavailableRetryAfterSeconds));
  expect(res.json(), what).toEqual({ error: { code: 'UNAVAILABLE', message: databaseUnavailableMessage } });
}

describe(`a database outage answers 503 UNAVAILABLE (${testDatabaseKind})`, () => {
  it('works before the cut: an entry, the fan, the admin', async () => {
    const res = await new Client(app, '10.35.1.1').post(`/api/boards/${board}/entries`, entryBody());
    expect(res.statusCode, res.body).toBe(201);
    expect((await fan.get(apiPaths.me)).json().user?.email).toBe('outage-fan@example.com');
    expect((await admin.get('/api/admin/entries')).statusCode).toBe(200);
  });

  it('while cut: an entry, sign-in, sign-up, the session and the admin answer 503; liveness 200, readiness 503', async () => {
    await cut();
    // The failing case of the issue: an entry sent while the database is down (was 500 INTERNAL).
    expectUnavailable(
      await new Client(app, '10.35.1.2').post(`/api/boards/${board}/entries`, entryBody()),
      'entry POST',
    );
    expectUnavailable(await fan.post(`/api/boards/${board}/entries`, entryBody()), 'entry POST by a signed-in fan');
    expectUnavailable(await new Client(app, '10.35.1.3').get(`/api/boards/${board}`), 'board view');
    expectUnavailable(
      await new Client(app, '10.35.1.4').post('/api/auth/sign-in/email', {
        email: 'outage-fan@example.com',
        password: 'whatever-1',
      }),
      'sign-in',
    );
    expectUnavailable(
      await new Client(app, '10.35.1.5').post('/api/auth/sign-up/email', {
        email: 'new-fan@example.com',
        password: 'Squares-2025!',
        name: 'New Fan',
        phone: '+12125550106',
      }),
      'sign-up',
    );
    // Better Auth's session lookup hides the cause (500 FAILED_TO_GET_SESSION): the error handler's probe finds it.
    expectUnavailable(await fan.get(apiPaths.me), 'me (Better Auth session lookup)');
    // Sign-out goes through Better Auth's handler, which clears the cookie even when it cannot delete the session
    // row (it catches that itself): 200, not an error, and not a 500.
    const signOut = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      payload: {},
      headers: { origin: ORIGIN, cookie: fan.cookieHeader },
    });
    expect(signOut.statusCode, signOut.body).toBe(200);
    expectUnavailable(await admin.get('/api/admin/entries'), 'admin (admin session lookup in a hook)');

    const live = await app.inject({ method: 'GET', url: apiPaths.healthLive });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: apiPaths.healthReady });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'error', database: 'unreachable' });
  });

  it('while cut: walks the route table anonymously, as a fan and as the admin; no route answers 500', async () => {
    expect(routes.length).toBeGreaterThan(50);
    const tally = {
      requests: 0,
      unavailable: 0,
      readiness: 0,
      signOutOk: 0,
      triedDatabase: 0,
      other: new Map<number, number>(),
    };
    const readiness = new Set<string>([apiPaths.healthReady, apiPaths.health]);
    // The one route that answers 200 without its database: Better Auth's sign-out clears the cookie even when it
    // cannot delete the session row (it catches that itself; the row expires on its own).
    const signOutPath = '/api/auth/sign-out';
    const offenders: string[] = [];
    // Raw requests with each caller's cookies as they were (a sign-out in the walk must not sign the walk out).
    for (const [ip, cookie] of [
      ['10.35.2.1', ''],
      ['10.35.2.2', fan.cookieHeader],
      ['10.35.2.3', admin.cookieHeader],
    ] as const) {
      for (const route of routes) {
        const url = fill(route.url);
        const before = proxy?.stats().accepted ?? 0;
        const res = await app.inject({
          method: route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
          url,
          remoteAddress: ip,
          headers: { origin: ORIGIN, cookie },
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        const tried = (proxy?.stats().accepted ?? 0) > before;
        tally.requests += 1;
        if (tried) tally.triedDatabase += 1;
        const what = `${route.method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (readiness.has(route.url)) {
          // Readiness answers its own 503 (database unreachable) as before: a load balancer reads it.
          expect(res.statusCode, what).toBe(503);
          expect(res.json(), what).toMatchObject({ status: 'error', database: 'unreachable' });
          tally.readiness += 1;
        } else if (res.statusCode >= 500) {
          if (
            res.statusCode !== 503 ||
            res.headers['retry-after'] !== String(unavailableRetryAfterSeconds) ||
            res.json().error?.code !== 'UNAVAILABLE'
          ) {
            offenders.push(what);
          }
          tally.unavailable += 1;
        } else {
          tally.other.set(res.statusCode, (tally.other.get(res.statusCode) ?? 0) + 1);
          // On PostgreSQL, a request that tried the database and did not get the 503 got through without it.
          if (route.url === signOutPath && res.statusCode === 200 && tried) tally.signOutOk += 1;
          else if (tried) {
            offenders.push(`tried the database but answered: ${what}`);
          }
        }
      }
    }
    console.log(
      `outage walk (${testDatabaseKind}): ${tally.requests} requests over ${routes.length} routes × 3 callers; ` +
        `${tally.unavailable}×503 UNAVAILABLE with Retry-After, ${tally.readiness}×503 readiness, 0×500; ` +
        (proxy
          ? `${tally.triedDatabase} tried the database (${tally.unavailable} UNAVAILABLE, ${tally.readiness} readiness, ${tally.signOutOk} sign-out 200); `
          : '') +
        `others: ${[...tally.other].map(([s, n]) => `${n}×${s}`).join(', ')}`,
    );
    expect(offenders).toEqual([]);
    expect(tally.unavailable).toBeGreaterThan(routes.length);
    // On PostgreSQL each of those 503s followed a real attempt to reach the database (none was guessed).
    if (proxy) expect(tally.triedDatabase).toBe(tally.unavailable + tally.readiness + tally.signOutOk);
  });

  it.skipIf(!onPostgres)(
    'when the database is back, an entry succeeds and readiness returns to 200 (PostgreSQL only: a closed PGlite stays closed)',
    async () => {
      proxy?.restore();
      releaseWaits = true;
      for (const release of heldWaits.splice(0)) release();
      const res = await new Client(app, '10.35.3.1').post(`/api/boards/${board}/entries`, entryBody());
      expect(res.statusCode, res.body).toBe(201);
      expect((await fan.get(apiPaths.me)).json().user?.email).toBe('outage-fan@example.com');
      await eventually(
        async () => (await app.inject({ method: 'GET', url: apiPaths.healthReady })).statusCode === 200,
        10_000,
        'readiness 200',
      );
    },
  );
});
