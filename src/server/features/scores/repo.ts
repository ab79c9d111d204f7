import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preseasonGames } from '../../db/schema';

/** SQL of the scores feature: the fixed NFL preseason games shown ahead of the feed's (docs/product.md#scores-and-the-ticker). */
export function createScoresRepo(db: Db) {
  return {
    fixedPreseasonGames: () => db.select().from(preseasonGames).orderBy(asc(preseasonGames.sort)),
  };
}
export type ScoresRepo = ReturnType<typeof createScoresRepo>;
