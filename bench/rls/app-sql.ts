// The app's own SQL for the statements the RLS benchmark times, built by its repos rather than copied: the
// fan's board lookup and budgeted claim (features/boards), and the organizer's entries page (features/admin).
// Each statement is built by a repo over a client that records the query instead of sending it.
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../../src/server/db/schema';
import { createAdminRepo } from '../../src/server/features/admin/repo';
import { createBoardReads } from '../../src/server/features/boards/board-reads';
import { createEntryClaimsRepo } from '../../src/server/features/boards/entries/claims-repo';
import { countValues } from '../../src/server/platform/rate-limit';

/** A query as node-postgres is given it. */
export interface Statement {
  name?: string;
  text: string;
  values: unknown[];
  rowMode?: string;
}

class Recorded extends Error {
  constructor(readonly statement: Statement) {
    super('recorded');
  }
}

const recorder = {
  query(config: Statement, values?: unknown[]) {
    throw new Recorded({
      name: config.name,
      text: config.text,
      values: values ?? config.values ?? [],
      rowMode: config.rowMode,
    });
  },
};
const db = drizzle(recorder as never, { schema });
const reads = createBoardReads(db as never);
const claims = createEntryClaimsRepo(db as never);

async function record(run: () => Promise<unknown>): Promise<Statement> {
  try {
    await run();
  } catch (error) {
    const cause = error instanceof Error ? error.cause : undefined;
    if (error instanceof Recorded) return error.statement;
    if (cause instanceof Recorded) return cause.statement;
    throw error;
  }
  throw new Error('the repo sent no query');
}

/** The fan's board lookup by slug (board-reads findBoard). */
export const findBoardStatement = (slug: string) => record(() => reads.findBoard(slug));

/** One claim on a 1v99 board as the entry route makes it: counted against its address's budget, one call. */
export interface Claim {
  boardId: string;
  phone: string;
  nickname: string;
  code: string;
  ticket: string;
  key: string;
  address: string;
}

export const claimStatement = (c: Claim) =>
  record(() =>
    claims.claim({
      entry: {
        boardId: c.boardId,
        phone: c.phone,
        nickname: c.nickname,
        amountCents: 100,
        ticketNumber: c.ticket,
        idempotencyKey: c.key,
        createdAt: new Date(),
      },
      codes: [c.code],
      cellCount: 1,
      capacity: 100,
      budget: countValues(`entry:${c.address}`, { max: 1000, windowMs: 60_000 }, new Date()),
    }),
  );

/** The organizer's entries page (admin repo entriesPage): with the organization's filter, or without any. */
export const entriesPageStatement = (organizationId: string | null) => {
  const scope = organizationId ? { organizationId } : {};
  const query = createAdminRepo(db as never, undefined, scope)
    .entriesPage({ limit: 50 })
    .toSQL();
  return { text: query.sql, values: query.params } satisfies Statement;
};
