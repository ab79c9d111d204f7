/**
 * A prepared statement built on first use and kept: drizzle builds the SQL (and node-postgres parses the named
 * statement once per connection) only the first time. Lazy, so a repo bound to a short transaction that never
 * runs the query builds nothing.
 */
export function preparedOnce<T>(build: () => T): () => T {
  let statement: T | undefined;
  return () => {
    if (statement === undefined) statement = build();
    return statement;
  };
}
