import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

/**
 * Logs carry no personal data. Two layers, both applied to every FanGrid logger (buildApp wraps whatever logger
 * options it is given with `redactingLoggerOptions`):
 * - by key: pino's `redact` paths, and the same keys at any depth in what is logged (email, phone, name, address,
 *   passwords, tokens, secrets, cookies and authorization headers, card data), replaced by `[redacted]`;
 * - by value: email addresses and phone-number-like strings are scrubbed from every string that is logged: the
 *   message, `err.message`, `err.stack`, `err.detail` (PostgreSQL's "Key (email)=(…) already exists"), a failing
 *   query's parameters, the request URL, and any other string field.
 */

export const REDACTED = '[redacted]';
export const EMAIL_MARK = '[email]';
export const PHONE_MARK = '[phone]';

/** Keys whose values are personal or secret wherever they appear. */
const sensitiveKey =
  /^(name|first_?name|last_?name|full_?name|to|from|address|street|(e_?mail|phone|password|passcode|passphrase|phrase|token|secret|authorization|cookie|set-cookie|card|card_?number|cvc|cvv|expiry|pan|params|parameters)s?)$|(email|phone|password|token|secret|cookie|address|cardnumber)$/i;

/** Whether a logged object's key names personal or secret data. */
export const isSensitiveKey = (key: string) => sensitiveKey.test(key);

/** pino `redact` paths (the first line of defence; `scrubValue` catches the same keys at any depth). */
export const redactPaths = [
  'email',
  'phone',
  'name',
  'address',
  'password',
  'token',
  'to',
  'card',
  'cardNumber',
  'cvc',
  '*.email',
  '*.phone',
  '*.name',
  '*.address',
  '*.password',
  '*.token',
  '*.to',
  '*.card',
  '*.cardNumber',
  '*.cvc',
  '*.*.email',
  '*.*.phone',
  '*.*.password',
  '*.*.token',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-admin-session"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
];

/**
 * An email address: a local part (the characters RFC 5322 allows unquoted, except `/`, `=`, `?` and `&`, so that
 * paths and query strings around an address stay readable), `@` or its URL encoding `%40`, and a domain with at
 * least one letter (so `package@1.2.3` in a stack trace is not one).
 */
const emailPattern =
  /[A-Za-z0-9!#$%'*+^_`{|}~.-]+(?:@|%40)(?=[A-Za-z0-9.-]*[A-Za-z])[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9-]+)*/g;

/**
 * A phone-number-like run: an optional `+` (or `%2B`), then 7 to 15 digits with up to two spaces, dots, dashes or
 * brackets between them; not inside a longer word or decimal number. It counts as a phone number with at least 10
 * digits (a national number with its area code), or 8 after a `+`; shorter runs are ids (a feed's 9-digit event
 * ids stay readable).
 */
const phonePattern = /(?<![\w.+])(?:\+|%2B)?\(?\d(?:[ \t().-]{0,2}\d){6,14}(?!\w)/g;

/** Digit runs that look like a phone number but are a date (and hour) or an IPv4 address. */
const notAPhone = /^(\d{4}-\d{2}-\d{2}([ T]\d{2})?|\d{1,3}(\.\d{1,3}){3})$/;

/** A failing query's parameters as Drizzle puts them in its error message (`Failed query: …\nparams: …`). */
const queryParams = /^(\s*params: ).*$/gm;

/**
 * The text with every email address and phone-number-like run replaced by a mark, and a failing query's
 * parameter line (names, emails, phones of the row being written) replaced by `[redacted]`.
 */
export function scrubText(text: string): string {
  if (text.length === 0) return text;
  let out = text;
  if (out.includes('params: ')) out = out.replace(queryParams, `$1${REDACTED}`);
  if (out.includes('@') || out.includes('%40')) out = out.replace(emailPattern, EMAIL_MARK);
  if (/\d/.test(out)) {
    out = out.replace(phonePattern, (match) => {
      const digits = match.replace(/\D/g, '').length;
      const least = match.startsWith('+') || match.startsWith('%2B') ? 8 : 10;
      if (digits < least || digits > 15 || notAPhone.test(match.replace(/^\(/, ''))) return match;
      return PHONE_MARK;
    });
  }
  return out;
}

/** An error as a plain object (type, message, stack, code, detail, its own fields, its cause), scrubbed. */
export function serializeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) return scrubValue(err, depth);
  const out: Record<string, unknown> = {
    type: err.constructor?.name ?? err.name,
    message: scrubText(err.message),
    stack: typeof err.stack === 'string' ? scrubText(err.stack) : undefined,
  };
  for (const key of Object.keys(err)) {
    if (key in out) continue;
    const value = (err as unknown as Record<string, unknown>)[key];
    // An error's own `name` is its class (PostgreSQL drivers set it), not a person's.
    out[key] = isSensitiveKey(key) && key !== 'name' ? REDACTED : scrubValue(value, depth + 1);
  }
  if (err.cause !== undefined && depth < 4) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

const isPlain = (value: object) => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * A copy of a logged value with sensitive keys redacted and strings scrubbed, at any depth (up to 6 levels of
 * plain objects and arrays). Errors become plain objects (serializeError). Other objects (Fastify's request and
 * reply, buffers, dates) are left to their serializers.
 */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return serializeError(value, depth);
  if (depth > 6) return '[deep]';
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, depth + 1));
  if (!isPlain(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = isSensitiveKey(key) && v !== undefined && v !== null ? REDACTED : scrubValue(v, depth + 1);
  }
  return out;
}

