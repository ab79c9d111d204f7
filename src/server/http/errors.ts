import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ApiError, errorCodes, genericErrorMessage } from '../../shared/contracts/errors';
import { unavailableCause } from '../db/unavailable';
import { type Clock, systemClock } from '../platform/clock';
import { WorkerQueueFullError } from '../platform/workers/pool';

/** A failure a service raises on purpose: its status, code and message reach the client as they are. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A refusal to try again later: 429 with `Retry-After` (whole seconds, at least 1). */
export class TooManyRequestsError extends AppError {
  constructor(
    code: string,
    message: string,
    readonly retryAt: Date,
    readonly now: Date,
    fields?: Record<string, string>,
  ) {
    super(429, code, message, fields);
  }

  get retryAfterSeconds(): number {
    return retryAfterSeconds(this.retryAt, this.now);
  }
}

/** Whole seconds until `until` (at least 1): the value of a Retry-After header. */
export function retryAfterSeconds(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}

export function errorBody(code: string, message: string, fields?: Record<string, string>): ApiError {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** How long a client is asked to wait while the database cannot be reached (the `Retry-After` of those 503s). */
export const unavailableRetryAfterSeconds = 5;
export const databaseUnavailableMessage = "FanGrid can't reach its database right now. Please try again in a moment.";
/** At most one warning per this long while the database stays unreachable; the rest are counted in the next. */
export const unavailableWarnEveryMs = 60_000;
/** How long the error handler's database check may take before the database counts as unreachable. */
export const probeTimeoutMs = 2_000;

export interface ErrorHandlingOptions {
  /**
   * Whether the database answers now (`select 1`). Asked only about an error that is neither FanGrid's own nor
   * a recognisable connection failure, because some libraries hide the cause (Better Auth's session lookup
   * throws its own 500 `FAILED_TO_GET_SESSION`): if the database does not answer, that error is an outage too.
   */
  probe?: () => Promise<boolean>;
  clock?: Clock;
}

/** Installs the one JSON error shape for thrown errors and unknown API routes. */
export function registerErrorHandling(app: FastifyInstance, opts: ErrorHandlingOptions = {}): void {
  const clock = opts.clock ?? systemClock;
  let lastWarnAt: number | undefined;
  let suppressed = 0;

  /** One warning line (no stack, no SQL or parameters: only the driver's code and message) per minute at most. */
  function warnUnavailable(req: FastifyRequest, cause: { code?: string; message: string } | undefined) {
    const now = clock.now().getTime();
    if (lastWarnAt !== undefined && now - lastWarnAt < unavailableWarnEveryMs) {
      suppressed += 1;
      req.log.debug({ cause }, 'database unreachable');
      return;
    }
    req.log.warn(
      { cause, alsoUnreachableSinceLastWarning: suppressed },
      'database unreachable: answering 503 UNAVAILABLE',
    );
    lastWarnAt = now;
    suppressed = 0;
  }

  async function databaseAnswers(): Promise<boolean> {
    if (!opts.probe) return true;
    let cancel = () => {};
    const timeout = new Promise<boolean>((resolve) => {
      cancel = clock.setTimer(probeTimeoutMs, () => resolve(false));
    });
    try {
      return await Promise.race([opts.probe().catch(() => false), timeout]);
    } finally {
      cancel();
    }
  }

  app.setErrorHandler(async (err: FastifyError, req, reply) => {
    // The worker pool's queue is full: nothing was started; the client may try again shortly.
    if (err instanceof WorkerQueueFullError) {
      reply.header('retry-after', String(err.retryAfterSeconds));
      return reply.code(503).send(errorBody(errorCodes.unavailable, err.message));
    }
    if (err instanceof AppError) {
      if (err instanceof TooManyRequestsError) reply.header('retry-after', String(err.retryAfterSeconds));
      return reply.code(err.statusCode).send(errorBody(err.code, err.message, err.fields));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const where = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || err.validationContext || 'request';
        fields[where] ??= issue.message ?? 'Invalid value';
      }
      return reply.code(400).send(errorBody(errorCodes.validation, 'Some fields are missing or invalid.', fields));
    }
    const cause = unavailableCause(err);
    const status = err.statusCode ?? 500;
    if (!cause && status >= 400 && status < 500) {
      return reply.code(status).send(errorBody(err.code ?? errorCodes.badRequest, err.message));
    }
    if (cause || !(await databaseAnswers())) {
      // An unrecognised error's own message may carry a query and its parameters: only its name and code are logged.
      const hidden = { message: `${err.name}${err.code ? ` ${err.code}` : ''}; the database does not answer a probe` };
      warnUnavailable(req, cause ?? hidden);
      reply.header('retry-after', String(unavailableRetryAfterSeconds));
      return reply.code(503).send(errorBody(errorCodes.unavailable, databaseUnavailableMessage));
    }
    req.log.error({ err }, 'request failed');
    return reply.code(500).send(errorBody(errorCodes.internal, genericErrorMessage));
  });
}

/**
 * Errors the router raises before any route runs (a path that is not valid percent-encoded UTF-8, a path
 * parameter over the length limit): a 400 in the one error shape. Passed as Fastify's `frameworkErrors`.
 */
export function frameworkErrorReply(err: FastifyError, _req: unknown, reply: FastifyReply): void {
  void reply.code(400).send(errorBody(errorCodes.validation, 'The address is not valid.', { request: err.message }));
}

export function apiNotFound(method: string, url: string): ApiError {
  return errorBody(errorCodes.notFound, `No API route for ${method} ${url.split('?')[0]}`);
}
