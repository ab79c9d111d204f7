import type { Db } from '../../db/client';
import { oneRow } from '../../db/one-row';
import { uploads } from '../../db/schema';

export function createUploadsRepo(db: Db) {
  return {
    async insert(row: typeof uploads.$inferInsert) {
      return oneRow(await db.insert(uploads).values(row).returning(), 'upload insert');
    },
  };
}
export type UploadsRepo = ReturnType<typeof createUploadsRepo>;
