/** Error codes and texts shared by server and web, free of zod so the web bundle stays small. */
export const errorCodes = {
  validation: 'VALIDATION_FAILED',
  notFound: 'NOT_FOUND',
  internal: 'INTERNAL',
  unavailable: 'UNAVAILABLE',
  /** A 4xx the framework raised without a code of its own (a malformed body, an unsupported media type). */
  badRequest: 'BAD_REQUEST',
  /** Client side only: the request never reached the server. */
  network: 'NETWORK',
  /** Client side only: a failure answered without the one error shape (a proxy's page, say). */
  http: 'HTTP_ERROR',
  /** Client side only: a failure that is not an API error at all. */
  unknown: 'UNKNOWN',
} as const;

/** 'Generic Error' fallback text. */
export const genericErrorMessage = 'An unexpected error occurred';

/** The one error shape every API route answers with (the zod schema lives in errors.ts). */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}
