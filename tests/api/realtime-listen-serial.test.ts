import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createPgListener, LISTENER_APPLICATION_NAME } from '../../src/server/db/listener';
import { eventually } from '../support/sse';
import { testDatabaseKind } from '../support/test-db';

/**
 * Channels listened to at once on a connected listener: each LISTEN waits for the one before it on the
 * single connection (a pg client runs one query at a time; pg@9 refuses a second), and every channel hears
 * its notifications. PostgreSQL only: the listener is the server's LISTEN connection.
 */
describe.skipIf(testDatabaseKind !== 'postgres')('LISTENs on the live connection', () => {
  const realQuery = pg.Client.prototype.query;
  afterEach(() => {
    pg.Client.prototype.query = realQuery;
  });

  it('run one after another when many channels are added at once, and each channel hears its own', async () => {
    const url = process.env.TEST_DATABASE_URL ?? '';
    // The most queries a listener connection had under way at any moment.
    let inFlight = 0;
    let most = 0;
    pg.Client.prototype.query = function query(this: pg.Client, ...args: unknown[]) {
      const result = (realQuery as (...a: unknown[]) => unknown).apply(this, args);
      const name = (this as unknown as { connectionParameters: { application_name?: string } }).connectionParameters
        .application_name;
      if (name !== LISTENER_APPLICATION_NAME || !(result instanceof Promise)) return result;
      inFlight += 1;
      most = Math.max(most, inFlight);
      return result.finally(() => {
        inFlight -= 1;
      });
    } as typeof realQuery;

    const listener = createPgListener({ url });
    const suffix = `${process.pid}_${Date.now()}`;
    const heard = new Map<string, string[]>();
    const on = (channel: string) => (payload: string) => heard.set(channel, [...(heard.get(channel) ?? []), payload]);
    try {
      await listener.listen(`fg_first_${suffix}`, on('first'));
      expect(listener.state()).toBe('ok');
      const names = ['a', 'b', 'c', 'd', 'e'];
      await Promise.all(names.map((n) => listener.listen(`fg_${n}_${suffix}`, on(n))));
      expect(most).toBe(1);

      pg.Client.prototype.query = realQuery;
      const sender = new pg.Client({ connectionString: url });
      await sender.connect();
      try {
        for (const n of ['first', ...names]) await sender.query(`select pg_notify($1, $2)`, [`fg_${n}_${suffix}`, n]);
      } finally {
        await sender.end();
      }
      await eventually(async () => heard.size === names.length + 1, 5000, 'every channel notified');
      for (const n of ['first', ...names]) expect(heard.get(n)).toEqual([n]);
    } finally {
      await listener.close();
    }
  });
});
