/** The `:name` parameters of a route pattern, in order, as the builder's arguments. */
type ParamsOf<P extends string> = P extends `${string}:${string}/${infer Rest}`
  ? [string, ...ParamsOf<Rest>]
  : P extends `${string}:${string}`
    ? [string]
    : [];

/** A path with parameters: call it for a URL (each argument percent-encoded); its `pattern` is the route's. */
export type PathOf<P extends string> = ((...params: ParamsOf<P>) => string) & { readonly pattern: P };

/**
 * A path with `:name` parameters, written once as the route pattern the server registers
 * (`pathOf('/api/boards/:slug')`); calling it fills the parameters in order (`board('a b')` is `/api/boards/a%20b`).
 */
export function pathOf<const P extends string>(pattern: P): PathOf<P> {
  const build = (...params: string[]) => {
    let i = 0;
    return pattern.replace(/:\w+/g, () => encodeURIComponent(params[i++] ?? ''));
  };
  return Object.assign(build, { pattern }) as PathOf<P>;
}

/** A path built some other way (with a query, a number) whose route is `pattern`. */
export function withPattern<F extends (...args: never[]) => string, const P extends string>(
  build: F,
  pattern: P,
): F & { readonly pattern: P } {
  return Object.assign(build, { pattern });
}
