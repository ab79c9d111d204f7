import { preloadsOf, type RoutePreloadsManifest, routePreloadsFile } from '../../shared/contracts/route-preloads';

/**
 * Client navigation's side of route-preloads.json (decision 0014, amended by 0028): when the router starts
 * loading another screen, the code chunks that screen needs are asked for together, as the server names them
 * in a screen's HTML, instead of one static import after another. The table is the build's; it is read once,
 * when the browser is idle after the first screen or at the first navigation, whichever comes first. A table
 * that cannot be read leaves navigation as it is (each chunk then fetches its own imports).
 */
export function createScreenPreloads(deps: { fetch: typeof fetch; document: Document }) {
  let table: Promise<RoutePreloadsManifest> | undefined;
  const asked = new Set<string>();
  const read = () => {
    table ??= deps
      .fetch(`/${routePreloadsFile}`, { credentials: 'same-origin' })
      .then((res) => (res.ok ? (res.json() as Promise<RoutePreloadsManifest>) : {}))
      .catch(() => ({}));
    return table;
  };
  return {
    read,
    /** Asks for the chunks of the screen at `pathname` that no earlier call asked for. */
    async preload(pathname: string): Promise<void> {
      const modules = preloadsOf(await read(), pathname)?.modules ?? [];
      for (const href of modules) {
        if (asked.has(href)) continue;
        asked.add(href);
        const link = deps.document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        deps.document.head.append(link);
      }
    },
  };
}
