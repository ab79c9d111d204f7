import { and, count, desc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { oneRow } from './one-row';

/** A table of one of a fan's lists: each row belongs to one account (`userId`) and has its `createdAt`. */
export type OwnedListTable = PgTable & { id: PgColumn; userId: PgColumn; createdAt: PgColumn };

/**
 * The SQL of one of a fan's lists, every statement scoped to the owner's user id: the items newest first (then
 * by id), how many there are (for the list's cap), a batch insert, and the removal of one item, which answers
 * false when the fan has no such item.
 */
export function ownedList<T extends OwnedListTable>(db: Db, table: T) {
  type Row = T['$inferSelect'];
  const ofUser = (userId: string) => eq(table.userId, userId);
  return {
    async list(userId: string): Promise<Row[]> {
      const rows = await db
        .select()
        .from(table as PgTable)
        .where(ofUser(userId))
        .orderBy(desc(table.createdAt), desc(table.id));
      return rows as Row[];
    },
    async count(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(table as PgTable)
        .where(ofUser(userId));
      return row?.n ?? 0;
    },
    async insert(rows: Array<T['$inferInsert']>): Promise<Row[]> {
      if (rows.length === 0) return [];
      return (await db
        .insert(table as PgTable)
        .values(rows as never)
        .returning()) as Row[];
    },
    async remove(id: string, userId: string): Promise<boolean> {
      const rows = await db
        .delete(table as PgTable)
        .where(and(eq(table.id, id), ofUser(userId)))
        .returning({ id: table.id });
      return rows.length > 0;
    },
  };
}

/** A table of one row per account (a fan's profile): keyed by the user id, with when it last changed. */
export type OwnedRowTable = PgTable & { userId: PgColumn; updatedAt: PgColumn };

/** The SQL of a fan's one row in a table: read it, and insert or update it with `values` (answering the row after). */
export function ownedRow<T extends OwnedRowTable>(db: Db, table: T) {
  type Row = T['$inferSelect'];
  return {
    async get(userId: string): Promise<Row | undefined> {
      const [row] = await db
        .select()
        .from(table as PgTable)
        .where(eq(table.userId, userId));
      return row as Row | undefined;
    },
    async save(userId: string, values: Partial<Omit<Row, 'userId' | 'updatedAt'>>, now: Date): Promise<Row> {
      const rows = await db
        .insert(table as PgTable)
        .values({ userId, ...values, updatedAt: now } as never)
        .onConflictDoUpdate({ target: table.userId, set: { ...values, updatedAt: now } as never })
        .returning();
      return oneRow(rows, 'upsert') as Row;
    },
  };
}
