import type { Db } from '../../db/client';
import { uploads } from '../../db/schema';

export function createUploadsRepo(db: Db) {
  return {
    async insert(row: typeof uploads.$inferInsert) {
      const [created] = await db.insert(uploads).values(row).returning();
      if (!created) throw new Error('upload insert returned nothing');
      return created;
    },
  };
}
export type UploadsRepo = ReturnType<typeof createUploadsRepo>;
