import type { z } from 'zod';
import { errorCodes } from '../../shared/contracts/error-codes';
import { ApiClientError } from './api-client';

/** Field messages by path ('name', 'trackingLink'), the first issue of each, like the server's `fields`. */
export function fieldsOf(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'request';
    fields[key] ??= issue.message;
  }
  return fields;
}

/**
 * Parses with the same schema the endpoint uses and fails the same way (an `ApiClientError` with the
 * server's code, message and fields), so a visitor's local store and the API look alike to the screens.
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new ApiClientError(400, errorCodes.validation, 'Some fields are missing or invalid.', fieldsOf(result.error));
  }
  return result.data;
}

/** A refusal from a local store, shaped like the server's. */
export const localError = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  new ApiClientError(status, code, message, fields);
