/**
 * The path a request names, as a router would read it at its most permissive: the query and fragment cut,
 * backslashes read as slashes, every percent-escape decoded (repeatedly, so `%2561` is `a`), runs of slashes
 * collapsed, `.` and `..` segments resolved, a trailing slash dropped and letters lower-cased. Security checks that
 * must hold for every spelling of a path compare this, never the raw URL. Undecodable escapes stay as they are
 * (they can only make the path stranger, never turn it into another one).
 */
export function normalizedPath(url: string): string {
  let path = url.split(/[?#]/, 1)[0] ?? '';
  // An absolute-form request target (`GET http://host/api/...`) names a path too.
  const absolute = path.match(/^[a-z][a-z0-9+.-]*:\/\/[^/]*(\/.*)?$/i);
  if (absolute) path = absolute[1] ?? '/';
  for (let i = 0; i < 5 && path.includes('%'); i++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      decoded = path.replace(/%[0-9a-f]{2}/gi, (code) => String.fromCharCode(Number.parseInt(code.slice(1), 16)));
    }
    if (decoded === path) break;
    path = decoded;
  }
  const segments: string[] = [];
  // `;` starts matrix parameters that some routers drop (`/api/admin;x/entries`).
  for (const raw of path.replaceAll('\\', '/').split('/')) {
    const segment = raw.split(';', 1)[0] ?? '';
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`.toLowerCase();
}

/** Whether a path (a route's own pattern or a request's normalized path) is under `prefix` (e.g. `/api/admin`). */
export function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}
