import { z } from 'zod';

/**
 * Readiness: `ok` (200) only while the database answers and live updates flow (`realtime`: this process
 * LISTENs for other instances' changes); otherwise `error` (503) with the part that is down.
 */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'unreachable']),
  realtime: z.enum(['ok', 'down']),
  uptimeSeconds: z.number().int().nonnegative(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** Liveness: the process answers. It asks nothing of the database, so a load balancer never restarts on it. */
export const healthLiveResponseSchema = z.object({ status: z.literal('ok') });
export type HealthLiveResponse = z.infer<typeof healthLiveResponseSchema>;
