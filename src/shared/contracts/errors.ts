import { z } from 'zod';
import type { ApiErrorBody } from './error-codes';

export { errorCodes, genericErrorMessage } from './error-codes';

/** The one error shape every API route answers with. The UI shows `message`. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
}) satisfies z.ZodType<ApiErrorBody>;
export type ApiError = z.infer<typeof apiErrorSchema>;
