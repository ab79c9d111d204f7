/**
 * Whether an error means the database cannot be reached right now (an outage, a restart, a failover, a full
 * server), as opposed to a fault in a query or in FanGrid. The error handler answers these with 503
 * (errorCodes.unavailable) and `Retry-After` instead of 500. It looks through the whole chain: Drizzle wraps a driver's
 * error in `DrizzleQueryError` (`cause`), pg-pool wraps a connection timeout (`cause`), and Node answers a
 * host with several addresses with an `AggregateError` (`errors`).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  return unavailableCause(err) !== undefined;
}

/** Socket errors of a connection that could not be made or was lost. */
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs of a server that cannot serve: class 08 (connection exception) is matched by prefix;
 * 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting up, shutting down, recovery),
 * 53300 too many connections.
 */
const sqlStates = new Set(['57P01', '57P02', '57P03', '53300']);

/** Messages of pg, pg-pool and PGlite for a connection that is gone, never came, or a pool/database closed. */
const messages = [
  /^Connection terminated\b/, // 'Connection terminated', '… unexpectedly', '… due to connection timeout'
  /^timeout exceeded when trying to connect$/, // pg-pool: no client within connectionTimeoutMillis
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
  /^PGlite is clos(ed|ing)$/,
];

/** The error in the chain that says the database is unreachable, if any (what the warning names). */
export function unavailableCause(err: unknown, depth = 0): { code?: string; message: string } | undefined {
  if (depth > 8 || !err || typeof err !== 'object') return undefined;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  const code = typeof e.code === 'string' ? e.code : undefined;
  const message = typeof e.message === 'string' ? e.message : '';
  if (code && (socketCodes.has(code) || sqlStates.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return { code, message };
  if (messages.some((re) => re.test(message))) return code ? { code, message } : { message };
  if (Array.isArray(e.errors)) {
    for (const inner of e.errors) {
      const found = unavailableCause(inner, depth + 1);
      if (found) return found;
    }
  }
  return e.cause === err ? undefined : unavailableCause(e.cause, depth + 1);
}
