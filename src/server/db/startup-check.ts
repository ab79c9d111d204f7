import pg from 'pg';

/**
 * A wrong DATABASE_URL stops the start with one line saying what failed (the host and port, the user or the
 * database it names), never the password and never a stack trace.
 */

/** PostgreSQL could not be reached or used; the message is the one line to print. */
export class DatabaseUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseUnavailableError';
  }
}

/** How long the start waits for PostgreSQL to answer, unless the URL says (`?connect_timeout=` seconds). */
export const defaultConnectTimeoutMs = 10_000;

/** What a DATABASE_URL names, for messages: host:port, user and database; never the password. */
export function databaseTarget(url: string): { address: string; user: string; database: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { address: 'the configured address', user: '', database: '' };
  }
  const host = parsed.searchParams.get('host') ?? (decodeURIComponent(parsed.hostname) || 'localhost');
  const port = parsed.port || '5432';
  return {
    address: host.startsWith('/') ? `${host} (socket, port ${port})` : `${host}:${port}`,
    user: decodeURIComponent(parsed.username),
    database: decodeURIComponent(parsed.pathname.replace(/^\//, '')),
  };
}

/** The URL's `connect_timeout` (seconds, as libpq reads it) in milliseconds, or the default. */
export function connectTimeoutMs(url: string): number {
  try {
    const seconds = Number(new URL(url).searchParams.get('connect_timeout'));
    return Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : defaultConnectTimeoutMs;
  } catch {
    return defaultConnectTimeoutMs;
  }
}

const networkProblems: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name could not be resolved',
  EAI_NONAME: 'host not found',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ECONNRESET: 'connection reset by the server',
  EPIPE: 'connection closed by the server',
  ENOENT: 'no such socket',
  EACCES: 'permission denied',
};

/** The error and its causes, outermost first (the ORM wraps the driver's error in `cause`). */
function chain(err: unknown): Array<Error & { code?: unknown; errors?: unknown }> {
  const out: Array<Error & { code?: unknown; errors?: unknown }> = [];
  let current: unknown = err;
  while (current instanceof Error && out.length < 10) {
    out.push(current);
    // A connection attempt to every address of a host fails as one AggregateError.
    const inner = (current as { errors?: unknown }).errors;
    if (Array.isArray(inner) && inner[0] instanceof Error) out.push(inner[0]);
    current = (current as { cause?: unknown }).cause;
  }
  return out;
}

/** `line` with the URL's password, should it appear anywhere in it, blotted out. */
function withoutPassword(line: string, url: string): string {
  let password = '';
  try {
    password = decodeURIComponent(new URL(url).password);
  } catch {}
  return password ? line.replaceAll(password, '****') : line;
}

/**
 * One line saying why PostgreSQL at `url` could not be reached or refused us, or null when `err` is not
 * about that (a bug elsewhere keeps its stack). `timedOut`: the attempt was given up after that many ms.
 */
export function databaseProblem(err: unknown, url: string, timedOut?: number): string | null {
  const line = describe(err, url, timedOut);
  return line === null ? null : withoutPassword(line, url);
}

function describe(err: unknown, url: string, timedOut?: number): string | null {
  const { address, user, database } = databaseTarget(url);
  const cannotConnect = (why: string) => `cannot connect to PostgreSQL at ${address} (${why})`;
  if (timedOut !== undefined) return cannotConnect(`no answer within ${Math.round(timedOut / 1000)} s`);
  for (const e of chain(err)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (networkProblems[code]) return cannotConnect(networkProblems[code]);
    switch (code) {
      case '28P01':
        return `PostgreSQL at ${address} refused the password of user "${user}" (password authentication failed)`;
      case '28000':
        // A role the server does not have reads like a missing database: which one, and where.
        if (/^role ".*" does not exist$/.test(e.message)) return `${e.message} on PostgreSQL at ${address}`;
        return `PostgreSQL at ${address} refused user "${user}": ${e.message}`;
      case '3D000':
        return `database "${database}" does not exist on PostgreSQL at ${address}`;
      case '57P03':
        return `PostgreSQL at ${address} is starting up or shutting down; try again shortly`;
      case '53300':
        return `PostgreSQL at ${address} has no free connections (too many clients)`;
      case '42501':
        return `user "${user}" lacks a privilege FanGrid needs on database "${database}" at ${address}: ${e.message}`;
    }
    if (/^[0-9A-Z]{5}$/.test(code) && /^(08|28|3D|53|57|42)/.test(code)) {
      return `PostgreSQL at ${address} refused: ${e.message} (${code})`;
    }
    if (/client password must be a string/.test(e.message)) {
      return `PostgreSQL at ${address} asks user "${user}" for a password and DATABASE_URL gives none`;
    }
    if (/does not support SSL/i.test(e.message)) return cannotConnect('the server does not support SSL');
    if (/Connection terminated/i.test(e.message)) {
      return cannotConnect('the connection was closed before PostgreSQL answered');
    }
  }
  return null;
}

/**
 * Connects once and asks `select 1`, so a wrong DATABASE_URL stops the start with one clear line
 * (DatabaseUnavailableError) instead of failing later, inside the first migration, with a stack trace.
 */
export async function checkPostgres(url: string): Promise<void> {
  const timeoutMs = connectTimeoutMs(url);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => {});
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void client.end().catch(() => {});
  }, timeoutMs + 500);
  try {
    await client.connect();
    await client.query('select 1');
  } catch (err) {
    const looksLikeTimeout = timedOut || /timeout/i.test(String((err as Error).message));
    throw new DatabaseUnavailableError(
      databaseProblem(err, url, looksLikeTimeout ? timeoutMs : undefined) ??
        withoutPassword(`cannot use PostgreSQL at ${databaseTarget(url).address} (${(err as Error).message})`, url),
    );
  } finally {
    clearTimeout(timer);
    await client.end().catch(() => {});
  }
}
