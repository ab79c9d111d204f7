/** Error codes and texts shared by server and web, free of zod so the web bundle stays small. */
export const errorCodes = {
  validation: 'VALIDATION_FAILED',
  notFound: 'NOT_FOUND',
  internal: 'INTERNAL',
  unavailable: 'UNAVAILABLE',
} as const;

/** 'Generic Error' fallback text. */
export const genericErrorMessage = 'An unexpected error occurred';

/** The one error shape every API route answers with (the zod schema lives in errors.ts). */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}
