/**
 * The build writes this file next to index.html (decision 0014): for each screen path, the URLs of the
 * code chunks and API documents that screen needs first. The server names them in that screen's HTML. A path
 * with a parameter (`/boards/:slug`) has documents with the same `:slug`, which the server fills in per request.
 */
export const routePreloadsFile = 'route-preloads.json';
export type RoutePreloadsManifest = Record<string, { modules: string[]; data: string[] }>;

type Preloads = RoutePreloadsManifest[string];

/** A path segment a screen path's parameter takes (a board's slug): anything else gets the plain shell. */
const paramValue = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * The preloads of a screen path with a parameter (`/boards/:slug`) for one request path: its documents with the
 * parameter's value from the path (`/api/boards/:slug` becomes `/api/boards/<slug>`), or undefined when the path
 * is not one of the screen's or the value is not a plain segment.
 */
export function preloadsForPath(pattern: string, preloads: Preloads, pathname: string): Preloads | undefined {
  const names = pattern.split('/');
  const parts = pathname.split('/');
  if (names.length !== parts.length) return undefined;
  const values = new Map<string, string>();
  for (const [i, name] of names.entries()) {
    const part = parts[i] ?? '';
    if (!name.startsWith(':')) {
      if (name !== part) return undefined;
    } else if (paramValue.test(part)) values.set(name, part);
    else return undefined;
  }
  const fill = (url: string) => url.replace(/:\w+/g, (name) => values.get(name) ?? name);
  return { modules: preloads.modules, data: preloads.data.map(fill) };
}

/** A screen path's preloads, by its exact path or the first pattern it fits (see preloadsForPath). */
export function preloadsOf(manifest: RoutePreloadsManifest, pathname: string): Preloads | undefined {
  const exact = manifest[pathname];
  if (exact) return exact;
  for (const [pattern, preloads] of Object.entries(manifest)) {
    if (!pattern.includes(':')) continue;
    const own = preloadsForPath(pattern, preloads, pathname);
    if (own) return own;
  }
  return undefined;
}
