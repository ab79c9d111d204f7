import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginAttempts } from '../../db/schema';
import type { Clock } from '../../platform/clock';

/** Login attempt statuses (attempted, signup_pending, signup_confirmed, success), plus the admin gate's own. */
export type LoginAttemptStatus =
  | 'attempted'
  | 'signup_pending'
  | 'signup_confirmed'
  | 'success'
  | 'admin_gate_failed'
  | 'admin_gate_step1'
  | 'admin_gate_passed'
  | 'locked';

export interface LoginAttemptInput {
  status: LoginAttemptStatus;
  email?: string | null;
  phone?: string | null;
  name?: string | null;
  userId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
}

/** Server-side record of every sign-in, sign-up and admin-gate try. Nothing here is exposed publicly. */
export function createLoginAttempts(db: Db, clock: Clock) {
  return {
    async record(a: LoginAttemptInput): Promise<void> {
      await db.insert(loginAttempts).values({
        timestamp: clock.now(),
        status: a.status,
        email: a.email?.toLowerCase().slice(0, 320) ?? null,
        phone: a.phone?.slice(0, 32) ?? null,
        name: a.name?.slice(0, 200) ?? null,
        userId: a.userId ?? null,
        ip: a.ip ?? null,
        userAgent: a.userAgent?.slice(0, 512) ?? null,
      });
    },
    /** Newest first (the admin issue's /admin-logins reads this). */
    list(limit = 500) {
      return db.select().from(loginAttempts).orderBy(desc(loginAttempts.timestamp)).limit(limit);
    },
  };
}
export type LoginAttempts = ReturnType<typeof createLoginAttempts>;
