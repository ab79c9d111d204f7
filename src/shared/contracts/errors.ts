import { z } from 'zod';

/** The one error shape every API route answers with. The UI shows `message`. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const errorCodes = {
  validation: 'VALIDATION_FAILED',
  notFound: 'NOT_FOUND',
  internal: 'INTERNAL',
  unavailable: 'UNAVAILABLE',
} as const;

/** Spec §8 'Generic Error' fallback text. */
export const genericErrorMessage = 'An unexpected error occurred';
