import * as z from 'zod/mini';

/** The answer of an operation that has nothing to return but its success: `{ ok: true }`. */
export const okResponseSchema = z.object({ ok: z.literal(true) });
