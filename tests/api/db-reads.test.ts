import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { readsOn } from '../../src/server/db/reads';
import { createTestDatabase } from '../support/test-db';

/** A read that notes when it starts and ends, around a query that takes a moment on the server. */
function timedRead(q: Database['db'], name: string, log: string[]) {
  return async () => {
    log.push(`start ${name}`);
    const rows = await q.execute(sql`select pg_sleep(0.02), ${name}::text as name`);
    log.push(`end ${name}`);
    return rows;
  };
}

describe('readsOn', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('runs reads in turn inside a transaction, results in the order given', async () => {
    const log: string[] = [];
    const names = await database.db.transaction(async (tx) => {
      const q = tx as unknown as Database['db'];
      const [a, b, c] = await readsOn(tx)([timedRead(q, 'a', log), timedRead(q, 'b', log), timedRead(q, 'c', log)]);
      return [a, b, c].map((r) => (r as unknown as { rows: { name: string }[] }).rows[0]?.name);
    });
    expect(names).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('starts every read at once on the pool', async () => {
    const log: string[] = [];
    await readsOn(database.db)([timedRead(database.db, 'a', log), timedRead(database.db, 'b', log)]);
    expect(log.slice(0, 2)).toEqual(['start a', 'start b']);
  });
});
