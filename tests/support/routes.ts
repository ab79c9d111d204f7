import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  /** The route's pattern as registered, e.g. `/api/admin/boards/:slug`. */
  pattern: string;
}

/** Every route the app has (HEAD left out), read from Fastify's own route table. */
export function routeTable(app: FastifyInstance): RouteEntry[] {
  // The table is a tree: each level indents by 4 characters and adds to its parent's path.
  const table = app.printRoutes({ commonPrefix: false });
  const found: RouteEntry[] = [];
  const stack: string[] = [];
  for (const line of table.split('\n')) {
    const m = line.match(/^(.*?)(?:├── |└── )(\S+)(?: \(([^)]+)\))?$/);
    if (!m?.[2]) continue;
    const depth = [...(m[1] ?? '')].length / 4;
    stack.length = depth;
    stack.push(m[2]);
    if (!m[3]) continue;
    const pattern = stack.join('');
    for (const method of m[3].split(',').map((x) => x.trim())) {
      if (method !== 'HEAD') found.push({ method, pattern });
    }
  }
  return found;
}

/** A route's pattern with its parameters filled in (`:slug` and `:id` by the given values, others by `x`). */
export function fillPattern(pattern: string, params: Record<string, string> = {}): string {
  return pattern.replace(/:(\w+)/g, (_m, name: string) => params[name] ?? 'x').replace(/\*$/, 'x');
}
