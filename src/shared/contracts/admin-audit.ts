import { z } from 'zod';

/**
 * The admin screens' records of who did what (docs/product.md#admin-screens): the audit log of admin changes and
 * the login attempts, with the login attempts CSV.
 */

export const auditEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  /** Who: the signed-in account (if any), the admin session and its IP. */
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;
/** GET /api/admin/audit: the newest `limit` events (100 when not given). */
export const auditLogQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) });
export const auditLogSchema = z.object({ events: z.array(auditEventSchema) });

/** The columns of the login attempts screen, in its order and spelling; the status as recorded. */
export const loginAttemptsCsvColumns = ['Timestamp', 'Name', 'Email', 'Phone', 'Status', 'User ID', 'IP'] as const;

/** Login attempt statuses and how the table names them; any other status is shown raw. */
export const loginStatusLabels: Record<string, string> = {
  attempted: 'Attempted',
  signup_pending: 'Signup Pending',
  signup_confirmed: 'Signup Confirmed',
  success: 'Success',
};

export const loginAttemptSchema = z.object({
  id: z.string(),
  timestamp: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.string(),
  userId: z.string().nullable(),
  ip: z.string().nullable(),
});
export const loginAttemptsSchema = z.object({
  attempts: z.array(loginAttemptSchema),
  /** All attempts on record; the list holds the newest `attempts.length` (the CSV has them all). */
  total: z.number().int(),
});
export type LoginAttemptRow = z.infer<typeof loginAttemptSchema>;
