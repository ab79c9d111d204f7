import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customGameEntries } from '../../db/schema';

export function createBaseballRepo(db: Db) {
  return {
    async insertCustomEntry(row: typeof customGameEntries.$inferInsert) {
      const [created] = await db.insert(customGameEntries).values(row).returning();
      if (!created) throw new Error('custom entry insert returned nothing');
      return created;
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
