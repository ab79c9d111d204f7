import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ApiError, errorCodes, genericErrorMessage } from '../../shared/contracts/errors';
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

/** Installs the one JSON error shape for thrown errors and unknown API routes. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
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
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(errorBody(err.code ?? errorCodes.badRequest, err.message));
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
