import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** The row of `table` that `where` finds (by its key), or undefined when there is none. */
export async function findRow<T extends PgTable>(
  q: Db,
  table: T,
  where: SQL | undefined,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await q
    .select()
    .from(table as PgTable)
    .where(where);
  return row as T['$inferSelect'] | undefined;
}
