/**
 * The build writes this file next to index.html (decision 0014): for each screen path, the URLs of the
 * code chunks and API documents that screen needs first. The server names them in that screen's HTML. A path
 * with a parameter (`/boards/:slug`) has documents with the same `:slug`, which the server fills in per request.
 */
export const routePreloadsFile = 'route-preloads.json';
export type RoutePreloadsManifest = Record<string, { modules: string[]; data: string[] }>;
