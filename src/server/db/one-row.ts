/**
 * The row a statement that always gives one back returned (INSERT … RETURNING, an upsert). None means a bug,
 * not a user's mistake: thrown as `<what> returned no row`.
 */
export function oneRow<T>(rows: readonly T[], what: string): T {
  const [row] = rows;
  if (row === undefined) throw new Error(`${what} returned no row`);
  return row;
}
