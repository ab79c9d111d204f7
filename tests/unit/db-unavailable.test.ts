import net from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { isDatabaseUnavailable, unavailableCause } from '../../src/server/db/unavailable';
import { AppError } from '../../src/server/http/errors';
import { type DbProxy, startDbProxy } from '../support/db-proxy';

/**
 * The one test of "is this a lost database?", over errors made for real: pg and pg-pool against a port nothing
 * listens on, a proxy that drops connections, a stand-in server that answers the startup with a FATAL SQLSTATE,
 * Drizzle's wrapper around them, and a closed PGlite. Faults of a query or of FanGrid must not count.
 */

/** A port nothing listens on (bound, then released). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A stand-in PostgreSQL server: after the startup message it answers an ErrorResponse with `code`, as a server
 * that is shutting down (57P01), starting (57P03), full (53300) or refusing a login (28P01) does; `severity`
 * ERROR lets the connection stay (so a later query can fail with a plain SQL error).
 */
async function fakeServer(code: string | null, message = ''): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.once('data', () => {
      if (code === null) {
        // AuthenticationOk, then ReadyForQuery (idle): the client is connected.
        const ok = Buffer.alloc(15);
        ok.write('R', 0, 'latin1');
        ok.writeInt32BE(8, 1);
        ok.writeInt32BE(0, 5);
        ok.write('Z', 9, 'latin1');
        ok.writeInt32BE(5, 10);
        ok.write('I', 14, 'latin1');
        socket.write(ok);
        return;
      }
      const fields = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0\0`, 'utf8');
      const head = Buffer.alloc(5);
      head.write('E', 0, 'latin1');
      head.writeInt32BE(fields.length + 4, 1);
      socket.end(Buffer.concat([head, fields]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `postgres://fan@127.0.0.1:${port}/fangrid`,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** What a pool on `url` throws for one query (pool ended afterwards). */
async function poolError(url: string, options: pg.PoolConfig = {}): Promise<unknown> {
  const pool = new pg.Pool({ connectionString: url, ...options });
  pool.on('error', () => {});
  try {
    await pool.query('select 1');
  } catch (err) {
    return err;
  } finally {
    await pool.end().catch(() => {});
  }
  throw new Error('the query succeeded');
}

let refusedUrl = '';
let proxy: DbProxy;

beforeAll(async () => {
  refusedUrl = `postgres://fan@127.0.0.1:${await freePort()}/fangrid`;
  // A proxy to a port nothing listens on, cut: it accepts and drops each connection.
  proxy = await startDbProxy({ host: '127.0.0.1', port: await freePort() });
  proxy.cut();
});
afterAll(async () => {
  await proxy.close();
});

describe('a database that cannot be reached is recognised', () => {
  const seen: string[] = [];
  afterAll(() => {
    const real = seen.filter((name) => !name.endsWith('(as worded)')).length;
    console.log(
      `db-unavailable: ${seen.length} outage shapes recognised, ${real} produced for real: ${seen.join(', ')}`,
    );
  });
  const expectUnavailable = (name: string, err: unknown, expected: { code?: string; message?: RegExp }) => {
    const cause = unavailableCause(err);
    expect(cause, `${name}: ${String(err)}`).toBeDefined();
    if (expected.code) expect(cause?.code).toBe(expected.code);
    if (expected.message) expect(cause?.message).toMatch(expected.message);
    expect(isDatabaseUnavailable(err)).toBe(true);
    seen.push(name);
  };

  it('connection refused (pg pool, and a pg client), also under Drizzle', async () => {
    const fromPool = await poolError(refusedUrl);
    expect((fromPool as { code?: string }).code).toBe('ECONNREFUSED');
    expectUnavailable('pool ECONNREFUSED', fromPool, { code: 'ECONNREFUSED' });

    const client = new pg.Client({ connectionString: refusedUrl });
    const fromClient = await client.connect().then(
      () => null,
      (err: unknown) => err,
    );
    expectUnavailable('client ECONNREFUSED', fromClient, { code: 'ECONNREFUSED' });

    const pool = new pg.Pool({ connectionString: refusedUrl });
    const fromDrizzle = await drizzle(pool)
      .execute(sql`select ${'+12025550191'}::text`)
      .then(
        () => null,
        (err: unknown) => err,
      );
    await pool.end();
    expect((fromDrizzle as Error).constructor.name).toBe('DrizzleQueryError');
    expectUnavailable('Drizzle over ECONNREFUSED', fromDrizzle, { code: 'ECONNREFUSED' });
    // What a warning names is the driver's error, never Drizzle's message with the query and its parameters.
    expect(JSON.stringify(unavailableCause(fromDrizzle))).not.toContain('2025550191');
  });

  it('a connection dropped by the network (Connection terminated unexpectedly), and an idle client lost', async () => {
    const err = await poolError(proxy.urlFor(refusedUrl));
    expectUnavailable('connection dropped', err, { message: /^Connection terminated unexpectedly$/ });
  });

  it('no connection within the pool timeout', async () => {
    // A server that accepts and never answers: the connection attempt times out (pg-pool wraps the cause).
    const silent = net.createServer((socket) => socket.on('error', () => {}));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const err = await poolError(`postgres://fan@127.0.0.1:${port}/fangrid`, { connectionTimeoutMillis: 1 });
    silent.close();
    expectUnavailable('connection timeout', err, { message: /^Connection terminated due to connection timeout$/ });

    // The pool's only client is busy and none is free within connectionTimeoutMillis.
    const ready = await fakeServer(null);
    const busy = new pg.Pool({ connectionString: ready.url, max: 1, connectionTimeoutMillis: 1000 });
    busy.on('error', () => {});
    const held = await busy.connect();
    const waitingPool = busy as unknown as { options: { connectionTimeoutMillis: number } };
    waitingPool.options.connectionTimeoutMillis = 1;
    const waited = await busy.connect().then(
      () => null,
      (e: unknown) => e,
    );
    held.release(true);
    await busy.end().catch(() => {});
    await ready.close();
    expectUnavailable('pool wait timeout', waited, { message: /^timeout exceeded when trying to connect$/ });
  });

  it("the app's pool gives up after the URL's connect_timeout on a host that never answers (not the TCP timeout)", async () => {
    // A real 1 s wait: pg's timer is not on FanGrid's clock. Without the setting this would wait minutes.
    const silent = net.createServer((socket) => socket.on('error', () => {}));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const database = await openDatabase({
      kind: 'postgres',
      url: `postgres://fan@127.0.0.1:${port}/fangrid?connect_timeout=1`,
      listener: { wait: (_ms, signal) => new Promise((resolve) => signal.addEventListener('abort', () => resolve())) },
    });
    const started = performance.now();
    const err = await database.db.execute(sql`select 1`).then(
      () => null,
      (e: unknown) => e,
    );
    const waitedMs = performance.now() - started;
    await database.close();
    silent.close();
    expectUnavailable('app pool connect_timeout', err, {
      message: /^Connection terminated due to connection timeout$/,
    });
    expect(waitedMs).toBeLessThan(5000);
  });

  it.each([
    ['57P01', 'terminating connection due to administrator command'],
    ['57P02', 'terminating connection due to crash of another server process'],
    ['57P03', 'the database system is starting up'],
    ['53300', 'sorry, too many clients already'],
    ['08006', 'connection failure'],
    ['08001', 'could not establish connection'],
  ])('the server answers %s (%s)', async (code, message) => {
    const server = await fakeServer(code, message);
    try {
      const err = await poolError(server.url);
      expect((err as { code?: string }).code).toBe(code);
      expectUnavailable(`SQLSTATE ${code}`, err, { code });
    } finally {
      await server.close();
    }
  });

  it('a pool used after it was ended (a process shutting down)', async () => {
    const pool = new pg.Pool({ connectionString: refusedUrl });
    await pool.end();
    const err = await pool.query('select 1').then(
      () => null,
      (e: unknown) => e,
    );
    expectUnavailable('ended pool', err, { message: /after calling end/ });
  });

  it('a closed or closing PGlite (the API outage test closes a real one)', () => {
    // PGlite's _checkReady throws these; a real instance takes seconds to start, so tests/api/outage.test.ts
    // checks the real one on its PGlite run.
    expectUnavailable('closed PGlite (as worded)', new Error('PGlite is closed'), { message: /^PGlite is closed$/ });
    expectUnavailable('closing PGlite (as worded)', new Error('PGlite is closing'), { message: /^PGlite is closing$/ });
  });

  it('an AggregateError of a host with several addresses', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' });
    expectUnavailable('AggregateError (as worded)', new AggregateError([refused], ''), { code: 'ECONNREFUSED' });
  });
});

describe('faults that are not an outage are left alone', () => {
  it.each([
    ['28P01', 'password authentication failed for user "fan"'],
    ['3D000', 'database "fangrid" does not exist'],
  ])('a login the server refuses (%s) is a configuration fault, not an outage', async (code, message) => {
    const server = await fakeServer(code, message);
    try {
      const err = await poolError(server.url);
      expect((err as { code?: string }).code).toBe(code);
      expect(isDatabaseUnavailable(err)).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('SQL errors, FanGrid errors, programming errors and non-errors', () => {
    const sqlError = (code: string) => Object.assign(new Error('x'), { code, severity: 'ERROR' });
    const circular: { message: string; cause?: unknown } = { message: 'loop' };
    circular.cause = circular;
    for (const err of [
      sqlError('23505'), // unique violation
      sqlError('42601'), // syntax error
      sqlError('40001'), // serialization failure: retry the transaction, not the database
      sqlError('22P02'), // invalid text representation
      Object.assign(new Error('Failed query: select 1'), { cause: sqlError('42P01') }),
      new AppError(409, 'BOARD_FULL', 'Board full'),
      new TypeError('x is not a function'),
      new Error('Connection to Stripe failed'),
      circular,
      null,
      undefined,
      'ECONNREFUSED',
      { code: 80006 },
    ]) {
      expect(isDatabaseUnavailable(err), String(err)).toBe(false);
    }
  });
});
