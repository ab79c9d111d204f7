import type { ResponseSchema } from './api-client';

/**
 * Marks a response contract whose check is compiled at build time (docs/decisions/0028). A module under
 * src/web/checks/ exports exactly one `compiledAtBuild(schema)`: in development and tests that is the zod schema
 * itself; `vite build` replaces the whole module with a plain function generated from the schema, so neither
 * zod nor the contract reaches the bundle.
 */
export function compiledAtBuild<T>(schema: ResponseSchema<T>): ResponseSchema<T> {
  return schema;
}

/** A contract check generated at build time, in the shape every API call takes (see compiledAtBuild). */
export function checkedBy<T>(check: (data: unknown) => boolean): ResponseSchema<T> {
  return { safeParse: (data) => (check(data) ? { success: true, data: data as T } : { success: false }) };
}
