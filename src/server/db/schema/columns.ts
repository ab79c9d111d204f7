import type { BuildExtraConfigColumns } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  type PgColumnBuilderBase,
  type PgTableExtraConfigValue,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * Column groups that many tables share. Each call makes fresh column builders, so a table spreads or
 * calls them without sharing state with another table. The database is the same as with the columns
 * written out: `npx drizzle-kit generate` finds nothing to migrate.
 */

/** A random UUID primary key named `id`. */
export const id = () => uuid('id').primaryKey().defaultRandom();

/** A point in time stored with its time zone. */
export const at = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was written; the server sets it from its clock. */
export const createdAt = () => at('created_at').notNull();

/** When the row last changed; the server sets it from its clock. */
export const updatedAt = () => at('updated_at').notNull();

/** The account a row belongs to: required, and the row goes with the account. */
export const ownerId = () =>
  text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });

/** The account a one-per-account row belongs to: its primary key, and the row goes with the account. */
export const ownerKey = () =>
  text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' });

/** The signed-in account that made the row, if any; kept (as null) when the account is deleted. */
export const madeBy = () => text('user_id').references(() => user.id, { onDelete: 'set null' });

/**
 * A check that `column` holds one of `values`: the database's own line behind a column declared with
 * `text(name, { enum: values })`, both from the one list.
 */
export const checkOneOf = (name: string, column: AnyPgColumn, values: readonly string[]) =>
  check(name, sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`);

const ownedListColumns = <TColumns extends Record<string, PgColumnBuilderBase>>(columns: TColumns) => ({
  id: id(),
  userId: ownerId(),
  ...columns,
  createdAt: createdAt(),
});

/**
 * A list an account keeps (trophies, achievements, tracked games): `id`, the owner, the table's own
 * columns, `created_at`, and the index `<name>_user_idx` that lists one account's rows by age. `extra`
 * adds the table's checks after that index.
 */
export function ownedListTable<TName extends string, TColumns extends Record<string, PgColumnBuilderBase>>(
  name: TName,
  columns: TColumns,
  extra: (
    t: BuildExtraConfigColumns<TName, ReturnType<typeof ownedListColumns<TColumns>>, 'pg'>,
  ) => PgTableExtraConfigValue[] = () => [],
) {
  return pgTable(name, ownedListColumns(columns), (t) => [
    index(`${name}_user_idx`).on(t.userId, t.createdAt),
    ...extra(t),
  ]);
}
