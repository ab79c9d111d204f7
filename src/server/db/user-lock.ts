import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** A transaction handle; it runs the same queries as `Db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Key space of the per-account list locks (the two-integer advisory lock form, apart from board locks). */
const USER_LISTS_LOCK = 7001;

/**
 * Runs `work` in a transaction holding this account's list lock, on any server instance: a fan's capped
 * lists (favorites, trophy case, achievements, trophies, tracked games) and the one-time import are
 * changed one request at a time, so two concurrent adds can never pass a limit together.
 */
export function withUserListsLock<T>(db: Db, userId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${USER_LISTS_LOCK}::int, hashtext(${userId}))`);
    return work(tx);
  });
}
