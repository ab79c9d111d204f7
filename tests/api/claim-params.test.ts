import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimParams } from '../../src/server/features/boards/entries/claim-sql';
import { createTestApp, type TestContext } from '../support/test-app';
import { testDatabaseKind } from '../support/test-db';

/** The SQL type names PostgreSQL reports for the types claim-sql.ts casts to. */
const reported: Record<string, string> = {
  uuid: 'uuid',
  int: 'integer',
  text: 'text',
  'text[]': 'text[]',
  boolean: 'boolean',
  timestamptz: 'timestamp with time zone',
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe(`fangrid_claim's arguments on ${testDatabaseKind}`, () => {
  it('are declared once for each of the migrated function’s parameters, with its type', async () => {
    const result = await ctx.database.db.execute(
      sql`select pg_get_function_identity_arguments(p.oid) as args, p.pronargdefaults as defaults
            from pg_proc p join pg_namespace n on n.oid = p.pronamespace
           where p.proname = 'fangrid_claim' and n.nspname = 'public'`,
    );
    const rows = (result as unknown as { rows: { args: string; defaults: number }[] }).rows;
    // One function (no older overload left behind), every parameter passed (none has a default).
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]?.defaults)).toBe(0);
    const inDatabase = (rows[0]?.args ?? '').split(', ').map((arg) => {
      const [name, ...type] = arg.split(' ');
      return [name, type.join(' ')];
    });
    const declared = Object.values(claimParams).map(([param, type]) => [param, reported[type.replace('?', '')]]);
    expect(Object.fromEntries(declared)).toEqual(Object.fromEntries(inDatabase));
    expect(declared).toHaveLength(inDatabase.length);
  });
});
