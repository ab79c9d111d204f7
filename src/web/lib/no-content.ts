import type { ResponseSchema } from './api-client';

/**
 * The answer of a call that returns no body (204 No Content): anything else breaks the contract. A module of
 * its own, so only the screens that make such a call carry it.
 */
export const noContent: ResponseSchema<void> = {
  safeParse: (data) => (data === undefined ? { success: true, data: undefined } : { success: false }),
};
