import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oneRow } from '../../db/one-row';
import { customGameEntries } from '../../db/schema';

export function createBaseballRepo(db: Db) {
  return {
    async insertCustomEntry(row: typeof customGameEntries.$inferInsert) {
      return oneRow(await db.insert(customGameEntries).values(row).returning(), 'custom entry insert');
    },
    customEntriesOf: (userId: string) =>
      db
        .select()
        .from(customGameEntries)
        .where(eq(customGameEntries.userId, userId))
        .orderBy(desc(customGameEntries.createdAt))
        .limit(50),
  };
}
export type BaseballRepo = ReturnType<typeof createBaseballRepo>;