/** The request as Fastify logs it, with the URL scrubbed (a query string may hold an email or a phone). */
function serializeRequest(req: {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? scrubText(req.url) : req.url,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** Fastify's (pino's) logger options. */
export type AppLoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;
type LoggerOptions = AppLoggerOptions;

/**
 * Fastify logger options with FanGrid's redaction added: `redact` paths, serializers for `err`, `req` and
 * `error`, a `log` formatter that scrubs everything else logged with a line, and a hook that scrubs the message
 * (and gives an error logged without one its scrubbed message, rather than pino's raw `err.message`).
 */
export function redactingLoggerOptions(options: LoggerOptions): LoggerOptions {
  return {
    ...options,
    redact: { paths: redactPaths, censor: REDACTED },
    serializers: {
      ...options.serializers,
      err: (err: unknown) => serializeError(err),
      error: (err: unknown) => serializeError(err),
      req: serializeRequest,
    },
    formatters: {
      ...options.formatters,
      log: (object: Record<string, unknown>) => scrubValue(object) as Record<string, unknown>,
    },
    hooks: {
      logMethod(args: unknown[], method: (...a: unknown[]) => void) {
        const [first, ...rest] = args;
        const scrubbed = rest.map((a) => (typeof a === 'string' ? scrubText(a) : a));
        if (typeof first === 'string') return method.apply(this, [scrubText(first), ...scrubbed]);
        const err =
          first instanceof Error
            ? first
            : first && typeof first === 'object' && (first as { err?: unknown }).err instanceof Error
              ? ((first as { err: Error }).err as Error)
              : undefined;
        if (err && typeof scrubbed[0] !== 'string') {
          // pino would take the message from err.message unscrubbed.
          const object = first instanceof Error ? { err } : first;
          return method.apply(this, [object, scrubText(err.message), ...scrubbed]);
        }
        return method.apply(this, [first, ...scrubbed]);
      },
    },
  } as LoggerOptions;
}

/** Better Auth's logger settings, sending its lines (errors only) to a FanGrid logger, which redacts them. */
export function betterAuthLogger(log: FastifyBaseLogger) {
  return {
    level: 'error' as const,
    log(level: 'debug' | 'info' | 'warn' | 'error' | 'success', message: string, ...args: unknown[]) {
      const err = args.find((a) => a instanceof Error);
      const extra = args.filter((a) => a !== err);
      const object = { source: 'better-auth', ...(err ? { err } : {}), ...(extra.length > 0 ? { args: extra } : {}) };
      const method = level === 'success' ? 'info' : level;
      log[method](object, message);
    },
  };
}
