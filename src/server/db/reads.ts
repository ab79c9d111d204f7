import { PgTransaction } from 'drizzle-orm/pg-core';

type Reads<T extends readonly unknown[]> = { [K in keyof T]: () => Promise<T[K]> };

/**
 * Runs independent reads on `q`: side by side on a pool (each read takes its own connection), one after
 * another inside a transaction, whose single client runs one query at a time (pg refuses a second query
 * sent while the first runs).
 */
export function readsOn(q: unknown) {
  const serial = q instanceof PgTransaction;
  return async function readAll<T extends readonly unknown[]>(reads: Reads<T>): Promise<T> {
    if (!serial) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
    const out: unknown[] = [];
    for (const read of reads) out.push(await read());
    return out as unknown as T;
  };
}
