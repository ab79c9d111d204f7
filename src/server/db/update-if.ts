import { type SQL, sql } from 'drizzle-orm';
import type { PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * Sets `values` on the rows of `table` that `where` matches, and answers whether it changed any. With the
 * state it sets in `where` (`… is null` for a mark made once), of two calls at once only one answers true.
 */
export async function updateIf<T extends PgTable>(
  q: Db,
  table: T,
  values: PgUpdateSetSource<T>,
  where: SQL | undefined,
): Promise<boolean> {
  const rows = await q.update(table).set(values).where(where).returning({ changed: sql`1` });
  return rows.length > 0;
}
